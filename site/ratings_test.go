package site

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
)

// ratedPuzzle is a puzzle of the built site as the rating invariants
// see it: its chunk entry, the solver's moves on its line, the legal
// moves at each of the solver's turns, and its tempting wrong moves at
// the first turn (those that check or capture, other than the moves the
// trainer accepts there).
type ratedPuzzle struct {
	entry    wire.PuzzleEntry
	moves    int
	legal    []int
	tempting int
}

// builtRatings reads every puzzle of the shipped site's chunks, as
// docs/puzzles.md counts them, with what the invariants need from its
// mode (the loaded source) and its solution tree.
func builtRatings(t *testing.T) []ratedPuzzle {
	t.Helper()
	site := shippedBuild(t)
	loaded, errs := mode.Load("..")
	if len(errs.Errors()) > 0 {
		t.Fatal(errs)
	}
	byID := map[string]*mode.Mode{}
	for _, m := range loaded.Puzzles() {
		byID[m.ID] = m
	}
	var out []ratedPuzzle
	for name, data := range site.files {
		if !strings.HasPrefix(name, "assets/puzzles/") || strings.HasPrefix(name, "assets/puzzles/index.") || strings.HasPrefix(name, "assets/puzzles/ids-") {
			continue
		}
		var chunk wire.Chunk
		if err := json.Unmarshal(data, &chunk); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, e := range chunk {
			m := byID[e.ID]
			if m == nil {
				t.Fatalf("%s: puzzle %s is in no pack or mode", name, e.ID)
			}
			out = append(out, measureBuilt(t, e, m))
		}
	}
	slices.SortFunc(out, func(a, b ratedPuzzle) int { return strings.Compare(a.entry.ID, b.entry.ID) })
	return out
}

// measureBuilt counts the solver's moves of m's line, its legal moves at
// each of its turns, and the tempting wrong moves at the first.
func measureBuilt(t *testing.T, e wire.PuzzleEntry, m *mode.Mode) ratedPuzzle {
	line, err := m.Start.ParseLine(m.Puzzle.Solution)
	if err != nil {
		t.Fatalf("%s: solution %q: %v", e.ID, m.Puzzle.Solution, err)
	}
	r := ratedPuzzle{entry: e}
	var accepted []string
	if tree := e.Puzzle.Tree; tree != nil {
		accepted = tree.Accept
	}
	p := *m.Start
	for _, mv := range line {
		if p.Actor() == m.Puzzle.Side && !mv.IsBan() {
			var buf [engine.MaxMoves]engine.Move
			legal := p.LegalMoves(buf[:0])
			if r.moves == 0 {
				for _, a := range legal {
					if a != mv && !slices.Contains(accepted, a.Coord(p.B)) && (p.GivesCheck(a) || p.At(a.To()) != engine.NoPiece || a.IsEnPassant()) {
						r.tempting++
					}
				}
			}
			r.legal = append(r.legal, len(legal))
			r.moves++
		}
		p.MakeAction(mv)
	}
	return r
}

// wins are the kinds a solver wins.
func isWin(kind string) bool { return kind != "hold" }

// TestRatingInvariants checks the ratings the build estimated for the
// shipped packs (the chunks' ratings marked estimated; imported
// puzzles keep their source's): no one-move win rated 1,800 or more, no
// hold with two legal moves at every turn rated 1,500 or more, and
// within each family and kind the median rating rising with the
// solver's moves and with the tempting wrong moves at the first turn
// (groups of at least 30 puzzles). It logs the rating bands that
// docs/puzzles.md gives and the medians.
func TestRatingInvariants(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the shipped site")
	}
	all := builtRatings(t)
	bands := map[int]int{}
	for _, r := range all {
		bands[r.entry.Rating/200*200]++
	}
	var lines []string
	for lo := 0; lo < 3400; lo += 200 {
		if bands[lo] > 0 {
			lines = append(lines, fmt.Sprintf("| %d–%d | %s |", lo, lo+199, thousands(bands[lo])))
		}
	}
	t.Logf("%d puzzles; rating bands:\n%s", len(all), strings.Join(lines, "\n"))
	for lo := 800; lo < 2400; lo += 200 {
		if bands[lo] < 300 {
			t.Logf("band %d–%d has %d puzzles, fewer than 300", lo, lo+199, bands[lo])
		}
	}
	type group struct{ family, kind string }
	byLength := map[group]map[int][]int{}
	byTempting := map[group]map[int][]int{}
	for _, r := range all {
		e := r.entry
		if !e.Estimated {
			continue
		}
		if isWin(e.Kind) && r.moves == 1 && e.Rating >= 1800 {
			t.Errorf("%s: a one-move win rated %d", e.ID, e.Rating)
		}
		if e.Kind == "hold" && len(r.legal) > 0 && !slices.ContainsFunc(r.legal, func(n int) bool { return n != 2 }) && e.Rating >= 1500 {
			t.Errorf("%s: a hold with two legal moves at every turn rated %d", e.ID, e.Rating)
		}
		g := group{e.Family, e.Kind}
		if byLength[g] == nil {
			byLength[g], byTempting[g] = map[int][]int{}, map[int][]int{}
		}
		byLength[g][r.moves] = append(byLength[g][r.moves], e.Rating)
		byTempting[g][min(r.tempting, 4)] = append(byTempting[g][min(r.tempting, 4)], e.Rating)
	}
	for g, by := range byLength {
		checkRising(t, g.family+" "+g.kind+" by the solver's moves", by)
		checkRising(t, g.family+" "+g.kind+" by tempting wrong moves at the first turn (4: four or more)", byTempting[g])
	}
}

// checkRising fails unless the median rating rises with the key of by,
// over the keys with at least 30 puzzles; it logs the medians.
func checkRising(t *testing.T, what string, by map[int][]int) {
	t.Helper()
	keys := slices.Sorted(func(yield func(int) bool) {
		for k, rs := range by {
			if len(rs) >= 30 && !yield(k) {
				return
			}
		}
	})
	var medians []string
	last, lastKey := -1, 0
	for _, k := range keys {
		rs := slices.Sorted(slices.Values(by[k]))
		med := rs[len(rs)/2]
		medians = append(medians, fmt.Sprintf("%d: %d (%d)", k, med, len(rs)))
		if med < last {
			t.Errorf("%s: median %d at %d, below %d at %d", what, med, k, last, lastKey)
		}
		last, lastKey = med, k
	}
	t.Logf("%s: median (puzzles) %s", what, strings.Join(medians, ", "))
}
