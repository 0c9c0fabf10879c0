package solver

import (
	"sync"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver/keyspace"
)

// Value is the game-theoretic value of a position for the side to move.
// Negating a Value gives the other side's view.
type Value int8

// Values.
const (
	Loss Value = -1
	Draw Value = 0
	Win  Value = 1
)

// String returns "win", "loss" or "draw".
func (v Value) String() string {
	switch v {
	case Win:
		return "win"
	case Loss:
		return "loss"
	}
	return "draw"
}

// Outcome returns the game's outcome when v is the value for side.
func (v Value) Outcome(side engine.Color) engine.Outcome {
	switch v {
	case Win:
		return engine.WinFor(side)
	case Loss:
		return engine.WinFor(side.Other())
	}
	return engine.Drawn
}

// Stats describes a solved table.
type Stats struct {
	// States is the number of reachable states; Edges the number of moves
	// out of the non-terminal ones.
	States int
	Edges  int
	// WhiteWins, BlackWins and Draws count the states won for White, won
	// for Black and drawn, whoever is to move.
	WhiteWins, BlackWins, Draws int
	// Terminals counts the terminal states of each kind, indexed by
	// Terminal (Terminals[NotTerminal] is unused).
	Terminals [Race + 1]int
}

// Table holds the exact value and distance to mate of every state
// reachable from a start position. It is safe for concurrent use.
//
// States are numbered from 0 to Len()-1 in an order that depends only on
// the set of states (not on how they were found), so the same start
// position and rules always give the same numbering and the same
// MarshalBinary output.
type Table struct {
	space keyspace.Space
	c     *keyspace.Codec
	// idx and vals hold the states' keys and value words; under pairs
	// the kept states'.
	idx      *keyspace.Index
	vals     []uint16
	pairs    *mirrorPairs
	stats    Stats
	startKey uint64
	pool     sync.Pool // of *tableScratch
}

// tableScratch is the per-call working memory of table lookups.
type tableScratch struct {
	pos    engine.Position
	exp    keyspace.Expander
	keys   []uint64
	moves  []engine.Move
	lookup lookupScratch
	// mirrored says that expand expanded the state's mirror.
	mirrored bool
}

func newTable(space keyspace.Space, idx *keyspace.Index, vals []uint16, pairs *mirrorPairs, stats Stats, startKey uint64) *Table {
	t := &Table{space: space, c: space.Codec(), idx: idx, vals: vals, pairs: pairs, stats: stats, startKey: startKey}
	t.pool.New = func() any {
		return &tableScratch{exp: space.NewExpander(), keys: make([]uint64, 0, 64), moves: make([]engine.Move, 0, 64)}
	}
	return t
}

// Stats returns the table's statistics.
func (t *Table) Stats() Stats { return t.stats }

// Start returns the index of the start position.
func (t *Table) Start() int {
	i, _ := t.lookup(t.startKey)
	return i
}

// Index returns the index of position p, and false when p is not a state
// of the table (not reachable from the start, or another board or rules).
// The halfmove and move counters of p are ignored.
func (t *Table) Index(p *engine.Position) (int, bool) {
	// The initial material, which the engine takes from each parsed
	// position when pieces may only promote to captured types, is the
	// table's: it is the same for every position reached from the start.
	if !engine.SameGame(p.R, t.c.Rules()) {
		return 0, false
	}
	k, ok := t.c.Encode(p)
	if !ok {
		return 0, false
	}
	return t.lookup(k)
}

// entry returns the value and distance to mate of state i.
func (t *Table) entry(i int) (Value, int) {
	w := t.val(i)
	switch w & wordTag {
	case wordWin:
		return Win, int(w & wordLow)
	case wordLoss:
		return Loss, int(w & wordLow)
	}
	return Draw, -1
}

// Entry returns the value of state i for its side to move and its
// distance to mate in plies (-1 for a draw).
func (t *Table) Entry(i int) (Value, int) { return t.entry(i) }

// Probe returns the value of p for its side to move and the distance to
// mate in plies under best play (the winner mating as fast as it can,
// the loser holding out as long as it can; -1 for a draw), and whether p
// is a state of the table at all.
func (t *Table) Probe(p *engine.Position) (Value, int, bool) {
	i, ok := t.Index(p)
	if !ok {
		return Draw, -1, false
	}
	v, d := t.entry(i)
	return v, d, true
}

// Position returns state i as a new position (counters reset).
func (t *Table) Position(i int) *engine.Position {
	return t.c.Position(t.key(i))
}

// Side returns the side to move in state i.
func (t *Table) Side(i int) engine.Color { return keyspace.Side(t.key(i)) }

// Terminal returns how state i ends the game, or NotTerminal.
func (t *Table) Terminal(i int) Terminal {
	sc := t.pool.Get().(*tableScratch)
	defer t.pool.Put(sc)
	term, _ := sc.exp.Count(t.key(i))
	return term
}

// expand generates the moves and successor keys of the state with key k
// into sc, in canonical order (engine.CompareMoves). It returns false for
// a terminal state. In a table of mirror pairs a state with White to move
// is expanded through its mirror, whose successors are kept states: the
// keys are then the successors' mirrors, which successors looks up as
// such, and the moves are turned back (see keyspace.Pieces.Mirror).
func (t *Table) expand(sc *tableScratch, k uint64) bool {
	sc.mirrored = t.pairs != nil && keyspace.Side(k) == engine.White
	if sc.mirrored {
		k = t.pairs.ps.Mirror(k)
	}
	var term Terminal
	term, sc.keys, sc.moves = sc.exp.Expand(k, sc.keys, sc.moves)
	if term != NotTerminal {
		return false
	}
	ms, ks := sc.moves, sc.keys
	if sc.mirrored {
		last := engine.Square(t.c.Board().N - 1)
		for j, m := range ms {
			ms[j] = engine.NewMove(last-m.From(), last-m.To())
		}
	}
	for i := 1; i < len(ms); i++ {
		m, k := ms[i], ks[i]
		j := i
		for ; j > 0 && engine.CompareMoves(m, ms[j-1]) < 0; j-- {
			ms[j], ks[j] = ms[j-1], ks[j-1]
		}
		ms[j], ks[j] = m, k
	}
	return true
}

// successors returns the index of each successor expand put in sc, or -1
// for one not in the table.
func (t *Table) successors(sc *tableScratch) []int32 {
	if !sc.mirrored {
		return t.lookupAll(sc.keys, &sc.lookup)
	}
	return t.lookupKept(sc.keys, func(int) int { return 1 }, &sc.lookup)
}

// Successors returns the legal moves of state i and the index of the
// state each leads to, in canonical order (engine.CompareMoves); both are empty for a
// terminal state.
func (t *Table) Successors(i int) ([]engine.Move, []int) {
	sc := t.pool.Get().(*tableScratch)
	defer t.pool.Put(sc)
	if !t.expand(sc, t.key(i)) {
		return nil, nil
	}
	moves := append([]engine.Move(nil), sc.moves...)
	next := make([]int, len(sc.keys))
	for j, c := range t.successors(sc) {
		next[j] = max(int(c), 0)
	}
	return moves, next
}

// MoveValue is a legal move with the value of the position it leads to,
// seen by the side making the move.
type MoveValue struct {
	Move engine.Move
	// Value is the result for the mover with best play after the move.
	Value Value
	// DTM is the distance to mate in plies counted from before the move
	// (the move itself is the first ply), or -1 for a draw.
	DTM int
}

// Better reports whether a is a better outcome than b for the mover under
// perfect play: a win beats a draw beats a loss, a faster win beats a
// slower one, and a slower loss beats a faster one.
func (a MoveValue) Better(b MoveValue) bool {
	if a.Value != b.Value {
		return a.Value > b.Value
	}
	switch a.Value {
	case Win:
		return a.DTM < b.DTM
	case Loss:
		return a.DTM > b.DTM
	}
	return false
}

// moveValues appends to out the move values of the state with key k, or
// returns false when k is terminal.
func (t *Table) moveValues(sc *tableScratch, k uint64, out []MoveValue) ([]MoveValue, bool) {
	if !t.expand(sc, k) {
		return out, false
	}
	// Look the successors up together, touching their memory first (see
	// keyspace.Index.FindAll).
	found := t.successors(sc)
	for j := range sc.keys {
		mv := MoveValue{Move: sc.moves[j], Value: Draw, DTM: -1}
		if c := int(found[j]); c >= 0 {
			v, d := t.entry(c)
			if v != Draw {
				mv.Value, mv.DTM = -v, d+1
			}
		}
		out = append(out, mv)
	}
	return out, true
}

// MoveValues returns every legal move of p with the value and distance to
// mate of the position it leads to, from the mover's view, in canonical
// order (engine.CompareMoves). It returns nil when p is not a state of the table
// or the game is over in p.
func (t *Table) MoveValues(p *engine.Position) []MoveValue {
	i, ok := t.Index(p)
	if !ok {
		return nil
	}
	sc := t.pool.Get().(*tableScratch)
	defer t.pool.Put(sc)
	out, _ := t.moveValues(sc, t.key(i), nil)
	return out
}

// BestMoves returns every optimal move of p in canonical order: the
// fastest wins if p is won, the moves that keep the draw if it is drawn,
// and the slowest losses if it is lost. It returns nil when p is not a state of the
// table or the game is over in p.
func (t *Table) BestMoves(p *engine.Position) []engine.Move {
	i, ok := t.Index(p)
	if !ok {
		return nil
	}
	sc := t.pool.Get().(*tableScratch)
	defer t.pool.Put(sc)
	var buf [64]MoveValue
	mvs, _ := t.moveValues(sc, t.key(i), buf[:0])
	return bestOf(mvs, nil)
}

// bestOf appends the optimal moves of mvs to out.
func bestOf(mvs []MoveValue, out []engine.Move) []engine.Move {
	var best MoveValue
	for j, mv := range mvs {
		if j == 0 || mv.Better(best) {
			best = mv
		}
	}
	for _, mv := range mvs {
		if !best.Better(mv) {
			out = append(out, mv.Move)
		}
	}
	return out
}

// FEN returns the FEN of state i (with the counters at 0 and 1).
func (t *Table) FEN(i int) string {
	sc := t.pool.Get().(*tableScratch)
	defer t.pool.Put(sc)
	t.c.Decode(t.key(i), &sc.pos)
	return sc.pos.FEN()
}
