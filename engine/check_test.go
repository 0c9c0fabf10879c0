package engine_test

import (
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// walkPerftCases calls visit on every position within plies of each
// perft case, up to limit positions a case, stopping early when visit
// returns false.
func walkPerftCases(t *testing.T, plies, limit int, visit func(c string, p *engine.Position) bool) {
	for _, c := range readPerftCases(t) {
		p := c.parse(t)
		seen := 0
		var walk func(depth int) bool
		walk = func(depth int) bool {
			if seen >= limit {
				return true
			}
			seen++
			if !visit(c.name(), p) {
				return false
			}
			if depth == 0 {
				return true
			}
			var buf [engine.MaxMoves]engine.Move
			for _, m := range p.LegalMoves(buf[:0]) {
				u := p.Make(m)
				ok := walk(depth - 1)
				p.Unmake(u)
				if !ok {
					return false
				}
			}
			return true
		}
		if !walk(plies) {
			return
		}
	}
}

// TestGivesCheck compares GivesCheck with Make and InCheck for every
// legal move of the positions within three plies of each perft case
// (up to 30,000 positions a case): plain checks, discovered checks,
// checks by castling, en passant and promotion, on every board shape.
func TestGivesCheck(t *testing.T) {
	checks := 0
	walkPerftCases(t, 3, 30_000, func(c string, p *engine.Position) bool {
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			got := p.GivesCheck(m)
			u := p.Make(m)
			want := p.InCheck()
			p.Unmake(u)
			if got != want {
				t.Errorf("%s: %s: %s: GivesCheck %v, after the move InCheck %v", c, p.FEN(), m.Coord(p.B), got, want)
				return false
			}
			if want {
				checks++
			}
		}
		return true
	})
	t.Logf("%d checking moves", checks)
}

// TestHasLegalMove compares HasLegalMove with LegalMoves on the
// positions within four plies of each perft case, mates and stalemates
// included.
func TestHasLegalMove(t *testing.T) {
	none := 0
	walkPerftCases(t, 4, 30_000, func(c string, p *engine.Position) bool {
		var buf [engine.MaxMoves]engine.Move
		want := len(p.LegalMoves(buf[:0])) > 0
		if got := p.HasLegalMove(); got != want {
			t.Errorf("%s: %s: HasLegalMove %v, %d legal moves", c, p.FEN(), got, len(p.LegalMoves(buf[:0])))
			return false
		}
		if !want {
			none++
		}
		return true
	})
	t.Logf("%d positions without a legal move", none)
}

// TestGivesCheckAndHasLegalMoveAllocateNothing keeps the two on the
// allocation-free hot path with LegalMoves, Make and Unmake.
func TestGivesCheckAndHasLegalMoveAllocateNothing(t *testing.T) {
	p, err := engine.Parse("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", engine.MustPreset("chess"))
	if err != nil {
		t.Fatal(err)
	}
	var buf [engine.MaxMoves]engine.Move
	moves := append([]engine.Move(nil), p.LegalMoves(buf[:0])...)
	if a := testing.AllocsPerRun(100, func() {
		for _, m := range moves {
			p.GivesCheck(m)
		}
		p.HasLegalMove()
	}); a != 0 {
		t.Errorf("GivesCheck and HasLegalMove allocate %.1f times per round", a)
	}
}
