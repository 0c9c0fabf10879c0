package mate

import (
	"slices"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// TestMateOracleAgreesWithTable asks the mate-search oracle about every
// won state of a small exact table: it must give the table's value,
// distance, best moves and principal variation.
func TestMateOracleAgreesWithTable(t *testing.T) {
	for _, start := range []string{"bk,bn,br,x,x,wr,wn,wk:w", "bk,br,x,x,wr,wk:w"} {
		p := mustParse(t, start, "1d")
		tab := solveTable(t, p)
		checked := 0
		for i := 0; i < tab.Len(); i++ {
			v, dtm := tab.Entry(i)
			if v == solver.Draw || dtm == 0 {
				continue
			}
			q := tab.Position(i)
			winner := q.Side
			if v == solver.Loss {
				winner = q.Side.Other()
			}
			o := NewOracle(winner, (dtm+1)/2, Options{})
			ov, odtm, ok := o.Probe(q)
			if !ok || ov != v || odtm != dtm {
				t.Fatalf("%s: mate oracle says %v in %d (%v), table %v in %d", q.FEN(), ov, odtm, ok, v, dtm)
			}
			if got, want := o.BestMoves(q), tab.BestMoves(q); !slices.Equal(got, want) {
				t.Fatalf("%s: mate oracle's best %v, table's %v", q.FEN(), q.SANLine(got), q.SANLine(want))
			}
			if got, want := solver.PV(o, q, solver.PVLength), solver.PV(tab, q, solver.PVLength); !slices.Equal(got, want) {
				t.Fatalf("%s: mate oracle's PV %v, table's %v", q.FEN(), q.SANLine(got), q.SANLine(want))
			}
			checked++
		}
		if checked == 0 {
			t.Fatalf("%s: no won state checked", start)
		}
	}
}

func solveTable(t *testing.T, p *engine.Position) *solver.Table {
	t.Helper()
	tab, err := solver.Solve(p, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestMateOracleSharedTable asks one oracle per winner about every state
// of small exact tables, in a scattered order, so each answer comes
// from a transposition table filled by searches of unrelated positions:
// every state the winner mates within the bound must get the table's
// distance and best moves (by BestMoves and by IsBest), and every other
// state no answer.
func TestMateOracleSharedTable(t *testing.T) {
	const bound = 3
	for _, start := range []string{"bk,bn,br,x,x,wr,wn,wk:w", "bk,br,x,x,wr,wk:w", "x,bk,x/x,x,x/x,x,x/wr,x,wk:w"} {
		p := mustParse(t, start, "")
		tab := solveTable(t, p)
		n := tab.Len()
		stride := 7919
		for gcd(stride, n) != 1 {
			stride += 2
		}
		for _, winner := range []engine.Color{engine.White, engine.Black} {
			o := NewOracle(winner, bound, Options{})
			found := 0
			for j := 0; j < n; j++ {
				i := int(int64(j) * int64(stride) % int64(n))
				v, dtm := tab.Entry(i)
				q := tab.Position(i)
				if tab.Terminal(i) != solver.NotTerminal {
					continue
				}
				won := v == solver.Win && q.Side == winner || v == solver.Loss && q.Side != winner
				moves := dtm / 2
				if q.Side == winner {
					moves = (dtm + 1) / 2
				}
				ov, odtm, ok := o.Probe(q)
				if !won || moves > bound {
					if ok {
						t.Fatalf("%s: oracle for %s says %v in %d, table %v in %d", q.FEN(), winner, ov, odtm, v, dtm)
					}
					continue
				}
				found++
				if !ok || ov != v || odtm != dtm {
					t.Fatalf("%s: oracle for %s says %v in %d (%v), table %v in %d", q.FEN(), winner, ov, odtm, ok, v, dtm)
				}
				want := tab.BestMoves(q)
				if got := o.BestMoves(q); !slices.Equal(got, want) {
					t.Fatalf("%s: oracle's best %v, table's %v", q.FEN(), q.SANLine(got), q.SANLine(want))
				}
				var buf [engine.MaxMoves]engine.Move
				for _, m := range q.LegalMoves(buf[:0]) {
					if got := o.IsBest(q, m); got != slices.Contains(want, m) {
						t.Fatalf("%s: IsBest(%s) %v, table's best %v", q.FEN(), q.SAN(m), got, q.SANLine(want))
					}
				}
			}
			if err := o.Err(); err != nil {
				t.Fatal(err)
			}
			t.Logf("%s, %s: %d of %d states won within %d", start, winner, found, n, bound)
		}
	}
}

// TestMatesWithinAgreesWithTable asks MatesWithin about every state of a
// small exact table, with the distance the table gives and one less: it
// must prove the first and refute the second.
func TestMatesWithinAgreesWithTable(t *testing.T) {
	p := mustParse(t, "bk,bn,br,x,x,wr,wn,wk:w", "1d")
	tab := solveTable(t, p)
	oracles := map[engine.Color]*Oracle{}
	checked := 0
	for i := 0; i < tab.Len(); i++ {
		v, dtm := tab.Entry(i)
		if v == solver.Draw {
			continue
		}
		q := tab.Position(i)
		winner := q.Side
		if v == solver.Loss {
			winner = q.Side.Other()
		}
		o := oracles[winner]
		if o == nil {
			o = NewOracle(winner, 1, Options{})
			oracles[winner] = o
		}
		n := dtm / 2
		if v == solver.Win {
			n = (dtm + 1) / 2
		}
		if mates, decided := o.MatesWithin(q, n, 1_000_000); !mates || !decided {
			t.Fatalf("%s: MatesWithin(%d) = %v, %v; the table says %s mates in %d plies", q.FEN(), n, mates, decided, winner, dtm)
		}
		if n > 0 {
			if mates, decided := o.MatesWithin(q, n-1, 1_000_000); mates || !decided {
				t.Fatalf("%s: MatesWithin(%d) = %v, %v; the table says %s mates in %d plies", q.FEN(), n-1, mates, decided, winner, dtm)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no won state checked")
	}
}
