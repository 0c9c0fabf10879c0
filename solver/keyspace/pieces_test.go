package keyspace

import (
	"slices"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// TestPieceSpaceRandomWalk plays random games from positions in each key
// layout (some too large to solve in a test) and checks, at every
// position, that the piece space generates the same successors as the
// engine, that it un-moves every successor back to the position, and that
// keys decode to the position they encode.
func TestPieceSpaceRandomWalk(t *testing.T) {
	for _, tc := range []struct {
		preset, position string
		layout           keyLayout
	}{
		{"1d", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", layoutPlanes},
		{"1d", "bk,bq,br,bn,x,x,x,x,x,x,x,x,wn,wr,wq,wk:w", layoutOccupancy},
		{"chess", "x,bk/x,bb/x,bn/x,br/x,x/x,x/wr,x/wn,x/wb,x/wk,x:w", layoutOccupancy},
		{"chess", "8/8/3k4/8/8/2Q5/8/K3R3 w - - 0 1", layoutList},
		{"losalamos", "5k/6/6/6/6/K2R2 w - - 0 1", layoutList},
	} {
		t.Run(tc.position, func(t *testing.T) {
			start, err := engine.Parse(tc.position, engine.MustPreset(tc.preset))
			if err != nil {
				t.Fatal(err)
			}
			c, err := NewCodec(start)
			if err != nil {
				t.Fatal(err)
			}
			if c.layout != tc.layout {
				t.Fatalf("layout %d, want %d", c.layout, tc.layout)
			}
			ps, ok := NewPieces(c, start)
			if !ok {
				t.Fatal("not a piece space")
			}
			fast := ps.NewExpander()
			unmover := ps.NewUnmover()
			slow := NewEngineSpace(c).NewExpander()
			rng := uint64(1)
			var legal [engine.MaxMoves]engine.Move
			p := *start
			for ply := range 3000 {
				k, ok := c.Encode(&p)
				if !ok {
					t.Fatalf("%s has no key", p.FEN())
				}
				var q engine.Position
				c.Decode(k, &q)
				if q.Code() != p.Code() || !q.Equal(&p) {
					t.Fatalf("%s decodes as %s", p.FEN(), q.FEN())
				}
				ft, fkeys, fmoves := fast.Expand(k, nil, []engine.Move{})
				st, skeys, smoves := slow.Expand(k, nil, []engine.Move{})
				if ft != st || !sameKeySet(fkeys, skeys) || len(fmoves) != len(smoves) {
					t.Fatalf("%s: piece space %s %d successors, engine %s %d", p.FEN(), ft, len(fkeys), st, len(skeys))
				}
				for _, ck := range fkeys {
					if !slices.Contains(unmover.Unmoves(ck, nil), k) {
						var cp engine.Position
						c.Decode(ck, &cp)
						t.Fatalf("%s does not un-move back to %s", cp.FEN(), p.FEN())
					}
				}
				moves := p.LegalMoves(legal[:0])
				if ft != NotTerminal || len(moves) == 0 {
					p = *start
					continue
				}
				rng = rng*6364136223846793005 + 1442695040888963407
				p.Make(moves[(rng>>33)%uint64(len(moves))])
				_ = ply
			}
		})
	}
}

// sameKeySet reports whether two key lists hold the same keys.
func sameKeySet(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
