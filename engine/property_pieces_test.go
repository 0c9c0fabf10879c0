package engine_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"pgregory.net/rapid"
)

// Turns, piece movement, blocking and captures.

// TestPropertyTurnAlternation: every move is made by the side to move
// with one of its own pieces, and hands the move to the other side; the
// move number grows by one after each Black move. All families.
func TestPropertyTurnAlternation(t *testing.T) {
	checkGames(t, nil, func(t *rapid.T, g *played, cover coverage) {
		start := g.pos[0]
		for i, m := range g.moves {
			before, next := g.pos[i], g.pos[i+1]
			if want := engine.Color(int(start.Side) ^ (i+1)%2); next.Side != want {
				t.Fatalf("%s: after %d moves %s is to move, want %s", start.FEN(), i+1, next.Side, want)
			}
			wantFull := before.Fullmove
			if before.Side == engine.Black {
				wantFull++
			}
			if next.Fullmove != wantFull {
				t.Fatalf("%s %s: move number %d, want %d", before.FEN(), m.Coord(before.B), next.Fullmove, wantFull)
			}
			cover["moves"]++
		}
		for _, p := range g.pos {
			var buf [engine.MaxMoves]engine.Move
			for _, m := range p.LegalMoves(buf[:0]) {
				if pc := p.At(m.From()); pc == engine.NoPiece || pc.Color() != p.Side {
					t.Fatalf("%s: legal move %s moves %v, not a piece of %s", p.FEN(), m.Coord(p.B), pc, p.Side)
				}
				if q := after(p, m); q.Side != p.Side.Other() {
					t.Fatalf("%s %s: %s is still to move", p.FEN(), m.Coord(p.B), q.Side)
				}
			}
		}
	})
}

// TestPropertyTurnEnforcement: a move of a piece of the side not to move
// (one move of each of its pieces that could move on its own turn) is
// refused (ErrWrongSide, or ErrGameOver once the game is over) and
// leaves the game unchanged, even when it would be a fine move on the
// other side's turn. All families.
func TestPropertyTurnEnforcement(t *testing.T) {
	checkGames(t, nil, func(t *rapid.T, g *played, cover coverage) {
		for _, p := range g.pos {
			them := newRef(p)
			them.side = p.Side.Other() // the opponent's moves, as if it were its turn
			game := game.New(p)        // without the history: a draw by repetition is not over here
			want := engine.ErrWrongSide
			if game.Status().IsOver() {
				want = engine.ErrGameOver
			}
			for s := range them.cells {
				moves := them.pseudo(s)
				if len(moves) == 0 {
					continue
				}
				text := them.coord(moves[0]) // one move of each piece
				before := stateOf(t, game)
				err := game.PlayText(text)
				var me *engine.MoveError
				if !errors.As(err, &me) || me.Kind != want {
					t.Fatalf("%s: %s to move, playing %s's %s: %v, want a MoveError of kind %d", p.FEN(), p.Side, them.side, text, err, want)
				}
				if !sameState(before, stateOf(t, game)) {
					t.Fatalf("%s: the refused %s changed the game", p.FEN(), text)
				}
				cover["refused"]++
			}
		}
	})
}

// walk returns the squares a piece on s reaches along each of dirs,
// at most steps squares per direction: empty squares, and the first
// occupied square if it holds an enemy.
func (b *refBoard) walk(s int, dirs [][2]int, steps int) []int {
	var out []int
	for _, d := range dirs {
		f, r := b.file(s), b.rank(s)
		for n := 0; n < steps; n++ {
			f, r = f+d[0], r+d[1]
			if !b.onBoard(f, r) {
				break
			}
			t := b.sq(f, r)
			if b.own(t) {
				break
			}
			out = append(out, t)
			if b.enemy(t) {
				break
			}
		}
	}
	return out
}

var (
	rookDirs   = [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	bishopDirs = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	queenDirs  = append(append([][2]int{}, rookDirs...), bishopDirs...)
)

// checkPieceMoves compares, for every piece of type pt of the side to
// move, its legal moves (castling aside) with the targets found by
// targets and kept if the mover's king is safe after them.
func checkPieceMoves(t *testing.T, families []string, pt engine.PieceType, targets func(b *refBoard, s int) []int) {
	checkPositions(t, families, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		for s, pc := range r.cells {
			if pc != engine.MakePiece(r.side, pt) {
				continue
			}
			var want []string
			for _, to := range targets(r, s) {
				m := refMove{from: s, to: to, rook: -1}
				if r.safe(m) {
					want = append(want, r.describe(m))
				}
			}
			from := square(p, s)
			got := engineMoves(p, func(m engine.Move) bool { return m.From() == from && !m.IsCastle() })
			sameMoves(t, p, pt.String()+" on "+r.name(s), got, sortedCopy(want))
			cover[pt.String()+"s"]++
			cover["moves"] += len(got)
		}
	})
}

// TestPropertyKingMovement: a king steps to any of the (up to eight)
// squares next to it that does not hold a piece of its own and is not
// attacked once it stands there; on a one-file board that is one square
// up or down the file. Castling is its own property. Every family with
// kings (the race has none).
func TestPropertyKingMovement(t *testing.T) {
	checkPieceMoves(t, withKings, engine.King, func(b *refBoard, s int) []int {
		return b.walk(s, queenDirs, 1)
	})
}

// TestPropertyQueenMovement: a queen slides any number of squares along
// its rank, file and diagonals, over empty squares only, stopping on the
// first piece (which it may capture if it is an enemy). All families with
// queens (the race has none).
func TestPropertyQueenMovement(t *testing.T) {
	checkPieceMoves(t, withKings, engine.Queen, func(b *refBoard, s int) []int {
		return b.walk(s, queenDirs, b.w+b.h)
	})
}

// TestPropertyRookMovement: a rook slides along its rank and file as the
// queen does. All families with rooks (the race has none).
func TestPropertyRookMovement(t *testing.T) {
	checkPieceMoves(t, withKings, engine.Rook, func(b *refBoard, s int) []int {
		return b.walk(s, rookDirs, b.w+b.h)
	})
}

// TestPropertyBishopMovement: a bishop slides along its diagonals as the
// queen does. Does not apply to 1-D boards (the 1d preset has no
// bishops, and a file has no diagonals) nor to Los Alamos (no bishops)
// or the race (pawns only).
func TestPropertyBishopMovement(t *testing.T) {
	checkPieceMoves(t, []string{family8x8, family6x6, familyGardner, familyThin}, engine.Bishop, func(b *refBoard, s int) []int {
		return b.walk(s, bishopDirs, b.w+b.h)
	})
}

// TestPropertyKnightMovement: a knight leaps to the squares two away on
// one axis and one on the other, whatever stands between, unless its own
// piece is there; on a one-file board it leaps exactly two squares up or
// down the file. All families with knights (the race has none).
func TestPropertyKnightMovement(t *testing.T) {
	checkPieceMoves(t, withKings, engine.Knight, func(b *refBoard, s int) []int {
		leaps := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
		if b.w == 1 {
			leaps = [][2]int{{0, 2}, {0, -2}}
		}
		return b.walk(s, leaps, 1)
	})
}

// TestPropertyPawnMovement: a pawn steps one square forward onto an empty
// square; from its second rank, where the rules allow double steps (the
// chess preset, on boards of more than three ranks), two squares over two
// empty squares; it captures one square diagonally forward, and en
// passant onto the target square. On its last rank it becomes a piece of
// the promotion set, except under the race goal. Moves are compared with
// their kind (double step, en passant). Does not apply to 1-D boards (no
// pawns).
func TestPropertyPawnMovement(t *testing.T) {
	families := []string{family8x8, family6x6, familyGardner, familyLosAlamos, familyThin, familyRace}
	checkPositions(t, families, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		for s, pc := range r.cells {
			if pc != engine.MakePiece(r.side, engine.Pawn) {
				continue
			}
			ms := r.legalFrom(s) // no moves once a race is won
			from := square(p, s)
			got := engineMoves(p, func(m engine.Move) bool { return m.From() == from })
			sameMoves(t, p, "pawn on "+r.name(s), got, r.refMoves(ms, func(refMove) bool { return true }))
			cover["pawns"]++
			for _, m := range ms {
				switch {
				case m.double:
					cover["double steps"]++
				case m.enPassant:
					cover["en passant"]++
				case m.promo != engine.NoPieceType:
					cover["promotions"]++
				}
			}
		}
	})
}

// TestPropertySlidingBlocking: no piece but a knight passes over another
// piece: for every legal move of a king, queen, rook, bishop or pawn, the
// squares strictly between its origin and destination are empty (and a
// pawn moving straight ahead lands on an empty square). The castling
// king and rook pass over empty squares only. All families.
func TestPropertySlidingBlocking(t *testing.T) {
	checkPositions(t, nil, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			from, to := refSquare(p, m.From()), refSquare(p, m.To())
			pt := p.At(m.From()).Type()
			if pt == engine.Knight {
				continue
			}
			if m.IsCastle() {
				rm, ok := r.legalByCoord()[m.Coord(p.B)]
				if !ok {
					t.Fatalf("%s: castling %s is not a castling of the reference", p.FEN(), m.Coord(p.B))
				}
				for s := min(from, to, rm.rook); s <= max(from, to, rm.rook); s++ {
					if s != from && s != rm.rook && r.cells[s] != engine.NoPiece {
						t.Fatalf("%s: castling %s passes over %v on %s", p.FEN(), m.Coord(p.B), r.cells[s], r.name(s))
					}
				}
				cover["castlings"]++
				continue
			}
			df, dr := r.file(to)-r.file(from), r.rank(to)-r.rank(from)
			if df != 0 && dr != 0 && abs(df) != abs(dr) {
				t.Fatalf("%s: %s %s is not along a line", p.FEN(), pt, m.Coord(p.B))
			}
			between := r.between(from, to)
			for _, s := range between {
				if r.cells[s] != engine.NoPiece {
					t.Fatalf("%s: %s %s passes over %v on %s", p.FEN(), pt, m.Coord(p.B), r.cells[s], r.name(s))
				}
			}
			if pt == engine.Pawn && r.file(from) == r.file(to) && r.cells[to] != engine.NoPiece {
				t.Fatalf("%s: pawn %s moves straight onto %v", p.FEN(), m.Coord(p.B), r.cells[to])
			}
			if len(between) > 0 {
				cover["moves over squares"]++
			}
		}
	})
}

// TestPropertyFriendlyBlocking: no legal move lands on a square held by a
// piece of the mover's own colour (castling aside, where the king may
// land where its own castling rook stood), and a piece of its own on a
// slider's line closes the line: no move of the slider reaches that
// square or goes beyond it. All families.
func TestPropertyFriendlyBlocking(t *testing.T) {
	checkPositions(t, nil, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		var buf [engine.MaxMoves]engine.Move
		legal := p.LegalMoves(buf[:0])
		for _, m := range legal {
			to := refSquare(p, m.To())
			if !r.own(to) {
				continue
			}
			if rm, ok := r.legalByCoord()[m.Coord(p.B)]; !m.IsCastle() || !ok || rm.rook != to {
				t.Fatalf("%s: %s lands on its own %v", p.FEN(), m.Coord(p.B), r.cells[to])
			}
		}
		for s, pc := range r.cells {
			if !r.own(s) || pc.Type() != engine.Queen && pc.Type() != engine.Rook && pc.Type() != engine.Bishop {
				continue
			}
			for _, d := range queenDirs {
				blocked := false
				for f, rk := r.file(s)+d[0], r.rank(s)+d[1]; r.onBoard(f, rk); f, rk = f+d[0], rk+d[1] {
					t2 := r.sq(f, rk)
					if r.own(t2) {
						blocked = true
						cover["closed lines"]++
					}
					if !blocked {
						continue
					}
					for _, m := range legal {
						if m.From() == square(p, s) && m.To() == square(p, t2) {
							t.Fatalf("%s: %v on %s moves to %s through or onto its own piece", p.FEN(), pc, r.name(s), r.name(t2))
						}
					}
				}
			}
		}
	})
}

// TestPropertyCaptures: a move onto an enemy piece, or en passant, takes
// exactly that piece off the board (the pawn that double-stepped, for en
// passant): the enemy has one piece of its type fewer, the mover stands
// on the destination, every other square is as it was, and the halfmove
// clock restarts. A move onto an empty square takes nothing. No move ever
// captures a king. All families.
func TestPropertyCaptures(t *testing.T) {
	checkPositions(t, nil, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		var buf [engine.MaxMoves]engine.Move
		them := p.Side.Other()
		for _, m := range p.LegalMoves(buf[:0]) {
			if m.IsCastle() {
				continue
			}
			from, to := refSquare(p, m.From()), refSquare(p, m.To())
			taken := to
			if m.IsEnPassant() {
				taken = r.sq(r.file(to), r.rank(from))
			}
			victim := r.cells[taken]
			if victim != engine.NoPiece && victim.Color() == p.Side {
				t.Fatalf("%s: %s takes its own %v", p.FEN(), m.Coord(p.B), victim)
			}
			if victim.Type() == engine.King {
				t.Fatalf("%s: %s captures the %s king", p.FEN(), m.Coord(p.B), them)
			}
			q := after(p, m)
			n := newRef(q)
			for s := range r.cells {
				want := r.cells[s]
				switch s {
				case from, taken:
					want = engine.NoPiece
				}
				if s == to {
					want = r.cells[from]
					if pt := m.Promotion(); pt != engine.NoPieceType {
						want = engine.MakePiece(p.Side, pt)
					}
				}
				if n.cells[s] != want {
					t.Fatalf("%s %s: %s holds %v, want %v", p.FEN(), m.Coord(p.B), r.name(s), n.cells[s], want)
				}
			}
			for pt := engine.Pawn; pt <= engine.King; pt++ {
				want := p.Count(them, pt)
				if victim != engine.NoPiece && victim.Type() == pt {
					want--
				}
				if got := q.Count(them, pt); got != want {
					t.Fatalf("%s %s: %s has %d %ss, want %d", p.FEN(), m.Coord(p.B), them, got, pt, want)
				}
			}
			if victim != engine.NoPiece {
				if q.Halfmove != 0 {
					t.Fatalf("%s %s: a capture leaves the halfmove clock at %d", p.FEN(), m.Coord(p.B), q.Halfmove)
				}
				cover["captures"]++
			}
		}
	})
}

// sortedCopy returns a sorted copy of s.
func sortedCopy(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}
