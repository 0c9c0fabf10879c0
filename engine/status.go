// JavaScript twin: templates/static/js/rules-status.js.

package engine

// Status is the state of a game: still going, or how it ended.
type Status uint8

// Game states. Position.Status can return Active, Checkmate, Stalemate,
// InsufficientMaterial, RaceWin and NoMoves; Game adds the draws that
// depend on history.
const (
	Active Status = iota
	Checkmate
	Stalemate
	InsufficientMaterial
	FiftyMove
	Threefold
	// RaceWin: the side that just moved reached its far rank.
	RaceWin
	// NoMoves: under the race goal, the side to move has no legal move and loses.
	NoMoves
	// Resigned is set only by a game's result tag or a player's resignation.
	Resigned
)

var statusNames = [...]string{"active", "checkmate", "stalemate", "insufficient-material", "fifty-move", "threefold", "race", "no-moves", "resigned"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "?"
}

// Reason says in words how a game ended with this status, to follow "by"
// or "wins by": "checkmate", "insufficient material", "the fifty-move
// rule", …; "" while the game goes on.
func (s Status) Reason() string {
	switch s {
	case Checkmate:
		return "checkmate"
	case Stalemate:
		return "stalemate"
	case InsufficientMaterial:
		return "insufficient material"
	case FiftyMove:
		return "the fifty-move rule"
	case Threefold:
		return "threefold repetition"
	case RaceWin:
		return "reaching the far rank first"
	case NoMoves:
		return "leaving the opponent without a move"
	case Resigned:
		return "resignation"
	}
	return ""
}

// ParseStatus is the inverse of Status.String.
func ParseStatus(name string) (Status, bool) {
	for i, n := range statusNames {
		if n == name {
			return Status(i), true
		}
	}
	return Active, false
}

// IsDraw reports whether the status is a drawn end.
func (s Status) IsDraw() bool {
	return s == Stalemate || s == InsufficientMaterial || s == FiftyMove || s == Threefold
}

// IsOver reports whether the game has ended.
func (s Status) IsOver() bool { return s != Active }

// Status returns how the position stands by itself, without history:
// mate, stalemate, a race won or lost, insufficient material, or Active.
func (p *Position) Status() Status {
	var buf [MaxMoves]Move
	return p.statusWith(buf[:0])
}

func (p *Position) statusWith(buf []Move) Status {
	if p.R.Goal == GoalRace && p.raceOver() {
		return RaceWin
	}
	if len(p.LegalMoves(buf)) == 0 {
		switch {
		case p.R.Goal == GoalRace:
			return NoMoves
		case p.InCheck():
			return Checkmate
		default:
			return Stalemate
		}
	}
	if p.R.InsufficientMaterial && p.R.Goal == GoalCheckmate && p.insufficient() {
		return InsufficientMaterial
	}
	return Active
}

// Winner returns the side that won a position whose status is st, and
// false when no side won (a draw, or the game is still going).
func (p *Position) Winner(st Status) (Color, bool) {
	switch st {
	case Checkmate, NoMoves, RaceWin:
		return p.Side.Other(), true
	}
	return White, false
}

// insufficient reports lone kings, or on a 2-D board a king and one minor
// piece against a lone king.
func (p *Position) insufficient() bool {
	var minors, others [2]int
	for c := White; c <= Black; c++ {
		for t := Pawn; t < King; t++ {
			n := int(p.count[c][t])
			if t == Knight || t == Bishop {
				minors[c] += n
			} else {
				others[c] += n
			}
		}
	}
	if others[White]+others[Black] > 0 {
		return false
	}
	total := minors[White] + minors[Black]
	if total == 0 {
		return p.king[White] != NoSquare && p.king[Black] != NoSquare
	}
	return total == 1 && p.B.W > 1
}
