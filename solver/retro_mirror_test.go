package solver

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/testscope"
)

// solveBothWays requires start to be solved in mirror pairs under opt,
// solves it so and without them, and fails t unless the tables agree. It
// returns the error of a solve over opt.MaxStates.
func solveBothWays(t fataler, start *engine.Position, opt Options) (half, full *Table, err error) {
	t.Helper()
	if s, _, err := prepare(start, opt); err != nil || !s.sym {
		t.Fatalf("%s is not solved one mirror pair at a time (%v)", start.FEN(), err)
	}
	if half, err = Solve(start, opt); err != nil {
		return nil, nil, err
	}
	opt.noMirror = true
	if full, err = Solve(start, opt); err != nil {
		t.Fatalf("%s without mirror pairs: %v", start.FEN(), err)
	}
	sameEntries(t, half, full)
	return half, full, nil
}

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
			skipLargeInShort(t, tc.position)
			start, err := engine.Parse(tc.position, engine.MustPreset(tc.preset))
			if err != nil {
				t.Fatal(err)
			}
			half, full, err := solveBothWays(t, start, Options{mirrorBudget: tc.budget})
			if err != nil {
				t.Fatal(err)
			}
			if err := half.Verify(); err != nil {
				t.Fatal(err)
			}
			st := half.Stats()
			if fs := full.Stats(); st != fs {
				t.Errorf("stats in pairs %+v, without %+v", st, fs)
			}
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
		// Boards up to 7 long by default, 9 in the full run (package
		// testscope): the longest took most of the test's time.
		maxRanks := 7
		if testscope.Full() {
			maxRanks = 9
		}
		ranks := rapid.IntRange(4, maxRanks).Draw(t, "ranks")
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
		if _, _, err := solveBothWays(t, start, Options{}); err != nil {
			t.Fatal(err)
		}
	})
}

// TestShippedStartsInMirrorPairs solves every mode start of the
// repository's site (modes/) that is its own mirror image, without rule
// overrides and within the build's budget, with and without mirror
// pairs, and requires identical tables.
func TestShippedStartsInMirrorPairs(t *testing.T) {
	files, err := filepath.Glob("../modes/*/*.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no modes found: %v", err)
	}
	field := func(src, name string) string {
		m := regexp.MustCompile(`(?m)^` + name + `:\s*"?([^"\n]*)"?\s*$`).FindStringSubmatch(src)
		if m == nil {
			return ""
		}
		return m[1]
	}
	// Without the full run (package testscope): the starts of up to
	// 200,000 states; the full run goes to a mode page's million.
	maxStates := 200_000
	if testscope.Full() {
		maxStates = 1_000_000
	}
	solved := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		variant, code := field(src, "variant"), field(src, "start")
		if field(src, "rules") != "" || code == "" {
			continue
		}
		start, err := engine.Parse(code, engine.MustPreset(variant))
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if s, _, err := prepare(start, Options{}); err != nil || !s.sym {
			continue
		}
		_, _, err = solveBothWays(t, start, Options{MaxStates: maxStates})
		if errors.Is(err, ErrTooLarge) {
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		solved++
	}
	if solved < 3 {
		t.Fatalf("only %d shipped starts solved in mirror pairs", solved)
	}
	t.Logf("%d shipped starts solved in mirror pairs agree with the full solve", solved)
}
