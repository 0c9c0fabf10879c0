package search

import (
	"math"
	"testing"
)

func TestEloInterval(t *testing.T) {
	cases := []struct {
		w, d, l     int
		elo, lo, hi float64
	}{
		// 50%: 0 Elo; the score's s.d. 0.5/sqrt(20), so 0.5 ± 0.2191.
		{10, 0, 10, 0, -163.3, 163.3},
		// Issue 36's row against full Fairy-Stockfish, as reported
		// there: 6 wins, 4 draws, 50 losses, −325 [−498, −227].
		{6, 4, 50, -325.2, -498.2, -227.1},
		// 75%: +190.8; variance 0.1875, so 0.75 ± 0.1898.
		{15, 0, 5, 190.8, 42.1, 477.3},
	}
	for _, tc := range cases {
		elo, lo, hi := EloInterval(tc.w, tc.d, tc.l)
		if math.Abs(elo-tc.elo) > 0.1 || math.Abs(lo-tc.lo) > 0.1 || math.Abs(hi-tc.hi) > 0.1 {
			t.Errorf("EloInterval(%d, %d, %d) = %.1f [%.1f, %.1f], want %.1f [%.1f, %.1f]", tc.w, tc.d, tc.l, elo, lo, hi, tc.elo, tc.lo, tc.hi)
		}
	}
}

func TestLLR(t *testing.T) {
	// No information yet, or no variance: 0.
	if got := LLR(0, 0, 0, 0, 5); got != 0 {
		t.Errorf("LLR of no games = %v", got)
	}
	if got := LLR(10, 0, 0, 0, 5); got != 0 {
		t.Errorf("LLR of wins only = %v", got)
	}
	// Many games at +10 Elo accept H1 of [0, 5]; at -10 Elo, H0.
	if got := LLR(5300, 2000, 4700, 0, 5); got < SPRTBounds[1] {
		t.Errorf("LLR at about +17 Elo over 12,000 games = %.2f, want above %.2f", got, SPRTBounds[1])
	}
	if got := LLR(4700, 2000, 5300, 0, 5); got > SPRTBounds[0] {
		t.Errorf("LLR at about -17 Elo over 12,000 games = %.2f, want below %.2f", got, SPRTBounds[0])
	}
}
