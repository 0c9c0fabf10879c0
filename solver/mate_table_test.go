package solver

import (
	"slices"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// TestMateAgainstTable cross-checks MateSearch with the exact retrograde
// tables on boards small enough for both: for sampled states, a state the
// table wins in d plies is a proven mate in ⌈d/2⌉ moves with exactly the
// table's fastest first moves and no mate one move sooner; a state the
// table loses in d plies is mated in d/2 attacker moves with the loser
// to move; a drawn state has no mate within the bound tried.
func TestMateAgainstTable(t *testing.T) {
	tests := []struct {
		name, pos, variant string
		samples            int
	}{
		{"1x8 Gardner start", "bk,bn,br,x,x,wr,wn,wk:w", "", 0},
		{"1x12 start", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", "", 150},
		{"octopawn", "pppp/4/4/PPPP w - - 0 1", "race", 300},
		{"2x10 king, bishop and knight", "x,x/x,x/bb,x/x,x/x,x/bn,x/x,x/bk,x/x,x/wk,x:b", "", 150},
		{"2x4 king and rook each", "bk,x/br,x/x,wr/x,wk:w", "", 200},
		{"3x4 king and rook against king", "x,bk,x/x,x,x/x,x,x/wr,x,wk:w", "", 300},
		{"3x3 king and queen", "bk,x,x/x,x,x/x,wq,wk:w", "", 0},
		{"3x4 pawns promote", "x,bk,x/bp,x,x/x,x,wp/x,wk,x:w", "", 300},
	}
	if testing.Short() {
		for i := range tests {
			if tests[i].samples == 0 || tests[i].samples > 60 {
				tests[i].samples = 60
			}
		}
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := mustParse(t, tt.pos, tt.variant)
			tb, err := Solve(start, Options{MaxStates: 4 << 20})
			if err != nil {
				t.Fatal(err)
			}
			// Visit the states in a scattered order (a stride prime to
			// their number), checking up to samples/3 of each value (all
			// of them when samples is 0).
			n := tb.Len()
			limit := n
			if tt.samples > 0 {
				limit = (tt.samples + 2) / 3
			}
			stride := 7919
			for gcd(stride, n) != 1 {
				stride += 2
			}
			checked := [3]int{}
			for j := 0; j < n; j++ {
				i := int(int64(j) * int64(stride) % int64(n))
				v, d := tb.Entry(i)
				if checked[v+1] >= limit || tb.Terminal(i) != NotTerminal {
					continue
				}
				checked[v+1]++
				checkMateAgainstTable(t, tb, tb.Position(i), v, d)
			}
			t.Logf("%d states, checked %d won, %d drawn, %d lost", n, checked[2], checked[1], checked[0])
			if checked[0]+checked[1]+checked[2] == 0 {
				t.Fatalf("no state checked")
			}
		})
	}
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func checkMateAgainstTable(t *testing.T, tb *Table, p *engine.Position, v Value, d int) {
	t.Helper()
	fen := p.FEN()
	switch v {
	case Win:
		moves := (d + 1) / 2
		res, err := MateSearch(p, p.Side, moves, MateOptions{MaxTreeNodes: -1, TableBits: 16})
		if err != nil || !res.Found || res.Moves != moves || res.Plies != d {
			t.Errorf("%s: table wins in %d plies; MateSearch found %v in %d moves (%d plies), err %v", fen, d, res.Found, res.Moves, res.Plies, err)
			return
		}
		var fast []string
		for _, m := range res.First {
			if m.Moves == moves {
				fast = append(fast, m.SAN)
			}
		}
		var want []string
		for _, m := range tb.BestMoves(p) {
			want = append(want, p.SAN(m))
		}
		slices.Sort(fast)
		slices.Sort(want)
		if !slices.Equal(fast, want) {
			t.Errorf("%s: fastest mates %q, table's best moves %q", fen, fast, want)
		}
	case Loss:
		moves := d / 2
		res, err := MateSearch(p, p.Side.Other(), moves, MateOptions{MaxTreeNodes: -1, TableBits: 16})
		if err != nil || !res.Found || res.Moves != moves || res.Plies != d {
			t.Errorf("%s: table loses in %d plies; MateSearch found %v in %d moves (%d plies), err %v", fen, d, res.Found, res.Moves, res.Plies, err)
		}
		if moves > 0 {
			res, err = MateSearch(p, p.Side.Other(), moves-1, MateOptions{MaxTreeNodes: -1, TableBits: 16})
			if err != nil || res.Found {
				t.Errorf("%s: table loses in %d plies; MateSearch found a mate within %d moves, err %v", fen, d, moves-1, err)
			}
		}
	case Draw:
		for _, side := range []engine.Color{engine.White, engine.Black} {
			res, err := MateSearch(p, side, 4, MateOptions{MaxTreeNodes: -1, TableBits: 16})
			if err != nil || res.Found {
				t.Errorf("%s: table draws; MateSearch for %s found %v in %d, err %v", fen, side, res.Found, res.Moves, err)
			}
		}
	}
}

// TestSearchPlaysByTable: with exact tables on, Search plays a won
// position by one of the table's fastest wins, reports the exact mate,
// and in a drawn position never picks a losing move.
func TestSearchPlaysByTable(t *testing.T) {
	start := mustParse(t, "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", "")
	tb, err := Solve(start, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(16)
	seen := [3]int{}
	for i := 0; i < tb.Len() && seen[0]+seen[1]+seen[2] < 60; i += tb.Len() / 400 {
		p := tb.Position(i)
		v, d := tb.Entry(i)
		if tb.Terminal(i) != NotTerminal || seen[v+1] >= 20 {
			continue
		}
		seen[v+1]++
		res := s.Search(p, Limits{Nodes: 2000})
		mvs := tb.MoveValues(p)
		var got MoveValue
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
		case v == Win && (got.DTM != d || !res.Exact || res.Mate != (d+1)/2):
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
	tb, err := Solve(start, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(16)
	checked := 0
	for i := 0; i < tb.Len() && checked < 150; i += 7 {
		v, _ := tb.Entry(i)
		if v != Loss || tb.Terminal(i) != NotTerminal {
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
