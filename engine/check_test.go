package engine_test

import (
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// TestGivesCheck compares GivesCheck with Make and InCheck for every
// legal move of the positions within four plies of each perft case
// (up to 30,000 positions a case): plain checks, discovered checks,
// checks by castling, en passant and promotion, on every board shape.
func TestGivesCheck(t *testing.T) {
	for _, c := range readPerftCases(t) {
		p := c.parse(t)
		seen, checks := 0, 0
		var walk func(depth int)
		walk = func(depth int) {
			if seen >= 30_000 {
				return
			}
			seen++
			var buf [engine.MaxMoves]engine.Move
			for _, m := range p.LegalMoves(buf[:0]) {
				got := p.GivesCheck(m)
				u := p.Make(m)
				want := p.InCheck()
				if got != want {
					p.Unmake(u)
					t.Fatalf("%s: %s: GivesCheck %v, after the move InCheck %v", p.FEN(), m.Coord(p.B), got, want)
				}
				if want {
					checks++
				}
				if depth > 1 {
					walk(depth - 1)
				}
				p.Unmake(u)
			}
		}
		walk(4)
		t.Logf("%s: %d positions, %d checking moves", c.name(), seen, checks)
	}
}
