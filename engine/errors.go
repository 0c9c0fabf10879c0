package engine

import "fmt"

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
		if m.From() == from {
			out = append(out, m)
		}
	}
	return out
}
