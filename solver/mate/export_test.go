package mate

import (
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// Fixture is a mate fixture for the external tests (the searcher's,
// which cannot be in this package: search imports mate).
type Fixture struct {
	Name     string
	Position *engine.Position
	Attacker engine.Color
	Mate     int // -1: none
	First    []string
}

// Fixtures returns every mate fixture of testdata/mate.
func Fixtures(t testing.TB) []Fixture {
	var out []Fixture
	for _, c := range readMateCases(t) {
		out = append(out, Fixture{c.String(), c.parse(t), c.attacker, c.mate, c.first})
	}
	return out
}
