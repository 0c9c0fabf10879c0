package drill

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// solvedMode loads the content mode id (../modes/*/id.md) and solves its
// exact table.
func solvedMode(t *testing.T, id string) (*mode.Mode, *solver.Table) {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "modes", "*", id+".md"))
	if len(files) != 1 {
		t.Fatalf("mode %s: %d files, want 1", id, len(files))
	}
	m, errs := mode.LoadModeFile(files[0])
	if len(errs.Errors()) > 0 {
		t.Fatalf("mode %s: %v", id, errs)
	}
	tb, err := solver.Solve(m.Start, solver.Options{MaxStates: 1_000_000})
	if err != nil {
		t.Fatalf("mode %s: %v", id, err)
	}
	return m, tb
}

// Every named drill is a position of its mode's exact table (reachable
// from the mode's start, under its rules), with the side to move winning
// in exactly the moves it says, or drawn; no unproven drill ships.
func TestNamedDrillsProven(t *testing.T) {
	for id, drills := range namedDrills {
		m, tb := solvedMode(t, id)
		page := Of(m)
		if len(page) != len(drills) {
			t.Errorf("mode %s: %d drills for the page, want %d", id, len(page), len(drills))
			continue
		}
		for i, d := range drills {
			// The position as the page gets it, a FEN.
			p, err := engine.Parse(page[i].Start, m.Rules)
			if err != nil {
				t.Errorf("%s, %q: %v", id, d.Name, err)
				continue
			}
			v, dtm, ok := tb.Probe(p)
			switch {
			case !ok:
				t.Errorf("%s, %q: %s is not in the mode's table", id, d.Name, d.Code)
			case d.Goal == "win" && (v != solver.Win || engine.MateIn(true, dtm) != d.MateIn):
				t.Errorf("%s, %q: %s is a %s in %d plies, not a win in %d", id, d.Name, d.Code, v, dtm, d.MateIn)
			case d.Goal == "draw" && (v != solver.Draw || d.MateIn != 0):
				t.Errorf("%s, %q: %s is a %s, not a draw (mate_in %d)", id, d.Name, d.Code, v, d.MateIn)
			case d.Goal != "win" && d.Goal != "draw":
				t.Errorf("%s, %q: goal %q, want win or draw", id, d.Name, d.Goal)
			}
			if d.Name == "" {
				t.Errorf("%s: a drill without a name", id)
			}
		}
	}
}

var update = flag.Bool("update", false, "write the Node tests' table again")

// drillFixture is the play table of 1-D Gardner that the Node tests of
// drill.js read (templates/testdata/gardner8.tcpt).
const drillFixture = "../templates/testdata/gardner8.tcpt"

// The Node tests' table is the one the solver makes for 1-D Gardner
// today; -update writes it again.
func TestDrillFixtureFresh(t *testing.T) {
	_, tb := solvedMode(t, "1d-gardner-8")
	play, err := tb.MarshalPlay()
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(drillFixture, play, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(drillFixture)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, play) {
		t.Errorf("%s is stale: run go test ./drill -run TestDrillFixtureFresh -update", drillFixture)
	}
}
