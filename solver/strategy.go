package solver

import (
	"math/rand/v2"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver/terms"
)

// aggressiveRank orders outcomes for terms.Aggressive: higher is better.
func aggressiveRank(mv MoveValue) (int, int) {
	switch mv.Value {
	case Win:
		return 2, -mv.DTM
	case Loss:
		return 1, mv.DTM
	}
	return 0, 0
}

// Choose returns the move strategy s plays in p, breaking ties between
// equally good moves at random with rng (or taking the first in
// canonical order when rng is nil). It returns engine.NoMove when p
// is not a state of the table or the game is over in p.
func (t *Table) Choose(p *engine.Position, s terms.Strategy, rng *rand.Rand) engine.Move {
	mvs := t.MoveValues(p)
	if len(mvs) == 0 {
		return engine.NoMove
	}
	var pool []engine.Move
	switch s {
	case terms.Random:
		for _, mv := range mvs {
			pool = append(pool, mv.Move)
		}
	case terms.Aggressive:
		bestA, bestB := aggressiveRank(mvs[0])
		for _, mv := range mvs[1:] {
			if a, b := aggressiveRank(mv); a > bestA || a == bestA && b > bestB {
				bestA, bestB = a, b
			}
		}
		for _, mv := range mvs {
			if a, b := aggressiveRank(mv); a == bestA && b == bestB {
				pool = append(pool, mv.Move)
			}
		}
	case terms.Cooperative:
		allWin := true
		for _, mv := range mvs {
			if mv.Value != Win {
				allWin = false
			}
			if mv.Value != Loss {
				pool = append(pool, mv.Move)
			}
		}
		if allWin || len(pool) == 0 {
			pool = bestOf(mvs, pool[:0])
		}
	default:
		pool = bestOf(mvs, nil)
	}
	if rng == nil {
		return pool[0]
	}
	return pool[rng.IntN(len(pool))]
}
