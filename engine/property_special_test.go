package engine_test

import (
	"errors"
	"slices"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"pgregory.net/rapid"
)

// Castling, en passant and promotion.

// castlingFamilies are the families whose starts hold castling rights:
// the chess preset on 8×8 and 6×6. Gardner, Los Alamos and the 1-D and
// race presets have no castling; on the 2×10 board the king has no room
// to move two squares along its rank.
var castlingFamilies = []string{family8x8, family6x6}

// TestPropertyCastlingAvailability: a side may castle exactly when the
// rules have castling, it holds the right, its king and that rook stand
// on their squares with nothing else on the squares either passes or
// lands on, the king is not in check, does not cross an attacked square
// and is not attacked where it lands. Checked on every family: where the
// preset has no castling, no castling move may appear.
func TestPropertyCastlingAvailability(t *testing.T) {
	checkPositions(t, nil, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		got := engineMoves(p, engine.Move.IsCastle)
		var want []string
		for _, m := range r.castlings() {
			if r.safe(m) {
				want = append(want, r.describe(m))
			}
		}
		sameMoves(t, p, "castling", got, sortedCopy(want))
		for _, right := range r.rights {
			if right.color == r.side {
				cover["rights held"]++
			}
		}
		cover["castlings"] += len(got)
	})
}

// TestPropertyCastlingExecution: castling puts the king two squares
// towards the rook and the rook on the square the king crossed, empties
// the squares they came from (unless one of them lands there), leaves
// every other square alone, takes both of the side's rights away and
// keeps the opponent's, clears the en-passant target and adds one to the
// halfmove clock. Applies where castling exists: 8×8 and 6×6.
func TestPropertyCastlingExecution(t *testing.T) {
	checkPositions(t, castlingFamilies, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			if !m.IsCastle() {
				continue
			}
			from, to := refSquare(p, m.From()), refSquare(p, m.To())
			var rook = -1
			for _, c := range r.castlings() {
				if c.from == from && c.to == to {
					rook = c.rook
				}
			}
			if rook < 0 || from != r.king(p.Side) || abs(to-from) != 2 || r.rank(to) != r.rank(from) {
				t.Fatalf("%s: %s is not a castling the rules know", p.FEN(), m.Coord(p.B))
			}
			crossed := (from + to) / 2
			q := after(p, m)
			n := newRef(q)
			for s := range r.cells {
				want := r.cells[s]
				switch s {
				case from, rook:
					want = engine.NoPiece
				}
				switch s {
				case to:
					want = engine.MakePiece(p.Side, engine.King)
				case crossed:
					want = engine.MakePiece(p.Side, engine.Rook)
				}
				if n.cells[s] != want {
					t.Fatalf("%s %s: %s holds %v, want %v", p.FEN(), m.Coord(p.B), r.name(s), n.cells[s], want)
				}
			}
			var keep []refRight
			for _, right := range r.rights {
				if right.color != p.Side {
					keep = append(keep, right)
				}
			}
			if !slices.Equal(n.rights, keep) {
				t.Fatalf("%s %s: rights %v after castling, want %v", p.FEN(), m.Coord(p.B), n.rights, keep)
			}
			if q.EP != engine.NoSquare || q.Halfmove != p.Halfmove+1 {
				t.Fatalf("%s %s: en passant %s, halfmove clock %d; want none and %d", p.FEN(), m.Coord(p.B), q.B.Name(q.EP), q.Halfmove, p.Halfmove+1)
			}
			cover["castlings"]++
		}
	})
}

// TestPropertyCastlingRightsRevocation: castling rights only ever go
// away, and exactly when the rules say: both of a side's rights when its
// king moves (castling included), and a right when anything moves from
// or onto its rook's square (the rook moving, or being captured there).
// The rights are followed through every move of the game, and through
// every legal move of every position, from the start's FEN; they are read
// back from each position's FEN, whose K, Q and file letters name the
// rooks. Applies where castling exists: 8×8 and 6×6.
func TestPropertyCastlingRightsRevocation(t *testing.T) {
	checkGames(t, castlingFamilies, func(t *rapid.T, g *played, cover coverage) {
		rights := newRef(g.pos[0]).rights
		for i, p := range g.pos {
			r := newRef(p)
			if !slices.Equal(r.rights, rights) {
				t.Fatalf("%s: after %v the rights are %v, want %v", p.FEN(), g.moves[:i], r.rights, rights)
			}
			byCoord := r.legalByCoord()
			var buf [engine.MaxMoves]engine.Move
			for _, m := range p.LegalMoves(buf[:0]) {
				rm, ok := byCoord[m.Coord(p.B)]
				if !ok {
					t.Fatalf("%s: %s is not legal by the reference", p.FEN(), m.Coord(p.B))
				}
				if got, want := newRef(after(p, m)).rights, r.play(rm).rights; !slices.Equal(got, want) {
					t.Fatalf("%s %s: rights %v, want %v", p.FEN(), m.Coord(p.B), got, want)
				}
				if len(r.play(rm).rights) < len(r.rights) {
					cover["rights lost"]++
				}
			}
			if i < len(g.moves) {
				rights = r.play(byCoord[g.moves[i].Coord(p.B)]).rights
			}
		}
	})
}

// enPassantFamilies are the families with double steps and en passant:
// the chess preset on 8×8, 6×6 and 2×10. Gardner, Los Alamos and the race
// have no double step, 1-D boards no pawns.
var enPassantFamilies = []string{family8x8, family6x6, familyThin}

// TestPropertyEnPassantAvailability: a pawn may capture en passant
// exactly when the opponent's last move was a double step past the
// square diagonally in front of it (the en-passant target), the pawn
// that made it stands beside it, and the capture does not leave its own
// king attacked (the pin along the rank through both pawns included).
// Checked on every family: where the preset has no en passant, no such
// move may appear.
func TestPropertyEnPassantAvailability(t *testing.T) {
	checkPositions(t, nil, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		got := engineMoves(p, engine.Move.IsEnPassant)
		want := r.refMoves(r.legal(), func(m refMove) bool { return m.enPassant })
		sameMoves(t, p, "en passant", got, want)
		if p.EP != engine.NoSquare {
			cover["targets"]++
		}
		cover["captures"] += len(got)
	})
}

// TestPropertyEnPassantExecution: an en-passant capture moves the pawn
// onto the target square and takes off the enemy pawn that double-stepped
// past it (on the capturing pawn's rank, the target's file); nothing else
// changes on the board, the halfmove clock restarts and no new target is
// set. Applies to the en-passant families.
func TestPropertyEnPassantExecution(t *testing.T) {
	checkPositions(t, enPassantFamilies, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			if !m.IsEnPassant() {
				continue
			}
			from, to := refSquare(p, m.From()), refSquare(p, m.To())
			taken := r.sq(r.file(to), r.rank(from))
			if to != r.ep || r.cells[taken] != engine.MakePiece(p.Side.Other(), engine.Pawn) {
				t.Fatalf("%s: %s is no en-passant capture", p.FEN(), m.Coord(p.B))
			}
			q := after(p, m)
			n := newRef(q)
			for s := range r.cells {
				want := r.cells[s]
				switch s {
				case from, taken:
					want = engine.NoPiece
				case to:
					want = engine.MakePiece(p.Side, engine.Pawn)
				}
				if n.cells[s] != want {
					t.Fatalf("%s %s: %s holds %v, want %v", p.FEN(), m.Coord(p.B), r.name(s), n.cells[s], want)
				}
			}
			if q.Halfmove != 0 || q.EP != engine.NoSquare {
				t.Fatalf("%s %s: halfmove clock %d, target %s; want 0 and none", p.FEN(), m.Coord(p.B), q.Halfmove, q.B.Name(q.EP))
			}
			cover["captures"]++
		}
	})
}

// TestPropertyEnPassantExpiration: the en-passant target lasts one move.
// After a pawn's double step it is the square the pawn passed over; after
// any other move there is none, so a capture not made at once is gone.
// Checked after every move of the game and every legal move of each
// position, with the double step recognised from the board (a pawn
// moving two ranks), not from the move's flag. All families.
func TestPropertyEnPassantExpiration(t *testing.T) {
	checkPositions(t, nil, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			from, to := refSquare(p, m.From()), refSquare(p, m.To())
			want := "-"
			if r.cells[from].Type() == engine.Pawn && abs(r.rank(to)-r.rank(from)) == 2 {
				want = r.name((from + to) / 2)
				cover["double steps"]++
			} else if p.EP != engine.NoSquare {
				cover["targets expired"]++
			}
			q := after(p, m)
			if got := q.B.Name(q.EP); got != want {
				t.Fatalf("%s %s: en-passant target %s, want %s", p.FEN(), m.Coord(p.B), got, want)
			}
			if want == "-" && len(engineMoves(q, engine.Move.IsEnPassant)) > 0 {
				t.Fatalf("%s %s: en passant is still possible", p.FEN(), m.Coord(p.B))
			}
		}
	})
}

// promotionFamilies are the families with pawns that promote: all but
// the 1-D boards (no pawns) and the race (pawns reaching the far rank
// stay pawns and win; TestPropertyPromotionRequirement checks that).
var promotionFamilies = []string{family8x8, family6x6, familyGardner, familyLosAlamos, familyThin}

// TestPropertyPromotionRequirement: a pawn never stays a pawn on its last
// rank: no position has one there, every move onto it offers exactly one
// move per piece type of the rules' promotion set (q r b n in chess and
// Gardner, q r n in Los Alamos) and no move elsewhere promotes. The same
// move without a promotion piece, or with one outside the set, is
// refused as a bad promotion. Under the race goal it is the other way
// round: pawns reach the far rank as pawns. Families with pawns (1-D
// boards have none).
func TestPropertyPromotionRequirement(t *testing.T) {
	families := append([]string{familyRace}, promotionFamilies...)
	checkPositions(t, families, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		race := p.R.Goal == engine.GoalRace
		for s, pc := range r.cells {
			if pc.Type() == engine.Pawn && r.rank(s) == r.backRank(pc.Color().Other()) && !race {
				t.Fatalf("%s: a pawn stands on its last rank at %s", p.FEN(), r.name(s))
			}
		}
		var buf [engine.MaxMoves]engine.Move
		offered := map[[2]engine.Square][]engine.PieceType{}
		for _, m := range p.LegalMoves(buf[:0]) {
			last := p.At(m.From()).Type() == engine.Pawn && p.B.Rank(m.To()) == r.backRank(p.Side.Other())
			switch {
			case last && !race:
				offered[[2]engine.Square{m.From(), m.To()}] = append(offered[[2]engine.Square{m.From(), m.To()}], m.Promotion())
			case m.Promotion() != engine.NoPieceType:
				t.Fatalf("%s: %s promotes off the last rank (or in a race)", p.FEN(), m.Coord(p.B))
			case last:
				cover["race finishes"]++
			}
		}
		for pair, types := range offered {
			slices.Sort(types)
			want := p.R.PromotionTypes()
			slices.Sort(want)
			if !slices.Equal(types, want) {
				t.Fatalf("%s: %s%s promotes to %v, want %v", p.FEN(), p.B.Name(pair[0]), p.B.Name(pair[1]), types, want)
			}
			text := p.B.Name(pair[0]) + p.B.Name(pair[1])
			for _, bad := range []string{"", "k"} {
				_, err := p.ParseCoord(text + bad)
				var me *engine.MoveError
				if !errors.As(err, &me) || me.Kind != engine.ErrBadPromotion {
					t.Fatalf("%s: %s%s: %v, want a bad promotion", p.FEN(), text, bad, err)
				}
			}
			if _, err := p.ParseCoord(text + "p"); err == nil {
				t.Fatalf("%s: %sp promotes to a pawn", p.FEN(), text)
			}
			if !p.R.CanPromoteTo(engine.Bishop) {
				if _, err := p.ParseCoord(text + "b"); err == nil {
					t.Fatalf("%s: %sb promotes to a bishop outside the set", p.FEN(), text)
				}
			}
			cover["promotions"]++
		}
	})
}

// TestPropertyPromotionExecution: a promoting pawn leaves the board and a
// piece of the chosen type and the mover's colour stands on the
// destination (having captured what stood there): the side has one pawn
// fewer and one piece of that type more, and the halfmove clock
// restarts. Applies to the promotion families.
func TestPropertyPromotionExecution(t *testing.T) {
	checkPositions(t, promotionFamilies, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			pt := m.Promotion()
			if pt == engine.NoPieceType {
				continue
			}
			q := after(p, m)
			if got := q.At(m.To()); got != engine.MakePiece(p.Side, pt) {
				t.Fatalf("%s %s: %s holds %v, want a %s %s", p.FEN(), m.Coord(p.B), p.B.Name(m.To()), got, p.Side, pt)
			}
			if q.At(m.From()) != engine.NoPiece {
				t.Fatalf("%s %s: the pawn is still on %s", p.FEN(), m.Coord(p.B), p.B.Name(m.From()))
			}
			if q.Count(p.Side, engine.Pawn) != p.Count(p.Side, engine.Pawn)-1 || q.Count(p.Side, pt) != p.Count(p.Side, pt)+1 {
				t.Fatalf("%s %s: %d pawns and %d %ss, were %d and %d", p.FEN(), m.Coord(p.B),
					q.Count(p.Side, engine.Pawn), q.Count(p.Side, pt), pt, p.Count(p.Side, engine.Pawn), p.Count(p.Side, pt))
			}
			if victim := p.At(m.To()); victim != engine.NoPiece && q.Count(victim.Color(), victim.Type()) != p.Count(victim.Color(), victim.Type())-1 {
				t.Fatalf("%s %s: the %v on %s was not taken", p.FEN(), m.Coord(p.B), victim, p.B.Name(m.To()))
			}
			if q.Halfmove != 0 {
				t.Fatalf("%s %s: halfmove clock %d after a promotion", p.FEN(), m.Coord(p.B), q.Halfmove)
			}
			cover["promotions"]++
		}
	})
}
