package puzzles_test

import (
	"bytes"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/solver/mate"
)

// TestMineSelfPlay mines 120 Gardner games twice (40 kept fewer than
// three puzzles once all-check wins were capped against the longer wins
// with no floor, issue 32), with wins in one uncapped (their cap, a
// fifth of the pack since issue 32, is TestShippedPuzzlesVariety's): the
// same puzzles both times, and each one a mate the prover proves with a
// single fastest first move, at least two legal moves and a tempting
// wrong one; no two share a position up to symmetry.
func TestMineSelfPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("searcher games")
	}
	start, err := engine.Parse("rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", engine.MustPreset("gardner"))
	if err != nil {
		t.Fatal(err)
	}
	src := puzzles.Source{ID: "g", Start: start}
	opt := puzzles.SelfPlayOptions{Games: 120, Seed: 3, MaxMateIn1: 100}
	a, err := puzzles.MineSelfPlay(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := puzzles.MineSelfPlay(src, opt)
	if len(a.Puzzles) < 3 || !bytes.Equal(encode(a), encode(b)) {
		t.Fatalf("%d puzzles; the same twice: %v", len(a.Puzzles), bytes.Equal(encode(a), encode(b)))
	}
	keys := map[string]bool{}
	for _, pz := range a.Puzzles {
		key := puzzles.CanonicalKey(pz.Start)
		if keys[key] {
			t.Errorf("%s: a mirror image of another", pz.ID)
		}
		keys[key] = true
		r, err := mate.Search(pz.Start, pz.Side, pz.MateIn, mate.Options{MaxTreeNodes: -1})
		if err != nil || !r.Found || r.Moves != pz.MateIn {
			t.Errorf("%s: the prover finds %+v (%v), want a mate in %d", pz.ID, r, err, pz.MateIn)
			continue
		}
		fastest, tempting := 0, 0
		for _, f := range r.First {
			if f.Moves == pz.MateIn {
				fastest++
			}
		}
		var buf [engine.MaxMoves]engine.Move
		legal := pz.Start.LegalMoves(buf[:0])
		for _, m := range legal {
			if m != pz.Line[0] && (pz.Start.At(m.To()) != engine.NoPiece || pz.Start.GivesCheck(m)) {
				tempting++
			}
		}
		tempting += len(r.First) - fastest
		if fastest != 1 || r.First[0].Move != pz.Line[0] || len(legal) < 2 || tempting == 0 {
			t.Errorf("%s: %d fastest first moves (want 1, %s), %d legal, %d tempting", pz.ID, fastest, pz.SolutionText(), len(legal), tempting)
		}
	}
}
