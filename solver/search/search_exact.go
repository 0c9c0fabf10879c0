package search

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// DefaultExactStates bounds the exact tables Search builds when
// Limits.ExactStates is zero.
const DefaultExactStates = 1 << 20

// exactTables remembers the exact tables a Searcher built and the
// material it found too big to solve.
type exactTables struct {
	// games are tables built from root positions, newest last: each
	// holds every position reachable from its root.
	games []*solver.Table
	// endings are tables of pawnless endings built during the search, by
	// material signature (a signature may need more than one table, as
	// bishops keep to their colour of squares).
	endings map[string][]*solver.Table
	// swindle memoizes swindler.lost per game table.
	swindle map[*solver.Table]map[int]float64
	// tooBig holds, per board, preset and state limit, the fewest pieces
	// a solve failed with (the state limit was hit, or the solver cannot
	// key the position): positions with as many pieces or more are not
	// tried again.
	tooBig map[string]int
	// stopped counts the builds stopped by the search's clock.
	stopped int
}

// Bounds on the exact tables a Searcher keeps and builds.
const (
	maxGameTables = 4
	// maxEndingTables bounds the tables per material signature.
	maxEndingTables = 2
	// maxProbePieces is the most pieces (kings included) a position may
	// have for the search to look it up in an ending table.
	maxProbePieces = 5
)

// gameTable returns a table holding p, building one from p when its
// material looks small enough to solve within maxStates states.
func (x *exactTables) gameTable(p *engine.Position, maxStates int, stop func() bool) *solver.Table {
	for _, t := range x.games {
		if _, ok := t.Index(p); ok {
			return t
		}
	}
	t := x.build(p, maxStates, stop)
	if t != nil {
		if len(x.games) == maxGameTables {
			x.games = x.games[1:]
		}
		x.games = append(x.games, t)
	}
	return t
}

// endingTable returns a table holding p, a pawnless ending, building one
// when none of the tables of its material does and the state estimate
// fits in *budget, which the build then uses up; stop is polled by the
// build.
func (x *exactTables) endingTable(p *engine.Position, maxStates int, budget *float64, stop func() bool) *solver.Table {
	sig := materialSignature(p)
	tables := x.endings[sig]
	for _, t := range tables {
		if _, ok := t.Index(p); ok {
			return t
		}
	}
	est := stateEstimate(p)
	if len(tables) >= maxEndingTables || est > *budget {
		return nil
	}
	*budget -= est
	t := x.build(p, maxStates, stop)
	if t != nil {
		if x.endings == nil {
			x.endings = map[string][]*solver.Table{}
		}
		x.endings[sig] = append(tables, t)
	}
	return t
}

// build solves from p if its material looks small enough, and remembers
// failures. The solve polls stop between its rounds: a build stopped
// (the search's time ran out) counts as a failure too, since the next
// search, with a budget like this one's, would not finish it either.
func (x *exactTables) build(p *engine.Position, maxStates int, stop func() bool) *solver.Table {
	kind := fmt.Sprintf("%dx%d %s %d", p.B.W, p.B.H, p.R.Preset, maxStates)
	pieces := pieceCount(p)
	if fewest, ok := x.tooBig[kind]; (ok && pieces >= fewest) || stateEstimate(p) > 64*float64(maxStates) {
		return nil
	}
	t, err := solver.Solve(p, solver.Options{MaxStates: maxStates, Stop: stop})
	if err != nil { // too large (ErrTooLarge), stopped (ErrStopped), or a position without a state key
		if errors.Is(err, solver.ErrStopped) {
			x.stopped++
		}
		if x.tooBig == nil {
			x.tooBig = map[string]int{}
		}
		x.tooBig[kind] = pieces
		return nil
	}
	return t
}

// materialSignature names the board, the rules' preset and the pieces
// of each side.
func materialSignature(p *engine.Position) string {
	var counts [2][7]int
	for c := engine.White; c <= engine.Black; c++ {
		for t := engine.Pawn; t <= engine.King; t++ {
			counts[c][t] = p.Count(c, t)
		}
	}
	return fmt.Sprintf("%dx%d %s %v", p.B.W, p.B.H, p.R.Preset, counts)
}

// probeEnding looks the current position up in an ending table when it
// is a pawnless ending of at most maxProbePieces pieces, and returns its
// exact score at ply: a win or loss as a mate score, a draw as 0.
func (s *Searcher) probeEnding(ply int) (int, bool) {
	p := &s.pos
	if p.Count(engine.White, engine.Pawn)+p.Count(engine.Black, engine.Pawn) > 0 || pieceCount(p) > maxProbePieces {
		return 0, false
	}
	budget := &s.buildBudget
	if s.firstPass {
		budget = new(float64) // look up the tables built so far, build none
	}
	t := s.exact.endingTable(p, s.exactStates, budget, s.halt)
	if t == nil {
		return 0, false
	}
	v, d, ok := t.Probe(p)
	if !ok {
		return 0, false
	}
	switch v {
	case solver.Win:
		return MateScore - ply - d, true
	case solver.Loss:
		return -MateScore + ply + d, true
	}
	return 0, true
}

// swindleMemo returns the memo of escape chances for table t, keeping
// those of the current game tables only.
func (x *exactTables) swindleMemo(t *solver.Table) map[int]float64 {
	if x.swindle == nil {
		x.swindle = map[*solver.Table]map[int]float64{}
	}
	m := x.swindle[t]
	if m == nil {
		for old := range x.swindle {
			if !slices.Contains(x.games, old) {
				delete(x.swindle, old)
			}
		}
		m = map[int]float64{}
		x.swindle[t] = m
	}
	return m
}

// maxSwindleStates bounds the lost states one swindle choice explores.
const maxSwindleStates = 100_000

// swindler computes escape chances from lost states of a table.
type swindler struct {
	t    *solver.Table
	memo map[int]float64
	// budget counts down the states still to explore; past it, an
	// unexplored lost state counts as no escape.
	budget int
}

// lost returns, for state i, lost for its side to move, the chance of
// escaping the loss against an opponent who picks its moves uniformly at
// random, when the side to move always picks the move with the best
// chance.
func (sw *swindler) lost(i int) float64 {
	if v, ok := sw.memo[i]; ok {
		return v
	}
	if sw.budget <= 0 {
		return 0
	}
	sw.budget--
	sw.memo[i] = 0 // a state met again on the way down (a repetition) is no escape
	best := 0.0
	_, next := sw.t.Successors(i)
	for _, j := range next {
		best = max(best, sw.reply(j))
	}
	sw.memo[i] = best
	return best
}

// reply returns the chance of escaping from state j, where the random
// opponent is to move: a reply that does not keep its win is an escape,
// and a reply that does leaves a lost state to swindle from.
func (sw *swindler) reply(j int) float64 {
	if v, _ := sw.t.Entry(j); v != solver.Win {
		return 1
	}
	_, next := sw.t.Successors(j)
	if len(next) == 0 {
		return 0
	}
	sum := 0.0
	for _, k := range next {
		if v, _ := sw.t.Entry(k); v == solver.Loss {
			sum += sw.lost(k)
		} else {
			sum++
		}
	}
	return sum / float64(len(next))
}

// exactStatesOf returns the state limit of exact tables under lim, or 0
// when none may be built.
func exactStatesOf(lim Limits) int {
	switch {
	case lim.NoExact || lim.ExactStates < 0:
		return 0
	case lim.ExactStates == 0:
		return DefaultExactStates
	}
	return lim.ExactStates
}

// buildBudget returns how big (in stateEstimate terms) the ending tables
// one search under lim may build: about what the solver gets through in
// the search's time, so that a search with a small budget does not spend
// it all on tables (a search without a time or node bound may build any
// table within the state limit).
func buildBudget(lim Limits, maxStates int) float64 {
	const perSecond = 40e6 // estimated states a second; the estimate runs ~10× the real count
	budget := 64 * float64(maxStates)
	if lim.Time > 0 {
		budget = min(budget, lim.Time.Seconds()*perSecond)
	}
	if lim.Nodes > 0 {
		budget = min(budget, float64(lim.Nodes)*perSecond/1e6)
	}
	return budget
}

// pieceCount counts the pieces on the board, kings included.
func pieceCount(p *engine.Position) int {
	n := 0
	for c := engine.White; c <= engine.Black; c++ {
		for t := engine.Pawn; t <= engine.King; t++ {
			n += p.Count(c, t)
		}
	}
	return n
}

// stateEstimate is an upper bound on the number of states with p's
// pieces: the ways to place them on the board's squares, times two sides
// to move. Reachable state spaces are usually much smaller (pieces block
// each other, pawns only go forward), but an estimate far beyond the
// state limit is never worth a try.
func stateEstimate(p *engine.Position) float64 {
	n := float64(p.B.N)
	est := 2.0
	for c := engine.White; c <= engine.Black; c++ {
		for t := engine.Pawn; t <= engine.King; t++ {
			for k := 1; k <= p.Count(c, t); k++ {
				est *= n / float64(k)
				n--
			}
		}
	}
	return est
}

// exactResult plays p from an exact table when one holds it (or can be
// built within the state limit). A won position is played by the fastest
// win and a lost one by the move with the best chance that an opponent
// playing at random lets the win slip (then the slowest loss); both are
// final (done is true). In a drawn position the result is not final: keep lists the
// moves that hold the draw, among which the search chooses, so that the
// engine keeps pressing without ever stepping into a loss.
//
// Building the table takes at most half the time budget (or stops with
// Limits.Stop), which leaves the search the rest.
func (s *Searcher) exactResult(p *engine.Position, lim Limits, start time.Time) (res SearchResult, keep []engine.Move, done bool) {
	maxStates := exactStatesOf(lim)
	if maxStates == 0 {
		return res, nil, false
	}
	half := start.Add(lim.Time / 2)
	stop := func() bool { return s.expired() || (s.timed && s.now().After(half)) }
	t := s.exact.gameTable(p, maxStates, stop)
	if t == nil {
		return res, nil, false
	}
	mvs := t.MoveValues(p)
	if len(mvs) == 0 {
		return res, nil, false
	}
	best := mvs[0]
	for _, mv := range mvs[1:] {
		if mv.Better(best) {
			best = mv
		}
	}
	switch best.Value {
	case solver.Draw:
		for _, mv := range mvs {
			if mv.Value == solver.Draw {
				keep = append(keep, mv.Move)
			}
		}
		return res, keep, false
	case solver.Loss:
		// Among the losing moves, the one with the best chance that an
		// opponent choosing uniformly at random throws the win away
		// before the end, then the slowest.
		i, _ := t.Index(p)
		moves, next := t.Successors(i)
		sw := &swindler{t: t, memo: s.exact.swindleMemo(t), budget: maxSwindleStates}
		bestOdds := -1.0
		for j, m := range moves {
			odds := sw.reply(next[j])
			var dtm int
			for _, mv := range mvs {
				if mv.Move == m {
					dtm = mv.DTM
				}
			}
			if odds > bestOdds || (odds == bestOdds && dtm > best.DTM) {
				bestOdds = odds
				best = solver.MoveValue{Move: m, Value: solver.Loss, DTM: dtm}
			}
		}
	}
	res = SearchResult{Move: best.Move, PV: []engine.Move{best.Move}, Exact: true}
	if best.Value == solver.Win {
		res.Score = MateScore - best.DTM
		res.PV = solver.PV(t, p, MaxPly)
	} else {
		res.Score = -MateScore + best.DTM
	}
	res.Mate = mateMoves(res.Score)
	return res, nil, true
}
