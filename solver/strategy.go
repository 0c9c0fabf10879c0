package solver

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/thinchess/thinchess/engine"
)

// Strategy is how Choose picks a move from a table.
type Strategy uint8

// Strategies.
const (
	// Perfect plays a win over a draw over a loss: the fastest win, or
	// the slowest loss.
	Perfect Strategy = iota
	// Aggressive plays a win over a loss over a draw: it avoids draws,
	// taking the fastest win, else the slowest loss, and draws only when
	// every move draws.
	Aggressive
	// Cooperative plays a winning move only when every move wins (and
	// then the fastest); otherwise any move that does not lose, at
	// random; and when every move loses, the slowest loss. It makes a
	// gentle opponent for teaching.
	Cooperative
	// Random plays any legal move, at random.
	Random
)

var strategyNames = [...]string{"perfect", "aggressive", "cooperative", "random"}

// String returns the strategy's name.
func (s Strategy) String() string {
	if int(s) < len(strategyNames) {
		return strategyNames[s]
	}
	return fmt.Sprintf("Strategy(%d)", uint8(s))
}

// MarshalText writes the strategy's name.
func (s Strategy) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText reads a strategy's name.
func (s *Strategy) UnmarshalText(b []byte) error {
	v, err := ParseStrategy(string(b))
	if err == nil {
		*s = v
	}
	return err
}

// ParseStrategy returns the strategy of a name: perfect, aggressive,
// cooperative or random.
func ParseStrategy(name string) (Strategy, error) {
	for i, n := range strategyNames {
		if n == name {
			return Strategy(i), nil
		}
	}
	return 0, fmt.Errorf("unknown strategy %q (want %s)", name, strings.Join(strategyNames[:], ", "))
}

// aggressiveRank orders outcomes for Aggressive: higher is better.
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
func (t *Table) Choose(p *engine.Position, s Strategy, rng *rand.Rand) engine.Move {
	mvs := t.MoveValues(p)
	if len(mvs) == 0 {
		return engine.NoMove
	}
	var pool []engine.Move
	switch s {
	case Random:
		for _, mv := range mvs {
			pool = append(pool, mv.Move)
		}
	case Aggressive:
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
	case Cooperative:
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
