package explore

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// Positions the explorer tests solve.
const (
	gardnerCode = "bk,bn,br,x,x,wr,wn,wk:w"                      // 1×8, 1237 states, White mates in 11 plies
	krkCode     = "x,bk/x,x/x,x/x,x/x,x/x,x/wk,x/wr,x/x,x/x,x:w" // 2×10, 4098 states, a draw
)

// solveCode solves a position code exactly under a preset ("" for the
// board's default).
func solveCode(t testing.TB, code, preset string) *solver.Table {
	t.Helper()
	var r *engine.Rules
	if preset != "" {
		var err error
		if r, err = engine.Preset(preset); err != nil {
			t.Fatal(err)
		}
	}
	p, err := engine.Parse(code, r)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := solver.Solve(p, solver.Options{MaxStates: 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// checkNodes checks what every exploration must hold: the start first,
// nodes by row, each state once with its table's value, distance and
// terminal kind, every legal move listed in coordinate order with the
// value of where it leads, each node's line from the start replaying to
// it, and every node inside the picture.
func checkNodes(t *testing.T, tb *solver.Table, e *Graph) map[int]int {
	t.Helper()
	if len(e.Nodes) == 0 || e.Nodes[0].State != tb.Start() || e.Nodes[0].Parent != -1 {
		t.Fatalf("the first node is not the start")
	}
	index := map[int]int{}
	for k, n := range e.Nodes {
		if _, dup := index[n.State]; dup {
			t.Fatalf("state %d shown twice", n.State)
		}
		index[n.State] = k
		if k > 0 && (n.Layer < e.Nodes[k-1].Layer || n.Layer == e.Nodes[k-1].Layer && n.X < e.Nodes[k-1].X) {
			t.Fatalf("node %d is out of row order", k)
		}
		if n.X < 0 || n.X > e.Width || n.Y < 0 || n.Y > e.Height {
			t.Fatalf("node %d at (%d, %d) lies outside %d×%d", k, n.X, n.Y, e.Width, e.Height)
		}
	}
	for k, n := range e.Nodes {
		v, d := tb.Entry(n.State)
		if n.FEN != tb.FEN(n.State) || n.Value != absValue(tb, n.State, v) || n.DTM != d || n.Terminal != tb.Terminal(n.State) {
			t.Fatalf("node %d (%s) disagrees with the table", k, n.FEN)
		}
		moves, next := tb.Successors(n.State)
		if len(moves) != len(n.Moves) {
			t.Fatalf("node %d: %d moves, the table has %d", k, len(n.Moves), len(moves))
		}
		p := tb.Position(n.State)
		for j, mv := range n.Moves {
			cv, cd := tb.Entry(next[j])
			if mv.SAN != p.SAN(moves[j]) || mv.Value != absValue(tb, next[j], cv) || mv.DTM != cd {
				t.Fatalf("node %d move %d: %+v, want %s to a state worth %c in %d", k, j, mv, p.SAN(moves[j]), absValue(tb, next[j], cv), cd)
			}
			if want, ok := index[next[j]]; ok != (mv.To >= 0) || ok && mv.To != want {
				t.Fatalf("node %d move %s leads to node %d, want %d (shown %v)", k, mv.SAN, mv.To, want, ok)
			}
			if mv.Drawn && !mv.Scope {
				t.Fatalf("node %d move %s is drawn but not in the scope", k, mv.SAN)
			}
		}
		// Replay the line from the start.
		var line []string
		for m := k; e.Nodes[m].Parent >= 0; m = e.Nodes[m].Parent {
			line = append([]string{e.Nodes[m].Via}, line...)
		}
		q := tb.Position(tb.Start())
		for _, c := range line {
			m, err := q.ParseCoord(c)
			if err != nil {
				t.Fatalf("node %d: line %v: %v", k, line, err)
			}
			q.Make(m)
		}
		if i, ok := tb.Index(q); !ok || i != n.State {
			t.Fatalf("node %d: the line %v reaches %s, not %s", k, line, q.FEN(), n.FEN)
		}
	}
	return index
}

// bfsDepth returns each state's distance in plies from the start along
// the moves for which keep returns true.
func bfsDepth(tb *solver.Table, keep func(i, c int) bool) map[int]int {
	depth := map[int]int{tb.Start(): 0}
	queue := []int{tb.Start()}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		_, next := tb.Successors(i)
		for _, c := range next {
			if _, ok := depth[c]; !ok && keep(i, c) {
				depth[c] = depth[i] + 1
				queue = append(queue, c)
			}
		}
	}
	return depth
}

func TestExploreWholeGraph(t *testing.T) {
	tb := solveCode(t, gardnerCode, "")
	e := Layout(tb, DefaultOptions)
	if e.Scope != ScopeAll || e.Layering != LayerPly || !e.Complete {
		t.Fatalf("scope %s, layering %s, complete %v; want the whole graph by ply", e.Scope, e.Layering, e.Complete)
	}
	st := tb.Stats()
	if len(e.Nodes) != tb.Len() || e.Scoped != tb.Len() || e.ScopeEdges != st.Edges || e.Edges != st.Edges {
		t.Fatalf("%d nodes (scope %d), %d of %d edges drawn; the table has %d states, %d edges", len(e.Nodes), e.Scoped, e.Edges, e.ScopeEdges, tb.Len(), st.Edges)
	}
	checkNodes(t, tb, e)
	depth := bfsDepth(tb, func(int, int) bool { return true })
	sub := bfsDepth(tb, func(i, c int) bool { return (&explorer{t: tb}).inScope(ScopeWin, i, c) })
	if e.Subtree != len(sub) || e.Subtree != 37 {
		t.Fatalf("winning subtree %d states, want %d (37)", e.Subtree, len(sub))
	}
	for k, n := range e.Nodes {
		if n.Layer != depth[n.State] {
			t.Fatalf("node %d in row %d, its distance from the start is %d", k, n.Layer, depth[n.State])
		}
		if _, in := sub[n.State]; in != n.Sub {
			t.Fatalf("node %d: in the winning subtree %v, marked %v", k, in, n.Sub)
		}
		for _, mv := range n.Moves {
			if !mv.Scope || !mv.Drawn {
				t.Fatalf("node %d: move %s not drawn in the whole graph", k, mv.SAN)
			}
		}
	}
	// The same table gives the same bytes.
	a, _ := json.Marshal(e.Nodes)
	b, _ := json.Marshal(Layout(solveCode(t, gardnerCode, ""), DefaultOptions).Nodes)
	if !bytes.Equal(a, b) {
		t.Error("two explorations of the same table differ")
	}
}

func TestExploreWinningSubtree(t *testing.T) {
	tb := solveCode(t, gardnerCode, "")
	_, top := tb.Entry(tb.Start())
	for _, tt := range []struct {
		nodes    int
		complete bool
	}{{2000, true}, {12, false}} {
		t.Run(fmt.Sprint(tt.nodes), func(t *testing.T) {
			e := Layout(tb, Options{All: 100, Nodes: tt.nodes, Edges: 6000})
			if e.Scope != ScopeWin || e.Layering != LayerDTM || e.Complete != tt.complete || e.Subtree != 37 || e.Scoped != 37 {
				t.Fatalf("scope %s, layering %s, complete %v, subtree %d, scoped %d", e.Scope, e.Layering, e.Complete, e.Subtree, e.Scoped)
			}
			if len(e.Nodes) > tt.nodes || tt.complete && len(e.Nodes) != 37 {
				t.Fatalf("%d nodes shown", len(e.Nodes))
			}
			checkNodes(t, tb, e)
			lowest := e.Nodes[len(e.Nodes)-1].DTM // the last row's
			for k, n := range e.Nodes {
				// One row for each distance to mate, from the start's down.
				prev := e.Nodes[max(k-1, 0)]
				if n.Layer == prev.Layer && n.DTM != prev.DTM || n.Layer != prev.Layer && n.DTM >= prev.DTM || n.Layer == 0 && n.DTM != top {
					t.Fatalf("node %d: distance %d in row %d", k, n.DTM, n.Layer)
				}
				if n.Value != 'W' || !n.Sub || n.DTM < lowest {
					t.Fatalf("node %d: %c in %d, row %d, in the subtree %v", k, n.Value, n.DTM, n.Layer, n.Sub)
				}
				white := tb.Side(n.State) == engine.White
				for _, mv := range n.Moves {
					// The subtree's moves are White's optimal moves and every
					// Black reply; whole rows are cut, so such a move leads to a
					// shown state exactly when that state is above the cut.
					sub := !white || mv.Best
					if sub && (mv.To >= 0) != (mv.DTM >= lowest) || mv.Scope != (sub && mv.To >= 0) {
						t.Fatalf("node %d move %s: scope %v, leads to node %d (dtm %d)", k, mv.SAN, mv.Scope, mv.To, mv.DTM)
					}
				}
			}
			if tt.complete && lowest != 0 || !tt.complete && lowest == 0 {
				t.Fatalf("rows down to distance %d (complete %v)", lowest, tt.complete)
			}
		})
	}
}

func TestExploreDrawnCore(t *testing.T) {
	tb := solveCode(t, krkCode, "")
	if tb.Len() <= DefaultOptions.All {
		t.Fatalf("the 2×10 KR-K table has %d states; the test needs more than %d", tb.Len(), DefaultOptions.All)
	}
	draw := func(i, c int) bool {
		v, _ := tb.Entry(i)
		w, _ := tb.Entry(c)
		return v == solver.Draw && w == solver.Draw
	}
	depth := bfsDepth(tb, draw)
	for _, budget := range []int{DefaultOptions.Nodes, 50, len(depth)} {
		e := Layout(tb, Options{All: 3000, Nodes: budget, Edges: 100_000})
		if e.Scope != ScopeDraw || e.Layering != LayerPly || e.Subtree != 0 {
			t.Fatalf("scope %s, layering %s, subtree %d", e.Scope, e.Layering, e.Subtree)
		}
		if len(e.Nodes) > budget || e.Complete != (len(e.Nodes) == len(depth)) {
			t.Fatalf("budget %d: %d of %d core states shown, complete %v", budget, len(e.Nodes), len(depth), e.Complete)
		}
		index := checkNodes(t, tb, e)
		last := e.Nodes[len(e.Nodes)-1].Layer
		for s, d := range depth {
			if _, shown := index[s]; shown != (d <= last) {
				t.Fatalf("budget %d: state at ply %d shown %v, rows go to ply %d (whole rows only)", budget, d, shown, last)
			}
		}
		for k, n := range e.Nodes {
			if n.Value != 'D' || n.Layer != depth[n.State] {
				t.Fatalf("node %d: %c, row %d, ply %d", k, n.Value, n.Layer, depth[n.State])
			}
			for _, mv := range n.Moves {
				if mv.Scope != (mv.To >= 0 && mv.Value == 'D') {
					t.Fatalf("node %d move %s (%c): scope %v", k, mv.SAN, mv.Value, mv.Scope)
				}
			}
		}
	}
}

func TestExploreEdgeBudget(t *testing.T) {
	tb := solveCode(t, gardnerCode, "")
	e := Layout(tb, Options{All: 3000, Nodes: 2000, Edges: 1500})
	if e.Edges != 1500 || e.ScopeEdges != tb.Stats().Edges {
		t.Fatalf("%d of %d edges drawn, want 1500", e.Edges, e.ScopeEdges)
	}
	for k, n := range e.Nodes {
		for _, mv := range n.Moves {
			if mv.To > 0 && e.Nodes[mv.To].Parent == k && !mv.Drawn {
				t.Fatalf("the move %s that first reaches node %d is not drawn", mv.SAN, mv.To)
			}
		}
	}
}

func TestMarkBest(t *testing.T) {
	for _, tt := range []struct {
		name  string
		value byte
		mover engine.Color
		moves string // value and distance of each move's target: "W3 D-1 B2"
		want  string // the optimal ones: "x.x"
	}{
		{"fastest win", 'W', engine.White, "W3 W1 D-1 B2 W1", ".x..x"},
		{"keep the draw", 'D', engine.Black, "W3 D-1 D-1 W1", ".xx."},
		{"slowest loss", 'W', engine.Black, "W3 W5 W1 W5", ".x.x"},
		{"black wins", 'B', engine.Black, "B4 D-1 B2", "..x"},
	} {
		var moves []Move
		for _, f := range strings.Fields(tt.moves) {
			var d int
			fmt.Sscan(f[1:], &d)
			moves = append(moves, Move{Value: f[0], DTM: d})
		}
		markBest(moves, tt.value, tt.mover)
		got := ""
		for _, mv := range moves {
			got += map[bool]string{true: "x", false: "."}[mv.Best]
		}
		if got != tt.want {
			t.Errorf("%s: optimal %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestExploreWords checks the words each node brings: its value in a
// sentence and the label that numbers its move in a line from the start.
func TestExploreWords(t *testing.T) {
	for _, tc := range []struct {
		code      string
		startText string
		labels    []string // by depth from 1: the label of the move reaching it
	}{
		{gardnerCode, "White wins, mate in 11 plies", []string{"1.", "", "2.", "", "3."}},
		{strings.Replace(gardnerCode, ":w", ":b", 1), "", []string{"1...", "2.", "", "3."}},
	} {
		e := Layout(solveCode(t, tc.code, ""), DefaultOptions)
		if tc.startText != "" && e.Nodes[0].Text != tc.startText {
			t.Errorf("%s: start %q, want %q", tc.code, e.Nodes[0].Text, tc.startText)
		}
		seen := make([]bool, len(tc.labels))
		for i, n := range e.Nodes {
			d := 0
			for k := i; e.Nodes[k].Parent >= 0; k = e.Nodes[k].Parent {
				d++
			}
			if n.Text == "" {
				t.Fatalf("%s: node %d has no text", tc.code, i)
			}
			if d >= 1 && d <= len(tc.labels) {
				seen[d-1] = true
				if n.Label != tc.labels[d-1] {
					t.Errorf("%s: node %d at depth %d is labelled %q, want %q", tc.code, i, d, n.Label, tc.labels[d-1])
				}
			}
			if n.Terminal == solver.Mate && !strings.HasSuffix(n.Text, " (checkmate)") {
				t.Errorf("%s: mated node %d says %q", tc.code, i, n.Text)
			}
		}
		for d, ok := range seen {
			if !ok {
				t.Errorf("%s: no node at depth %d", tc.code, d+1)
			}
		}
	}
}
