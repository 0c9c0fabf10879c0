package bridge

// The full build: the live searches (mate search, alpha-beta) and the
// exact solve, for the editor, the trainer and modes without a table.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver/mate"
	"github.com/thinchess/thinchess/solver/search"
)

// Bounds of the live searches.
const (
	// analyseMateMoves is the deepest mate the analysis looks for.
	analyseMateMoves = 12
	// analyseMateNodes bounds that mate search so it answers quickly.
	analyseMateNodes = 3_000_000
)

// searchShare is the part of a call's time budget its search gets: four
// fifths, the rest kept for what comes around it (playing the move,
// writing the state, the messages between the worker and the page, and
// the search's last clock check in a slow WebAssembly worker), so that
// the call keeps its budget as the page measures it. (Nine tenths while
// the search stopped deepening at half its time; now that it deepens
// while the next iteration fits, it uses nearly all of its share.)
func searchShare(limit time.Duration) time.Duration { return limit - limit/5 }

// legalMoves lists the legal moves of p.
func legalMoves(p *engine.Position) []engine.Move {
	var buf [engine.MaxMoves]engine.Move
	return append([]engine.Move(nil), p.LegalMoves(buf[:0])...)
}

// searchMove picks a move without a table: perfect and aggressive
// play the searcher's best move; cooperative plays the move the searcher
// likes least for the mover; random any legal move.
func (s *Session) searchMove(strategy string, limit time.Duration, rng *rand.Rand, live Live) (engine.Move, error) {
	p := s.game.Position()
	moves := legalMoves(p)
	if len(moves) == 0 {
		return engine.NoMove, fmt.Errorf("no legal move: the game is over")
	}
	switch strategy {
	case "random":
		return moves[rng.IntN(len(moves))], nil
	case "cooperative":
		// The reply that leaves the opponent best off, by a short search
		// of each move from the opponent's side.
		best, bestScore := moves[0], -search.MateScore-1
		per := limit / time.Duration(len(moves)+1)
		for _, m := range moves {
			q := *p
			q.Make(m)
			r := search.Search(&q, search.Limits{Time: per, Depth: 6, History: history(s.game), Stop: live.Stop})
			if r.Score > bestScore {
				best, bestScore = m, r.Score
			}
		}
		return best, nil
	case "perfect", "aggressive", "":
		r := s.searcher().Search(p, search.Limits{Time: searchShare(limit), History: history(s.game), Stop: live.Stop, Progress: live.progress(p)})
		if r.Move == engine.NoMove {
			return engine.NoMove, fmt.Errorf("no legal move: the game is over")
		}
		return r.Move, nil
	}
	return engine.NoMove, fmt.Errorf("unknown strategy %q: want perfect, aggressive, cooperative or random", strategy)
}

// searchAnalysis fills a from a bounded mate search for either side
// (within a quarter of the budget) and, failing that, the alpha-beta
// searcher's estimate (within the rest), both stopped by live.
func searchAnalysis(p *engine.Position, sr func() *search.Searcher, hist []uint64, limit time.Duration, live Live, a *Analysis) error {
	start := time.Now()
	if found := mateAnalysis(p, start.Add(limit/4), live.Stop, a); found {
		return nil
	}
	rest := max(searchShare(limit)-time.Since(start), time.Millisecond)
	r := sr().Search(p, search.Limits{Time: rest, History: hist, Stop: live.Stop, Progress: live.progress(p)})
	a.Method = "search"
	a.MethodText = fmt.Sprintf("alpha-beta search to depth %d (%d positions); an estimate, not a proof", r.Depth, r.Nodes)
	if r.Exact {
		a.MethodText = "exact endgame table inside the search"
	} else if live.Stop != nil && live.Stop() {
		a.MethodText = fmt.Sprintf("alpha-beta search, stopped at depth %d (%d positions); an estimate, not a proof", r.Depth, r.Nodes)
	}
	a.PV = sanOf(p, r.PV)
	a.PVText = p.LineText(a.PV)
	a.Score = r.Score
	if r.Move != engine.NoMove {
		a.BestMoves = []Obj{moveOf(p, r.Move)}
	}
	switch {
	case r.Mate > 0:
		a.Value, a.MateIn, a.DTM = engine.WinFor(p.Side), r.Mate, search.MateScore-r.Score
	case r.Mate < 0:
		a.Value, a.MateIn, a.DTM = engine.WinFor(p.Side.Other()), -r.Mate, search.MateScore+r.Score
	case r.Exact && r.Score == 0:
		a.Value = engine.Drawn
	default:
		white := r.Score
		if p.Side == engine.Black {
			white = -white
		}
		a.Summary = fmt.Sprintf("No forced mate within %d moves found. The searcher's estimate: %+.2f for White.", analyseMateMoves, float64(white)/100)
	}
	return nil
}

// mateAnalysis looks for a forced mate by either side within
// analyseMateMoves, until the deadline or a stop, and fills a from the
// mate oracle when one is proven.
func mateAnalysis(p *engine.Position, deadline time.Time, stop func() bool, a *Analysis) bool {
	for _, attacker := range []engine.Color{p.Side, p.Side.Other()} {
		o := mate.NewOracle(attacker, analyseMateMoves, mate.Options{MaxNodes: analyseMateNodes, Deadline: deadline, Stop: stop})
		if fromOracle(o, p, a) {
			a.Method, a.MethodText = "mate-search", fmt.Sprintf("bounded mate search (proved within %d moves)", analyseMateMoves)
			return true
		}
	}
	return false
}

// judgeBySearch tells whether m is one of the fastest mates of p, by the
// mate oracle.
func judgeBySearch(p *engine.Position, m engine.Move, text string) (Obj, error) {
	o := mate.NewOracle(p.Side, analyseMateMoves, mate.Options{MaxNodes: analyseMateNodes})
	if _, _, ok := o.Probe(p); !ok {
		return nil, fmt.Errorf("cannot judge %s: no table for this position and no mate within %d moves proven", text, analyseMateMoves)
	}
	return Obj{{"optimal", slices.Contains(o.BestMoves(p), m)}, {"method", "mate-search"}}, nil
}

// Solve analyses a position from scratch for the editor within a time
// budget: small state spaces are solved exactly (at most maxStates
// states, DefaultSolveStates when 0), reporting to progress; otherwise
// mate search, then the searcher.
func Solve(variant string, rules Rules, position string, maxStates int, limit time.Duration, progress Progress) (*Analysis, error) {
	g, err := NewGame(variant, rules, position)
	if err != nil {
		return nil, err
	}
	return SolvePosition(g.Position(), maxStates, limit, progress)
}

// SolvePosition is Solve for a position.
func SolvePosition(p *engine.Position, maxStates int, limit time.Duration, progress Progress) (*Analysis, error) {
	if a, ok, err := solveExact(p, maxStates, progress); err != nil || ok {
		return a, err
	}
	return analysePosition(p, p.Status(), nil, func() *search.Searcher { return search.NewSearcher(18) }, nil, clampBudget(limit, 3*time.Second), Live{})
}
