package hintcost

import (
	"testing"

	"github.com/thinchess/thinchess/internal/wire"
)

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
		got := FirstLabel(c.e)
		if len(got) < len(c.want) || got[:len(c.want)] != c.want || (c.want == "" && got != "") {
			t.Errorf("FirstLabel(%+v) = %q, want %q…", c.e, got, c.want)
		}
	}
}
