package solver

import (
	"os"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// matchStart is one line of testdata/match_starts.txt.
type matchStart struct {
	name string
	pos  *engine.Position
}

func readMatchStarts(t testing.TB) []matchStart {
	t.Helper()
	f, err := os.Open("testdata/match_starts.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	starts, err := ParseMatchStarts(f)
	if err != nil {
		t.Fatal(err)
	}
	var out []matchStart
	for _, s := range starts {
		out = append(out, matchStart{s.Name, s.Position})
	}
	return out
}

func TestMatchNoLosses(t *testing.T) {
	for _, st := range readMatchStarts(t) {
		for _, opp := range []string{OpponentRandom, OpponentGreedy} {
			res, err := PlayMatch(st.pos, MatchOptions{Games: 2, Opponent: opp, Limits: Limits{Nodes: 3000, ExactStates: 1 << 18}, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%-10s %-6s +%d =%d -%d (%d capped) %v", st.name, opp, res.Wins, res.Draws, res.Losses, res.Capped, res.Elapsed)
			if res.Losses > 0 {
				for _, g := range res.Games {
					if g.Outcome == "loss" {
						t.Errorf("%s vs %s: lost as %s: %s", st.name, opp, g.EngineColor, st.pos.FormatLine(g.Moves))
					}
				}
			}
		}
	}
}
