package verify

import (
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
)

// A hold's first hint is the danger of its tempting wrong move, read from
// the proof: the move, the refutation's first move and how fast it wins.
// A win has none.
func TestHoldDanger(t *testing.T) {
	lines := []string{
		// Black is in check from the knight: Ka8 holds; the capture
		// Rxa5 is the tempting move that loses.
		`{"id":"h1","start":"x,x,bk,br,wn,x,x,wr,wk:b","result":"draw","solution":"1... Ka8"}`,
		`{"id":"w1","start":"x,bk,bn,br,x,wr,x,wk,x:w","result":"white-wins","mate_in":2,"solution":"1. Rxa6 Ka9 2. Rxa7#"}`,
	}
	src := tableSite(t, "---\ntitle: P\nvariant: 1d\ntable: rnr\n---\n", lines)
	s, errs := mode.Load(src)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	facts, _, verrs := Verify(s, Options{MaxStates: 100_000, MateNodes: 100_000})
	if len(verrs) > 0 {
		t.Fatal(verrs)
	}
	if d := facts["w1"].Danger; d != nil {
		t.Errorf("w1, a win, has a danger: %+v", d)
	}
	d := facts["h1"].Danger
	if d == nil {
		t.Fatal("h1, a hold, has no danger")
	}
	if d.Move != "Rxa5" || d.WinIn < 1 {
		t.Fatalf("h1's danger is %+v, want the capture Rxa5 and a win in at least 1", d)
	}
	t.Logf("h1: %+v", d)
	// The reply is White's move after Rxa5, and it wins as fast as said.
	var start *mode.Mode
	for _, m := range s.Puzzles() {
		if m.ID == "h1" {
			start = m
		}
	}
	if start == nil {
		t.Fatal("h1 is not loaded")
	}
	p := *start.Start
	mv, err := p.ParseSAN("Rxa5")
	if err != nil {
		t.Fatal(err)
	}
	p.Make(mv)
	reply, err := p.ParseCoord(d.Reply)
	if err != nil {
		t.Fatalf("reply %q: %v", d.Reply, err)
	}
	if got := p.SAN(reply); got != d.ReplySAN {
		t.Errorf("reply %s is %s in SAN, the danger says %s", d.Reply, got, d.ReplySAN)
	}
	if p.Side != engine.White {
		t.Errorf("the reply is %s's, want White's", p.Side)
	}
}
