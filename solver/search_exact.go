package solver

import (
	"fmt"

	"github.com/thinchess/thinchess/engine"
)

// DefaultExactStates bounds the exact tables Search builds when
// Limits.ExactStates is zero.
const DefaultExactStates = 1 << 20

// exactTables remembers the exact tables a Searcher built and the
// material it found too big to solve.
type exactTables struct {
	tables []*Table
	// tooBig holds, per board and preset, the fewest pieces a solve
	// failed with (the state limit was hit, or the solver cannot key the
	// position): positions with as many pieces or more are not tried
	// again.
	tooBig map[string]int
}

// maxTables is how many exact tables a Searcher keeps.
const maxTables = 4

// tableFor returns a table holding p, building one when the position
// looks small enough to solve within maxStates states.
func (x *exactTables) tableFor(p *engine.Position, maxStates int) *Table {
	for _, t := range x.tables {
		if _, ok := t.Index(p); ok {
			return t
		}
	}
	kind := fmt.Sprintf("%dx%d %s %d", p.B.W, p.B.H, p.R.Preset, maxStates)
	pieces := pieceCount(p)
	if fewest, ok := x.tooBig[kind]; (ok && pieces >= fewest) || stateEstimate(p) > 64*float64(maxStates) {
		return nil
	}
	t, err := Solve(p, Options{MaxStates: maxStates})
	if err != nil { // too large (ErrTooLarge), or a position without a state key
		if x.tooBig == nil {
			x.tooBig = map[string]int{}
		}
		x.tooBig[kind] = pieces
		return nil
	}
	if len(x.tables) == maxTables {
		x.tables = x.tables[1:]
	}
	x.tables = append(x.tables, t)
	return t
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
// win and a lost one by the move after which fewest of the opponent's
// replies keep the win, then the slowest loss; both are final (done is
// true). In a drawn position the result is not final: keep lists the
// moves that hold the draw, among which the search chooses, so that the
// engine keeps pressing without ever stepping into a loss.
func (s *Searcher) exactResult(p *engine.Position, lim Limits) (res SearchResult, keep []engine.Move, done bool) {
	maxStates := lim.ExactStates
	if maxStates == 0 {
		maxStates = DefaultExactStates
	}
	if maxStates < 0 {
		return res, nil, false
	}
	t := s.exact.tableFor(p, maxStates)
	if t == nil {
		return res, nil, false
	}
	mvs := t.MoveValues(p)
	if len(mvs) == 0 {
		return res, nil, false
	}
	best := mvs[0]
	for _, mv := range mvs[1:] {
		if mv.better(best) {
			best = mv
		}
	}
	switch best.Value {
	case Draw:
		for _, mv := range mvs {
			if mv.Value == Draw {
				keep = append(keep, mv.Move)
			}
		}
		return res, keep, false
	case Loss:
		// Among the losing moves, the one that gives the opponent the
		// most chances to go wrong, then the slowest.
		bestOdds := -1.0
		for _, mv := range mvs {
			q := *p
			q.Make(mv.Move)
			replies := t.MoveValues(&q)
			good := 0 // replies that throw the opponent's win away
			for _, r := range replies {
				if r.Value != Win {
					good++
				}
			}
			odds := float64(good) / float64(max(len(replies), 1))
			if odds > bestOdds || (odds == bestOdds && mv.DTM > best.DTM) {
				bestOdds, best = odds, mv
			}
		}
	}
	res = SearchResult{Move: best.Move, PV: []engine.Move{best.Move}, Exact: true}
	if best.Value == Win {
		res.Score = MateScore - best.DTM
		res.PV = t.PV(p, MaxPly)
	} else {
		res.Score = -MateScore + best.DTM
	}
	res.Mate = mateMoves(res.Score)
	return res, nil, true
}
