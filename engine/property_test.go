package engine

import (
	"reflect"
	"testing"

	"pgregory.net/rapid"
)

// propertyStarts are the positions random games start from.
var propertyStarts = []struct{ name, variant, pos string }{
	{"chess", "chess", chessStartFEN},
	{"kiwipete", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"gardner", "gardner", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"},
	{"losalamos", "losalamos", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"},
	{"1x12", "1d", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"},
	{"2x10", "chess", "x,bk/x,bb/x,bn/x,br/x,x/x,x/wr,x/wn,x/wb,x/wk,x:w"},
	{"octopawn", "race", "pppp/4/4/PPPP w - - 0 1"},
}

// randomGame draws a start and plays up to 80 random legal moves from it,
// stopping early when the game ends. It calls visit on every position
// reached, the start included.
func randomGame(t *rapid.T, visit func(p *Position)) *Game {
	s := rapid.SampledFrom(propertyStarts).Draw(t, "start")
	p, err := Parse(s.pos, MustPreset(s.variant))
	if err != nil {
		t.Fatalf("%s: %v", s.name, err)
	}
	g := NewGame(p)
	plies := rapid.IntRange(0, 80).Draw(t, "plies")
	var buf [MaxMoves]Move
	for i := 0; ; i++ {
		visit(g.Position())
		if i == plies || g.Status().IsOver() {
			break
		}
		legal := g.Position().LegalMoves(buf[:0])
		m := legal[rapid.IntRange(0, len(legal)-1).Draw(t, "move")]
		if err := g.Play(m); err != nil {
			t.Fatalf("%s: playing the legal move %s: %v", g.Position().FEN(), m.Coord(p.B), err)
		}
	}
	return g
}

// TestPropertyMoves checks every legal move of random positions: the side
// to move alternates, the mover's king is never left attacked, the
// incremental hash matches a fresh one, and Unmake restores the exact
// position.
func TestPropertyMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		randomGame(t, func(p *Position) {
			var buf [MaxMoves]Move
			for _, m := range p.LegalMoves(buf[:0]) {
				q := *p
				u := q.Make(m)
				if q.Side != p.Side.Other() {
					t.Fatalf("%s %s: side to move did not change", p.FEN(), m.Coord(p.B))
				}
				if k := q.King(p.Side); k != NoSquare && q.Attacked(k, q.Side) {
					t.Fatalf("%s %s: leaves the %s king attacked", p.FEN(), m.Coord(p.B), p.Side)
				}
				if q.Hash() != q.ComputeHash() {
					t.Fatalf("%s %s: incremental hash %x, computed %x", p.FEN(), m.Coord(p.B), q.Hash(), q.ComputeHash())
				}
				q.Unmake(u)
				if q != *p {
					t.Fatalf("%s %s: Unmake did not restore the position (got %s)", p.FEN(), m.Coord(p.B), q.FEN())
				}
			}
		})
	})
}

// TestPropertyNotations checks that FEN and the position code round-trip
// and that every legal move survives SAN and coordinates.
func TestPropertyNotations(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		randomGame(t, func(p *Position) {
			fen := p.FEN()
			q, err := Parse(fen, p.R)
			if err != nil {
				t.Fatalf("%s does not parse: %v", fen, err)
			}
			if q.FEN() != fen || !q.Equal(p) || q.Hash() != p.Hash() || q.Halfmove != p.Halfmove || q.Fullmove != p.Fullmove {
				t.Fatalf("FEN %s reads back as %s", fen, q.FEN())
			}
			code := p.Code()
			c, err := Parse(code, p.R)
			if err != nil {
				t.Fatalf("code %s (of %s) does not parse: %v", code, fen, err)
			}
			if c.Code() != code || c.sq != p.sq || c.Side != p.Side {
				t.Fatalf("code %s reads back as %s", code, c.Code())
			}
			var buf [MaxMoves]Move
			for _, m := range p.LegalMoves(buf[:0]) {
				san := p.SAN(m)
				back, err := p.ParseSAN(san)
				if err != nil || back != m {
					t.Fatalf("%s: %s prints as %s, which reads back as %s, %v", fen, m.Coord(p.B), san, back.Coord(p.B), err)
				}
				back, err = p.ParseMove(m.Coord(p.B))
				if err != nil || back != m {
					t.Fatalf("%s: %s reads back as %s, %v", fen, m.Coord(p.B), back.Coord(p.B), err)
				}
			}
		})
	})
}

// garbage draws move-like text: SAN letters, digits and marks.
var garbage = rapid.StringOfN(rapid.SampledFrom([]rune("abcdhpxKQRBNP0123456789=+#-O. ")), 0, 8, -1)

// TestPropertyRejectedMoves checks that a move the game refuses, random
// text or coordinates that are not a legal move, leaves it unchanged, and
// that undoing every move gives back the start.
func TestPropertyRejectedMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		g := randomGame(t, func(*Position) {})
		p := g.Position()
		var text string
		if rapid.Bool().Draw(t, "coordinates") {
			from := rapid.IntRange(0, p.B.N-1).Draw(t, "from")
			to := rapid.IntRange(0, p.B.N-1).Draw(t, "to")
			text = p.B.Name(Square(from)) + p.B.Name(Square(to)) + rapid.SampledFrom([]string{"", "", "q", "n", "k", "p"}).Draw(t, "promotion")
		} else {
			text = garbage.Draw(t, "text")
		}
		before := snapshot(g)
		if err := g.PlayText(text); err != nil {
			if _, ok := err.(*MoveError); !ok {
				t.Fatalf("PlayText(%q): %T %v, want a *MoveError", text, err, err)
			}
			if !reflect.DeepEqual(snapshot(g), before) {
				t.Fatalf("PlayText(%q) refused the move but changed the game", text)
			}
		} else {
			if _, err := p.ParseMove(text); err != nil {
				t.Fatalf("PlayText(%q) played a move ParseMove refuses: %v", text, err)
			}
			if !g.Undo() || !reflect.DeepEqual(snapshot(g).Pos, before.Pos) {
				t.Fatalf("PlayText(%q) then Undo did not restore the position", text)
			}
		}
		moves := append(g.Moves(), g.RedoMoves()...)
		for g.Undo() {
		}
		if *g.Position() != *g.Start() {
			t.Fatalf("undoing every move did not give back the start")
		}
		for g.Redo() {
		}
		if !reflect.DeepEqual(g.Moves(), moves) {
			t.Fatalf("redoing every move gave %v, want %v", g.Moves(), moves)
		}
	})
}
