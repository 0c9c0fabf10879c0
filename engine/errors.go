// JavaScript twin: templates/static/js/rules-errors.js.

package engine

import (
	"fmt"
	"slices"
)

// MoveErrorKind classifies why a move was rejected.
type MoveErrorKind uint8

// Reasons a move is rejected.
const (
	ErrSyntax       MoveErrorKind = iota // the text is not a move
	ErrNoPiece                           // nothing stands on the origin square
	ErrWrongSide                         // the piece belongs to the side not to move
	ErrIllegal                           // the piece cannot move that way
	ErrLeavesCheck                       // the move would leave the mover's king attacked
	ErrAmbiguous                         // SAN that matches more than one legal move
	ErrGameOver                          // the game has ended
	ErrBadPromotion                      // promotion missing or to a piece not allowed
)

// MoveError is the error for a rejected move.
type MoveError struct {
	Kind MoveErrorKind
	Move string // the move as the user gave it
	Msg  string
}

func (e *MoveError) Error() string {
	if e.Move == "" {
		return e.Msg
	}
	return fmt.Sprintf("move %s: %s", e.Move, e.Msg)
}

// whyIllegal explains why no legal move goes from → to with promo.
func (p *Position) whyIllegal(from, to Square, promo PieceType, text string) error {
	b := p.B
	if p.BanPhase {
		return &MoveError{ErrIllegal, text, fmt.Sprintf("%s must ban one of %s's moves first", p.Side.Other(), p.Side)}
	}
	if p.Ban != NoMove && p.Ban.From() == from && p.Ban.To() == to {
		return &MoveError{ErrIllegal, text, fmt.Sprintf("%s%s is banned for this move", b.Name(from), b.Name(to))}
	}
	pc := p.sq[from]
	if pc == NoPiece {
		return &MoveError{ErrNoPiece, text, "no piece on " + b.Name(from)}
	}
	if pc.Color() != p.Side {
		return &MoveError{ErrWrongSide, text, fmt.Sprintf("the %s on %s belongs to %s, but %s is to move", pc, b.Name(from), pc.Color(), p.Side)}
	}
	var buf [MaxMoves]Move
	if len(p.LegalMoves(buf[:0])) == 0 && p.R.Goal == GoalRace && p.raceOver() {
		return &MoveError{ErrGameOver, text, "the game is over"}
	}
	if s := p.obstruction(from, to); s != NoSquare {
		return &MoveError{ErrIllegal, text, p.blocked(from, to, s)}
	}
	// Is it a pseudo-legal move that fails only because of check?
	pseudo := p.pseudoMoves(from)
	found := false
	for _, m := range pseudo {
		if m.To() != to {
			continue
		}
		found = true
		if m.Promotion() != promo {
			continue
		}
		return &MoveError{ErrLeavesCheck, text, "it would leave the " + p.Side.String() + " king in check"}
	}
	if found {
		var opts []byte
		for _, m := range pseudo {
			if m.To() == to && m.Promotion() != NoPieceType {
				opts = append(opts, m.Promotion().Letter())
			}
		}
		if promo == NoPieceType && len(opts) > 0 {
			return &MoveError{ErrBadPromotion, text, fmt.Sprintf("a pawn reaching %s must promote (to one of %s)", b.Name(to), string(opts))}
		}
		if len(opts) == 0 {
			return &MoveError{ErrBadPromotion, text, "that move is not a promotion"}
		}
		return &MoveError{ErrBadPromotion, text, fmt.Sprintf("cannot promote to %s here (allowed: %s)", promo, string(opts))}
	}
	return &MoveError{ErrIllegal, text, fmt.Sprintf("the %s on %s cannot move to %s", pc.Type(), b.Name(from), b.Name(to))}
}

// pseudoMoves returns the moves of the piece on from as if its own king
// could not be attacked. It is slow and used only to explain errors.
func (p *Position) pseudoMoves(from Square) []Move {
	q := *p
	us := q.Side
	if k := q.king[us]; k != NoSquare {
		// Lift the king off the board so check plays no part, unless the
		// piece is the king itself: then legality is the explanation.
		if k == from {
			var out []Move
			for _, t := range q.B.king[from] {
				if pc := q.sq[t]; pc == NoPiece || pc.Color() != us {
					out = append(out, NewMove(from, t))
				}
			}
			return out
		}
		q.remove(k)
	}
	var buf [MaxMoves]Move
	var out []Move
	for _, m := range q.LegalMoves(buf[:0]) {
		// The lifted king still stands in the way of its own pieces.
		if m.From() == from && p.obstruction(from, m.To()) == NoSquare {
			out = append(out, m)
		}
	}
	return out
}

// obstruction returns the square of what stops the piece on from from
// reaching to along its way of moving, ignoring check: a piece standing
// between (for a slider or a pawn's straight step) or a piece of its own
// side on to (any piece, for a pawn's straight step). It returns
// NoSquare when nothing stands in the way or to is not on the piece's way.
func (p *Position) obstruction(from, to Square) Square {
	b := p.B
	pc := p.sq[from]
	us := pc.Color()
	own := func(s Square) Square {
		if o := p.sq[s]; o != NoPiece && o.Color() == us {
			return s
		}
		return NoSquare
	}
	t := pc.Type()
	switch {
	case t == Knight && slices.Contains(b.knight[from], to),
		t == King && slices.Contains(b.king[from], to),
		t == Pawn && slices.Contains(b.pawnAttack[us][from], to):
		return own(to)
	case t == Knight || t == King:
		return NoSquare
	}
	for d := 0; d < numDirs; d++ {
		if t == Pawn {
			if d != dirN && us == White || d != dirS && us == Black {
				continue
			}
		} else if !slides(t, d) {
			continue
		}
		ray := b.rays[from][d]
		i := slices.Index(ray, to)
		if i < 0 {
			continue
		}
		for _, s := range ray[:i] {
			if p.sq[s] != NoPiece {
				return s
			}
		}
		if t == Pawn && p.sq[to] != NoPiece {
			return to
		}
		return own(to)
	}
	return NoSquare
}

// blocked explains why the piece on from cannot go to to when s, found
// by obstruction, is in the way.
func (p *Position) blocked(from, to, s Square) string {
	b := p.B
	pc := p.sq[from]
	verb := "reach"
	if s == to {
		verb = "move to"
	}
	by := "the " + p.sq[s].String()
	if p.sq[s].Color() == pc.Color() {
		by = "your own " + p.sq[s].Type().String()
	}
	return fmt.Sprintf("the %s on %s cannot %s %s: %s is taken by %s", pc.Type(), b.Name(from), verb, b.Name(to), b.Name(s), by)
}

// moveReason returns a move error's message without the move itself.
func moveReason(err error) string {
	if me, ok := err.(*MoveError); ok {
		return me.Msg
	}
	return err.Error()
}
