package site

import (
	"math"
	"testing"

	"github.com/thinchess/thinchess/internal/wire"
)

// Glickman's worked example, as rating.test.js checks its twin.
func TestGlickoUpdateWorkedExample(t *testing.T) {
	p := glickoUpdate(glicko{1500, 200, 0.06}, []glickoResult{{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}}, 0.5, false)
	if math.Abs(p.rating-1464.06) > 0.02 || math.Abs(p.rd-151.52) > 0.02 || math.Abs(p.vol-0.06) > 5e-6 {
		t.Errorf("Glickman's example gives %+v, want 1464.06, 151.52, 0.06000", p)
	}
	if won, lost := glickoUpdate(glickoStart, []glickoResult{{1500, 80, 1}}, glickoTau, true), glickoUpdate(glickoStart, []glickoResult{{1500, 80, 0}}, glickoTau, true); won.rating <= 1500 || lost.rating >= 1500 {
		t.Errorf("a win gives %.1f and a loss %.1f from 1500", won.rating, lost.rating)
	}
}

func TestFirstHintLabel(t *testing.T) {
	hinted := &wire.Puzzle{Hints: []wire.Hint{{Text: "Start with the knight."}}}
	for _, c := range []struct {
		e    *wire.PuzzleEntry
		want string
	}{
		{&wire.PuzzleEntry{Rating: 1726, Estimated: true, Mode: wire.Mode{Puzzle: hinted}}, "Hint (costs "},
		{&wire.PuzzleEntry{Rating: 1500, Mode: wire.Mode{Puzzle: &wire.Puzzle{}}}, ""},
		{nil, ""},
	} {
		got := firstHintLabel(c.e)
		if len(got) < len(c.want) || got[:len(c.want)] != c.want || (c.want == "" && got != "") {
			t.Errorf("firstHintLabel(%+v) = %q, want %q…", c.e, got, c.want)
		}
	}
}
