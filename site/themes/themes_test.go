package themes

import "testing"

// TestTitle: themes read as words, the lichess names the split at
// capitals mangles ("Attacking f 2 f 7", "Pillsburys mate") among them.
func TestTitle(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"mateIn2", "Mate in 2"},
		{"holdDraw", "Hold the draw"},
		{"quietMove", "Quiet move"},
		{"backRankMate", "Back-rank mate"},
		{"pin", "Pin"},
		{"discoveredAttack", "Discovered attack"},
		{"mateIn12", "Mate in 12"},
		{"attackingF2F7", "Attacking f2 or f7"},
		{"pillsburysMate", "Pillsbury's mate"},
	} {
		if got := Title(tc.in); got != tc.want {
			t.Errorf("Title(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
