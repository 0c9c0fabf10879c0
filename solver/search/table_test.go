package search

import (
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// TestSearchPlaysByTable: with exact tables on, Search plays a won
// position by one of the table's fastest wins, reports the exact mate,
// and in a drawn position never picks a losing move.
func TestSearchPlaysByTable(t *testing.T) {
	start := mustParse(t, "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", "")
	tb, err := solver.Solve(start, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(16)
	seen := [3]int{}
	for i := 0; i < tb.Len() && seen[0]+seen[1]+seen[2] < 60; i += tb.Len() / 400 {
		p := tb.Position(i)
		v, d := tb.Entry(i)
		if tb.Terminal(i) != solver.NotTerminal || seen[v+1] >= 20 {
			continue
		}
		seen[v+1]++
		res := s.Search(p, Limits{Nodes: 2000})
		mvs := tb.MoveValues(p)
		var got solver.MoveValue
		for _, mv := range mvs {
			if mv.Move == res.Move {
				got = mv
			}
		}
		switch {
		case got.Move == engine.NoMove:
			t.Errorf("%s: %v is not a legal move", p.FEN(), res.Move)
		case got.Value != v:
			t.Errorf("%s: the table says %s, Search's move %s gives %s", p.FEN(), v, p.SAN(res.Move), got.Value)
		case v == solver.Win && (got.DTM != d || !res.Exact || res.Mate != (d+1)/2):
			t.Errorf("%s: win in %d plies, Search's %s wins in %d (exact %v, mate %d)", p.FEN(), d, p.SAN(res.Move), got.DTM, res.Exact, res.Mate)
		}
	}
	if seen[0] == 0 || seen[1] == 0 || seen[2] == 0 {
		t.Errorf("sample lacks a value: %v (loss, draw, win)", seen)
	}
}

// TestSearchSwindlesLostPositions: in positions the table loses, Search
// plays a losing move (there is no other) with the best chance that a
// random opponent lets the win slip, computed afresh for each position
// (the Searcher's memo, shared between moves, must not change choices).
func TestSearchSwindlesLostPositions(t *testing.T) {
	start := mustParse(t, "pppp/4/4/PPPP w - - 0 1", "race")
	tb, err := solver.Solve(start, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(16)
	checked := 0
	for i := 0; i < tb.Len() && checked < 150; i += 7 {
		v, _ := tb.Entry(i)
		if v != solver.Loss || tb.Terminal(i) != solver.NotTerminal {
			continue
		}
		checked++
		p := tb.Position(i)
		res := s.Search(p, Limits{Nodes: 1000})
		moves, next := tb.Successors(i)
		fresh := &swindler{t: tb, memo: map[int]float64{}, budget: maxSwindleStates}
		best, got := -1.0, -1.0
		for j, m := range moves {
			odds := fresh.reply(next[j])
			best = max(best, odds)
			if m == res.Move {
				got = odds
			}
		}
		if got < 0 {
			t.Fatalf("%s: Search plays %v, not a move of the table", p.FEN(), res.Move)
		}
		if got != best || !res.Exact || res.Score >= 0 {
			t.Errorf("%s: Search's %s escapes with chance %.3f, the best move %.3f (exact %v, score %d)", p.FEN(), p.SAN(res.Move), got, best, res.Exact, res.Score)
		}
	}
	if checked == 0 {
		t.Fatal("no lost state checked")
	}
}
