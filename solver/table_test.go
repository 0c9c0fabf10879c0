package solver

import (
	"bufio"
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/testscope"
	"github.com/thinchess/thinchess/solver/keyspace"
	"github.com/thinchess/thinchess/solver/terms"
)

// tableFixture is one line of testdata/table_values.txt.
type tableFixture struct {
	line             int
	preset, position string
	result           Value
	dtm, states      int
	source           string
}

func readTableFixtures(t *testing.T) []tableFixture {
	t.Helper()
	f, err := os.Open("testdata/table_values.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []tableFixture
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Split(line, " | ")
		if len(fs) != 6 {
			t.Fatalf("table_values.txt:%d: want 6 fields separated by \" | \", got %d", n, len(fs))
		}
		fx := tableFixture{line: n, preset: fs[0], position: fs[1], source: fs[5]}
		switch fs[2] {
		case "win":
			fx.result = Win
		case "loss":
			fx.result = Loss
		case "draw":
			fx.result = Draw
		default:
			t.Fatalf("table_values.txt:%d: result %q: want win, loss or draw", n, fs[2])
		}
		if fx.dtm, err = strconv.Atoi(fs[3]); err != nil {
			t.Fatalf("table_values.txt:%d: dtm: %v", n, err)
		}
		if fx.states, err = strconv.Atoi(fs[4]); err != nil {
			t.Fatalf("table_values.txt:%d: states: %v", n, err)
		}
		out = append(out, fx)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestTableFixtures checks the values in testdata/table_values.txt.
func TestTableFixtures(t *testing.T) {
	for _, fx := range readTableFixtures(t) {
		t.Run(strconv.Itoa(fx.line)+" "+fx.position, func(t *testing.T) {
			if testing.Short() && fx.states > shortStates {
				t.Skipf("%d states: skipped under -short", fx.states)
			}
			start, err := engine.Parse(fx.position, engine.MustPreset(fx.preset))
			if err != nil {
				t.Fatalf("table_values.txt:%d: %v", fx.line, err)
			}
			tab, err := Solve(start, Options{})
			if err != nil {
				t.Fatal(err)
			}
			v, d, ok := tab.Probe(start)
			if !ok || v != fx.result || d != fx.dtm || tab.Len() != fx.states {
				t.Errorf("table_values.txt:%d: got %s in %d with %d states (reachable %v), want %s in %d with %d",
					fx.line, v, d, tab.Len(), ok, fx.result, fx.dtm, fx.states)
			}
			if err := tab.Verify(); err != nil {
				t.Fatal(err)
			}
			if v != Draw && v == fx.result {
				checkPV(t, tab, start, v, d)
			}
			// The brute force of the 1×12 start (457,752 states) takes
			// most of the test's time: only in the full run (package
			// testscope); the other brute-force checks hold its solver.
			if !strings.Contains(fx.source, "brute") || (fx.states > 200_000 && !testscope.Full()) {
				return
			}
			g, err := buildBrute(start, 1_000_000)
			if err != nil {
				t.Fatal(err)
			}
			val, dtm := solveBrute(g)
			if val[0] != fx.result || dtm[0] != fx.dtm || len(g.fens) != fx.states {
				t.Errorf("table_values.txt:%d: the brute force gives %s in %d with %d states", fx.line, val[0], dtm[0], len(g.fens))
			}
		})
	}
}

// checkPV checks that the principal variation of a decided position is
// as long as its distance to mate, plays only optimal moves and ends the
// game with the right side winning.
func checkPV(t *testing.T, tab *Table, start *engine.Position, v Value, dtm int) {
	t.Helper()
	line := PV(tab, start, dtm+10)
	if len(line) != dtm {
		t.Fatalf("PV %v has %d plies, want %d", start.SANLine(line), len(line), dtm)
	}
	p := *start
	for i, m := range line {
		if !containsMove(tab.BestMoves(&p), m) {
			t.Fatalf("PV move %d (%s) is not among the best moves %v", i+1, p.SAN(m), tab.BestMoves(&p))
		}
		p.Make(m)
	}
	st := p.Status()
	winner, ok := p.Winner(st)
	want := start.Side
	if v == Loss {
		want = start.Side.Other()
	}
	if !ok || winner != want {
		t.Fatalf("PV %v ends in %s, want a win for %s", start.SANLine(line), st, want)
	}
}

func containsMove(ms []engine.Move, m engine.Move) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// fataler is what sameEntries needs of a test: testing.T or rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

// setVal sets the value word of state i: under mirror pairs that of its
// kept state, which its mirror shares.
func setVal(t *Table, i int, w uint16) {
	if t.pairs != nil {
		i, _ = t.pairs.state(i)
	}
	t.vals[i] = w
}

// sameEntries fails t unless a and b hold the same states with the same
// entries, and the same statistics. Tables solved in mirror pairs number
// their states otherwise, so states are matched by key.
func sameEntries(t fataler, a, b *Table) {
	t.Helper()
	if a.Len() != b.Len() || a.Stats() != b.Stats() {
		t.Fatalf("tables differ:\n%+v\n%+v", a.Stats(), b.Stats())
	}
	for i := range a.Len() {
		j, ok := b.lookup(a.key(i))
		if !ok {
			t.Fatalf("state %d (%s) is not in the other table", i, a.FEN(i))
		}
		if a.val(i) != b.val(j) {
			t.Fatalf("state %d (%s): %04x, against %04x", i, a.FEN(i), a.val(i), b.val(j))
		}
		if k, ok := a.lookup(a.key(i)); !ok || k != i {
			t.Fatalf("state %d (%s) is found at %d", i, a.FEN(i), k)
		}
	}
}

// sameTables is sameEntries, and also requires the same moves and
// successors of every state (from the tables' own state spaces).
func sameTables(t *testing.T, a, b *Table) {
	t.Helper()
	sameEntries(t, a, b)
	for i := range a.Len() {
		j, _ := b.lookup(a.key(i))
		am, an := a.Successors(i)
		bm, bn := b.Successors(j)
		if len(am) != len(bm) {
			t.Fatalf("state %d (%s): %d moves, against %d", i, a.FEN(i), len(am), len(bm))
		}
		for m := range am {
			if am[m] != bm[m] || a.key(an[m]) != b.key(bn[m]) {
				t.Fatalf("state %d (%s): move %d is %s to %s, against %s to %s", i, a.FEN(i), m, am[m].Coord(a.c.Board()), a.FEN(an[m]), bm[m].Coord(b.c.Board()), b.FEN(bn[m]))
			}
		}
	}
}

// TestPieceSpaceMatchesEngine solves piece-only positions twice, with the
// bitboard generator (un-moves, no stored edges) and with the engine's
// generator (stored edges), and requires identical tables: the same
// states in the same order with the same entries, and the same
// statistics.
func TestPieceSpaceMatchesEngine(t *testing.T) {
	for _, tc := range []struct{ preset, position string }{
		{"1d", "bk,bn,br,x,x,wr,wn,wk:w"},
		{"1d", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"},
		{"1d", "bk,bq,br,x,x,x,x,wq,wr,wk:b"},
		{"chess", "x,bk/x,x/x,x/x,x/x,x/x,x/x,x/x,x/wk,x/wq,x:w"},
		{"chess", "bk,bn,x/x,x,x/x,wr,wk:w"},
		{"chess", "bk,x,x,x/x,x,x,x/x,x,x,x/wk,wr,x,x:w"},
		{"chess", "bk,bb,x,x/x,x,x,x/x,x,x,x/wk,wn,wb,x:w"},
		{"gardner", "4k/5/5/2Q2/K4 w - - 0 1"},
		// These two need the list layout of keys.
		{"losalamos", "5k/6/6/6/6/K2R2 w - - 0 1"},
		{"chess", "bk,x/x,x/x,x/x,x/x,x/x,x/x,x/x,x/x,x/x,br/wk,wr:w"},
	} {
		t.Run(tc.position, func(t *testing.T) {
			start, err := engine.Parse(tc.position, engine.MustPreset(tc.preset))
			if err != nil {
				t.Fatal(err)
			}
			skipLargeInShort(t, tc.position)
			fast, err := Solve(start, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := fast.space.(*keyspace.Pieces); !ok {
				t.Fatalf("%s is not solved with the piece space", tc.position)
			}
			slow, err := Solve(start, Options{engineOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			sameTables(t, fast, slow)
			for _, tab := range []*Table{fast, slow} {
				if err := tab.Verify(); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestSolveTooLarge checks that Solve stops with ErrTooLarge as soon as
// the limit is passed, and solves when the limit is exactly the number of
// states.
func TestSolveTooLarge(t *testing.T) {
	start, _ := engine.Parse("bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", nil)
	_, err := Solve(start, Options{MaxStates: 1000})
	if !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Solve with MaxStates 1000: %v, want ErrTooLarge", err)
	}
	gardner, _ := engine.Parse("bk,bn,br,x,x,wr,wn,wk:w", nil)
	if _, err := Solve(gardner, Options{MaxStates: 1236}); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Gardner with MaxStates 1236: %v, want ErrTooLarge", err)
	}
	if tab := solveVerified(t, gardner, Options{MaxStates: 1237}); tab.Len() != 1237 {
		t.Fatalf("Gardner with MaxStates 1237: %d states", tab.Len())
	}
	// Standard chess does not even get that far: its states do not fit
	// the 64-bit key.
	chess, _ := engine.Parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", nil)
	if _, err := Solve(chess, Options{}); err == nil || !strings.Contains(err.Error(), "64-bit state key") {
		t.Fatalf("standard chess: %v", err)
	}
}

// TestSolveStops checks that Solve polls Options.Stop between its rounds
// and distances and stops at the first poll that says so, with
// ErrStopped, whichever phase it is in; a Stop that never says so leaves
// the table as it is without one.
func TestSolveStops(t *testing.T) {
	start, _ := engine.Parse("bk,bn,br,x,x,wr,wn,wk:w", nil)
	polls := 0
	full, err := Solve(start, Options{Stop: func() bool { polls++; return false }})
	if err != nil {
		t.Fatal(err)
	}
	if plain := solveVerified(t, start, Options{}); plain.Len() != full.Len() {
		t.Fatalf("with Stop: %d states, without: %d", full.Len(), plain.Len())
	}
	if polls < 3 {
		t.Fatalf("a solve of %d states polled Stop %d times, want one per round and distance", full.Len(), polls)
	}
	for k := 1; k <= polls; k++ {
		n := 0
		_, err := Solve(start, Options{Stop: func() bool { n++; return n >= k }})
		if !errors.Is(err, ErrStopped) {
			t.Fatalf("Stop true at poll %d of %d: %v, want ErrStopped", k, polls, err)
		}
		if n != k {
			t.Errorf("Stop true at poll %d: polled %d times", k, n)
		}
	}
}

// TestSolveRefuses checks the errors for what the solver does not handle.
func TestSolveRefuses(t *testing.T) {
	r := engine.MustPreset("1d")
	r.Bans = true
	p, err := engine.Parse("bk,bn,br,x,x,wr,wn,wk:w", r)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Solve(p, Options{}); err == nil || !strings.Contains(err.Error(), "Ban Chess") {
		t.Errorf("Ban Chess: %v", err)
	}
}

// TestTableQueries checks Probe, BestMoves, MoveValues, PV and Index on
// every state of a table: each answer must agree with the entries of the
// states the moves lead to.
func TestTableQueries(t *testing.T) {
	start, _ := engine.Parse("bk,bn,br,x,x,wr,wn,wk:w", nil)
	tab := solveVerified(t, start, Options{})
	if i, ok := tab.Index(start); !ok || i != tab.Start() {
		t.Fatalf("Index(start) = %d, %v; Start() = %d", i, ok, tab.Start())
	}
	for i := range tab.Len() {
		p := tab.Position(i)
		if j, ok := tab.Index(p); !ok || j != i {
			t.Fatalf("state %d (%s) indexes as %d, %v", i, p.FEN(), j, ok)
		}
		if p.FEN() != tab.FEN(i) || p.Side != tab.Side(i) {
			t.Fatalf("state %d: FEN %q / %q, side %s / %s", i, p.FEN(), tab.FEN(i), p.Side, tab.Side(i))
		}
		v, d, _ := tab.Probe(p)
		mvs := tab.MoveValues(p)
		best := tab.BestMoves(p)
		term := tab.Terminal(i)
		if (term != NotTerminal) != (mvs == nil) || (term != NotTerminal) != (p.Status() != engine.Active) {
			t.Fatalf("%s: terminal %s, status %s, %d move values", p.FEN(), term, p.Status(), len(mvs))
		}
		if term != NotTerminal {
			continue
		}
		var legal [engine.MaxMoves]engine.Move
		if n := len(p.LegalMoves(legal[:0])); n != len(mvs) {
			t.Fatalf("%s: %d move values for %d legal moves", p.FEN(), len(mvs), n)
		}
		bestSeen := false
		for _, mv := range mvs {
			q := *p
			q.Make(mv.Move)
			cv, cd, ok := tab.Probe(&q)
			if !ok {
				t.Fatalf("%s after %s: not in the table", p.FEN(), mv.Move.Coord(p.B))
			}
			want := MoveValue{mv.Move, -cv, cd + 1}
			if cv == Draw {
				want.DTM = -1
			}
			if mv != want {
				t.Fatalf("%s: move value %+v, want %+v", p.FEN(), mv, want)
			}
			isBest := mv.Value == v && mv.DTM == d
			if isBest != containsMove(best, mv.Move) {
				t.Fatalf("%s: %s is %s in %d, the position %s in %d, best moves %v", p.FEN(), mv.Move.Coord(p.B), mv.Value, mv.DTM, v, d, best)
			}
			bestSeen = bestSeen || isBest
		}
		if !bestSeen {
			t.Fatalf("%s: no move achieves %s in %d", p.FEN(), v, d)
		}
		if v != Draw {
			checkPV(t, tab, p, v, d)
		} else if pv := PV(tab, p, 50); len(pv) == 0 {
			t.Fatalf("%s: drawn, but the PV is empty", p.FEN())
		}
	}
	// Positions that are not states of the table.
	other, _ := engine.Parse("bk,bn,br,x,x,wr,wn,wk:w", engine.MustPreset("chess"))
	for _, p := range []*engine.Position{
		tableParse(t, "1d", "bk,bq,br,x,x,wr,wn,wk:w"),   // a queen the start lacks
		tableParse(t, "1d", "wk,bn,br,x,x,wr,wn,bk:b"),   // kings cannot pass each other in 1-D
		tableParse(t, "1d", "bk,bn,br,x,x,x,wr,wn,wk:w"), // another board
		other, // other rules
	} {
		if _, _, ok := tab.Probe(p); ok {
			t.Errorf("%s (%s) is in the table", p.FEN(), p.R.Preset)
		}
		if tab.BestMoves(p) != nil || tab.MoveValues(p) != nil || PV(tab, p, 5) != nil || tab.Choose(p, terms.Perfect, nil) != engine.NoMove {
			t.Errorf("%s: answers for a position not in the table", p.FEN())
		}
	}
}

func tableParse(t testing.TB, preset, position string) *engine.Position {
	t.Helper()
	p, err := engine.Parse(position, engine.MustPreset(preset))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestVerifyCatchesErrors corrupts tables and expects Verify to notice.
func TestVerifyCatchesErrors(t *testing.T) {
	start, _ := engine.Parse("bk,bn,br,x,x,wr,wn,wk:w", nil)
	fresh := func() *Table { return solveVerified(t, start, Options{}) }
	tab := fresh()
	won := -1
	for i := range tab.Len() {
		if v, d := tab.Entry(i); v == Win && d > 1 {
			won = i
			break
		}
	}
	for name, corrupt := range map[string]func(*Table){
		"win one ply slower": func(t *Table) { setVal(t, won, t.val(won)+2) },
		"win made a loss":    func(t *Table) { setVal(t, won, t.val(won)&wordLow|wordLoss) },
		"win made a draw":    func(t *Table) { setVal(t, won, wordDraw) },
		"draw made a win": func(t *Table) {
			for i := range t.Len() {
				if v, _ := t.Entry(i); v == Draw && t.Terminal(i) == NotTerminal {
					setVal(t, i, wordWin|1)
					return
				}
			}
		},
		"mate made a draw": func(t *Table) {
			for i := range t.Len() {
				if t.Terminal(i) == Mate {
					setVal(t, i, wordDraw)
					return
				}
			}
		},
		"stats": func(t *Table) { t.stats.Draws++ },
	} {
		tab := fresh()
		corrupt(tab)
		if err := tab.Verify(); err == nil {
			t.Errorf("%s: Verify passed", name)
		}
	}
}

// TestIndexParsedPositions parses every state's FEN afresh under the
// rules the table was made with and probes it. With promotion to
// captured pieces only, the engine takes each parsed position's material
// as the initial material, which the table must not mistake for other
// rules.
func TestIndexParsedPositions(t *testing.T) {
	rules := engine.MustPreset("chess")
	rules.PromoteToCaptured = true
	start, err := engine.Parse("bk,x/bn,bp/x,x/x,wp/wk,x:w", rules)
	if err != nil {
		t.Fatal(err)
	}
	tab := solveVerified(t, start, Options{})
	captures := 0
	for i := range tab.Len() {
		r := engine.MustPreset("chess")
		r.PromoteToCaptured = true
		p, err := engine.ParseFEN(tab.FEN(i), r)
		if err != nil {
			t.Fatalf("state %d: %v", i, err)
		}
		if p.Count(engine.Black, engine.Knight) == 0 {
			captures++
		}
		v, d, ok := tab.Probe(p)
		if wv, wd := tab.Entry(i); !ok || v != wv || d != wd {
			t.Fatalf("%s: Probe says %s in %d (found %v), the entry %s in %d", tab.FEN(i), v, d, ok, wv, wd)
		}
	}
	if captures == 0 {
		t.Fatal("no state has lost the knight: the test proves nothing")
	}
	t.Logf("%d states, %d without the black knight", tab.Len(), captures)
}

// solveVerified solves start and verifies the table.
func solveVerified(t *testing.T, start *engine.Position, opt Options) *Table {
	t.Helper()
	tab, err := Solve(start, opt)
	if err != nil {
		t.Fatal(err)
	}
	if err := tab.Verify(); err != nil {
		t.Fatal(err)
	}
	return tab
}

// shortStates is the most states a table of a test run under -short
// has: larger ones (the 1×12's 457,752 states) are solved only by the
// full run.
const shortStates = 100_000

// largeStarts are the starts of the tests' tables over shortStates.
var largeStarts = map[string]bool{
	"bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w":                     true, // 457,752 states
	"bk,bn,x,x,x/x,x,x,x,x/x,x,x,x,x/x,x,x,x,x/x,x,x,wn,wk:w": true, // 411,728
	"bk,bb,x,x/x,x,x,x/x,x,x,x/wk,wn,wb,x:w":                  true, // 169,350
}

// skipLargeInShort skips, under -short, a test of a start in largeStarts.
func skipLargeInShort(t *testing.T, position string) {
	t.Helper()
	if testing.Short() && largeStarts[position] {
		t.Skipf("%s: over %d states, skipped under -short", position, shortStates)
	}
}
