// JavaScript twin: templates/static/js/rules-label.js.

package engine

import (
	"strconv"
	"strings"
)

// MoveLabel is the number that goes before a move in a line: "12." for
// White's twelfth move, "12..." for Black's when it starts a line.
type MoveLabel struct {
	Fullmove int
	Side     Color
}

// String returns "12." or "12...".
func (l MoveLabel) String() string {
	if l.Side == White {
		return strconv.Itoa(l.Fullmove) + "."
	}
	return strconv.Itoa(l.Fullmove) + "..."
}

// Label returns the label of the next move of p.
func (p *Position) Label() MoveLabel { return MoveLabel{p.Fullmove, p.Side} }

// NumberLine writes moves (SAN, or actions) played from a position with
// side to move and fullmove number as a numbered line: "1. Na4 Rxa4
// 2. Rxa4", or "5... Kb8 6. Ra1" when Black starts. Every line a person
// sees is numbered here.
func NumberLine(moves []string, side Color, fullmove int) string {
	var sb strings.Builder
	for i, m := range moves {
		if i > 0 {
			sb.WriteByte(' ')
		}
		if side == White || i == 0 {
			sb.WriteString(MoveLabel{fullmove, side}.String())
			sb.WriteByte(' ')
		}
		sb.WriteString(m)
		if side == Black {
			fullmove++
		}
		side = side.Other()
	}
	return sb.String()
}

// NumberActions writes the actions of a Ban Chess line played from a
// position with side to move (the side whose move a first ban
// restricts) and fullmove number as a numbered line. An action
// is a move in SAN or a ban as "b:" and the move it forbids ("b:Ra4",
// see BanSAN); an action-log "m:" is dropped. The convention, the move
// list's and the PGN's (banMovetext): each ban goes before the move it
// restricts, and a move number goes before White's turn, that is
// before the ban of White's move, so a number counts moves as in
// chess. In running text a ban is set in brackets, "(ban Ra4)", the
// words the move list shows in a cell of its own: "1. (ban Ra5) Ra4
// (ban Kb2) Kb1 2. (ban Ra3) Rb4", "3... (ban Kb2) Kb1 4. (ban Ra5)
// Ra4", or "1. Ra4 (ban Kb2) Kb1" for a line that starts after the ban.
// JavaScript twin: numberActions in rules-label.js.
func NumberActions(actions []string, side Color, fullmove int) string {
	var sb strings.Builder
	prevBan := false
	for i, a := range actions {
		body, ban := strings.CutPrefix(a, "b:")
		body = strings.TrimPrefix(body, "m:")
		if i > 0 {
			sb.WriteByte(' ')
		}
		if i == 0 || (side == White && (ban || !prevBan)) {
			sb.WriteString(MoveLabel{fullmove, side}.String())
			sb.WriteByte(' ')
		}
		prevBan = ban
		if ban {
			sb.WriteString("(ban " + body + ")")
			continue
		}
		sb.WriteString(body)
		if side == Black {
			fullmove++
		}
		side = side.Other()
	}
	return sb.String()
}

// LineText writes moves played from p — SAN, or under Ban Chess its
// bans and moves (NumberActions) — as a numbered line for reading.
func (p *Position) LineText(texts []string) string {
	if p.R.Bans {
		return NumberActions(texts, p.Side, p.Fullmove)
	}
	return NumberLine(texts, p.Side, p.Fullmove)
}
