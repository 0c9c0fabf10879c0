package solver

import (
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// TestPVStopsOnRepetition checks drawn lines from a sample of the 1×12
// start's drawn states: every move the first best move, no position
// repeated, and the line ends with the game or before a repetition.
func TestPVStopsOnRepetition(t *testing.T) {
	start := tableParse(t, "1d", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w")
	tab := solveVerified(t, start, Options{})
	repeated := 0
	for i := 0; i < tab.Len(); i += 997 {
		if v, _ := tab.Entry(i); v != Draw {
			continue
		}
		s := tab.Position(i)
		line := PV(tab, s, PVLength)
		p := *s
		seen := []engine.Position{p}
		for _, m := range line {
			if best := tab.BestMoves(&p); len(best) == 0 || best[0] != m {
				t.Fatalf("%s: PV move %s is not the first best move %v", s.FEN(), p.SAN(m), p.SANLine(best))
			}
			p.Make(m)
			if containsPosition(seen, &p) {
				t.Fatalf("%s: PV repeats %s", s.FEN(), p.FEN())
			}
			seen = append(seen, p)
		}
		if p.Status() != engine.Active {
			continue // the drawn line ended the game (stalemate, bare kings)
		}
		q := p
		q.Make(tab.BestMoves(&p)[0])
		if !containsPosition(seen, &q) {
			t.Fatalf("%s: PV stopped at %s although the next best move repeats nothing", s.FEN(), p.FEN())
		}
		repeated++
	}
	if repeated == 0 {
		t.Fatal("no sampled drawn line ended by repetition")
	}
}

func containsPosition(ps []engine.Position, p *engine.Position) bool {
	for i := range ps {
		if ps[i].Equal(p) {
			return true
		}
	}
	return false
}
