package engine

import (
	"slices"
	"testing"
)

func TestCompareMovesOrder(t *testing.T) {
	for _, tc := range []struct {
		name, variant, pos string
		want               []string // canonical order of every legal move
	}{
		// a9a10 sorts before a10a9 although "a10a9" < "a9a10" as text.
		{"tall file", "1d", "bk,bn,x,wr,x,x,x,x,x,x,x,wk:w", []string{"a1a2", "a9a2", "a9a3", "a9a4", "a9a5", "a9a6", "a9a7", "a9a8", "a9a10", "a9a11"}},
		{"promotions", "chess", "8/P7/8/8/8/8/8/k6K w - - 0 1", []string{"h1g1", "h1g2", "h1h2", "a7a8n", "a7a8b", "a7a8r", "a7a8q"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse(tc.pos, MustPreset(tc.variant))
			if err != nil {
				t.Fatal(err)
			}
			var buf [MaxMoves]Move
			moves := slices.Clone(p.LegalMoves(buf[:0]))
			slices.Reverse(moves)
			SortMoves(moves)
			var got []string
			for _, m := range moves {
				got = append(got, m.Coord(p.B))
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("order %v, want %v", got, tc.want)
			}
		})
	}
}
