//go:build js && wasm && !lite

package main

// The full build: the live searches (mate search, alpha-beta) and the
// exact solve, for the editor, the trainer and modes without a table.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"syscall/js"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// Bounds of the live searches.
const (
	// analyseMateMoves is the deepest mate the analysis looks for.
	analyseMateMoves = 12
	// analyseMateNodes bounds that mate search so it answers quickly.
	analyseMateNodes = 3_000_000
)

// searchAPI adds the functions of the full build to the global object.
func searchAPI(api map[string]func(args []js.Value) (any, error)) {
	api["search"] = withSession(search)
	api["mate"] = withSession(mate)
	api["solve"] = solve
}

// legalMoves lists the legal moves of p.
func legalMoves(p *engine.Position) []engine.Move {
	var buf [engine.MaxMoves]engine.Move
	return append([]engine.Move(nil), p.LegalMoves(buf[:0])...)
}

// searchMove picks a move without a table: perfect and aggressive
// play the searcher's best move; cooperative plays the move the searcher
// likes least for the mover; random any legal move.
func searchMove(s *session, strategy string, limit time.Duration, rng *rand.Rand) (engine.Move, error) {
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
		best, bestScore := moves[0], -solver.MateScore-1
		per := limit / time.Duration(len(moves)+1)
		for _, m := range moves {
			q := *p
			q.Make(m)
			r := solver.Search(&q, solver.Limits{Time: per, Depth: 6, History: history(s.game)})
			if r.Score > bestScore {
				best, bestScore = m, r.Score
			}
		}
		return best, nil
	case "perfect", "aggressive", "":
		r := s.searcher().Search(p, solver.Limits{Time: limit, History: history(s.game)})
		if r.Move == engine.NoMove {
			return engine.NoMove, fmt.Errorf("no legal move: the game is over")
		}
		return r.Move, nil
	}
	return engine.NoMove, fmt.Errorf("unknown strategy %q: want perfect, aggressive, cooperative or random", strategy)
}

// search runs the alpha-beta searcher: search(id, budgetMs) → best move,
// score, mate distance, depth and principal variation.
func search(s *session, args []js.Value) (any, error) {
	p := s.game.Position()
	r := s.searcher().Search(p, solver.Limits{Time: budget(args, 0, time.Second), History: history(s.game)})
	var best any
	if r.Move != engine.NoMove {
		best = moveOf(p, r.Move)
	}
	return obj{{"move", best}, {"score", r.Score}, {"mate", r.Mate}, {"depth", r.Depth}, {"nodes", r.Nodes}, {"exact", r.Exact}, {"pv", sanOf(p, r.PV)}}, nil
}

// mate runs the bounded mate search for the side to move: mate(id,
// maxMoves, maxNodes) → what it proved.
func mate(s *session, args []js.Value) (any, error) {
	p := s.game.Position()
	n := int(num(args, 0, analyseMateMoves))
	res, err := solver.MateSearch(p, p.Side, n, solver.MateOptions{MaxNodes: int64(num(args, 1, analyseMateNodes)), MaxTreeNodes: -1})
	if err != nil && res == nil {
		return nil, err
	}
	first := []obj{}
	for _, f := range res.First {
		first = append(first, obj{{"san", f.SAN}, {"coord", f.Coord}, {"moves", f.Moves}})
	}
	return obj{{"found", res.Found}, {"moves", res.Moves}, {"plies", res.Plies}, {"noMateWithin", res.NoMateWithin},
		{"undecided", res.Undecided}, {"nodes", res.Nodes}, {"first", first}}, nil
}

// searchAnalysis fills a from a bounded mate search for either side
// and, failing that, the alpha-beta searcher's estimate.
func searchAnalysis(p *engine.Position, sr func() *solver.Searcher, hist []uint64, limit time.Duration, a *analysis) error {
	if found := mateAnalysis(p, a); found {
		return nil
	}
	r := sr().Search(p, solver.Limits{Time: limit, History: hist})
	a.Method = "search"
	a.MethodText = fmt.Sprintf("alpha-beta search to depth %d (%d positions); an estimate, not a proof", r.Depth, r.Nodes)
	if r.Exact {
		a.MethodText = "exact endgame table inside the search"
	}
	a.PV = sanOf(p, r.PV)
	a.Score = r.Score
	if r.Move != engine.NoMove {
		a.BestMoves = []obj{moveOf(p, r.Move)}
	}
	switch {
	case r.Mate > 0:
		a.Value, a.MateIn, a.DTM = valueFor(p.Side), r.Mate, solver.MateScore-r.Score
	case r.Mate < 0:
		a.Value, a.MateIn, a.DTM = valueFor(p.Side.Other()), -r.Mate, solver.MateScore+r.Score
	case r.Exact && r.Score == 0:
		a.Value = "draw"
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
// analyseMateMoves and fills a from the mate oracle when one is proven.
func mateAnalysis(p *engine.Position, a *analysis) bool {
	for _, attacker := range []engine.Color{p.Side, p.Side.Other()} {
		o := solver.NewMateOracle(attacker, analyseMateMoves, solver.MateOptions{MaxNodes: analyseMateNodes})
		if fromOracle(o, p, a) {
			a.Method, a.MethodText = "mate-search", fmt.Sprintf("bounded mate search (proved within %d moves)", analyseMateMoves)
			return true
		}
	}
	return false
}

// judgeBySearch tells whether m is one of the fastest mates of p, by the
// mate oracle.
func judgeBySearch(p *engine.Position, m engine.Move, text string) (any, error) {
	o := solver.NewMateOracle(p.Side, analyseMateMoves, solver.MateOptions{MaxNodes: analyseMateNodes})
	if _, _, ok := o.Probe(p); !ok {
		return nil, fmt.Errorf("cannot judge %s: no table for this position and no mate within %d moves proven", text, analyseMateMoves)
	}
	return obj{{"optimal", slices.Contains(o.BestMoves(p), m)}, {"method", "mate-search"}}, nil
}

// progressFunc returns a function posting progress to the page through
// the worker's thinchessProgress, or nil when there is none.
func progressFunc() func(done, total int, text string) {
	f := js.Global().Get("thinchessProgress")
	if f.Type() != js.TypeFunction {
		return nil
	}
	last := time.Time{}
	return func(done, total int, text string) {
		if time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		f.Invoke(fmt.Sprintf(`{"done":%d,"total":%d,"text":%q}`, done, total, text))
	}
}

// solve analyses a position from scratch for the editor: solve(variant,
// rulesJSON, position, maxStates, budgetMs). Small state spaces are
// solved exactly; otherwise mate search, then the searcher.
func solve(args []js.Value) (any, error) {
	g, err := newGame(str(args, 0), arg(args, 1), str(args, 2))
	if err != nil {
		return nil, err
	}
	p := g.Position()
	if a, ok, err := solveExact(p, int(num(args, 3, 0)), progressFunc()); err != nil {
		return nil, err
	} else if ok {
		return a.json(), nil
	}
	a, err := analysePosition(p, g.Status(), nil, func() *solver.Searcher { return solver.NewSearcher(18) }, nil, budget(args, 4, 3*time.Second))
	if err != nil {
		return nil, err
	}
	return a.json(), nil
}
