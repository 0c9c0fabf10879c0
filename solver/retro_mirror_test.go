package solver

import (
	"cmp"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/thinchess/thinchess/engine"
)

// TestMirrorMatchesFull solves starts that are their own mirror image
// with and without keeping one state of each mirror pair, and requires
// identical tables. The starts cover every key layout, keys too wide to
// carry a value, a start whose
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
		// Keys over 48 bits: their values travel beside them.
		{"chess", "bk,x/br,x/x,x/x,x/x,x/x,x/x,x/x,wr/x,wk:w", true, 0},
		{"chess", "bk,br,x/x,x,x/x,x,x/x,x,x/x,x,x/x,wr,wk:w", true, 0},
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

// TestMergeMirrors sorts random mixed keys, a prefix of them sorted
// already, with values packed into small keys or beside them, on one to
// three workers, against the standard library.
func TestMergeMirrors(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 5000).Draw(t, "n")
		workers := rapid.IntRange(1, 3).Draw(t, "workers")
		small := rapid.Bool().Draw(t, "small")
		seed := rapid.Uint64().Draw(t, "seed")
		km := keyMix{small: small}
		type entry struct {
			h uint64
			v uint16
		}
		seen := map[uint64]bool{}
		var es []entry
		for i := range n {
			h := km.mix((seed + uint64(i)*0x9e3779b97f4a7c15) & mask48)
			if !seen[h] {
				seen[h] = true
				es = append(es, entry{h, uint16(i * 7919)})
			}
		}
		sorted := rapid.IntRange(0, len(es)).Draw(t, "sorted")
		slices.SortFunc(es[:sorted], func(a, b entry) int { return cmp.Compare(a.h, b.h) })
		keys := make([]uint64, len(es))
		var vals []uint16
		if !small {
			vals = make([]uint16, len(es))
		}
		for i, e := range es {
			keys[i] = e.h
			if small {
				keys[i] |= uint64(e.v)
			} else {
				vals[i] = e.v
			}
		}
		slices.SortFunc(es, func(a, b entry) int { return cmp.Compare(a.h, b.h) })
		mergeMirrors(keys, vals, sorted, workers)
		for i, e := range es {
			h, v := keys[i], uint16(0)
			if small {
				h, v = h&^0xffff, uint16(h)
			} else {
				v = vals[i]
			}
			if h != e.h || v != e.v {
				t.Fatalf("%d keys, %d sorted, on %d workers: entry %d is %x %d, want %x %d", len(es), sorted, workers, i, h, v, e.h, e.v)
			}
		}
	})
}

// TestMirrorRandomStarts solves random starts that are their own mirror
// image, on 1-D and two-file boards, with and without mirror pairs, and
// requires identical tables.
func TestMirrorRandomStarts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		wide := rapid.Bool().Draw(t, "wide")
		preset, files := "1d", 1
		types := []string{"r", "n", "q"}
		if wide {
			preset, files = "chess", 2
			types = []string{"r", "n", "b", "q"}
		}
		ranks := rapid.IntRange(4, 9).Draw(t, "ranks")
		n := files * ranks
		board := make([]string, n)
		for i := range board {
			board[i] = "x"
		}
		// White's pieces on the lower half, Black's the mirror image.
		place := func(sq int, piece string) {
			board[sq] = "w" + piece
			board[n-1-sq] = "b" + piece
		}
		place(rapid.IntRange(0, n/2-1).Draw(t, "king"), "k")
		for range rapid.IntRange(0, 2).Draw(t, "pieces") {
			sq := rapid.IntRange(0, n/2-1).Draw(t, "square")
			if board[sq] == "x" {
				place(sq, rapid.SampledFrom(types).Draw(t, "type"))
			}
		}
		rows := make([]string, ranks)
		for r := range ranks {
			// Position codes list the ranks from the top.
			row := board[(ranks-1-r)*files : (ranks-r)*files]
			rows[r] = strings.Join(row, ",")
		}
		code := strings.Join(rows, "/") + ":" + rapid.SampledFrom([]string{"w", "b"}).Draw(t, "side")
		start, err := engine.Parse(code, engine.MustPreset(preset))
		if err != nil {
			t.Skip(err) // a side not to move in check, say
		}
		if s, _, err := prepare(start, Options{}); err != nil || !s.sym {
			t.Fatalf("%s is not solved one mirror pair at a time (%v)", code, err)
		}
		half, err := Solve(start, Options{})
		if err != nil {
			t.Fatal(err)
		}
		full, err := Solve(start, Options{noMirror: true})
		if err != nil {
			t.Fatal(err)
		}
		if half.Len() != full.Len() || half.Stats() != full.Stats() {
			t.Fatalf("%s: %+v, without mirror pairs %+v", code, half.Stats(), full.Stats())
		}
		for i := range half.Len() {
			if half.idx.keys[i] != full.idx.keys[i] || half.vals[i] != full.vals[i] {
				t.Fatalf("%s: state %d (%s) differs", code, i, half.FEN(i))
			}
		}
	})
}
