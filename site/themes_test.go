package site

import "testing"

func TestThemeTitle(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"mateIn2", "Mate in 2"},
		{"holdDraw", "Hold the draw"},
		{"quietMove", "Quiet move"},
		{"backRankMate", "Back-rank mate"},
		{"pin", "Pin"},
		{"discoveredAttack", "Discovered attack"},
		{"mateIn12", "Mate in 12"},
	} {
		if got := ThemeTitle(tc.in); got != tc.want {
			t.Errorf("ThemeTitle(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
