package solver

import (
	"math/rand/v2"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver/terms"
)

// strategyMoves returns the moves strategy s may play among mvs, worked
// out from the strategy's definition.
func strategyMoves(s terms.Strategy, mvs []MoveValue) []engine.Move {
	pick := func(keep func(MoveValue) bool) []engine.Move {
		var out []engine.Move
		for _, mv := range mvs {
			if keep(mv) {
				out = append(out, mv.Move)
			}
		}
		return out
	}
	fastestWin := func() []engine.Move {
		best := -1
		for _, mv := range mvs {
			if mv.Value == Win && (best < 0 || mv.DTM < best) {
				best = mv.DTM
			}
		}
		return pick(func(mv MoveValue) bool { return mv.Value == Win && mv.DTM == best })
	}
	slowestLoss := func() []engine.Move {
		best := -1
		for _, mv := range mvs {
			if mv.Value == Loss {
				best = max(best, mv.DTM)
			}
		}
		return pick(func(mv MoveValue) bool { return mv.Value == Loss && mv.DTM == best })
	}
	has := func(v Value) bool { return len(pick(func(mv MoveValue) bool { return mv.Value == v })) > 0 }
	switch s {
	case terms.Random:
		return pick(func(MoveValue) bool { return true })
	case terms.Aggressive:
		if has(Win) {
			return fastestWin()
		}
		if has(Loss) {
			return slowestLoss()
		}
		return pick(func(MoveValue) bool { return true })
	case terms.Cooperative:
		if !has(Loss) && !has(Draw) {
			return fastestWin()
		}
		if has(Win) || has(Draw) {
			return pick(func(mv MoveValue) bool { return mv.Value != Loss })
		}
		return slowestLoss()
	}
	if has(Win) {
		return fastestWin()
	}
	if has(Draw) {
		return pick(func(mv MoveValue) bool { return mv.Value == Draw })
	}
	return slowestLoss()
}

// TestChoose checks every strategy in every state of a few tables: with
// random tie-breaking over many seeds it must play exactly the moves its
// definition allows, all of them; without a generator, the first of them.
func TestChoose(t *testing.T) {
	differs := map[terms.Strategy]int{}
	for _, tc := range []struct{ preset, position string }{
		{"1d", "bk,bn,br,x,x,wr,wn,wk:w"},
		{"chess", "bk,x,x/x,x,x/x,x,x/x,wq,wk:w"},
		{"race", "bp,bp,bp/x,x,x/wp,wp,wp:w"},
	} {
		tab := solveVerified(t, tableParse(t, tc.preset, tc.position), Options{})
		for i := range tab.Len() {
			p := tab.Position(i)
			mvs := tab.MoveValues(p)
			if mvs == nil {
				if m := tab.Choose(p, terms.Random, nil); m != engine.NoMove {
					t.Fatalf("%s: the game is over, but Choose plays %s", p.FEN(), m.Coord(p.B))
				}
				continue
			}
			perfect := strategyMoves(terms.Perfect, mvs)
			if !equalMoves(perfect, tab.BestMoves(p)) {
				t.Fatalf("%s: best moves %v, want %v", p.FEN(), tab.BestMoves(p), perfect)
			}
			for _, s := range []terms.Strategy{terms.Perfect, terms.Aggressive, terms.Cooperative, terms.Random} {
				want := strategyMoves(s, mvs)
				if !equalMoves(want, perfect) {
					differs[s]++
				}
				if m := tab.Choose(p, s, nil); m != want[0] {
					t.Fatalf("%s, %s without a generator: %s, want %s", p.FEN(), s, m.Coord(p.B), want[0].Coord(p.B))
				}
				seen := map[engine.Move]bool{}
				for seed := range uint64(200) {
					m := tab.Choose(p, s, rand.New(rand.NewPCG(seed, uint64(i))))
					if !containsMove(want, m) {
						t.Fatalf("%s, %s: plays %s, want one of %v", p.FEN(), s, m.Coord(p.B), want)
					}
					seen[m] = true
				}
				if len(seen) != len(want) {
					t.Fatalf("%s, %s: 200 seeds play %d of the %d moves %v", p.FEN(), s, len(seen), len(want), want)
				}
			}
		}
	}
	// Every strategy must have met positions where it differs from
	// perfect play, or the test proves little.
	for _, s := range []terms.Strategy{terms.Aggressive, terms.Cooperative, terms.Random} {
		if differs[s] == 0 {
			t.Errorf("%s never differs from perfect play in these tables", s)
		}
	}
	t.Logf("states where a strategy differs from perfect play: %v", differs)
}
