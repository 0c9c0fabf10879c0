package mate

import (
	"slices"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// TestMateAgainstTable cross-checks Search with the exact retrograde
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
			tb, err := solver.Solve(start, solver.Options{MaxStates: 4 << 20})
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
				if checked[v+1] >= limit || tb.Terminal(i) != solver.NotTerminal {
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

func checkMateAgainstTable(t *testing.T, tb *solver.Table, p *engine.Position, v solver.Value, d int) {
	t.Helper()
	fen := p.FEN()
	switch v {
	case solver.Win:
		moves := (d + 1) / 2
		res, err := Search(p, p.Side, moves, Options{MaxTreeNodes: -1, TableBits: 16})
		if err != nil || !res.Found || res.Moves != moves || res.Plies != d {
			t.Errorf("%s: table wins in %d plies; Search found %v in %d moves (%d plies), err %v", fen, d, res.Found, res.Moves, res.Plies, err)
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
	case solver.Loss:
		moves := d / 2
		res, err := Search(p, p.Side.Other(), moves, Options{MaxTreeNodes: -1, TableBits: 16})
		if err != nil || !res.Found || res.Moves != moves || res.Plies != d {
			t.Errorf("%s: table loses in %d plies; Search found %v in %d moves (%d plies), err %v", fen, d, res.Found, res.Moves, res.Plies, err)
		}
		if moves > 0 {
			res, err = Search(p, p.Side.Other(), moves-1, Options{MaxTreeNodes: -1, TableBits: 16})
			if err != nil || res.Found {
				t.Errorf("%s: table loses in %d plies; Search found a mate within %d moves, err %v", fen, d, moves-1, err)
			}
		}
	case solver.Draw:
		for _, side := range []engine.Color{engine.White, engine.Black} {
			res, err := Search(p, side, 4, Options{MaxTreeNodes: -1, TableBits: 16})
			if err != nil || res.Found {
				t.Errorf("%s: table draws; Search for %s found %v in %d, err %v", fen, side, res.Found, res.Moves, err)
			}
		}
	}
}

func mustParse(t testing.TB, text, variant string) *engine.Position {
	t.Helper()
	var r *engine.Rules
	if variant != "" {
		r = engine.MustPreset(variant)
	}
	p, err := engine.Parse(text, r)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return p
}
