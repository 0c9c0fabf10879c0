package puzzles_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/solver"
)

// naturalStarts are small games whose natural puzzles the tests check
// against a brute force.
var naturalStarts = []struct{ name, start string }{
	{"rnr-9", "bk,br,bn,br,x,wn,wr,wn,wk:w"},
	{"rn-10", "bk,br,bn,x,x,x,x,wn,wr,wk:w"},
	{"pawns-2x6", "x,bk/bp,x/x,x/x,x/x,wp/wk,x:w"},
}

func mineNatural(t *testing.T, start string, games int, seed uint64) (*engine.Position, *puzzles.GameResult) {
	t.Helper()
	p, err := engine.Parse(start, nil)
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solver.Solve(p, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := puzzles.MineGames(puzzles.Source{ID: "t", Start: p}, tab, puzzles.GameOptions{Games: games, Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	return p, res
}

// TestMineGamesDeterministic: the same seed gives the same puzzles, ids
// and lines; another seed gives others.
func TestMineGamesDeterministic(t *testing.T) {
	_, a := mineNatural(t, naturalStarts[0].start, 300, 7)
	_, b := mineNatural(t, naturalStarts[0].start, 300, 7)
	_, c := mineNatural(t, naturalStarts[0].start, 300, 8)
	if len(a.Puzzles) == 0 {
		t.Fatal("no puzzles")
	}
	if !bytes.Equal(encode(a), encode(b)) {
		t.Error("two runs with seed 7 differ")
	}
	if bytes.Equal(encode(a), encode(c)) {
		t.Error("seeds 7 and 8 gave the same puzzles")
	}
}

// encode writes a result's puzzles as a pack's lines.
func encode(res *puzzles.GameResult) []byte {
	var b bytes.Buffer
	for _, pz := range res.Puzzles {
		b.Write(pz.PackLine().Encode())
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// TestMineGamesFilters checks every natural puzzle of the small starts
// against a brute force that shares nothing with the solver: its value,
// a single right move at each of the solver's turns, at least two legal
// first moves, a tempting wrong first move, and no duplicates, repeated
// solutions or shifted lines.
func TestMineGamesFilters(t *testing.T) {
	kinds := map[puzzles.Kind]int{}
	refused := map[string]int{}
	for _, tc := range naturalStarts {
		t.Run(tc.name, func(t *testing.T) {
			start, res := mineNatural(t, tc.start, 2000, 1)
			ref := newBrute(t, start)
			keys, texts := map[string]bool{}, map[string]bool{}
			var lineKeys []string
			for i, pz := range res.Puzzles {
				kind := res.Kinds[i]
				kinds[kind]++
				key := puzzles.CanonicalKey(pz.Start)
				if keys[key] {
					t.Errorf("%s: a mirror image or transposition of another puzzle", pz.ID)
				}
				keys[key] = true
				for _, k := range puzzles.PuzzleKeys(pz.Start, pz.Line, kind)[1:] {
					if texts[k] {
						t.Errorf("%s: a twin or shifted copy of another (%s)", pz.ID, k)
					}
					texts[k] = true
				}
				lineKeys = append(lineKeys, ref.checkLine(t, pz, kind)...)
			}
			for _, k := range lineKeys {
				if keys[k] {
					t.Errorf("a puzzle starts on another's line: %s", k)
				}
			}
			t.Logf("%+v", res.Stats)
			for r, n := range res.Stats.Refused {
				refused[r] += n
			}
		})
	}
	// The filters leave few holds in games this small: each of the
	// hold filters and the only-move win refuses some.
	if kinds[puzzles.KindWin] < 50 || kinds[puzzles.KindHold] < 15 {
		t.Errorf("kinds %v: want at least 50 wins and 15 holds", kinds)
	}
	for _, r := range []string{"another first move wins too", "hold: fewer than three legal moves",
		"hold: no losing move tempts or takes three plies to refute", "hold: the saving move takes a free piece"} {
		if refused[r] == 0 {
			t.Errorf("no position refused for %q: the filter was not exercised", r)
		}
	}
}

// brute is the reference: every reachable state by its FEN (no
// counters), its value for the side to move (+1 win, -1 loss, 0 draw)
// and distance, found by full sweeps one distance at a time.
type brute struct {
	val  map[string]int
	dist map[string]int
}

func bruteName(p *engine.Position) string {
	f := strings.Fields(p.FEN())
	return strings.Join(f[:4], " ")
}

func newBrute(t *testing.T, start *engine.Position) *brute {
	t.Helper()
	names := []string{}
	pos := map[string]*engine.Position{}
	next := map[string][]string{}
	queue := []*engine.Position{start}
	pos[bruteName(start)] = start
	var buf [engine.MaxMoves]engine.Move
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		n := bruteName(p)
		names = append(names, n)
		if p.Status() != engine.Active {
			continue
		}
		for _, m := range p.LegalMoves(buf[:0]) {
			q := *p
			q.Make(m)
			qn := bruteName(&q)
			next[n] = append(next[n], qn)
			if pos[qn] == nil {
				c := q
				pos[qn] = &c
				queue = append(queue, &c)
			}
		}
		if len(names) > 2_000_000 {
			t.Fatal("brute force: too many states")
		}
	}
	b := &brute{val: map[string]int{}, dist: map[string]int{}}
	for _, n := range names {
		st := pos[n].Status()
		if st == engine.Active {
			continue
		}
		if w, ok := pos[n].Winner(st); ok && w != pos[n].Side {
			b.val[n], b.dist[n] = -1, 0
		} else if ok {
			b.val[n], b.dist[n] = 1, 0
		}
	}
	for d := 1; ; d++ {
		changed := false
		for _, n := range names {
			if _, done := b.val[n]; done || pos[n].Status() != engine.Active {
				continue
			}
			allWon, win := true, false
			for _, c := range next[n] {
				v, ok := b.val[c]
				if ok && v == -1 && b.dist[c] == d-1 {
					win = true
				}
				if !ok || v != 1 {
					allWon = false
				}
			}
			switch {
			case win:
				b.val[n], b.dist[n] = 1, d
				changed = true
			case allWon && d%2 == 0:
				b.val[n], b.dist[n] = -1, d
				changed = true
			}
		}
		if !changed && d > 2 {
			break
		}
	}
	return b
}

// outcome is a move's result for the mover as the brute force sees it:
// higher is better (a faster win, a slower loss).
func (b *brute) outcome(p *engine.Position, m engine.Move) int {
	q := *p
	q.Make(m)
	n := bruteName(&q)
	v, ok := b.val[n]
	switch {
	case !ok:
		return 0
	case v == -1:
		return 1000 - b.dist[n]
	}
	return -1000 + b.dist[n]
}

// checkLine checks a puzzle's line and returns the canonical keys of the
// positions at the solver's later turns.
func (b *brute) checkLine(t *testing.T, pz *puzzles.Puzzle, kind puzzles.Kind) []string {
	t.Helper()
	p := *pz.Start
	v := b.val[bruteName(&p)]
	if (kind == puzzles.KindWin) != (v == 1) || (kind == puzzles.KindHold && v != 0) {
		t.Errorf("%s (%s): the brute force's value is %d", pz.ID, kind, v)
		return nil
	}
	var keys []string
	var buf [engine.MaxMoves]engine.Move
	for i, m := range pz.Line {
		legal := p.LegalMoves(buf[:0])
		best, right, tempting, wins, losing, deep := -10000, 0, 0, 0, 0, false
		for _, l := range legal {
			best = max(best, b.outcome(&p, l))
		}
		for _, l := range legal {
			o := b.outcome(&p, l)
			tempts := p.At(l.To()) != engine.NoPiece || p.GivesCheck(l)
			if o > 0 {
				wins++
			}
			if o < 0 {
				losing++
				// A loss refuted in three plies or more: the mate after
				// it takes two moves or more.
				deep = deep || tempts || o+1000 >= 3
			}
			switch {
			case o == best:
				right++
			case kind == puzzles.KindWin && o >= 0, tempts:
				tempting++
			}
		}
		if b.outcome(&p, m) != best {
			t.Errorf("%s: move %d (%s) is not optimal", pz.ID, i+1, p.SAN(m))
		}
		if i%2 == 0 {
			if right != 1 {
				t.Errorf("%s: %d right moves at the solver's turn %d, want 1", pz.ID, right, i/2+1)
			}
			if i == 0 && (len(legal) < 2 || tempting == 0) {
				t.Errorf("%s: %d legal first moves, %d tempting wrong ones", pz.ID, len(legal), tempting)
			}
			if i == 0 && kind == puzzles.KindWin && wins != 1 {
				t.Errorf("%s: %d first moves win, want the key alone", pz.ID, wins)
			}
			if i == 0 && kind == puzzles.KindHold && (len(legal) < 3 || losing < 2 || !deep) {
				t.Errorf("%s: a thin hold: %d legal first moves, %d losing, one tempting or deep: %v", pz.ID, len(legal), losing, deep)
			}
			if i == 0 && kind == puzzles.KindHold && p.At(m.To()) != engine.NoPiece {
				q := p
				q.Make(m)
				if !q.Attacked(m.To(), q.Side) {
					t.Errorf("%s: the hold is saved by taking a free piece (%s)", pz.ID, p.SAN(m))
				}
			}
			if i >= 2 && kind == puzzles.KindHold && m.From() == pz.Line[i-2].To() && m.To() == pz.Line[i-2].From() {
				t.Errorf("%s: the holder undoes its move at turn %d (a shuffle)", pz.ID, i/2+1)
			}
			if i > 0 {
				keys = append(keys, puzzles.CanonicalKey(&p))
			}
		}
		p.Make(m)
	}
	if kind == puzzles.KindWin && p.Status() != engine.Checkmate {
		t.Errorf("%s: the line ends without mate (%v)", pz.ID, p.Status())
	}
	return keys
}
