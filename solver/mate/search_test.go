package mate_test

import (
	"strings"
	"testing"

	"github.com/thinchess/thinchess/solver/mate"
	"github.com/thinchess/thinchess/solver/search"
)

// TestSearchAgreesWithMateSearch: on mate fixtures within 3 moves, the
// game-playing search finds the same distance and a proven first move.
func TestSearchAgreesWithMateSearch(t *testing.T) {
	for _, c := range mate.Fixtures(t) {
		p := c.Position
		if p.Side != c.Attacker || c.Mate <= 0 || c.Mate > 3 {
			continue
		}
		res := search.Search(p, search.Limits{Depth: 2*c.Mate + 2, NoExact: true})
		if res.Mate != c.Mate {
			t.Errorf("%s: Search mate %d, want %d", c.Name, res.Mate, c.Mate)
		}
		san := p.SAN(res.Move)
		found := false
		for _, f := range c.First {
			found = found || strings.HasPrefix(f, san+" in ")
		}
		if !found {
			t.Errorf("%s: Search plays %s, not one of the mating moves %v", c.Name, san, c.First)
		}
	}
}
