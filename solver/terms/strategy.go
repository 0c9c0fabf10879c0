package terms

import (
	"fmt"
	"strings"
)

// Strategy is how a computer opponent picks a move from an exact table
// (solver.Table.Choose).
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
