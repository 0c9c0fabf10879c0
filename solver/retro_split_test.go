package solver

import (
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// TestSplitMatchesUnsplit solves starts with the set of states split into
// more parts early, at several points of the enumeration and on 1 to 3
// workers, and requires the same tables as without splitting: in mirror
// pairs and not, with the piece space and with the engine's moves, with
// keys that carry their info and keys that do not.
func TestSplitMatchesUnsplit(t *testing.T) {
	for _, tc := range []struct {
		preset, position string
		opt              Options
	}{
		{"1d", "bk,br,bn,x,x,x,x,wn,wr,wk:w", Options{}},
		{"1d", "bk,bn,br,x,x,wr,wn,wk:w", Options{}},
		{"1d", "bk,bn,br,x,x,wr,wn,wk:w", Options{noMirror: true}},
		{"1d", "bk,br,bn,x,x,x,wn,wr,wk:w", Options{engineOnly: true}},
		{"chess", "bk,x/br,x/x,x/x,x/x,x/x,x/x,x/x,wr/x,wk:w", Options{}},
		{"chess", "x,bk/x,bn/x,x/x,x/x,x/wn,x/wk,x:w", Options{}},
		{"race", "pppp/4/4/PPPP w - - 0 1", Options{}},
	} {
		t.Run(tc.position, func(t *testing.T) {
			start, err := engine.Parse(tc.position, engine.MustPreset(tc.preset))
			if err != nil {
				t.Fatal(err)
			}
			opt := tc.opt
			opt.splitAt = -1
			want, err := Solve(start, opt)
			if err != nil {
				t.Fatal(err)
			}
			for _, at := range []int{1, 50, want.Len() / 4} {
				for workers := 1; workers <= 3; workers++ {
					opt.splitAt, opt.Workers = max(at, 1), workers
					got, err := Solve(start, opt)
					if err != nil {
						t.Fatal(err)
					}
					sameTables(t, got, want)
				}
			}
		})
	}
}
