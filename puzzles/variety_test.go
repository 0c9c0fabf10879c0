package puzzles_test

import (
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/solver"
)

// TestShiftKey: one-file positions equal up to a shift along the file
// (or a mirror image of one) share the key; another spacing, another
// side to move or a two-dimensional board do not.
func TestShiftKey(t *testing.T) {
	key := func(code, variant string) string {
		p, err := engine.Parse(code, engine.MustPreset(variant))
		if err != nil {
			t.Fatal(err)
		}
		return puzzles.ShiftKey(p)
	}
	base := key("bk,x,br,x,wr,wk,x,x,x,x:w", "1d")
	for _, tt := range []struct {
		name, code string
		same       bool
	}{
		{"shifted by one", "x,bk,x,br,x,wr,wk,x,x,x:w", true},
		{"shifted to the far end", "x,x,x,x,bk,x,br,x,wr,wk:w", true},
		{"colours swapped and reversed", "x,x,x,x,bk,br,x,wr,x,wk:b", true},
		{"another spacing", "bk,br,x,x,wr,wk,x,x,x,x:w", false},
		{"the other side to move", "bk,x,br,x,wr,wk,x,x,x,x:b", false},
		{"on a longer file", "x,x,bk,x,br,x,wr,wk,x,x,x,x:w", true},
	} {
		if got := key(tt.code, "1d") == base; got != tt.same {
			t.Errorf("%s (%s): same key %v, want %v", tt.name, tt.code, got, tt.same)
		}
	}
	if k := key("x,bk/x,x/x,x/wr,wk:w", "chess"); k != "" {
		t.Errorf("a 2×4 board has shift key %q, want none", k)
	}
}

// TestTwinKey: two puzzles whose solutions are the same move for move
// share the key though a piece that plays no part stands elsewhere; a
// line with other squares does not.
func TestTwinKey(t *testing.T) {
	key := func(code, line string, kind puzzles.Kind) string {
		p, err := engine.Parse(code, engine.MustPreset("chess"))
		if err != nil {
			t.Fatal(err)
		}
		moves, err := p.ParseLine(line)
		if err != nil {
			t.Fatal(err)
		}
		return puzzles.TwinKey(p, moves, kind)
	}
	a := key("bk,x/x,x/x,x/wk,wq/x,x/x,x/x,x/x,x:w", "1. Qb6", puzzles.KindWin)
	b := key("bk,x/x,x/x,x/wk,wq/x,x/x,x/x,x/bn,x:w", "1. Qb6", puzzles.KindWin)
	c := key("bk,x/x,x/x,x/wk,wq/x,x/x,x/x,x/x,x:w", "1. Qb7", puzzles.KindWin)
	if a != b {
		t.Errorf("an idle knight makes another twin key: %q and %q", a, b)
	}
	if a == c {
		t.Errorf("another mating square has the same twin key %q", a)
	}
	if h := key("bk,x/x,x/x,x/wk,wq/x,x/x,x/x,x/x,x:w", "1. Qb6", puzzles.KindHold); h == a {
		t.Errorf("a hold and a win share the twin key %q", h)
	}
}

// TestMotif names a first move's piece, capture and check, and for a
// win whether it is a win in one.
func TestMotif(t *testing.T) {
	p, err := engine.Parse("bk,x,br,wr,x,wk,x,x,x,x:w", engine.MustPreset("1d"))
	if err != nil {
		t.Fatal(err)
	}
	moves, err := p.ParseLine("1. Rxa8#")
	if err != nil {
		t.Fatal(err)
	}
	for kind, want := range map[puzzles.Kind]string{puzzles.KindWin: "win r capture check in one", puzzles.KindHold: "hold r capture check"} {
		if got := puzzles.Motif(p, moves, kind); got != want {
			t.Errorf("%s: motif %q, want %q", kind, got, want)
		}
	}
}

// solveOf solves the game from start.
func solveOf(t *testing.T, start *engine.Position) *solver.Table {
	t.Helper()
	tab, err := solver.Solve(start, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestMineGamesAfter: mining again with the first run's puzzles taken
// finds none of them, and the caps on shares hold in each run.
func TestMineGamesAfter(t *testing.T) {
	start, first := mineNatural(t, naturalStarts[1].start, 2000, 1)
	taken := puzzles.KeySet{}
	for i, pz := range first.Puzzles {
		taken.Add(puzzles.PuzzleKeys(pz.Start, pz.Line, first.Kinds[i]))
	}
	tab := solveOf(t, start)
	second, err := puzzles.MineGames(puzzles.Source{ID: "t", Start: start}, tab, puzzles.GameOptions{Games: 2000, Seed: 1, Taken: taken})
	if err != nil {
		t.Fatal(err)
	}
	if second.Stats.Taken == 0 {
		t.Error("no puzzle of the first run was found taken")
	}
	for i, pz := range second.Puzzles {
		if taken.Has(puzzles.PuzzleKeys(pz.Start, pz.Line, second.Kinds[i])) {
			t.Errorf("%s: already in the first run", pz.ID)
		}
	}
	for _, res := range []*puzzles.GameResult{first, second} {
		motifs, inOne := map[string]int{}, 0
		for i, pz := range res.Puzzles {
			motifs[puzzles.Motif(pz.Start, pz.Line, res.Kinds[i])]++
			if res.Kinds[i] == puzzles.KindWin && len(pz.Line) == 1 {
				inOne++
			}
		}
		most := max(puzzles.MinCap, len(res.Puzzles)*puzzles.DefaultMaxMotif/100)
		for m, n := range motifs {
			if n > most {
				t.Errorf("motif %q: %d of %d puzzles, want at most %d", m, n, len(res.Puzzles), most)
			}
		}
		if most := max(puzzles.MinCap, len(res.Puzzles)*puzzles.DefaultMaxMateIn1/100); inOne > most {
			t.Errorf("%d wins in one of %d puzzles, want at most %d", inOne, len(res.Puzzles), most)
		}
	}
}
