package engine

import "testing"

func TestOutcomeDescribe(t *testing.T) {
	for _, tc := range []struct {
		o             Outcome
		mateIn, plies int
		want          string
	}{
		{WhiteWins, 6, 11, "White wins: mate in 6 (11 plies)"},
		{WhiteWins, 1, 1, "White wins: mate in 1 (1 ply)"},
		{BlackWins, 0, 0, "Black has won"},
		{Drawn, 0, -1, "Draw with best play"},
	} {
		if got := tc.o.Describe(tc.mateIn, tc.plies); got != tc.want {
			t.Errorf("%v.Describe(%d, %d) = %q, want %q", tc.o, tc.mateIn, tc.plies, got, tc.want)
		}
	}
}

func TestSameGame(t *testing.T) {
	chess, gardner := MustPreset("chess"), MustPreset("gardner")
	named := *chess
	named.Preset = "renamed"
	material := *chess
	material.InitialMaterial[White][Queen] = 2
	bans := *chess
	bans.Bans = true
	for _, tc := range []struct {
		name string
		a, b *Rules
		want bool
	}{
		{"itself", chess, chess, true},
		{"another preset name", chess, &named, true},
		{"another initial material", chess, &material, true},
		{"bans", chess, &bans, false},
		{"another preset's rules", chess, gardner, false},
	} {
		if got := SameGame(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: SameGame = %v, want %v", tc.name, got, tc.want)
		}
	}
}
