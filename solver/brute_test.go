package solver

import (
	"fmt"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// This file checks Solve against a brute force that shares none of its
// machinery: the graph is built with the engine alone (positions named by
// their FEN, in Go maps), and the values come from full sweeps over all
// states, one distance at a time, instead of out-counting; on the tiniest
// boards also from a plain recursive minimax that calls a repeated
// position a draw.

// bruteGraph is an explicitly built state graph.
type bruteGraph struct {
	fens  []string
	index map[string]int
	pos   []*engine.Position
	term  []engine.Status // engine.Active for non-terminal states
	next  [][]int
}

// stateName is a position's FEN without its counters, and without the
// en-passant square when no legal move takes on it: such positions are
// the same state.
func stateName(p *engine.Position) string {
	f := strings.Fields(p.FEN())
	if f[3] != "-" {
		var buf [engine.MaxMoves]engine.Move
		ep := false
		for _, m := range p.LegalMoves(buf[:0]) {
			ep = ep || m.IsEnPassant()
		}
		if !ep {
			f[3] = "-"
		}
	}
	return strings.Join(f[:4], " ")
}

// buildBrute enumerates the states reachable from start breadth first,
// stopping with an error beyond limit states.
func buildBrute(start *engine.Position, limit int) (*bruteGraph, error) {
	g := &bruteGraph{index: map[string]int{}}
	add := func(p *engine.Position) int {
		name := stateName(p)
		if i, ok := g.index[name]; ok {
			return i
		}
		q := *p
		q.Halfmove, q.Fullmove = 0, 1
		g.index[name] = len(g.fens)
		g.fens = append(g.fens, name)
		g.pos = append(g.pos, &q)
		return len(g.fens) - 1
	}
	add(start)
	var buf [engine.MaxMoves]engine.Move
	for i := 0; i < len(g.pos); i++ {
		if len(g.pos) > limit {
			return nil, fmt.Errorf("more than %d states", limit)
		}
		p := *g.pos[i]
		st := p.Status()
		g.term = append(g.term, st)
		g.next = append(g.next, nil)
		if st != engine.Active {
			continue
		}
		for _, m := range p.LegalMoves(buf[:0]) {
			u := p.Make(m)
			g.next[i] = append(g.next[i], add(&p))
			p.Unmake(u)
		}
	}
	return g, nil
}

// bruteLost reports whether a terminal status loses for the side to move.
func bruteLost(st engine.Status) bool {
	return st == engine.Checkmate || st == engine.RaceWin || st == engine.NoMoves
}

// solveBrute returns every state's value and DTM by sweeps: at an even
// distance k, a non-terminal state all of whose moves reach states won
// in less than k plies is lost in k; at an odd k, a state with a move to
// a state lost in k-1 plies is won in k. It stops after two sweeps that
// resolve nothing; the rest are draws.
func solveBrute(g *bruteGraph) ([]Value, []int) {
	n := len(g.fens)
	val := make([]Value, n)
	dtm := make([]int, n)
	known := make([]bool, n)
	for i := range n {
		dtm[i] = -1
		if g.term[i] != engine.Active {
			known[i] = true
			if bruteLost(g.term[i]) {
				val[i], dtm[i] = Loss, 0
			}
		}
	}
	idle := 0
	for k := 1; idle < 2; k++ {
		var found []int
		for i := range n {
			if known[i] {
				continue
			}
			if k%2 == 1 {
				for _, c := range g.next[i] {
					if known[c] && val[c] == Loss && dtm[c] == k-1 {
						found = append(found, i)
						break
					}
				}
				continue
			}
			all := true
			for _, c := range g.next[i] {
				if !known[c] || val[c] != Win || dtm[c] >= k {
					all = false
					break
				}
			}
			if all {
				found = append(found, i)
			}
		}
		for _, i := range found {
			known[i], dtm[i] = true, k
			val[i] = Win
			if k%2 == 0 {
				val[i] = Loss
			}
		}
		if len(found) == 0 {
			idle++
		} else {
			idle = 0
		}
	}
	return val, dtm
}

// minimaxValue is a recursive minimax without memory: a position
// repeated on the path is a draw. It returns the value for the side to
// move, counting the nodes it visits in *nodes and giving up (false) past
// budget nodes, as the search is exponential.
func minimaxValue(g *bruteGraph, i int, path map[int]bool, nodes *int, budget int) (Value, bool) {
	if *nodes++; *nodes > budget {
		return Draw, false
	}
	if st := g.term[i]; st != engine.Active {
		if bruteLost(st) {
			return Loss, true
		}
		return Draw, true
	}
	path[i] = true
	defer delete(path, i)
	best := Loss
	for _, c := range g.next[i] {
		v := Draw
		if !path[c] {
			cv, ok := minimaxValue(g, c, path, nodes, budget)
			if !ok {
				return Draw, false
			}
			v = -cv
		}
		best = max(best, v)
		if best == Win {
			break
		}
	}
	return best, true
}

// bruteCases are the positions of the cross-check: 1-D boards from 1×5
// to 1×9, thin and small 2-D boards with kings and a rook or knight, the
// race goal with pawns, promotion, en passant and castling, and starts
// solved in mirror pairs.
var bruteCases = []struct {
	preset, position string
	minimax          bool // small enough for the recursive minimax
}{
	{"1d", "bk,x,x,wk,wr:w", true},
	{"1d", "bk,br,x,wn,wk:w", true},
	{"1d", "bk,bn,x,x,wr,wk:b", true},
	{"1d", "bk,bn,x,x,wr,wk:w", true},
	{"1d", "bk,br,x,x,x,wr,wk:w", true},
	{"1d", "bk,x,x,x,x,wk,wq,x:w", false},
	{"1d", "bk,bn,br,x,x,wr,wn,wk:w", false},
	{"1d", "bk,br,bn,x,x,wn,wr,wk:b", false},
	{"chess", "x,bk/x,x/wr,wk:w", true},
	{"chess", "x,bk/x,x/x,x/wk,wr:b", false},
	{"chess", "x,bk/x,x/x,bn/wk,wr:w", false},
	{"chess", "bk,x,x/x,x,x/x,wr,wk:w", false},
	{"chess", "bk,bn,x/x,x,x/x,wr,wk:w", false},
	{"chess", "bk,x/x,x/x,x/x,x/x,x/x,x/x,x/x,x/x,x/wk,wr:w", false},
	{"race", "bp,bp,bp/x,x,x/wp,wp,wp:w", true},
	{"race", "bp,bp,x/x,x,bp/wp,wp,wp:b", true},
	{"chess", "bk,x,x/bp,x,x/x,x,x/x,wp,wk:w", false},
	{"chess", "bk,x/bp,x/x,x/x,wp/wk,x:w", false},
	{"chess", "4k/5/R1K2 w Q - 0 1", false},
	// Starts that are their own mirror image, solved in mirror pairs
	// (see solve.sym): every mirror reachable, Black to move, two files.
	{"1d", "bk,bn,br,x,x,x,wr,wn,wk:w", false},
	{"chess", "bk,x,bn/x,x,x/wn,x,wk:w", false},
	{"chess", "x,bk/x,br/x,x/x,x/wr,x/wk,x:b", false},
}

// TestSolveAgainstBruteForce compares every state's value and DTM with
// the brute force, and the values with the recursive minimax where it is
// feasible.
func TestSolveAgainstBruteForce(t *testing.T) {
	for _, tc := range bruteCases {
		t.Run(tc.preset+" "+tc.position, func(t *testing.T) {
			start, err := engine.Parse(tc.position, engine.MustPreset(tc.preset))
			if err != nil {
				t.Fatal(err)
			}
			g, err := buildBrute(start, 300_000)
			if err != nil {
				t.Fatal(err)
			}
			val, dtm := solveBrute(g)
			tab, err := Solve(start, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if tab.Len() != len(g.fens) {
				t.Fatalf("Solve found %d states, the brute force %d", tab.Len(), len(g.fens))
			}
			edges := 0
			for i, p := range g.pos {
				edges += len(g.next[i])
				v, d, ok := tab.Probe(p)
				if !ok {
					t.Fatalf("%s: not in the table", g.fens[i])
				}
				if v != val[i] || d != dtm[i] {
					t.Fatalf("%s: table says %s in %d, brute force %s in %d", g.fens[i], v, d, val[i], dtm[i])
				}
			}
			if st := tab.Stats(); st.Edges != edges {
				t.Errorf("Solve counted %d edges, the brute force %d", st.Edges, edges)
			}
			if err := tab.Verify(); err != nil {
				t.Fatal(err)
			}
			if tc.minimax {
				for i := range g.fens {
					nodes := 0
					v, ok := minimaxValue(g, i, map[int]bool{}, &nodes, 2_000_000)
					if !ok {
						t.Fatalf("%s: the minimax needs more than %d nodes", g.fens[i], nodes-1)
					}
					if v != val[i] {
						t.Fatalf("%s: minimax says %s, the table %s", g.fens[i], v, val[i])
					}
				}
			}
			v, d := val[0], dtm[0]
			t.Logf("%d states, %d edges; start: %s in %d", len(g.fens), edges, v, d)
		})
	}
}
