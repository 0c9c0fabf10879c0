package solver

import (
	"math"
	"math/bits"

	"github.com/thinchess/thinchess/engine"
)

// StateBound returns an upper bound on the number of states reachable
// from start: it counts every placement of every material each side
// could still have, whether or not a game reaches it. A side's material
// is its start's pieces less any captured, with pawns promoted to the
// promotion types (never more of a type than the start's count plus the
// pawns gone, nor more than the start's count when a pawn may promote
// only to a type the side has lost); kings stay on the board unless the
// goal is a race. A pawn stands on a square of its file-wide band: from
// the lowest rank its side's pawns start on, forwards, short of the last
// rank unless reaching it wins the race. Each placement counts once for
// each side to move, and for each subset of the start's castling rights
// and each en-passant file the rules allow.
//
// The bound says how far a start is beyond one machine; a start that is
// solved has this many states at most (see TestStateBoundHolds).
func StateBound(start *engine.Position) float64 {
	b, r := start.B, start.R
	var count [2][engine.King + 1]int
	low := [2]int{b.H, b.H} // the rank nearest its own side a pawn starts on, counted from that side
	for s := engine.Square(0); int(s) < b.N; s++ {
		pc := start.At(s)
		if pc == engine.NoPiece {
			continue
		}
		c, t := pc.Color(), pc.Type()
		count[c][t]++
		if t == engine.Pawn {
			rank := b.Rank(s)
			if c == engine.Black {
				rank = b.H - 1 - rank
			}
			low[c] = min(low[c], rank)
		}
	}
	race := r.Goal == engine.GoalRace
	top := b.H - 2 // the last rank a pawn stands on, counted from its side
	if race {
		top = b.H - 1
	}
	// White's pawns stand on ranks wLo to wHi, Black's on bLo to bHi,
	// which share over squares.
	wLo, wHi := low[0], top
	bLo, bHi := b.H-1-top, b.H-1-low[1]
	over := max(0, min(wHi, bHi)-max(wLo, bLo)+1) * b.W
	width := [2]int{max(0, wHi-wLo+1) * b.W, max(0, bHi-bLo+1) * b.W}

	var pieces [2][][]float64 // pieces[c][p][m]: see sideMaterial
	for c := range 2 {
		pieces[c] = sideMaterial(count[c], r, race)
	}
	total := 0.0
	for pw, aw := range pieces[0] {
		for pb, ab := range pieces[1] {
			pawns := pawnPlacements(pw, pb, width[0], width[1], over)
			if pawns == 0 {
				continue
			}
			rest := b.N - pw - pb
			for mw, x := range aw {
				for mb, y := range ab {
					if x == 0 || y == 0 || mw+mb > rest {
						continue
					}
					total += pawns * falling(rest, mw+mb) * x * y
				}
			}
		}
	}
	total *= 2 // the side to move
	if r.Castling {
		total *= math.Exp2(float64(bits.OnesCount8(start.Castle)))
	}
	if r.EnPassant && r.DoubleStep && count[0][engine.Pawn]+count[1][engine.Pawn] > 0 {
		total *= float64(b.W + 1)
	}
	return total
}

// sideMaterial returns, for a side with the start's counts count, the sum
// over the materials it could have with p pawns and m other pieces of
// the product of 1/c! over its piece types with c pieces each, as
// a[p][m]: the placements of a material on n squares are
// n!/(∏ c! · (n-m)!), so the sums let StateBound count every material at
// once.
func sideMaterial(count [engine.King + 1]int, r *engine.Rules, race bool) [][]float64 {
	pawns := count[engine.Pawn]
	var types []engine.PieceType
	promotes := map[engine.PieceType]bool{}
	if pawns > 0 && r.Promotion != 0 && !race && !r.PromoteToCaptured {
		for _, t := range r.PromotionTypes() {
			promotes[t] = true
		}
	}
	for t := engine.Knight; t <= engine.King; t++ {
		if count[t] > 0 || promotes[t] {
			types = append(types, t)
		}
	}
	maxPieces := 0
	for _, t := range types {
		maxPieces += count[t]
	}
	maxPieces += pawns
	a := make([][]float64, pawns+1)
	for p := range a {
		a[p] = make([]float64, maxPieces+1)
		// Walk the types, each count from its least to its most, with
		// the promotions left for counts over the start's.
		var walk func(i, m, spare int, weight float64)
		walk = func(i, m, spare int, weight float64) {
			if i == len(types) {
				a[p][m] += weight
				return
			}
			t := types[i]
			lo, hi := 0, count[t]
			if t == engine.King && !race {
				lo = count[t] // kings are never captured
			}
			if promotes[t] {
				hi += spare
			}
			for c := lo; c <= hi; c++ {
				walk(i+1, m+c, spare-max(0, c-count[t]), weight/factorial(c))
			}
		}
		walk(0, 0, pawns-p, 1)
	}
	return a
}

// pawnPlacements counts the ways to put pw white pawns on a band of ww
// squares and pb black pawns on a band of wb squares, over of which the
// bands share, no two on one square.
func pawnPlacements(pw, pb, ww, wb, over int) float64 {
	total := 0.0
	for k := 0; k <= min(pw, over); k++ { // white pawns on shared squares
		total += choose(over, k) * choose(ww-over, pw-k) * choose(wb-k, pb)
	}
	return total
}

// choose returns the binomial coefficient n over k, 0 outside 0 ≤ k ≤ n.
func choose(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	return falling(n, k) / factorial(k)
}

// falling returns n(n-1)…(n-k+1).
func falling(n, k int) float64 {
	x := 1.0
	for i := range k {
		x *= float64(n - i)
	}
	return x
}

func factorial(n int) float64 { return falling(n, n) }
