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

// LineText writes moves played from p — SAN, or under Ban Chess the
// action log's bans and moves — as a line for reading: numbered from p's
// move number, except under bans, where a number would count actions.
func (p *Position) LineText(texts []string) string {
	if p.R.Bans {
		return strings.Join(texts, " ")
	}
	return NumberLine(texts, p.Side, p.Fullmove)
}
