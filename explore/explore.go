package explore

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strconv"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// Options bound what an explorer page shows.
type Options struct {
	// All: the whole reachable graph is shown when it has at most this
	// many states.
	All int
	// Nodes bounds the states shown otherwise: the winning subtree or the
	// drawn core is cut after the last whole layer that fits.
	Nodes int
	// Edges bounds the edges drawn: the edges that first reach each state
	// are always drawn, the others in order while the budget lasts.
	Edges int
}

// DefaultOptions are the limits the build uses.
var DefaultOptions = Options{All: 3000, Nodes: 2000, Edges: 6000}

// Scopes of an exploration: which part of the graph is shown.
const (
	// ScopeAll is every reachable state and every move.
	ScopeAll = "all"
	// ScopeWin is the winning subtree from the start: the winner's optimal
	// moves and every reply of the loser.
	ScopeWin = "win"
	// ScopeDraw is the drawn core: the drawn states reached from the
	// start by moves that keep the draw.
	ScopeDraw = "draw"
)

// Layerings: how the states are placed in rows.
const (
	// LayerPly puts a state in the row of its distance in plies from the
	// start (its first appearance in a breadth-first search).
	LayerPly = "ply"
	// LayerDTM puts a state in the row of its distance to mate: the start
	// on top, the mates at the bottom.
	LayerDTM = "dtm"
)

// Layout geometry, in the units of the page's picture.
const (
	gapX       = 16  // between neighbours in the widest row
	gapY       = 64  // between rows
	gapLine    = 14  // between the lines of a folded row
	lineStates = 120 // states in one line of a row
	margin     = 16
	minWidth   = 640
)

// Graph is the part of a solved table an explorer page shows, laid
// out for drawing.
type Graph struct {
	Scope    string // ScopeAll, ScopeWin or ScopeDraw
	Layering string // LayerPly or LayerDTM
	// Complete is true when every state of the scope is shown; false when
	// it was cut after Layers rows to keep the page small.
	Complete bool
	// Layers is the number of rows shown.
	Layers int
	// Nodes are the states shown, by row and then left to right; the
	// start is Nodes[0].
	Nodes []Node
	// Edges counts the moves drawn as lines; ScopeEdges the moves of the
	// scope between shown states (Edges < ScopeEdges when the edge budget
	// dropped some).
	Edges, ScopeEdges int
	// Stats counts the whole table.
	Stats solver.Stats
	// Subtree is the number of states of the winning subtree from the
	// start; 0 for a drawn start.
	Subtree int
	// Scoped is the number of states of the scope, shown or not, when
	// known (ScopeAll and ScopeWin); 0 for a cut drawn core, whose size
	// is not computed.
	Scoped int
	// Width and Height are the size of the picture.
	Width, Height int
}

// Node is one state of an exploration.
type Node struct {
	State    int    // index in the table
	FEN      string // as Table.FEN writes it
	Value    byte   // 'W', 'B' or 'D': who wins with best play
	DTM      int    // distance to mate in plies, -1 for a draw
	Terminal solver.Terminal
	Layer    int
	X, Y     int
	// Parent is the node the state is first reached from (-1 for the
	// start) and Via that move in coordinates, so a page can replay the
	// line from the start.
	Parent int
	Via    string
	// Sub marks the states of the winning subtree from the start.
	Sub bool
	// Moves are the state's legal moves in canonical order
	// (engine.CompareMoves).
	Moves []Move
	// Text says the state's value and how it ended, for people: "White
	// wins, mate in 5 plies", "Black has won (checkmate)", "Draw".
	Text string
	// Label numbers Via in the line from the start: "3." before a White
	// move, "3..." before Black's first, "" before Black's later ones.
	Label string
}

// Move is a legal move of a shown state.
type Move struct {
	SAN string
	// To is the node the move leads to, -1 when that state is not shown.
	To int
	// Value and DTM are those of the state the move leads to, and Text
	// says them in words when that state is not shown.
	Value byte
	DTM   int
	Text  string
	// Best marks the mover's optimal moves; Scope the moves of the shown
	// scope (the winner's optimal moves and the loser's replies in a
	// winning subtree, the drawing moves in a drawn core, every move of
	// the whole graph); Drawn the ones drawn as lines; Sub the moves of
	// the winning subtree.
	Best, Scope, Drawn, Sub bool
}

// explorer holds the work of one Layout call.
type explorer struct {
	t     *solver.Table
	scope string
	opt   Options
	// index maps a table state to its node; states lists the chosen
	// states as they were found, with their parents (table indices, -1
	// for the start), the moves that reached them and their rows.
	index  map[int]int
	sub    map[int]bool // the winning subtree's states
	states []int
	parent []int
	via    []engine.Move
	layer  []int
}

// Layout chooses and lays out what the explorer page of t shows: the
// whole graph when t has at most opt.All states; otherwise, for a won
// start, the winning subtree (cut by distance to mate when it has more
// than opt.Nodes states) and, for a drawn start, the drawn core within as
// many plies of the start as fit opt.Nodes. The result depends only on
// t and opt.
func Layout(t *solver.Table, opt Options) *Graph {
	e := &Graph{Stats: t.Stats()}
	start := t.Start()
	sv, _ := t.Entry(start)
	x := &explorer{t: t, opt: opt, index: map[int]int{}}
	switch {
	case t.Len() <= opt.All:
		x.scope, e.Layering = ScopeAll, LayerPly
	case sv != solver.Draw:
		x.scope, e.Layering = ScopeWin, LayerDTM
	default:
		x.scope, e.Layering = ScopeDraw, LayerPly
	}
	e.Scope = x.scope
	var sub *reach
	if sv != solver.Draw {
		sub = x.closure(start, ScopeWin)
		e.Subtree = len(sub.states)
		x.sub = make(map[int]bool, len(sub.states))
		for _, i := range sub.states {
			x.sub[i] = true
		}
	}
	if x.scope == ScopeWin {
		x.byDTM(sub, e)
	} else {
		x.byPly(start, e)
	}
	x.nodes(e)
	x.layout(e)
	words(e, t.Position(start))
	return e
}

// inScope reports whether the move from state i to state c belongs to
// the scope s.
func (x *explorer) inScope(s string, i, c int) bool {
	switch s {
	case ScopeWin:
		v, d := x.t.Entry(i)
		if v == solver.Loss {
			return true
		}
		cv, cd := x.t.Entry(c)
		return v == solver.Win && cv == solver.Loss && cd == d-1
	case ScopeDraw:
		v, _ := x.t.Entry(i)
		cv, _ := x.t.Entry(c)
		return v == solver.Draw && cv == solver.Draw
	}
	return true
}

// reach is a breadth-first search's result: the states in the order
// found, and the parent and move each was found by.
type reach struct {
	states, parent []int
	via            []engine.Move
}

// closure searches from start along the moves of scope s.
func (x *explorer) closure(start int, s string) *reach {
	r := &reach{states: []int{start}, parent: []int{-1}, via: []engine.Move{engine.NoMove}}
	seen := map[int]bool{start: true}
	for k := 0; k < len(r.states); k++ {
		i := r.states[k]
		moves, next := x.t.Successors(i)
		for j, c := range next {
			if seen[c] || !x.inScope(s, i, c) {
				continue
			}
			seen[c] = true
			r.states = append(r.states, c)
			r.parent = append(r.parent, i)
			r.via = append(r.via, moves[j])
		}
	}
	return r
}

// add appends a chosen state.
func (x *explorer) add(state, parent int, via engine.Move, layer int) {
	x.index[state] = len(x.states)
	x.states = append(x.states, state)
	x.parent = append(x.parent, parent)
	x.via = append(x.via, via)
	x.layer = append(x.layer, layer)
}

// byPly chooses the states of the scope row by row from the start, the
// row being the distance in plies, while whole rows fit opt.Nodes (the
// whole graph is never cut).
func (x *explorer) byPly(start int, e *Graph) {
	x.add(start, -1, engine.NoMove, 0)
	e.Complete = true
	for lo, depth := 0, 0; lo < len(x.states); depth++ {
		hi := len(x.states)
		type found struct {
			state, parent int
			via           engine.Move
		}
		var row []found
		seen := map[int]bool{}
		for k := lo; k < hi; k++ {
			i := x.states[k]
			moves, next := x.t.Successors(i)
			for j, c := range next {
				if _, ok := x.index[c]; ok || seen[c] || !x.inScope(x.scope, i, c) {
					continue
				}
				seen[c] = true
				row = append(row, found{c, i, moves[j]})
			}
		}
		if len(row) == 0 {
			break
		}
		if x.scope != ScopeAll && hi+len(row) > x.opt.Nodes {
			e.Complete = false
			break
		}
		for _, f := range row {
			x.add(f.state, f.parent, f.via, depth+1)
		}
		lo = hi
	}
	if e.Complete {
		e.Scoped = len(x.states)
	}
}

// byDTM chooses from the winning subtree r, row by row by distance to
// mate from the start's down to the mates (one row for each distance
// that occurs), while whole rows fit opt.Nodes. Every move of the subtree
// lowers the distance, so a cut keeps each state's way from the start.
func (x *explorer) byDTM(r *reach, e *Graph) {
	e.Scoped = len(r.states)
	_, top := x.t.Entry(r.states[0])
	rows := make([][]int, top+1) // by distance to mate: positions in r
	for k, i := range r.states {
		_, d := x.t.Entry(i)
		rows[d] = append(rows[d], k)
	}
	n, layer := 0, 0
	e.Complete = true
	for d := top; d >= 0; d-- {
		if len(rows[d]) == 0 {
			continue
		}
		if n > 0 && n+len(rows[d]) > x.opt.Nodes {
			e.Complete = false
			break
		}
		n += len(rows[d])
		for _, k := range rows[d] {
			x.add(r.states[k], r.parent[k], r.via[k], layer)
		}
		layer++
	}
}

// nodes fills e.Nodes with each chosen state, its moves and their values,
// and picks the edges to draw.
func (x *explorer) nodes(e *Graph) {
	t := x.t
	board := t.Position(x.states[0]).B
	e.Nodes = make([]Node, len(x.states))
	for k, i := range x.states {
		v, d := t.Entry(i)
		n := Node{State: i, FEN: t.FEN(i), Value: absValue(t, i, v), DTM: d, Terminal: t.Terminal(i), Layer: x.layer[k], Parent: -1, Sub: x.sub[i]}
		if p := x.parent[k]; p >= 0 {
			n.Parent = x.index[p]
			n.Via = x.via[k].Coord(board)
		}
		moves, next := t.Successors(i)
		if len(moves) > 0 {
			p := t.Position(i)
			n.Moves = make([]Move, len(moves))
			for j, m := range moves {
				c := next[j]
				cv, cd := t.Entry(c)
				mv := Move{SAN: p.SAN(m), To: -1, Value: absValue(t, c, cv), DTM: cd}
				if ci, ok := x.index[c]; ok {
					mv.To = ci
					mv.Scope = x.inScope(x.scope, i, c)
					mv.Sub = n.Sub && x.sub[c] && x.inScope(ScopeWin, i, c)
				}
				n.Moves[j] = mv
			}
			markBest(n.Moves, n.Value, t.Side(i))
		}
		e.Nodes[k] = n
	}
	// The moves that first reached each state are drawn first, then the
	// others in node order while the budget lasts.
	for k := range e.Nodes {
		n := &e.Nodes[k]
		for j := range n.Moves {
			mv := &n.Moves[j]
			if !mv.Scope {
				continue
			}
			e.ScopeEdges++
			if e.Nodes[mv.To].Parent == k {
				mv.Drawn = true
				e.Edges++
			}
		}
	}
	for k := range e.Nodes {
		n := &e.Nodes[k]
		for j := range n.Moves {
			if mv := &n.Moves[j]; mv.Scope && !mv.Drawn && e.Edges < x.opt.Edges {
				mv.Drawn = true
				e.Edges++
			}
		}
	}
}

// absValue turns a value for the side to move of state i into who wins.
func absValue(t *solver.Table, i int, v solver.Value) byte {
	switch {
	case v == solver.Draw:
		return 'D'
	case (v == solver.Win) == (t.Side(i) == engine.White):
		return 'W'
	}
	return 'B'
}

// markBest marks the mover's optimal moves: the fastest wins when the
// state is won, the drawing moves when it is drawn, the slowest losses
// when it is lost.
func markBest(moves []Move, value byte, mover engine.Color) {
	us := byte('W')
	if mover == engine.Black {
		us = 'B'
	}
	best := -1
	for _, mv := range moves {
		switch {
		case value == us && mv.Value == us:
			if best < 0 || mv.DTM < best {
				best = mv.DTM
			}
		case value != us && value != 'D' && mv.Value != 'D':
			best = max(best, mv.DTM)
		}
	}
	for j := range moves {
		mv := &moves[j]
		switch {
		case value == 'D':
			mv.Best = mv.Value == 'D'
		default:
			mv.Best = mv.Value == value && mv.DTM == best
		}
	}
}

// layout orders every row to keep lines short (the barycentre heuristic:
// a state moves towards the mean position of its neighbours in the rows
// above, then below, then above again) and gives each state its place:
// rows spread over the width of the widest one, and a row of more than
// lineStates states folds into interleaved lines, so the picture stays
// about as wide as it is tall.
func (x *explorer) layout(e *Graph) {
	rows := [][]int{}
	for k, n := range e.Nodes {
		for len(rows) <= n.Layer {
			rows = append(rows, nil)
		}
		rows[n.Layer] = append(rows[n.Layer], k)
	}
	e.Layers = len(rows)
	// Neighbours by drawn edges, both ways.
	adj := make([][]int, len(e.Nodes))
	for k, n := range e.Nodes {
		for _, mv := range n.Moves {
			if mv.Drawn && mv.To != k {
				adj[k] = append(adj[k], mv.To)
				adj[mv.To] = append(adj[mv.To], k)
			}
		}
	}
	pos := make([]float64, len(e.Nodes))
	place := func(row []int) {
		for i, k := range row {
			pos[k] = (float64(i) + 0.5) / float64(len(row))
		}
	}
	for _, row := range rows {
		place(row)
	}
	sweep := func(r int, above bool) {
		row := rows[r]
		key := make(map[int]float64, len(row))
		for _, k := range row {
			sum, n := 0.0, 0
			for _, o := range adj[k] {
				if l := e.Nodes[o].Layer; (above && l < r) || (!above && l > r) {
					sum += pos[o]
					n++
				}
			}
			if n > 0 {
				key[k] = sum / float64(n)
			} else {
				key[k] = pos[k]
			}
		}
		sort.SliceStable(row, func(a, b int) bool { return key[row[a]] < key[row[b]] })
		place(row)
	}
	for r := 1; r < len(rows); r++ {
		sweep(r, true)
	}
	for r := len(rows) - 2; r >= 0; r-- {
		sweep(r, false)
	}
	for r := 1; r < len(rows); r++ {
		sweep(r, true)
	}
	widest := 0
	for _, row := range rows {
		widest = max(widest, min(len(row), lineStates))
	}
	inner := max(widest*gapX, minWidth)
	y := margin
	for _, row := range rows {
		lines := max((len(row)+lineStates-1)/lineStates, 1)
		for i, k := range row {
			e.Nodes[k].X = margin + int(pos[k]*float64(inner)+0.5)
			e.Nodes[k].Y = y + i%lines*gapLine
		}
		y += (lines-1)*gapLine + gapY
	}
	e.Width = inner + 2*margin
	e.Height = y - gapY + margin
	// Renumber the nodes by row, then left to right.
	order := slices.Concat(rows...)
	renum := make([]int, len(order))
	for to, from := range order {
		renum[from] = to
	}
	out := make([]Node, len(order))
	for to, from := range order {
		n := e.Nodes[from]
		if n.Parent >= 0 {
			n.Parent = renum[n.Parent]
		}
		for j := range n.Moves {
			if n.Moves[j].To >= 0 {
				n.Moves[j].To = renum[n.Moves[j].To]
			}
		}
		out[to] = n
	}
	e.Nodes = out
}

// Flags of a node and of a move in the page data.
const (
	flagBest  = 1 << iota // an optimal move
	flagScope             // a move of the shown scope
	flagDrawn             // a move drawn as a line
	flagSub               // a state or move of the winning subtree
)

// words writes each node's Text and Label; start is the start position.
func words(e *Graph, start *engine.Position) {
	race := start.R.Goal == engine.GoalRace
	depth := make([]int, len(e.Nodes))
	for i := range depth {
		depth[i] = -1
	}
	var depthOf func(i int) int
	depthOf = func(i int) int {
		if depth[i] < 0 {
			depth[i] = 0 // the start, and a guard against a cycle
			if p := e.Nodes[i].Parent; p >= 0 {
				depth[i] = depthOf(p) + 1
			}
		}
		return depth[i]
	}
	for i := range e.Nodes {
		n := &e.Nodes[i]
		for j := range n.Moves {
			if m := &n.Moves[j]; m.To < 0 {
				m.Text = valueText(m.Value, m.DTM, race)
			}
		}
		n.Text = valueText(n.Value, n.DTM, race)
		if r := n.Terminal.Reason(); r != "" {
			n.Text += " (" + r + ")"
		}
		if n.Parent < 0 {
			continue
		}
		ply := depthOf(i) - 1 // the ply of Via from the start
		side := start.Side
		if ply%2 == 1 {
			side = side.Other()
		}
		// The fullmove number grows after each Black move.
		full := start.Fullmove + (ply+int(start.Side))/2
		if side == engine.White || ply == 0 {
			n.Label = engine.MoveLabel{Fullmove: full, Side: side}.String()
		}
	}
}

// valueText says who wins a state and how fast.
func valueText(value byte, dtm int, race bool) string {
	winner := engine.White
	switch {
	case value == 'D':
		return "Draw"
	case value == 'B':
		winner = engine.Black
	}
	switch {
	case dtm == 0:
		return winner.Title() + " has won"
	case race:
		return fmt.Sprintf("%s wins the race in %s", winner.Title(), plies(dtm))
	}
	return fmt.Sprintf("%s wins, mate in %s", winner.Title(), plies(dtm))
}

// plies counts half-moves: "1 ply", "5 plies".
func plies(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return strconv.Itoa(n) + " plies"
}

// MarshalJSON writes a node as the page script reads it, an array to
// keep the data small: [x, y, layer, fen, value, dtm, terminal, parent,
// via, flags, moves, text, label]. A move is [san, to, flags] when it
// leads to a shown node and [san, -1, flags, value, dtm, text]
// otherwise; flags add up
// 1 (optimal), 2 (in the scope), 4 (drawn) and 8 (in the winning
// subtree).
func (n Node) MarshalJSON() ([]byte, error) {
	b := make([]byte, 0, 64+16*len(n.Moves))
	b = append(b, '[')
	b = strconv.AppendInt(b, int64(n.X), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(n.Y), 10)
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(n.Layer), 10)
	b = append(b, ',')
	b = appendJSONString(b, n.FEN)
	b = append(b, ',', '"', n.Value, '"', ',')
	b = strconv.AppendInt(b, int64(n.DTM), 10)
	b = append(b, ',')
	b = appendJSONString(b, n.Terminal.String())
	b = append(b, ',')
	b = strconv.AppendInt(b, int64(n.Parent), 10)
	b = append(b, ',')
	b = appendJSONString(b, n.Via)
	b = append(b, ',')
	flags := 0
	if n.Sub {
		flags = flagSub
	}
	b = strconv.AppendInt(b, int64(flags), 10)
	b = append(b, ',', '[')
	for j, mv := range n.Moves {
		if j > 0 {
			b = append(b, ',')
		}
		b = append(b, '[')
		b = appendJSONString(b, mv.SAN)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(mv.To), 10)
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(mv.flags()), 10)
		if mv.To < 0 {
			b = append(b, ',', '"', mv.Value, '"', ',')
			b = strconv.AppendInt(b, int64(mv.DTM), 10)
			b = append(b, ',')
			b = appendJSONString(b, mv.Text)
		}
		b = append(b, ']')
	}
	b = append(b, ']', ',')
	b = appendJSONString(b, n.Text)
	b = append(b, ',')
	b = appendJSONString(b, n.Label)
	return append(b, ']'), nil
}

// flags packs a move's marks for the page data.
func (mv Move) flags() int {
	f := 0
	for _, x := range []struct {
		on   bool
		flag int
	}{{mv.Best, flagBest}, {mv.Scope, flagScope}, {mv.Drawn, flagDrawn}, {mv.Sub, flagSub}} {
		if x.on {
			f |= x.flag
		}
	}
	return f
}

// appendJSONString appends s as a JSON string. FENs, SAN and coordinates
// are plain ASCII; anything else goes through encoding/json, which also
// escapes <, > and & for a <script> element.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}
