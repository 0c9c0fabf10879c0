package solver

import (
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/thinchess/thinchess/engine"
)

// TestMirrorMatchesFull solves starts that are their own mirror image
// with and without keeping one state of each mirror pair, and requires
// identical tables. The starts cover every key layout, a start whose
// mirror is not reachable (Gardner's 1×8: the table must leave out the
// mirrors that are not reachable), Black to move, and the enumeration
// finding the start's mirror itself when the search before it is
// skipped.
func TestMirrorMatchesFull(t *testing.T) {
	for _, tc := range []struct {
		preset, position string
		closed           bool // the start's mirror is reachable
		budget           int
	}{
		{"1d", "bk,bn,br,x,x,wr,wn,wk:w", false, 0},
		{"1d", "bk,bn,br,x,x,x,wr,wn,wk:w", true, 0},
		{"1d", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", true, 0},
		{"1d", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", true, -1},
		{"1d", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", true, 50},
		{"1d", "bk,bq,br,x,x,x,x,wr,wq,wk:b", true, 0},
		{"chess", "bk,x,bn/x,x,x/wn,x,wk:w", true, 0},
		{"chess", "x,bk/x,br/x,x/x,x/wr,x/wk,x:b", true, 0},
		// The occupancy and list layouts of keys.
		{"chess", "bk,x/bn,x/bn,x/x,x/x,x/x,x/x,x/x,x/x,wn/x,wn/x,wk:w", true, 0},
		{"chess", "bk,bn,x,x,x/x,x,x,x,x/x,x,x,x,x/x,x,x,x,x/x,x,x,wn,wk:w", true, 0},
	} {
		t.Run(tc.position, func(t *testing.T) {
			start, err := engine.Parse(tc.position, engine.MustPreset(tc.preset))
			if err != nil {
				t.Fatal(err)
			}
			opt := Options{mirrorBudget: tc.budget}
			s, _, err := prepare(start, opt)
			if err != nil {
				t.Fatal(err)
			}
			if !s.sym {
				t.Fatalf("%s is not solved one mirror pair at a time (layout %d)", tc.position, s.space.codec().layout)
			}
			half, err := Solve(start, opt)
			if err != nil {
				t.Fatal(err)
			}
			full, err := Solve(start, Options{noMirror: true})
			if err != nil {
				t.Fatal(err)
			}
			sameEntries(t, half, full)
			if err := half.Verify(); err != nil {
				t.Fatal(err)
			}
			st := half.Stats()
			if tc.closed && st.WhiteWins != st.BlackWins {
				t.Errorf("the start's mirror is reachable, yet %+v", st)
			}
			data, err := half.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			back, err := UnmarshalTable(data, start)
			if err != nil {
				t.Fatal(err)
			}
			sameEntries(t, back, full)
		})
	}
}

// TestMergeMirrors sorts random small mixed keys with values, a prefix
// of them sorted already, on one to three workers, against the standard
// library.
func TestMergeMirrors(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 5000).Draw(t, "n")
		workers := rapid.IntRange(1, 3).Draw(t, "workers")
		seed := rapid.Uint64().Draw(t, "seed")
		km := keyMix{small: true}
		seen := map[uint64]bool{}
		var keys []uint64
		for i := range n {
			h := km.mix((seed + uint64(i)*0x9e3779b97f4a7c15) & mask48)
			if !seen[h] {
				seen[h] = true
				keys = append(keys, h|uint64(i&0xffff))
			}
		}
		sorted := rapid.IntRange(0, len(keys)).Draw(t, "sorted")
		slices.Sort(keys[:sorted])
		want := slices.Sorted(slices.Values(keys))
		mergeMirrors(keys, sorted, workers)
		if !slices.Equal(keys, want) {
			t.Fatalf("%d keys, %d sorted, on %d workers sort wrong", len(keys), sorted, workers)
		}
	})
}
