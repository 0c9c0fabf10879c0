package site

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/testscope"
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
	parse := m.Start.ParseLine
	if m.Start.R.Bans {
		parse = m.Start.ParseActions // the action log: "m:a6a8 b:a9a8"
	}
	line, err := parse(m.Puzzle.Solution)
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

// ratingGroup is a family and kind of puzzles, and, when moves is not
// 0, the solver's moves on their lines.
type ratingGroup struct {
	family, kind string
	moves        int
}

// compareGroups orders ratingGroups for the log.
func compareGroups(a, b ratingGroup) int {
	return cmp.Or(strings.Compare(a.family, b.family), strings.Compare(a.kind, b.kind), a.moves-b.moves)
}

// wins are the kinds a solver wins.
func isWin(kind string) bool { return kind != "hold" }

// TestRatingInvariants checks the ratings the build estimated for the
// shipped packs (the chunks' ratings marked estimated; imported puzzles
// keep their source's): no one-move win rated 1,800 or more, no hold
// with two legal moves at every turn rated 1,500 or more, and within
// each family and kind the median rating rising with the solver's moves
// (over groups of at least 30 puzzles) and, the solver's moves held
// fixed, with the tempting wrong moves at the first turn (groups of at
// least 100). It logs the rating bands that docs/puzzles.md gives and
// the medians, and in the full run holds every band from 800 to 2,399
// to 300 puzzles or more (issue 32).
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
	// Issue 32's supply: at least 300 puzzles in every band from 800 to
	// 2,399, counted only in the full run (package testscope): the
	// sampled build keeps a share of each pack.
	for lo := 800; lo < 2400; lo += 200 {
		if bands[lo] < 300 {
			report := t.Logf
			if testscope.Full() {
				report = t.Errorf
			}
			report("band %d–%d has %d puzzles, fewer than 300", lo, lo+199, bands[lo])
		}
	}
	byLength := map[ratingGroup]map[int][]int{}
	byTempting := map[ratingGroup]map[int][]int{}
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
		g, gm := ratingGroup{e.Family, e.Kind, 0}, ratingGroup{e.Family, e.Kind, r.moves}
		if byLength[g] == nil {
			byLength[g] = map[int][]int{}
		}
		if byTempting[gm] == nil {
			byTempting[gm] = map[int][]int{}
		}
		byLength[g][r.moves] = append(byLength[g][r.moves], e.Rating)
		byTempting[gm][min(r.tempting, 4)] = append(byTempting[gm][min(r.tempting, 4)], e.Rating)
	}
	for _, g := range slices.SortedFunc(maps.Keys(byLength), compareGroups) {
		checkRising(t.Errorf, t, fmt.Sprintf("%s %s by the solver's moves", g.family, g.kind), byLength[g], 30)
	}
	// Not yet an invariant: on the packs mined under issue 32's filters,
	// three 1-D groups fall by 9 to 60 points from one tempting wrong
	// move to the next (the model weighs a tempting move by how deep its
	// refutation is, and those puzzles' refutations are short). Logged
	// until the model meets it; docs/puzzles.md says so.
	for _, g := range slices.SortedFunc(maps.Keys(byTempting), compareGroups) {
		checkRising(t.Logf, t, fmt.Sprintf("%s %s in %d by tempting wrong moves at the first turn (4: four or more)", g.family, g.kind, g.moves), byTempting[g], 100)
	}
}

// checkRising reports (an error, or a log for a target not yet met)
// unless the median rating rises with the key of by, over the keys with
// at least least puzzles; it logs the medians.
func checkRising(report func(string, ...any), t *testing.T, what string, by map[int][]int, least int) {
	t.Helper()
	keys := slices.Sorted(func(yield func(int) bool) {
		for k, rs := range by {
			if len(rs) >= least && !yield(k) {
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
			report("%s: median %d at %d, below %d at %d", what, med, k, last, lastKey)
		}
		last, lastKey = med, k
	}
	if len(medians) > 1 {
		t.Logf("%s: median (puzzles) %s", what, strings.Join(medians, ", "))
	}
}
