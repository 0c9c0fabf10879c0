package ban

import (
	"fmt"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/keyspace"
)

// Table is the exact solution of a Ban Chess game (Rules.Bans): the
// value and distance to mate of every state reachable from a start, where
// a state is a position plus its phase — the ban phase, in which the
// opponent of the side to move bans one of its from→to pairs, or the move
// phase with one pair banned. Values are from the side to act (the banner
// in a ban phase, the side to move otherwise) and distances count plies
// of both kinds, bans and moves: a forced-ban mate is one ply away.
//
// The states are grouped by position: a position is indexed once (by an
// exact key of its pieces, side, castling rights and en-passant square),
// and its states are its ban phase followed by one move phase per pair,
// in the order engine.Position.BanMoves lists the pairs. The table is
// solved by retrograde analysis with out-counting, like solver.Solve; states
// never resolved are draws. Game-history draws (repetition, fifty moves)
// are not part of the values, as in solver.Table.
type Table struct {
	start engine.Position
	index map[string]int32
	// Per position: first state, side to move, in-check flag, terminal
	// outcome of the position itself, number of pairs, and its moves as
	// successor positions with the pair index of each (CSR by moveAt).
	base    []int32
	side    []engine.Color
	check   []bool
	term    []solver.Terminal
	pairs   []uint16
	moveAt  []int32
	succ    []int32
	pairOf  []uint16
	winner  []int8 // per state: 0 none (draw), 1 White, 2 Black
	dtm     []int32
	posOf   []int32
	reached []bool // per state: reachable from the start
	stats   Stats
}

// Stats counts a ban table's reachable states and their values.
type Stats struct {
	Positions                   int
	States, Edges               int
	WhiteWins, BlackWins, Draws int
	// Terminal states by kind: mates (ordinary or by a ban), stalemates
	// (likewise), insufficient material, race wins and no-move losses.
	Mates, Stalemates, Insufficient, Races int
}

// Stats returns the counts of the reachable states.
func (t *Table) Stats() Stats { return t.stats }

// banKey is the exact key of a position without its ban state.
func banKey(p *engine.Position, buf []byte) []byte {
	buf = buf[:0]
	for s := 0; s < p.B.N; s++ {
		buf = append(buf, byte(p.At(engine.Square(s))))
	}
	return append(buf, byte(p.Side), p.Castle, byte(p.EP), byte(p.EP>>8))
}

// banPhaseOf returns p in its ban phase (the hash is not kept right; the
// table never uses it).
func banPhaseOf(p *engine.Position) engine.Position {
	q := *p
	q.BanPhase, q.Ban = true, engine.NoMove
	return q
}

// winnerCode is the table's code for a winning colour.
func winnerCode(c engine.Color) int8 { return int8(c) + 1 }

// Solve solves the Ban Chess game from start, which must be under
// rules with Bans set, exploring at most opt.MaxStates states (0 means
// solver.DefaultMaxStates).
func Solve(start *engine.Position, opt solver.Options) (*Table, error) {
	if !start.R.Bans {
		return nil, fmt.Errorf("ban.Solve: the rules have no bans")
	}
	limit := opt.MaxStates
	if limit <= 0 {
		limit = solver.DefaultMaxStates
	}
	t := &Table{start: *start, index: map[string]int32{}}
	var key []byte
	var buf, bans [engine.MaxMoves]engine.Move
	add := func(p *engine.Position) (int32, bool) {
		key = banKey(p, key)
		if i, ok := t.index[string(key)]; ok {
			return i, false
		}
		i := int32(len(t.side))
		t.index[string(key)] = i
		t.side = append(t.side, p.Side)
		return i, true
	}
	states := 0
	first := banPhaseOf(start)
	add(&first)
	level := []engine.Position{first}
	t.moveAt = append(t.moveAt, 0)
	for len(level) > 0 {
		var next []engine.Position
		for _, p := range level {
			st := p.Status()
			t.check = append(t.check, p.InCheck())
			t.term = append(t.term, keyspace.TerminalOf(st))
			np := len(p.BanMoves(bans[:0]))
			t.pairs = append(t.pairs, uint16(np))
			t.base = append(t.base, int32(states))
			if st != engine.Active {
				states++
			} else {
				states += 1 + np
			}
			if states > limit {
				return nil, fmt.Errorf("%w: more than %d ban-chess states", solver.ErrTooLarge, limit)
			}
			if st == engine.Active && np >= 2 {
				pairs := p.BanMoves(bans[:0])
				for _, m := range p.LegalMoves(buf[:0]) {
					q := p
					q.Make(m)
					j, fresh := add(&q)
					if fresh {
						next = append(next, q)
					}
					t.succ = append(t.succ, j)
					t.pairOf = append(t.pairOf, uint16(pairIndex(pairs, m)))
				}
			}
			t.moveAt = append(t.moveAt, int32(len(t.succ)))
		}
		level = next
	}
	t.solve(states)
	return t, nil
}

// pairIndex returns the index of m's pair among the bans.
func pairIndex(bans []engine.Move, m engine.Move) int {
	for k, b := range bans {
		if b.Bans(m) {
			return k
		}
	}
	panic("solver: a legal move has no pair")
}

// moveStates reports whether position i has move-phase states.
func (t *Table) moveStates(i int) bool { return t.term[i] == solver.NotTerminal }

// solve runs the retrograde analysis over n states: it resolves the
// terminal states and the move states without a move (seed), then
// every predecessor of a resolved state in turn (propagate).
func (t *Table) solve(n int) {
	t.winner = make([]int8, n)
	t.dtm = make([]int32, n)
	t.posOf = make([]int32, n)
	bs := &banSolve{t: t, done: make([]bool, n), count: make([]int32, n)}
	bs.reverseEdges()
	bs.seed()
	bs.propagate()
	t.count()
}

// banSolve is the state of Table.solve between its steps.
type banSolve struct {
	t     *Table
	done  []bool  // by state: resolved, or a draw found on the way
	count []int32 // by state: successors not yet known to win for the actor's opponent
	queue []int32 // states resolved, in order
	// revSrc[r] and revPair[r], for r from revAt[j] to revAt[j+1], are
	// the positions with a move into position j and the pair of that move.
	revAt   []int32
	revSrc  []int32
	revPair []uint16
}

// resolve records that state s is won by w in d plies and queues it.
func (bs *banSolve) resolve(s int32, w int8, d int32) {
	bs.done[s], bs.t.winner[s], bs.t.dtm[s] = true, w, d
	bs.queue = append(bs.queue, s)
}

// reverseEdges finds, for each position, the (position, pair) moves
// into it.
func (bs *banSolve) reverseEdges() {
	t := bs.t
	np := len(t.side)
	bs.revAt = make([]int32, np+1)
	for _, j := range t.succ {
		bs.revAt[j+1]++
	}
	for j := 0; j < np; j++ {
		bs.revAt[j+1] += bs.revAt[j]
	}
	bs.revSrc = make([]int32, len(t.succ))
	bs.revPair = make([]uint16, len(t.succ))
	fill := append([]int32(nil), bs.revAt[:np]...)
	for i := 0; i < np; i++ {
		for e := t.moveAt[i]; e < t.moveAt[i+1]; e++ {
			j := t.succ[e]
			bs.revSrc[fill[j]], bs.revPair[fill[j]] = int32(i), t.pairOf[e]
			fill[j]++
		}
	}
}

// seed maps every state to its position, counts each state's
// successors, and resolves the mates and races (lost for the side to
// act) and the move states left without a move (lost when in check or
// in a race, else drawn); stalemates and insufficient material are draws.
func (bs *banSolve) seed() {
	t := bs.t
	for i := range t.side {
		b := t.base[i]
		t.posOf[b] = int32(i)
		side := t.side[i]
		switch t.term[i] {
		case solver.Mate, solver.Race:
			bs.resolve(b, winnerCode(side.Other()), 0)
			continue
		case solver.Stalemate, solver.Insufficient:
			bs.done[b] = true
			continue
		}
		pairs := int(t.pairs[i])
		bs.count[b] = int32(pairs)
		moves := t.moveAt[i+1] - t.moveAt[i]
		for k := 0; k < pairs; k++ {
			s := b + 1 + int32(k)
			t.posOf[s] = int32(i)
			c := moves
			for e := t.moveAt[i]; e < t.moveAt[i+1]; e++ {
				if int(t.pairOf[e]) == k {
					c--
				}
			}
			if pairs == 1 {
				c = 0 // the only pair banned: no successors are stored
			}
			bs.count[s] = c
			if c == 0 {
				if t.check[i] || t.start.R.Goal == engine.GoalRace {
					bs.resolve(s, winnerCode(side.Other()), 0)
				} else {
					bs.done[s] = true
				}
			}
		}
	}
}

// propagate tells the predecessors of every resolved state, in the order
// they were resolved, until there are none left; states never resolved
// are draws.
func (bs *banSolve) propagate() {
	t := bs.t
	for h := 0; h < len(bs.queue); h++ {
		s := bs.queue[h]
		i := t.posOf[s]
		w, d := t.winner[s], t.dtm[s]
		if s != t.base[i] {
			// A move state: its only predecessor is its position's ban phase.
			bs.reach(t.base[i], t.side[i].Other(), w, d)
			continue
		}
		for r := bs.revAt[i]; r < bs.revAt[i+1]; r++ {
			src, k := bs.revSrc[r], int32(bs.revPair[r])
			for kk := int32(0); kk < int32(t.pairs[src]); kk++ {
				if kk != k {
					bs.reach(t.base[src]+1+kk, t.side[src], w, d)
				}
			}
		}
	}
}

// reach tells a predecessor state q, whose actor is actor, that a
// successor is won by w in d plies: a win for the actor wins q, and q
// is lost once every successor is.
func (bs *banSolve) reach(q int32, actor engine.Color, w int8, d int32) {
	if bs.done[q] {
		return
	}
	if winnerCode(actor) == w {
		bs.resolve(q, w, d+1)
		return
	}
	bs.count[q]--
	if bs.count[q] == 0 {
		bs.resolve(q, w, d+1)
	}
}

// count fills the statistics over the states reachable from the start.
func (t *Table) count() {
	t.reached = make([]bool, len(t.winner))
	s0, _ := t.state(&t.start)
	stack := []int32{s0}
	t.reached[s0] = true
	st := Stats{Positions: len(t.side)}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		succ := t.successors(s, nil)
		st.States++
		st.Edges += len(succ)
		switch t.winner[s] {
		case 1:
			st.WhiteWins++
		case 2:
			st.BlackWins++
		default:
			st.Draws++
		}
		i := t.posOf[s]
		switch {
		case t.term[i] == solver.Mate:
			st.Mates++
		case t.term[i] == solver.Stalemate:
			st.Stalemates++
		case t.term[i] == solver.Insufficient:
			st.Insufficient++
		case t.term[i] == solver.Race:
			st.Races++
		case s != t.base[i] && len(succ) == 0 && (t.check[i] || t.start.R.Goal == engine.GoalRace):
			st.Mates++
		case s != t.base[i] && len(succ) == 0:
			st.Stalemates++
		}
		for _, q := range succ {
			if !t.reached[q] {
				t.reached[q] = true
				stack = append(stack, q)
			}
		}
	}
	t.stats = st
}

// successors appends to out the successor states of state s, in the
// order of the actions that reach them (bans in BanMoves order, moves in
// LegalMoves order, the banned pair left out).
func (t *Table) successors(s int32, out []int32) []int32 {
	i := t.posOf[s]
	if !t.moveStates(int(i)) {
		return out
	}
	b := t.base[i]
	if s == b {
		for k := 0; k < int(t.pairs[i]); k++ {
			out = append(out, b+1+int32(k))
		}
		return out
	}
	k := uint16(s - b - 1)
	for e := t.moveAt[i]; e < t.moveAt[i+1]; e++ {
		if t.pairOf[e] != k {
			out = append(out, t.base[t.succ[e]])
		}
	}
	return out
}

// state returns the state of p, and false when it is not in the table.
func (t *Table) state(p *engine.Position) (int32, bool) {
	if !p.R.Bans || p.B != t.start.B {
		return 0, false
	}
	i, ok := t.index[string(banKey(p, nil))]
	if !ok {
		return 0, false
	}
	b := t.base[i]
	if p.BanPhase || !t.moveStates(int(i)) {
		return b, true
	}
	q := banPhaseOf(p)
	var buf [engine.MaxMoves]engine.Move
	for k, ban := range q.BanMoves(buf[:0]) {
		if ban == p.Ban {
			return b + 1 + int32(k), true
		}
	}
	return 0, false
}

// Value returns the value of p for the side to act (p.Actor()) and the
// plies to mate, bans and moves counted (-1 for a draw), and false when
// p is not a state of the table.
func (t *Table) Value(p *engine.Position) (solver.Value, int, bool) {
	s, ok := t.state(p)
	if !ok {
		return solver.Draw, -1, false
	}
	return t.valueOf(s, p.Actor())
}

func (t *Table) valueOf(s int32, actor engine.Color) (solver.Value, int, bool) {
	switch w := t.winner[s]; {
	case w == 0:
		return solver.Draw, -1, true
	case w == winnerCode(actor):
		return solver.Win, int(t.dtm[s]), true
	default:
		return solver.Loss, int(t.dtm[s]), true
	}
}

// ActionValues returns every action of p (bans in a ban phase, moves
// otherwise) with the value of the state it leads to for p's actor and
// the plies to mate counted from before the action, as
// Table.MoveValues does for moves (-1 for a draw); actions whose state is
// not in the table are left out, and it returns nil when p is not.
func (t *Table) ActionValues(p *engine.Position) []solver.MoveValue {
	if _, _, ok := t.Value(p); !ok {
		return nil
	}
	var buf [engine.MaxMoves]engine.Move
	var out []solver.MoveValue
	for _, a := range p.Actions(buf[:0]) {
		q := *p
		q.MakeAction(a)
		v, d, ok := t.Value(&q)
		if !ok {
			continue
		}
		if q.Actor() != p.Actor() {
			v = -v
		}
		if v != solver.Draw {
			d++
		}
		out = append(out, solver.MoveValue{Move: a, Value: v, DTM: d})
	}
	return out
}

// BestActions returns every optimal action of p (bans in a ban phase,
// moves otherwise): for the winner those that keep the fastest mate, for
// the loser the longest defences, in a draw those that keep the draw, in
// canonical order (engine.CompareMoves). It
// returns nil when the game is over or p is not in the table.
func (t *Table) BestActions(p *engine.Position) []engine.Move {
	v, d, ok := t.Value(p)
	if !ok {
		return nil
	}
	var best []engine.Move
	for _, mv := range t.ActionValues(p) {
		if mv.Value == v && (v == solver.Draw || mv.DTM == d) {
			best = append(best, mv.Move)
		}
	}
	engine.SortMoves(best)
	return best
}

// Verify checks every reachable state against its successors: a win for
// the side to act has a successor won by it one ply sooner and none
// sooner; a loss has only successors won by the opponent, the slowest one
// ply sooner; a draw has no successor won by the side to act and at
// least one not won by the opponent, unless it is a terminal draw.
func (t *Table) Verify() error {
	var succ []int32
	for s := range t.winner {
		if !t.reached[s] {
			continue
		}
		i := t.posOf[s]
		actor := t.side[i]
		if int32(s) == t.base[i] {
			actor = actor.Other()
		}
		succ = t.successors(int32(s), succ[:0])
		w, d := t.winner[s], t.dtm[s]
		if len(succ) == 0 {
			if d != 0 && w != 0 {
				return fmt.Errorf("state %d: terminal with distance %d", s, d)
			}
			continue
		}
		own := winnerCode(actor)
		minOwn, maxOther, others, drawn := int32(-1), int32(-1), 0, 0
		for _, q := range succ {
			switch qw := t.winner[q]; {
			case qw == 0:
				drawn++
			case qw == own:
				if minOwn < 0 || t.dtm[q] < minOwn {
					minOwn = t.dtm[q]
				}
			default:
				others++
				maxOther = max(maxOther, t.dtm[q])
			}
		}
		switch {
		case w == own && (minOwn < 0 || d != minOwn+1):
			return fmt.Errorf("state %d: a win in %d, but its best successor wins in %d", s, d, minOwn)
		case w != 0 && w != own && (others != len(succ) || d != maxOther+1):
			return fmt.Errorf("state %d: a loss in %d, but %d of %d successors are lost for the opponent, slowest in %d", s, d, others, len(succ), maxOther)
		case w == 0 && (minOwn >= 0 || drawn == 0):
			return fmt.Errorf("state %d: a draw, but a successor wins for the side to act or none is drawn", s)
		}
	}
	return nil
}

// Oracle is the Oracle of an exact Ban Chess table. Its values are for
// the side to move, as every oracle's are, while the table's are for the
// side to act (the banner, in a ban phase); its best moves are actions.
type Oracle struct{ T *Table }

// Probe returns the value of p for its side to move.
func (o Oracle) Probe(p *engine.Position) (solver.Value, int, bool) {
	v, dtm, ok := o.T.Value(p)
	if ok && p.Actor() != p.Side {
		v = -v
	}
	return v, dtm, ok
}

// BestMoves returns the best actions of p in canonical order.
func (o Oracle) BestMoves(p *engine.Position) []engine.Move { return o.T.BestActions(p) }

// Method returns Exact.
func (o Oracle) Method() solver.Method { return solver.Exact }
