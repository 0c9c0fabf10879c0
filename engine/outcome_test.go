package engine

import "testing"

func TestOutcomeDescribe(t *testing.T) {
	for _, tc := range []struct {
		o             Outcome
		g             Goal
		mateIn, plies int
		want          string
	}{
		{WhiteWins, GoalCheckmate, 6, 11, "White wins: mate in 6 (11 plies)"},
		{WhiteWins, GoalCheckmate, 1, 1, "White wins: mate in 1 (1 ply)"},
		{BlackWins, GoalCheckmate, 0, 0, "Black has won"},
		{Drawn, GoalCheckmate, 0, -1, "Draw with best play"},
		// A race is won on the last rank (or by leaving the opponent no
		// move), not by mate: the play-test read "Black wins: mate in 1"
		// after a race lost.
		{BlackWins, GoalRace, 1, 1, "Black wins the race in 1 (1 ply)"},
		{WhiteWins, GoalRace, 3, 5, "White wins the race in 3 (5 plies)"},
		{WhiteWins, GoalRace, 0, 0, "White has won"},
		{Drawn, GoalRace, 0, -1, "Draw with best play"},
	} {
		if got := tc.o.Describe(tc.g, tc.mateIn, tc.plies); got != tc.want {
			t.Errorf("%v.Describe(%v, %d, %d) = %q, want %q", tc.o, tc.g, tc.mateIn, tc.plies, got, tc.want)
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
