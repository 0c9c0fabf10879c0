package site

import (
	"path/filepath"
	"testing"

	"github.com/thinchess/thinchess/drill"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"

	"github.com/thinchess/thinchess/site/firstload"
)

// Every mode with named drills ships its play table to its page (within
// PageTableBudget), so that its page offers them: a page playing on the
// searcher has no drill box.
func TestNamedDrillsShipped(t *testing.T) {
	for _, id := range drill.Modes() {
		files, _ := filepath.Glob(filepath.Join("..", "modes", "*", id+".md"))
		if len(files) != 1 {
			t.Errorf("named drills of mode %s: %d mode files", id, len(files))
			continue
		}
		m, errs := mode.LoadModeFile(files[0])
		if len(errs.Errors()) > 0 {
			t.Fatal(errs)
		}
		tb, err := solver.Solve(m.Start, solver.Options{MaxStates: 1_000_000})
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		play, err := tb.MarshalPlay()
		if err != nil {
			t.Fatal(err)
		}
		if n := firstload.GzipLen(play); n > PageTableBudget {
			t.Errorf("mode %s has named drills, but its table (%d bytes gzipped) is over the page's budget: its page offers no drills", id, n)
		}
	}
}
