package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// Ban Chess (Rules.Bans). Before every move the opponent of the side to
// move bans one of its legal moves, named by its from→to squares, so one
// ban covers every promotion choice of that pair. Black bans first, before
// White's first move. A game therefore alternates two kinds of action:
//
//	ban phase   BanPhase true, Ban NoMove: Side's opponent picks a ban
//	move phase  BanPhase false, Ban set:   Side moves, the ban excepted
//
// A move leads to the next ban phase; a ban to the move phase. The state
// is the position plus the phase and the banned pair: both are part of
// Equal and of Hash, so repetition counts them.
//
// The game ends where the rules of chess end it, looked at after every
// action: a side with no legal move left is mated when in check and
// stalemated otherwise. In the ban phase nothing is banned yet, so that
// is the ordinary mate or stalemate; in the move phase the banned pair is
// gone, so a side in check whose only escape was banned is mated by the
// ban, and a side not in check whose only move was banned is stalemated
// by it. The ban that does this is played and recorded like any other.

// flagBan marks a Move that is a ban of the from→to pair it names.
const flagBan = 1 << 23

// NewBan returns the ban of every move from one square to another.
func NewBan(from, to Square) Move { return NewMove(from, to) | flagBan }

// IsBan reports whether m is a ban rather than a move.
func (m Move) IsBan() bool { return m&flagBan != 0 }

// BanOf returns the ban that covers move m (and every other promotion
// choice of its from→to pair).
func BanOf(m Move) Move { return NewBan(m.From(), m.To()) }

// Bans reports whether m is a move of the pair that ban b covers.
func (b Move) Bans(m Move) bool { return b.From() == m.From() && b.To() == m.To() }

// dropBanned removes the moves of ban's pair from buf, in place.
func dropBanned(buf []Move, ban Move) []Move {
	n := 0
	for _, m := range buf {
		if !ban.Bans(m) {
			buf[n] = m
			n++
		}
	}
	return buf[:n]
}

// Actor returns the side to act: the banner (the opponent of the side to
// move) in a ban phase, the side to move otherwise.
func (p *Position) Actor() Color {
	if p.BanPhase {
		return p.Side.Other()
	}
	return p.Side
}

// BanMoves appends to buf[:0] the bans the banner may choose in a ban
// phase, one per distinct from→to pair of the side to move's legal moves,
// in the order LegalMoves first lists them. Outside a ban phase there are
// none. A buffer of MaxMoves never grows.
func (p *Position) BanMoves(buf []Move) []Move {
	buf = buf[:0]
	if !p.BanPhase {
		return buf
	}
	buf = p.legalMoves(buf)
	n := 0
next:
	for _, m := range buf {
		b := BanOf(m)
		for _, seen := range buf[:n] {
			if seen == b {
				continue next
			}
		}
		buf[n] = b
		n++
	}
	return buf[:n]
}

// Actions appends to buf[:0] what the side to act may do: the bans in a
// ban phase, the legal moves otherwise.
func (p *Position) Actions(buf []Move) []Move {
	if p.BanPhase {
		return p.BanMoves(buf)
	}
	return p.LegalMoves(buf)
}

// banHash is the part of the Zobrist key the ban state adds.
func (p *Position) banHash() uint64 {
	var h uint64
	if p.BanPhase {
		h ^= keyBanPhase
	}
	if p.Ban != NoMove {
		h ^= keyBanFrom[p.Ban.From()] ^ keyBanTo[p.Ban.To()]
	}
	return h
}

// enterBanPhase starts the ban phase after a move.
func (p *Position) enterBanPhase() {
	p.hash ^= p.banHash()
	p.BanPhase, p.Ban = true, NoMove
	p.hash ^= p.banHash()
}

// MakeBan plays ban b, which must be one of BanMoves, and returns the
// record UnmakeBan needs. The side to move keeps the move; its moves of
// b's pair are banned until it has moved.
func (p *Position) MakeBan(b Move) Undo {
	u := Undo{Move: b, Castle: p.Castle, EP: p.EP, Halfmove: int32(p.Halfmove), Fullmove: int32(p.Fullmove), Ban: p.Ban, BanPhase: p.BanPhase, hash: p.hash, epKey: p.epKey}
	p.hash ^= p.banHash()
	p.BanPhase, p.Ban = false, BanOf(b)
	p.hash ^= p.banHash()
	return u
}

// UnmakeBan takes back the ban recorded in u, which must be the last
// action made.
func (p *Position) UnmakeBan(u Undo) {
	p.Ban, p.BanPhase, p.hash = u.Ban, u.BanPhase, u.hash
}

// MakeAction plays a ban or a move and returns the record UnmakeAction
// needs.
func (p *Position) MakeAction(a Move) Undo {
	if a.IsBan() {
		return p.MakeBan(a)
	}
	return p.Make(a)
}

// UnmakeAction takes back the action recorded in u.
func (p *Position) UnmakeAction(u Undo) {
	if u.Move.IsBan() {
		p.UnmakeBan(u)
		return
	}
	p.Unmake(u)
}

// banField writes the FEN's seventh field: the ply, then ":" and the
// banned pair in the move phase.
func (p *Position) banField() string {
	s := strconv.Itoa(p.Ply)
	if !p.BanPhase && p.Ban != NoMove {
		s += ":" + p.B.Name(p.Ban.From()) + p.B.Name(p.Ban.To())
	}
	return s
}

// parseBanField reads the FEN's seventh field, ply[:banned], into a
// finished position: the ply must be even with White to move and odd
// with Black to move; a banned pair must be the from→to of a legal move
// of the side to move (the position is then in its move phase, and
// without it in its ban phase).
func (p *Position) parseBanField(f string) error {
	if !p.R.Bans {
		return fmt.Errorf("seventh field %q (ply and ban) is only for Ban Chess; set the rule bans", f)
	}
	plyText, banText, hasBan := strings.Cut(f, ":")
	ply, err := strconv.Atoi(plyText)
	if err != nil || ply < 0 || ply > 1000000 || plyText == "" || plyText[0] == '+' || (len(plyText) > 1 && plyText[0] == '0') {
		return fmt.Errorf("ply %q: want a number from 0 (the moves played), then optionally \":\" and the banned move, such as 2:e2e4", plyText)
	}
	if ply%2 != int(p.Side) {
		want := "even"
		if p.Side == Black {
			want = "odd"
		}
		return fmt.Errorf("ply %d: with %s to move the ply must be %s", ply, p.Side, want)
	}
	p.Ply = ply
	if !hasBan {
		p.BanPhase, p.Ban = true, NoMove
		p.rehash()
		return nil
	}
	b, err := p.parsePair(banText)
	if err != nil {
		return fmt.Errorf("banned move: %v", err)
	}
	p.BanPhase, p.Ban = false, b
	p.rehash()
	return nil
}

// parsePair reads a banned from→to pair ("e2e4") and checks that some
// legal move of the side to move has it.
func (p *Position) parsePair(s string) (Move, error) {
	from, to, promo, err := p.B.splitCoord(s)
	if err != nil {
		return NoMove, err
	}
	if promo != NoPieceType {
		return NoMove, fmt.Errorf("%q: a ban names only the squares (one ban covers every promotion)", s)
	}
	var buf [MaxMoves]Move
	for _, m := range p.legalMoves(buf[:0]) {
		if m.From() == from && m.To() == to {
			return NewBan(from, to), nil
		}
	}
	return NoMove, fmt.Errorf("%q: %s has no legal move from %s to %s to ban", s, p.Side, p.B.Name(from), p.B.Name(to))
}

// ParseBan reads a ban in coordinate notation ("e2e4", "e1g1" for
// castling) and returns it. The position must be in a ban phase and the
// pair must be that of a legal move of the side to move.
func (p *Position) ParseBan(s string) (Move, error) {
	text := strings.TrimSpace(s)
	if !p.BanPhase {
		if !p.R.Bans {
			return NoMove, &MoveError{ErrIllegal, text, "no bans in this game (the rule bans is off)"}
		}
		return NoMove, &MoveError{ErrIllegal, text, fmt.Sprintf("not a ban phase: %s is to move", p.Side)}
	}
	b, err := p.parsePair(text)
	if err != nil {
		return NoMove, &MoveError{ErrIllegal, text, strings.TrimPrefix(err.Error(), fmt.Sprintf("%q: ", text))}
	}
	return b, nil
}

// ActionText writes an action in the action-log notation: "b:e2e4" for a
// ban, "m:e7e8q" for a move (coordinates on p's board).
func (p *Position) ActionText(a Move) string {
	if a.IsBan() {
		return "b:" + p.B.Name(a.From()) + p.B.Name(a.To())
	}
	return "m:" + a.Coord(p.B)
}

// BanSAN writes ban b for people as the move it forbids, in SAN among
// the side to move's legal moves with no ban in force, without a check
// sign or a promotion piece (one ban covers every promotion of its
// pair): "Ra4", "Kxb3", "axb3", "a8". It reads p in the ban phase before
// b or in the move phase b starts. A pair that names no legal move comes
// back as its squares ("a4a2").
func (p *Position) BanSAN(b Move) string {
	var buf [MaxMoves]Move
	legal := p.legalMoves(buf[:0])
	for _, m := range legal {
		if b.Bans(m) {
			s := p.sanBody(m, legal)
			if i := strings.IndexByte(s, '='); i >= 0 {
				s = s[:i]
			}
			return s
		}
	}
	return p.B.Name(b.From()) + p.B.Name(b.To())
}

// ActionName writes an action for people: a move in SAN, a ban in the
// action log ("b:e2e4").
func (p *Position) ActionName(a Move) string {
	if a.IsBan() {
		return p.ActionText(a)
	}
	return p.SAN(a)
}

// ActionNames writes each action of a line played from p with
// ActionName.
func (p *Position) ActionNames(line []Move) []string {
	q := *p
	out := make([]string, len(line))
	for i, a := range line {
		out[i] = q.ActionName(a)
		q.MakeAction(a)
	}
	return out
}

// ActionWords writes each action of a line played from p for people: a
// move in SAN, a ban as "b:" and the move it forbids ("b:Ra4", see
// BanSAN), as Game.SANHistory writes them and LineText reads them.
func (p *Position) ActionWords(line []Move) []string {
	q := *p
	out := make([]string, len(line))
	for i, a := range line {
		if a.IsBan() {
			out[i] = "b:" + q.BanSAN(a)
		} else {
			out[i] = q.SAN(a)
		}
		q.MakeAction(a)
	}
	return out
}

// NamesToWords rewrites a line of action names played from p (see
// ActionNames: a ban in the action log, "b:a4a2", a move in SAN) as
// ActionWords writes it, each ban as the move it forbids. A name that
// cannot be read is kept, with the rest of the line, as it is.
func (p *Position) NamesToWords(names []string) []string {
	q := *p
	out := append([]string(nil), names...)
	for i, n := range names {
		var a Move
		var err error
		if strings.HasPrefix(n, "b:") || strings.HasPrefix(n, "m:") {
			a, err = q.ParseAction(n)
		} else {
			a, err = q.ParseMove(n)
		}
		if err != nil {
			return out
		}
		out[i] = q.ActionWords([]Move{a})[0]
		q.MakeAction(a)
	}
	return out
}

// ParseAction reads one action of the action log, "b:e2e4" or "m:e7e8q",
// and returns the ban or the legal move it names in p.
func (p *Position) ParseAction(s string) (Move, error) {
	text := strings.TrimSpace(s)
	kind, body, ok := strings.Cut(text, ":")
	switch {
	case !ok || (kind != "b" && kind != "m"):
		return NoMove, &MoveError{ErrSyntax, text, "want an action: b: and the squares of a ban (b:e2e4) or m: and a move (m:e7e8q)"}
	case kind == "b":
		return p.ParseBan(body)
	case p.BanPhase:
		return NoMove, &MoveError{ErrIllegal, text, fmt.Sprintf("%s must ban one of %s's moves first", p.Side.Other(), p.Side)}
	}
	return p.ParseCoord(body)
}

// FormatActions writes actions played from p in the action log: the
// actions separated by spaces, such as "b:e2e4 m:d2d4 b:d7d5 m:e7e6".
func FormatActions(p *Position, actions []Move) string {
	parts := make([]string, len(actions))
	for i, a := range actions {
		parts[i] = p.ActionText(a)
	}
	return strings.Join(parts, " ")
}

// ActionError is the error for an action log with a bad action: its
// index (from 0), its text and why it was refused.
type ActionError struct {
	Index int
	Text  string
	Err   error
}

func (e *ActionError) Error() string {
	return fmt.Sprintf("action %d %q: %v", e.Index+1, e.Text, moveReason(e.Err))
}

// Unwrap returns the reason.
func (e *ActionError) Unwrap() error { return e.Err }

// ParseActions reads an action log played from p, which is left
// unchanged, and returns its bans and moves. Every action is checked in
// turn; the first bad one is returned as an *ActionError. Actions after
// the end of the game are refused.
func (p *Position) ParseActions(s string) ([]Move, error) {
	q := *p
	var out []Move
	for i, tok := range strings.Fields(s) {
		if st := q.Status(); st.IsOver() {
			return nil, &ActionError{i, tok, fmt.Errorf("the game is over (%s)", st)}
		}
		a, err := q.ParseAction(tok)
		if err != nil {
			return nil, &ActionError{i, tok, err}
		}
		q.MakeAction(a)
		out = append(out, a)
	}
	return out, nil
}
