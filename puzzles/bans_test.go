package puzzles_test

import (
	"bytes"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/ban"
)

// TestMineBans mines Ban Chess puzzles twice: the same both times, each
// won for its actor with one best action (ban or move) at every turn of
// the actor along its line, which ends the game, and with a second legal
// action at the start; some lines hold a ban.
func TestMineBans(t *testing.T) {
	r := engine.MustPreset("1d")
	r.Bans = true
	start, err := engine.Parse("bk,bn,br,x,x,x,x,x,x,wr,wn,wk:w", r)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := ban.Solve(start, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	src := puzzles.Source{ID: "b", Start: start}
	a, err := puzzles.MineBans(src, tab, puzzles.GameOptions{Games: 3000, Seed: 2})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := puzzles.MineBans(src, tab, puzzles.GameOptions{Games: 3000, Seed: 2})
	if len(a.Puzzles) < 20 || !bytes.Equal(encode(a), encode(b)) {
		t.Fatalf("%d puzzles; the same twice: %v", len(a.Puzzles), bytes.Equal(encode(a), encode(b)))
	}
	bans := 0
	for _, pz := range a.Puzzles {
		p := *pz.Start
		if v, _, _ := tab.Value(&p); v != solver.Win || p.Actor() != pz.Side {
			t.Errorf("%s: not won for its player %s", pz.ID, pz.Side)
		}
		var buf [engine.MaxMoves]engine.Move
		if len(p.Actions(buf[:0])) < 2 {
			t.Errorf("%s: one legal action", pz.ID)
		}
		for _, act := range pz.Line {
			if p.Actor() == pz.Side {
				if best := tab.BestActions(&p); len(best) != 1 || best[0] != act {
					t.Errorf("%s: %v best at %s, the line plays %s", pz.ID, best, p.FEN(), p.ActionText(act))
				}
			}
			if act.IsBan() {
				bans++
			}
			p.MakeAction(act)
		}
		if !p.Status().IsOver() {
			t.Errorf("%s: the line does not end the game", pz.ID)
		}
	}
	if bans == 0 {
		t.Error("no line holds a ban")
	}
}
