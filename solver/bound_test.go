package solver

import (
	"strings"
	"testing"

	"pgregory.net/rapid"

	"github.com/thinchess/thinchess/engine"
)

// TestStateBoundSmall checks StateBound against counts done by hand.
func TestStateBoundSmall(t *testing.T) {
	for _, tc := range []struct {
		preset, position string
		want             float64
	}{
		// Two kings on three squares: 3·2 placements, each side to move.
		{"1d", "bk,x,wk:w", 12},
		// A rook more: it may be captured, so 6·2 + 3·2·1 placements
		// with it and 6 without, times 2.
		{"1d", "bk,x,x,wk,wr:w", 2 * (5*4*3 + 5*4)},
		// Hexapawn: pawns of both colours on all three ranks (reaching
		// the far one wins the race), any number of each.
		{"race", "ppp/3/PPP w - - 0 1", 2 * hexapawnPlacements()},
	} {
		start, err := engine.Parse(tc.position, engine.MustPreset(tc.preset))
		if err != nil {
			t.Fatal(err)
		}
		if got := StateBound(start); got != tc.want {
			t.Errorf("%s: StateBound %v, want %v", tc.position, got, tc.want)
		}
	}
}

// hexapawnPlacements counts by brute force the boards of up to three
// pawns a side on 3×3 squares: white pawns on ranks 1 to 3, black pawns
// on ranks 3 to 1 (every rank).
func hexapawnPlacements() float64 {
	n := 0
	var walk func(sq, w, b int)
	walk = func(sq, w, b int) {
		if sq == 9 {
			n++
			return
		}
		walk(sq+1, w, b)
		if w < 3 {
			walk(sq+1, w+1, b)
		}
		if b < 3 {
			walk(sq+1, w, b+1)
		}
	}
	walk(0, 0, 0)
	return float64(n)
}

// TestStateBoundHolds solves random small starts, with pawns, promotion,
// castling and races, and requires StateBound to be at least the number
// of states reached.
func TestStateBoundHolds(t *testing.T) {
	for _, code := range []string{
		"bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w",
		"bk,bn,br,x,x,wr,wn,wk:w",
		"pppp/4/4/PPPP w - - 0 1",
	} {
		preset := "1d"
		if strings.Contains(code, "/") {
			preset = "race"
		}
		start, err := engine.Parse(code, engine.MustPreset(preset))
		if err != nil {
			t.Fatal(err)
		}
		tb, err := Solve(start, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if n, bound := tb.Stats().States, StateBound(start); float64(n) > bound {
			t.Errorf("%s: %d states reachable, StateBound %v", code, n, bound)
		}
	}
	rapid.Check(t, func(rt *rapid.T) {
		preset := rapid.SampledFrom([]string{"chess", "race", "gardner"}).Draw(rt, "preset")
		files := rapid.IntRange(2, 4).Draw(rt, "files")
		ranks := rapid.IntRange(3, 5).Draw(rt, "ranks")
		board := make([]string, files*ranks)
		for i := range board {
			board[i] = "x"
		}
		types := []string{"p", "p", "n", "b", "r", "q"}
		if preset != "race" {
			board[rapid.IntRange(0, files-1).Draw(rt, "white king")] = "wk"
			board[len(board)-1-rapid.IntRange(0, files-1).Draw(rt, "black king")] = "bk"
		}
		for range rapid.IntRange(1, 3).Draw(rt, "pieces") {
			sq := rapid.IntRange(0, len(board)-1).Draw(rt, "square")
			if board[sq] == "x" {
				board[sq] = rapid.SampledFrom([]string{"w", "b"}).Draw(rt, "colour") + rapid.SampledFrom(types).Draw(rt, "type")
			}
		}
		rows := make([]string, ranks)
		for r := range ranks {
			rows[r] = strings.Join(board[(ranks-1-r)*files:(ranks-r)*files], ",")
		}
		code := strings.Join(rows, "/") + ":w"
		start, err := engine.Parse(code, engine.MustPreset(preset))
		if err != nil {
			rt.Skip(err) // a pawn on a last rank, a side not to move in check
		}
		tb, err := Solve(start, Options{MaxStates: 200_000})
		if err != nil {
			rt.Skip(err)
		}
		if n, bound := tb.Stats().States, StateBound(start); float64(n) > bound {
			rt.Fatalf("%s (%s): %d states reachable, StateBound %v", code, preset, n, bound)
		}
	})
}
