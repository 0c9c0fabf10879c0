package mate

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver/terms"
)

// mateCase is one block of a testdata/mate/*.txt fixture.
type mateCase struct {
	file     string
	line     int
	name     string
	position string
	variant  string
	attacker engine.Color
	within   int
	mate     int // -1: none
	first    []string
}

func (c mateCase) String() string { return fmt.Sprintf("%s:%d (%s)", c.file, c.line, c.name) }

// readMateCases reads every fixture file under testdata/mate.
func readMateCases(t testing.TB) []mateCase {
	t.Helper()
	files, err := filepath.Glob("testdata/mate/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no mate fixtures: %v", err)
	}
	var out []mateCase
	for _, f := range files {
		out = append(out, readMateFile(t, f)...)
	}
	return out
}

func readMateFile(t testing.TB, path string) []mateCase {
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	var out []mateCase
	var cur *mateCase
	seen := map[string]bool{}
	flush := func() {
		if cur == nil {
			return
		}
		for _, k := range []string{"name", "position", "variant", "attacker", "within", "mate", "first"} {
			if !seen[k] {
				t.Fatalf("%s:%d: case lacks %q", path, cur.line, k)
			}
		}
		out = append(out, *cur)
		cur, seen = nil, map[string]bool{}
	}
	sc := bufio.NewScanner(fh)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			flush()
			continue
		}
		if strings.HasPrefix(line, "#") {
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("%s:%d: want key: value, got %q", path, n, line)
		}
		if key == "position" {
			// Position codes contain ":", so the value is everything after
			// the first one.
			val = line[len("position:"):]
		}
		val = strings.TrimSpace(val)
		if cur == nil {
			cur = &mateCase{file: path, line: n}
		}
		seen[key] = true
		switch key {
		case "name":
			cur.name = val
		case "position":
			cur.position = val
		case "variant":
			cur.variant = val
		case "attacker":
			switch val {
			case "white":
				cur.attacker = engine.White
			case "black":
				cur.attacker = engine.Black
			default:
				t.Fatalf("%s:%d: attacker %q: want white or black", path, n, val)
			}
		case "within":
			cur.within, err = strconv.Atoi(val)
		case "mate":
			if val == "none" {
				cur.mate = -1
			} else {
				cur.mate, err = strconv.Atoi(val)
			}
		case "first":
			if val != "" {
				for _, f := range strings.Split(val, ",") {
					cur.first = append(cur.first, strings.TrimSpace(f))
				}
			}
		default:
			t.Fatalf("%s:%d: unknown key %q", path, n, key)
		}
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
	}
	flush()
	return out
}

// position parses the case's position under its variant.
func (c mateCase) parse(t testing.TB) *engine.Position {
	t.Helper()
	var r *engine.Rules
	if c.variant != "auto" {
		var err error
		if r, err = engine.Preset(c.variant); err != nil {
			t.Fatalf("%s: %v", c, err)
		}
	}
	p, err := engine.Parse(c.position, r)
	if err != nil {
		t.Fatalf("%s: %v", c, err)
	}
	return p
}

// formatFirst writes first moves as the fixtures do: "SAN in D".
func formatFirst(ms []FirstMove) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, fmt.Sprintf("%s in %d", m.SAN, m.Moves))
	}
	slices.Sort(out)
	return out
}

func TestMateFixtures(t *testing.T) {
	for _, c := range readMateCases(t) {
		t.Run(c.name, func(t *testing.T) {
			p := c.parse(t)
			before := p.FEN()
			res, err := Search(p, c.attacker, c.within, Options{})
			if err != nil {
				t.Fatalf("%s: %v", c, err)
			}
			if p.FEN() != before {
				t.Fatalf("%s: Search changed the position to %s", c, p.FEN())
			}
			gotMate := -1
			if res.Found {
				gotMate = res.Moves
			}
			if gotMate != c.mate {
				t.Errorf("%s: mate %d, want %d (-1: none)", c, gotMate, c.mate)
			}
			want := append([]string{}, c.first...)
			slices.Sort(want)
			if want == nil {
				want = []string{}
			}
			if got := formatFirst(res.First); !slices.Equal(got, want) {
				t.Errorf("%s: first moves\n got %q\nwant %q", c, got, want)
			}
			if res.Found {
				wantPlies := 2 * res.Moves
				if p.Side == c.attacker {
					wantPlies--
				}
				if res.Plies != wantPlies || res.NoMateWithin != res.Moves-1 {
					t.Errorf("%s: plies %d, no mate within %d; want %d and %d", c, res.Plies, res.NoMateWithin, wantPlies, res.Moves-1)
				}
				if res.Tree == nil {
					t.Fatalf("%s: no tree", c)
				}
				checkMateTree(t, c.String(), p, c.attacker, res)
			} else if res.NoMateWithin != c.within || res.Tree != nil {
				t.Errorf("%s: refuted within %d, tree %v; want %d and no tree", c, res.NoMateWithin, res.Tree != nil, c.within)
			}
		})
	}
}

// TestMateAgainstBruteForce checks every fixture with a plain recursive
// search: no table, no ordering, no iterative deepening tricks.
func TestMateAgainstBruteForce(t *testing.T) {
	for _, c := range readMateCases(t) {
		t.Run(c.name, func(t *testing.T) {
			p := c.parse(t)
			b := &bruteMate{attacker: c.attacker}
			mate := -1
			if p.Side != c.attacker {
				for k := 0; k <= c.within; k++ {
					if b.defend(p, k) {
						mate = k
						break
					}
				}
			}
			var first []string
			if p.Side == c.attacker {
				var buf [engine.MaxMoves]engine.Move
				for _, m := range p.LegalMoves(buf[:0]) {
					q := *p
					q.Make(m)
					for k := 0; k < c.within; k++ {
						if b.defend(&q, k) {
							first = append(first, fmt.Sprintf("%s in %d", p.SAN(m), k+1))
							if mate < 0 || k+1 < mate {
								mate = k + 1
							}
							break
						}
					}
				}
			}
			if mate != c.mate {
				t.Errorf("%s: brute force mate %d, fixture says %d", c, mate, c.mate)
			}
			want := append([]string(nil), c.first...)
			slices.Sort(want)
			slices.Sort(first)
			if !slices.Equal(first, want) {
				t.Errorf("%s: brute force first moves\n got %q\nwant %q", c, first, want)
			}
		})
	}
}

// bruteMate is the reference: the definition of a forced mate, searched
// by plain recursion on copies of the position.
type bruteMate struct{ attacker engine.Color }

// attack reports whether the attacker, to move, mates within n moves.
func (b *bruteMate) attack(p *engine.Position, n int) bool {
	if n == 0 {
		return false
	}
	var buf [engine.MaxMoves]engine.Move
	moves := p.LegalMoves(buf[:0])
	if st := p.Status(); st != engine.Active {
		return false
	}
	for _, m := range moves {
		q := *p
		q.Make(m)
		if b.defend(&q, n-1) {
			return true
		}
	}
	return false
}

// defend reports whether the defender, to move, is mated within k more
// attacker moves.
func (b *bruteMate) defend(p *engine.Position, k int) bool {
	st := p.Status()
	if w, ok := p.Winner(st); ok {
		return w == b.attacker
	}
	if st != engine.Active || k == 0 {
		return false
	}
	if p.R.FiftyMove && p.Halfmove >= 100 {
		return false
	}
	var buf [engine.MaxMoves]engine.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		q := *p
		q.Make(m)
		if !b.attack(&q, k) {
			return false
		}
	}
	return true
}

// checkMateTree checks a solution tree move by move: every move legal;
// at the attacker's nodes every listed move is optimal (and, when the
// tree lists all, every optimal move is listed); at the defender's
// nodes every legal defence is listed; distances fall by one per
// attacker move; leaves are lost for the defender.
func checkMateTree(t *testing.T, name string, p *engine.Position, attacker engine.Color, res *Result) {
	t.Helper()
	if res.Tree.Mate != res.Moves {
		t.Errorf("%s: tree root mate %d, want %d", name, res.Tree.Mate, res.Moves)
	}
	if p.Side == attacker {
		var opt []string
		for _, m := range res.First {
			if m.Moves == res.Moves {
				opt = append(opt, m.SAN)
			}
		}
		var got []string
		for _, n := range res.Tree.Next {
			got = append(got, n.Move)
		}
		slices.Sort(opt)
		slices.Sort(got)
		if !slices.Equal(got, opt) {
			t.Errorf("%s: tree root moves %q, want the optimal first moves %q", name, got, opt)
		}
	}
	b := &bruteMate{attacker: attacker}
	q := *p
	var walk func(n *Node, path string)
	walk = func(n *Node, path string) {
		var buf [engine.MaxMoves]engine.Move
		legal := q.LegalMoves(buf[:0])
		if n.Mate == 0 {
			st := q.Status()
			if w, ok := q.Winner(st); !ok || w != attacker || len(n.Next) > 0 {
				t.Errorf("%s: %s: leaf is %s, not a win for the attacker", name, path, st)
			}
			return
		}
		if n.Cut {
			if !res.TreeComplete {
				return
			}
			t.Errorf("%s: %s: cut in a tree marked complete", name, path)
		}
		if q.Side != attacker && len(n.Next) != len(legal) {
			t.Errorf("%s: %s: %d defences listed, %d legal", name, path, len(n.Next), len(legal))
		}
		if q.Side == attacker && len(n.Next) == 0 {
			t.Errorf("%s: %s: attacker node without a move", name, path)
		}
		for _, c := range n.Next {
			if !slices.Contains(legal, c.M) || q.SAN(c.M) != c.Move || c.M.Coord(q.B) != c.Coord {
				t.Errorf("%s: %s: bad move %q (%s)", name, path, c.Move, c.Coord)
				continue
			}
			want := n.Mate
			if q.Side == attacker {
				want = n.Mate - 1
			} else if c.Mate > n.Mate {
				t.Errorf("%s: %s %s: mate %d after a defence of a node mating in %d", name, path, c.Move, c.Mate, n.Mate)
			}
			u := q.Make(c.M)
			if q.Side != attacker && c.Mate != want {
				t.Errorf("%s: %s %s: mate %d, want %d", name, path, c.Move, c.Mate, want)
			}
			// Small distances are cheap to confirm by brute force.
			if c.Mate <= 2 {
				ok := false
				if q.Side == attacker {
					ok = b.attack(&q, c.Mate) && !b.attack(&q, c.Mate-1)
				} else {
					ok = b.defend(&q, c.Mate) && (c.Mate == 0 || !b.defend(&q, c.Mate-1))
				}
				if !ok {
					t.Errorf("%s: %s %s: brute force disagrees with mate %d", name, path, c.Move, c.Mate)
				}
			}
			walk(c, path+" "+c.Move)
			q.Unmake(u)
		}
	}
	walk(res.Tree, "root")
}

func TestMateUndecided(t *testing.T) {
	p, err := engine.Parse("r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1 w - - 0 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Search(p, engine.White, 3, Options{MaxNodes: 500})
	if !errors.Is(err, ErrUndecided) {
		t.Fatalf("err = %v, want ErrUndecided", err)
	}
	if !res.Undecided || res.Found || res.First != nil || res.Tree != nil || res.NoMateWithin >= 3 {
		t.Fatalf("undecided result claims too much: %+v", res)
	}
	if res.Nodes <= 500 || res.Nodes > 600 {
		t.Errorf("nodes %d: want just over the budget of 500", res.Nodes)
	}
}

func TestMateBadBound(t *testing.T) {
	p, _ := engine.Parse("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", nil)
	for _, n := range []int{-1, terms.MaxMateMoves + 1} {
		if _, err := Search(p, engine.White, n, Options{}); err == nil {
			t.Errorf("bound %d accepted", n)
		}
	}
}

func TestMateFiftyMoveRule(t *testing.T) {
	// Queen mates are quiet moves. With the halfmove clock at 99 a mate in
	// one still counts (mate ends the game before the fifty-move rule);
	// a mate in two from a clock of 98 is too late: the attacker's second
	// move would come after the 100th halfmove, a draw.
	for _, c := range []struct {
		fen  string
		mate int
	}{
		{"7k/8/5K2/8/8/8/8/6Q1 w - - 99 80", 1},
		{"7k/8/5K2/8/8/8/8/6Q1 w - - 0 80", 1},
		{"7k/8/5K2/8/8/8/8/1Q6 w - - 0 80", 2},
		{"7k/8/5K2/8/8/8/8/1Q6 w - - 97 80", 2},
		{"7k/8/5K2/8/8/8/8/1Q6 w - - 98 80", -1},
	} {
		p, err := engine.Parse(c.fen, nil)
		if err != nil {
			t.Fatal(err)
		}
		res, err := Search(p, engine.White, 2, Options{})
		if err != nil {
			t.Fatal(err)
		}
		got := -1
		if res.Found {
			got = res.Moves
		}
		if got != c.mate {
			t.Errorf("%s: mate %d, want %d", c.fen, got, c.mate)
		}
	}
}

func TestMateTreeJSON(t *testing.T) {
	p, _ := engine.Parse("3r2k1/5ppp/8/8/Q7/8/5PPP/4R1K1 w - - 0 1", nil)
	res, err := Search(p, engine.White, 2, Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Found bool `json:"found"`
		Moves int  `json:"moves"`
		First []struct {
			SAN   string `json:"san"`
			Moves int    `json:"moves"`
		} `json:"first"`
		Tree struct {
			Mate int `json:"mate"`
			Next []struct {
				Move string `json:"move"`
				Mate int    `json:"mate"`
				Next []struct {
					Move string `json:"move"`
					Next []struct {
						Move string `json:"move"`
						Mate int    `json:"mate"`
					} `json:"next"`
				} `json:"next"`
			} `json:"next"`
		} `json:"tree"`
	}
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !back.Found || back.Moves != 2 || len(back.First) != 2 || back.Tree.Mate != 2 || len(back.Tree.Next) != 2 {
		t.Fatalf("JSON lost the result: %s", data)
	}
	// After 1. Re8+ the only defence is Rxe8, answered by Qxe8#.
	for _, n := range back.Tree.Next {
		if n.Move == "Re8+" {
			if len(n.Next) != 1 || n.Next[0].Move != "Rxe8" || len(n.Next[0].Next) != 1 || n.Next[0].Next[0].Move != "Qxe8#" {
				t.Errorf("Re8+ subtree: %+v", n)
			}
		}
	}
}

func TestMateTreeBound(t *testing.T) {
	// King and queen against king on 2×10: many optimal lines. A small
	// bound forces one answer per attacker node, then cuts.
	p, err := engine.Parse("x,bk/x,x/x,x/x,x/x,x/x,x/x,x/wq,x/x,x/wk,x:w", nil)
	if err != nil {
		t.Fatal(err)
	}
	full, err := Search(p, engine.White, 12, Options{MaxTreeNodes: 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	if !full.TreeAllOptimal || !full.TreeComplete {
		t.Fatalf("a million nodes should hold the whole tree")
	}
	checkMateTree(t, "KQK 2x10 full", p, engine.White, full)
	for _, limit := range []int{countNodes(full.Tree) / 2, 30} {
		res, err := Search(p, engine.White, 12, Options{MaxTreeNodes: limit})
		if err != nil {
			t.Fatal(err)
		}
		if res.TreeAllOptimal {
			t.Errorf("limit %d: tree claims all optimal moves", limit)
		}
		if n := countNodes(res.Tree); n > limit+engine.MaxMoves {
			t.Errorf("limit %d: tree has %d nodes", limit, n)
		}
		checkMateTree(t, fmt.Sprintf("KQK 2x10 limit %d", limit), p, engine.White, res)
	}
	none, err := Search(p, engine.White, 12, Options{MaxTreeNodes: -1})
	if err != nil || none.Tree != nil || none.Moves != full.Moves {
		t.Errorf("MaxTreeNodes -1: tree %v, moves %d, err %v", none.Tree != nil, none.Moves, err)
	}
}

func countNodes(n *Node) int {
	c := 1
	for _, x := range n.Next {
		c += countNodes(x)
	}
	return c
}

// TestMateIn3Speed keeps the target in view: a mate in 3 with 31
// pieces, including all first moves and the tree, well under a second.
func TestMateIn3Speed(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	p, _ := engine.Parse("r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1 w - - 0 1", nil)
	start := time.Now()
	res, err := Search(p, engine.White, 3, Options{})
	if err != nil || !res.Found || res.Moves != 3 {
		t.Fatalf("got %+v, %v", res, err)
	}
	if d := time.Since(start); d > 500*time.Millisecond {
		t.Errorf("mate in 3 took %v", d)
	}
}

func BenchmarkMateIn3(b *testing.B) {
	p, _ := engine.Parse("r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1 w - - 0 1", nil)
	var nodes int64
	for b.Loop() {
		res, err := Search(p, engine.White, 3, Options{MaxTreeNodes: -1})
		if err != nil || res.Moves != 3 {
			b.Fatal(res, err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// A shared budget stops every search made with it once spent, whatever
// each search's own bound.
func TestBudgetShared(t *testing.T) {
	p, err := engine.Parse("r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1 w - - 0 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	full, err := Search(p, engine.White, 3, Options{MaxNodes: 1 << 40})
	if err != nil || full.Nodes < 4*budgetStep {
		t.Fatalf("the position needs %d nodes (%v): too few to test a budget", full.Nodes, err)
	}
	b := NewBudget(full.Nodes / 2)
	if _, err := Search(p, engine.White, 3, Options{MaxNodes: 1 << 40, Budget: b}); err != nil {
		t.Logf("first search: %v", err)
	}
	if _, err := Search(p, engine.White, 3, Options{MaxNodes: 1 << 40, Budget: b}); !errors.Is(err, ErrUndecided) || !b.Spent() {
		t.Errorf("a second search on a spent budget: err %v, spent %v; want ErrUndecided", err, b.Spent())
	}
	if _, err := Search(p, engine.White, 3, Options{MaxNodes: 1 << 40, Budget: NewBudget(2 * full.Nodes)}); err != nil {
		t.Errorf("a budget larger than the search stopped it: %v", err)
	}
}

// Options.Stop ends a search at the first poll that returns true, one
// every budgetStep nodes, and leaves it undecided.
func TestMateStop(t *testing.T) {
	p, err := engine.Parse("r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1 w - - 0 1", nil)
	if err != nil {
		t.Fatal(err)
	}
	polls := 0
	res, err := Search(p, engine.White, 3, Options{MaxNodes: 1 << 40, Stop: func() bool { polls++; return polls == 2 }})
	if !errors.Is(err, ErrUndecided) || !res.Undecided {
		t.Fatalf("err = %v, undecided %v; want ErrUndecided", err, res.Undecided)
	}
	if polls != 2 || res.Nodes < 2*budgetStep || res.Nodes > 2*budgetStep+64 {
		t.Errorf("%d polls, %d nodes: want 2 polls and the search stopped just after %d nodes", polls, res.Nodes, 2*budgetStep)
	}
}
