package solver

import "github.com/thinchess/thinchess/engine"

// Move-ordering and draw heuristics the searchers (mate, search) share.

// LowMaterial reports whether p might be a draw by insufficient material:
// no pawns, rooks or queens and at most one minor piece.
func LowMaterial(p *engine.Position) bool {
	if !p.R.InsufficientMaterial || p.R.Goal != engine.GoalCheckmate {
		return false
	}
	minors := 0
	for c := engine.White; c <= engine.Black; c++ {
		if p.Count(c, engine.Pawn)+p.Count(c, engine.Rook)+p.Count(c, engine.Queen) > 0 {
			return false
		}
		minors += p.Count(c, engine.Knight) + p.Count(c, engine.Bishop)
	}
	return minors <= 1
}

// Advance returns how many ranks m takes its piece toward the mover's far
// rank (negative when it goes back).
func Advance(p *engine.Position, m engine.Move) int {
	d := p.B.Rank(m.To()) - p.B.Rank(m.From())
	if p.Side == engine.Black {
		d = -d
	}
	return d
}

// SortByScore sorts moves by descending score, stably (insertion sort: the
// lists are short).
func SortByScore(moves []engine.Move, sc []int32) {
	for i := 1; i < len(moves); i++ {
		m, v := moves[i], sc[i]
		j := i
		for j > 0 && sc[j-1] < v {
			moves[j], sc[j] = moves[j-1], sc[j-1]
			j--
		}
		moves[j], sc[j] = m, v
	}
}
