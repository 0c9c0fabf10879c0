package puzzles_test

import (
	"bytes"
	"iter"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/site"
	"github.com/thinchess/thinchess/solver"
)

// sources are the shipped 1-D starts and a thin-board puzzle, small
// enough to solve in a test.
var sources = []struct {
	id, title, variant, start string
}{
	{"1d-rooks-6", "1-D Chess on 6 squares: rook duel", "1d", "bk,br,x,x,wr,wk:w"},
	{"1d-gardner-7", "1-D Chess on 7 squares", "1d", "bk,bn,br,x,wr,wn,wk:w"},
	{"1d-gardner-8", "1-D Chess (Gardner, 1980)", "1d", "bk,bn,br,x,x,wr,wn,wk:w"},
	{"1d-rnr-9", "1-D Chess on 9 squares: two rooks and a knight", "1d", "bk,br,bn,br,x,wr,wn,wr,wk:w"},
	{"thin-queen-mate", "Thin puzzle: queen mate on two files (mate in 5)", "chess", "x,bk/x,x/x,x/x,x/x,x/wk,x/wq,x/x,x/x,x/x,x:w"},
}

func source(t *testing.T, id, title, variant, start string) puzzles.Source {
	t.Helper()
	p, err := engine.Parse(start, engine.MustPreset(variant))
	if err != nil {
		t.Fatal(err)
	}
	return puzzles.Source{ID: id, Title: title, Variant: variant, Start: p}
}

func mine(t *testing.T, src puzzles.Source, opt puzzles.MineOptions) *puzzles.MineResult {
	t.Helper()
	res, err := puzzles.Mine(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestMineOnlyMove checks every mined puzzle against a table solved from
// the puzzle's own start: the claim is the exact mate distance, each move
// of the winner is its only optimal move, each defence a longest one, and
// the line ends in mate.
func TestMineOnlyMove(t *testing.T) {
	for _, s := range sources {
		t.Run(s.id, func(t *testing.T) {
			res := mine(t, source(t, s.id, s.title, s.variant, s.start), puzzles.MineOptions{Count: 12})
			if len(res.Puzzles) == 0 {
				t.Fatalf("no puzzles (stats %+v)", res.Stats)
			}
			for _, pz := range res.Puzzles {
				tab, err := solver.Solve(pz.Start, solver.Options{})
				if err != nil {
					t.Fatal(err)
				}
				v, dtm, _ := tab.Probe(pz.Start)
				if v != solver.Win || (dtm+1)/2 != pz.MateIn {
					t.Errorf("%s: table says %v in %d plies, claim mate in %d", pz.ID, v, dtm, pz.MateIn)
				}
				p := *pz.Start
				for i, mv := range pz.Line {
					best := tab.BestMoves(&p)
					if i%2 == 0 && !slices.Equal(best, []engine.Move{mv}) {
						t.Errorf("%s: move %d %s: optimal %s, want it alone", pz.ID, i+1, p.SAN(mv), p.SANLine(best))
					}
					if i%2 == 1 && !slices.Contains(best, mv) {
						t.Errorf("%s: defence %s is not a longest one (%v)", pz.ID, p.SAN(mv), p.SANLine(best))
					}
					p.Make(mv)
				}
				if st := p.Status(); st != engine.Checkmate {
					t.Errorf("%s: line %s ends in %v", pz.ID, pz.SolutionText(), st)
				}
				if len(pz.Line) != 2*pz.MateIn-1 {
					t.Errorf("%s: %d plies for a mate in %d", pz.ID, len(pz.Line), pz.MateIn)
				}
			}
		})
	}
}

// minedLines returns the pack lines of mined puzzles.
func minedLines(pzs []*puzzles.Puzzle) iter.Seq2[*mode.PackLine, error] {
	var lines []*mode.PackLine
	for _, pz := range pzs {
		lines = append(lines, pz.PackLine())
	}
	return seqOf(lines)
}

// TestMinedPacksPassCheck mines into packs of a scratch site and runs
// the site's verifier on them: every claim, solution and hint must be
// proven.
func TestMinedPacksPassCheck(t *testing.T) {
	dir := t.TempDir()
	n := 0
	for _, s := range sources {
		src := source(t, s.id, s.title, s.variant, s.start)
		res := mine(t, src, puzzles.MineOptions{Count: 8})
		if _, err := puzzles.WritePack(dir, "mined-"+s.id, puzzles.MinedPackHeader(src, "the tests"), minedLines(res.Puzzles)); err != nil {
			t.Fatal(err)
		}
		n += len(res.Puzzles)
	}
	sum, errs, err := site.Build(site.BuildOptions{Src: dir, CheckOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Error(e)
	}
	if sum.Packs != len(sources) || sum.Checked != n || sum.Verified != n || sum.Exact != n {
		t.Errorf("%d packs of %d puzzles, %d verified, %d exact; want %d packs and %d of each", sum.Packs, sum.Checked, sum.Verified, sum.Exact, len(sources), n)
	}
}

// TestMineDeterministic mines twice and wants the same files, sorted by
// mate distance, with stable names.
func TestMineDeterministic(t *testing.T) {
	src := source(t, "1d-rnr-9", "1-D Chess on 9 squares", "1d", "bk,br,bn,br,x,wr,wn,wr,wk:w")
	a := mine(t, src, puzzles.MineOptions{Count: 20})
	b := mine(t, src, puzzles.MineOptions{Count: 20})
	if len(a.Puzzles) != 20 || len(b.Puzzles) != 20 {
		t.Fatalf("%d and %d puzzles, want 20", len(a.Puzzles), len(b.Puzzles))
	}
	prev := 0
	for i := range a.Puzzles {
		x, y := a.Puzzles[i], b.Puzzles[i]
		if x.ID != y.ID || !bytes.Equal(x.PackLine().Encode(), y.PackLine().Encode()) {
			t.Fatalf("puzzle %d differs between runs: %s and %s", i, x.ID, y.ID)
		}
		if x.MateIn < prev {
			t.Errorf("%s: not sorted by mate distance", x.ID)
		}
		prev = x.MateIn
		if !strings.HasPrefix(x.ID, "1d-rnr-9-m") {
			t.Errorf("name %s: want 1d-rnr-9-m<n>-<nn>", x.ID)
		}
		if l := x.PackLine(); l.Task == "" || !strings.Contains(l.Notes, "Found by thinchess mine 1d-rnr-9 in the exact table") || len(l.Hints) != 2 || l.Difficulty == 0 {
			t.Errorf("%s: line %s", x.ID, l.Encode())
		}
	}
}

// TestMineBounds checks the distance bounds and that every difficulty is
// in range.
func TestMineBounds(t *testing.T) {
	src := source(t, "1d-gardner-8", "1-D Chess (Gardner, 1980)", "1d", "bk,bn,br,x,x,wr,wn,wk:w")
	res := mine(t, src, puzzles.MineOptions{Count: 1000, MinDTM: 3, MaxDTM: 5})
	if len(res.Puzzles) == 0 {
		t.Fatal("no puzzles")
	}
	for _, pz := range res.Puzzles {
		if pz.MateIn < 2 || pz.MateIn > 3 {
			t.Errorf("%s: mate in %d outside 3..5 plies", pz.ID, pz.MateIn)
		}
		if pz.Difficulty < 1 || pz.Difficulty > 5 {
			t.Errorf("%s: difficulty %d", pz.ID, pz.Difficulty)
		}
	}
	if got := len(res.Puzzles); got != res.Stats.Distinct {
		t.Errorf("count 1000 kept %d of %d distinct puzzles", got, res.Stats.Distinct)
	}
}

// mirrorCode returns the colour mirror of a position code: ranks
// reversed, colours and the side to move swapped.
func mirrorCode(code string) string {
	cells, side, _ := strings.Cut(code, ":")
	var ranks []string
	sep := "/"
	if !strings.Contains(cells, "/") {
		sep = ","
	}
	for _, r := range strings.Split(cells, sep) {
		r = strings.NewReplacer("w", "B", "b", "W").Replace(r)
		ranks = append([]string{strings.ToLower(r)}, ranks...)
	}
	return strings.Join(ranks, sep) + ":" + map[string]string{"w": "b", "b": "w"}[side]
}

func TestCanonicalKey(t *testing.T) {
	chess := engine.MustPreset("chess")
	tests := []struct {
		a, b string
		same bool
	}{
		{"bk,bn,x,wr,x,wk:w", mirrorCode("bk,bn,x,wr,x,wk:w"), true},
		{"bk,bn,x,wr,x,wk:w", "bk,bn,x,wr,x,wk:b", false},
		{"bk,bn,x,wr,x,wk:w", "bk,x,bn,wr,x,wk:w", false},
		// Left-right and colour mirrors on a 2-wide board.
		{"x,bk/x,x/wq,x/wk,x:w", "bk,x/x,x/x,wq/x,wk:w", true},
		{"x,bk/x,x/wq,x/wk,x:w", "bk,x/bq,x/x,x/x,wk:b", true},
		{"x,bk/x,x/wq,x/wk,x:w", "x,bk/x,bq/x,x/wk,x:b", true},
		{"x,bk/x,x/wq,x/wk,x:w", "x,bk/x,x/x,x/wq,wk:w", false},
	}
	for _, tt := range tests {
		a, err := engine.Parse(tt.a, nil)
		if err != nil {
			t.Fatal(err)
		}
		b, err := engine.Parse(tt.b, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := puzzles.CanonicalKey(a) == puzzles.CanonicalKey(b); got != tt.same {
			t.Errorf("%s and %s: same key %v, want %v", tt.a, tt.b, got, tt.same)
		}
	}
	// With castling rights the left-right mirror is another game.
	a, _ := engine.ParseFEN("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", chess)
	b, _ := engine.ParseFEN("3k4/8/8/8/8/8/8/3K3R w K - 0 1", chess)
	if puzzles.CanonicalKey(a) == puzzles.CanonicalKey(b) {
		t.Error("positions with castling rights are mirrored left to right")
	}
	c, _ := engine.ParseFEN("r3k3/8/8/8/8/8/8/4K3 b q - 0 1", chess)
	if puzzles.CanonicalKey(a) != puzzles.CanonicalKey(c) {
		t.Error("the colour mirror of a position with castling rights has another key")
	}
}

// TestMineDropsMirror mines every distinct puzzle of Gardner's 1×8 game,
// whose start is symmetric, and checks that a mined puzzle's colour
// mirror — an only-move win of the same table — is dropped.
func TestMineDropsMirror(t *testing.T) {
	src := source(t, "1d-gardner-8", "1-D Chess (Gardner, 1980)", "1d", "bk,bn,br,x,x,wr,wn,wk:w")
	tab, err := solver.Solve(src.Start, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res := mine(t, src, puzzles.MineOptions{Count: 10000, Table: tab})
	st := res.Stats
	if st.Mirrored == 0 || st.Distinct+st.Mirrored != st.OnlyMove || len(res.Puzzles) != st.Distinct {
		t.Fatalf("stats %+v with %d puzzles", st, len(res.Puzzles))
	}
	keys := map[string]string{}
	mirrorsInTable := 0
	for _, pz := range res.Puzzles {
		k := puzzles.CanonicalKey(pz.Start)
		if prev, ok := keys[k]; ok {
			t.Errorf("%s and %s are mirror images", prev, pz.ID)
		}
		keys[k] = pz.ID
		m, err := engine.Parse(mirrorCode(pz.Start.Code()), nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ok := tab.Probe(m); ok {
			mirrorsInTable++
			for _, other := range res.Puzzles {
				if other.Start.Code() == m.Code() {
					t.Errorf("%s and its mirror %s were both kept", pz.ID, other.ID)
				}
			}
		}
	}
	if mirrorsInTable == 0 {
		t.Error("no mined puzzle has its mirror in the table: the test proves nothing")
	}
}

func TestGrade(t *testing.T) {
	tests := []struct {
		mateIn                int
		quiet                 bool
		temptFirst, temptLine int
		want                  int
	}{
		{1, false, 0, 0, 1},
		{1, false, 2, 2, 2},
		{2, false, 0, 0, 2},
		{3, true, 0, 0, 3},
		{3, true, 2, 3, 4},
		{4, false, 0, 4, 4},
		{5, true, 1, 1, 4},
		{6, false, 0, 0, 4},
		{9, true, 3, 9, 5},
	}
	for _, tt := range tests {
		if got := puzzles.Grade(tt.mateIn, tt.quiet, tt.temptFirst, tt.temptLine); got != tt.want {
			t.Errorf("Grade(%d, %v, %d, %d) = %d, want %d", tt.mateIn, tt.quiet, tt.temptFirst, tt.temptLine, got, tt.want)
		}
	}
}

// TestMinePuzzleStates checks that a state budget per puzzle is kept.
func TestMinePuzzleStates(t *testing.T) {
	src := source(t, "1d-rnr-9", "1-D Chess on 9 squares", "1d", "bk,br,bn,br,x,wr,wn,wr,wk:w")
	res := mine(t, src, puzzles.MineOptions{Count: 10, MaxPuzzleStates: 40})
	if res.Stats.TooLarge == 0 {
		t.Error("no puzzle was over a budget of 40 states")
	}
	for _, pz := range res.Puzzles {
		tab, err := solver.Solve(pz.Start, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if tab.Len() > 40 {
			t.Errorf("%s: %d states over the budget of 40", pz.ID, tab.Len())
		}
	}
}

func TestMineRejects(t *testing.T) {
	r := engine.MustPreset("chess")
	if err := r.SetBool("bans", true); err != nil {
		t.Fatal(err)
	}
	p, err := engine.Parse("x,bk/x,x/wq,x/wk,x:w", r)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := puzzles.Mine(puzzles.Source{ID: "ban", Start: p}, puzzles.MineOptions{}); err == nil {
		t.Error("a Ban Chess source was mined")
	}
	big, _ := engine.Parse("bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", nil)
	if _, err := puzzles.Mine(puzzles.Source{ID: "1d-12", Start: big}, puzzles.MineOptions{MaxStates: 1000}); err == nil || !strings.Contains(err.Error(), "1d-12") {
		t.Errorf("a state space over the budget: err %v", err)
	}
}
