package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"pgregory.net/rapid"
)

// Check, the ends of a game and king safety.

// TestPropertyCheckDetection: the side to move is in check exactly when
// some enemy piece attacks its king (asked of every enemy piece in turn);
// a move gives check exactly when the opponent is in check after it, and
// its SAN ends in "+" for a check, "#" for a mate, and in neither
// otherwise. The side that just moved is never in check. Families with
// kings (the race has none).
func TestPropertyCheckDetection(t *testing.T) {
	checkPositions(t, withKings, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		if got, want := p.InCheck(), r.inCheck(r.side); got != want {
			t.Fatalf("%s: InCheck %v, want %v", p.FEN(), got, want)
		}
		if r.inCheck(r.side.Other()) {
			t.Fatalf("%s: the %s king is attacked but %s is to move", p.FEN(), r.side.Other(), r.side)
		}
		if r.inCheck(r.side) {
			cover["checks"]++
		}
		byCoord := r.legalByCoord()
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			next := r.play(byCoord[m.Coord(p.B)])
			check := next.inCheck(next.side)
			if got := p.GivesCheck(m); got != check {
				t.Fatalf("%s: GivesCheck(%s) = %v, want %v", p.FEN(), m.Coord(p.B), got, check)
			}
			suffix := ""
			switch {
			case check && len(next.legal()) == 0:
				suffix = "#"
				cover["mating moves"]++
			case check:
				suffix = "+"
				cover["checking moves"]++
			}
			san := p.SAN(m)
			if got := san[len(strings.TrimRight(san, "+#")):]; got != suffix {
				t.Fatalf("%s: SAN of %s is %s, want the suffix %q", p.FEN(), m.Coord(p.B), san, suffix)
			}
		}
	})
}

// TestPropertyCheckmateDetection: a position is checkmate exactly when
// the side to move is in check and has no legal move; the game is then
// over, won by the other side, and refuses any further move. Families
// with kings (under the race goal a side without moves loses instead;
// the race has no check).
func TestPropertyCheckmateDetection(t *testing.T) {
	checkGames(t, withKings, func(t *rapid.T, g *played, cover coverage) {
		for i, p := range g.pos {
			r := newRef(p)
			want := r.inCheck(r.side) && len(r.legal()) == 0
			if got := p.Status() == engine.Checkmate; got != want {
				t.Fatalf("%s: status %v; in check %v with %d legal moves", p.FEN(), p.Status(), r.inCheck(r.side), len(r.legal()))
			}
			if !want {
				continue
			}
			cover["mates"]++
			if g.status[i] != engine.Checkmate {
				t.Fatalf("%s: the game's status is %v at a mate", p.FEN(), g.status[i])
			}
			game := game.New(p)
			if w, ok := game.Winner(); !ok || w != p.Side.Other() {
				t.Fatalf("%s: winner %v %v, want %s", p.FEN(), w, ok, p.Side.Other())
			}
			if want := map[engine.Color]string{engine.White: "1-0", engine.Black: "0-1"}[p.Side.Other()]; game.Result() != want {
				t.Fatalf("%s: result %s, want %s", p.FEN(), game.Result(), want)
			}
			refuseAfterEnd(t, game, r)
		}
	})
}

// refuseAfterEnd checks that a game that is over refuses a move of a
// piece of the side to move, with ErrGameOver, and stays as it was.
func refuseAfterEnd(t *rapid.T, game *game.Game, r *refBoard) {
	p := game.Position()
	for s := range r.cells {
		if !r.own(s) {
			continue
		}
		for _, to := range r.walk(s, queenDirs, 1) {
			before := stateOf(t, game)
			err := game.Play(engine.NewMove(square(p, s), square(p, to)))
			var me *engine.MoveError
			if !errors.As(err, &me) || me.Kind != engine.ErrGameOver {
				t.Fatalf("%s: a move after the end: %v, want ErrGameOver", p.FEN(), err)
			}
			if !sameState(before, stateOf(t, game)) {
				t.Fatalf("%s: a move after the end changed the game", p.FEN())
			}
			return
		}
	}
}

// TestPropertyStalemateDetection: a position is stalemate exactly when
// the side to move is not in check and has no legal move; the game is
// then drawn and refuses further moves. Families with kings (under the
// race goal a side without moves loses; see NoMoves).
func TestPropertyStalemateDetection(t *testing.T) {
	checkGames(t, withKings, func(t *rapid.T, g *played, cover coverage) {
		for i, p := range g.pos {
			r := newRef(p)
			want := !r.inCheck(r.side) && len(r.legal()) == 0
			if got := p.Status() == engine.Stalemate; got != want {
				t.Fatalf("%s: status %v; in check %v with %d legal moves", p.FEN(), p.Status(), r.inCheck(r.side), len(r.legal()))
			}
			if !want {
				continue
			}
			cover["stalemates"]++
			if g.status[i] != engine.Stalemate {
				t.Fatalf("%s: the game's status is %v at a stalemate", p.FEN(), g.status[i])
			}
			game := game.New(p)
			if w, ok := game.Winner(); ok || game.Result() != "1/2-1/2" {
				t.Fatalf("%s: winner %v %v, result %s; want a draw", p.FEN(), w, ok, game.Result())
			}
			refuseAfterEnd(t, game, r)
		}
	})
}

// TestPropertyInsufficientMaterialDetection: a position with legal moves
// is drawn for insufficient material exactly when only the kings are
// left or, on boards wider than one file, the kings and one knight or
// bishop. On a one-file board a king and a knight can mate, so only bare
// kings count there. Families with kings (the race preset turns the rule
// off: pawns only, no mate to be unable to give).
func TestPropertyInsufficientMaterialDetection(t *testing.T) {
	checkGames(t, withKings, func(t *rapid.T, g *played, cover coverage) {
		for i, p := range g.pos {
			r := newRef(p)
			want := p.R.InsufficientMaterial && len(r.legal()) > 0 && r.insufficient()
			if got := p.Status() == engine.InsufficientMaterial; got != want {
				t.Fatalf("%s: status %v, want insufficient material %v", p.FEN(), p.Status(), want)
			}
			if !want {
				continue
			}
			cover["insufficient"]++
			if g.status[i] != engine.InsufficientMaterial {
				t.Fatalf("%s: the game's status is %v", p.FEN(), g.status[i])
			}
			refuseAfterEnd(t, game.New(p), r)
		}
	})
}

// historyStatus is the game status the rules give position i of a game,
// with the halfmove clocks and repetition keys of its positions: the
// position's own status first, then the fifty-move rule (a clock of 100
// or more), then threefold repetition (the position seen three times in
// the game so far).
func historyStatus(g *played, i int, clock []int, keys []string) engine.Status {
	r := newRef(g.pos[i])
	if st := r.status(); st != engine.Active {
		return st
	}
	if r.rules.FiftyMove && clock[i] >= 100 {
		return engine.FiftyMove
	}
	if r.rules.Threefold && repetitions(keys, i) >= 3 {
		return engine.Threefold
	}
	return engine.Active
}

// repetitionKeys returns refBoard.key of each position of a game.
func repetitionKeys(g *played) []string {
	out := make([]string, len(g.pos))
	for i, p := range g.pos {
		out[i] = newRef(p).key()
	}
	return out
}

// repetitions counts the positions up to i with the key of position i,
// itself included.
func repetitions(keys []string, i int) int {
	n := 0
	for _, k := range keys[:i+1] {
		if k == keys[i] {
			n++
		}
	}
	return n
}

// clocks counts the halfmove clock of each position of a game: the
// start's, then zero after a pawn move or a capture and one more after
// any other move.
func clocks(g *played) []int {
	out := []int{g.pos[0].Halfmove}
	for i, m := range g.moves {
		r := newRef(g.pos[i])
		from, to := refSquare(g.pos[i], m.From()), refSquare(g.pos[i], m.To())
		if r.cells[from].Type() == engine.Pawn || r.enemy(to) {
			out = append(out, 0)
		} else {
			out = append(out, out[i]+1)
		}
	}
	return out
}

// TestPropertyThreefoldRepetitionDetection: a game is drawn by threefold
// repetition exactly when its current position has occurred three times
// (the same pieces on the same squares, side to move, castling rights
// and, when a pawn stands ready to take en passant, en-passant target;
// see refBoard.key for where FIDE differs) and no earlier rule ends it.
// Repeating games take moves back to make repetitions. All families
// (the race preset keeps the rule too).
func TestPropertyThreefoldRepetitionDetection(t *testing.T) {
	checkGames(t, nil, func(t *rapid.T, g *played, cover coverage) {
		clock, keys := clocks(g), repetitionKeys(g)
		for i := range g.pos {
			want := historyStatus(g, i, clock, keys)
			if got := g.status[i]; (got == engine.Threefold) != (want == engine.Threefold) {
				t.Fatalf("%s after %v: status %v, want %v (seen %d times)", g.pos[i].FEN(), g.moves[:i], got, want, repetitions(keys, i))
			}
			if n := repetitions(keys, i); n >= 2 {
				cover["repeated positions"]++
				if want == engine.Threefold {
					cover["threefold"]++
				}
			}
		}
	})
}

// TestPropertyFiftyMoveDetection: a game is drawn by the fifty-move rule
// exactly when a hundred plies have passed without a capture or a pawn
// move (counted here from the start's clock, move by move) and the
// position does not end the game by itself (a mate on the hundredth ply
// is a mate). A quarter of the games start with the clock between 90 and
// 99. All families.
func TestPropertyFiftyMoveDetection(t *testing.T) {
	checkGames(t, nil, func(t *rapid.T, g *played, cover coverage) {
		clock, keys := clocks(g), repetitionKeys(g)
		for i := range g.pos {
			want := historyStatus(g, i, clock, keys)
			if got := g.status[i]; (got == engine.FiftyMove) != (want == engine.FiftyMove) {
				t.Fatalf("%s after %v: status %v, want %v (clock %d)", g.pos[i].FEN(), g.moves[:i], got, want, clock[i])
			}
			if clock[i] >= 90 {
				cover["clocks from 90"]++
			}
			if want == engine.FiftyMove {
				cover["fifty-move draws"]++
			}
		}
	})
}

// TestPropertyLegalMovesPreserveKingSafety: the legal moves are exactly
// the moves the pieces can make (castling included) that do not leave
// the mover's king attacked, asked of every enemy piece after the move is
// played; in particular kings never stand next to each other. Families
// with kings (the race has none; there every pseudo-legal move is legal,
// which TestPropertyPawnMovement covers).
func TestPropertyLegalMovesPreserveKingSafety(t *testing.T) {
	checkPositions(t, withKings, func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage) {
		got := engineMoves(p, func(engine.Move) bool { return true })
		want := r.refMoves(r.legal(), func(refMove) bool { return true })
		sameMoves(t, p, "legal moves", got, want)
		if wk, bk := r.king(engine.White), r.king(engine.Black); wk >= 0 && bk >= 0 &&
			abs(r.file(wk)-r.file(bk)) <= 1 && abs(r.rank(wk)-r.rank(bk)) <= 1 {
			t.Fatalf("%s: the kings stand side by side", p.FEN())
		}
		for s := range r.cells {
			for _, m := range r.pseudo(s) {
				if !r.safe(m) {
					cover["moves refused for king safety"]++
				}
			}
		}
	})
}
