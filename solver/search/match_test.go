package search

import (
	"os"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
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

// provenLoser returns the side that loses the start by force, when the
// start is small enough to solve exactly.
func provenLoser(p *engine.Position) (engine.Color, bool) {
	tb, err := solver.Solve(p, solver.Options{MaxStates: 1 << 16})
	if err != nil {
		return engine.White, false
	}
	switch v, _, _ := tb.Probe(p); v {
	case solver.Win:
		return p.Side.Other(), true
	case solver.Loss:
		return p.Side, true
	}
	return engine.White, false
}

// TestMatchNoLosses plays two games (one with each colour) against each
// opponent from every start and fails on any loss, except a loss with
// the side that the exact solver proves lost from the start (octopawn's
// Black, hexapawn's White): there the engine can only hope the opponent
// errs.
func TestMatchNoLosses(t *testing.T) {
	opponents := []string{OpponentRandom, OpponentGreedy}
	if testing.Short() {
		opponents = opponents[1:] // the greedy one punishes more blunders
	}
	for _, st := range readMatchStarts(t) {
		loser, lost := provenLoser(st.pos)
		for _, opp := range opponents {
			res, err := PlayMatch(st.pos, MatchOptions{Games: 2, Opponent: opp, Limits: Limits{Nodes: 3000, ExactStates: 1 << 18}, Seed: 1})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%-10s %-6s +%d =%d -%d (%d capped) %v", st.name, opp, res.Wins, res.Draws, res.Losses, res.Capped, res.Elapsed)
			if res.Losses > 0 {
				for _, g := range res.Games {
					switch {
					case g.Outcome != "loss":
					case lost && g.EngineColor == loser:
						t.Logf("%s vs %s: lost as %s, a side lost by force: %s", st.name, opp, g.EngineColor, st.pos.FormatLine(g.Moves))
					default:
						t.Errorf("%s vs %s: lost as %s: %s", st.name, opp, g.EngineColor, st.pos.FormatLine(g.Moves))
					}
				}
			}
		}
	}
}
