//go:build js && wasm

package main

import (
	"fmt"
	"math/rand/v2"
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
	// maxBudget caps any time budget a caller asks for.
	maxBudget = 30 * time.Second
)

// budget reads a time budget in milliseconds.
func budget(args []js.Value, i int, def time.Duration) time.Duration {
	ms := num(args, i, 0)
	if ms <= 0 {
		return def
	}
	return min(time.Duration(ms)*time.Millisecond, maxBudget)
}

// history returns the Zobrist keys of the game's positions before the
// current one, oldest first, so searches see repetitions.
func history(g *engine.Game) []uint64 {
	p := g.Start()
	keys := []uint64{}
	for _, m := range g.Moves() {
		keys = append(keys, p.Hash())
		p.Make(m)
	}
	return keys
}

// legalMoves lists the legal moves of p.
func legalMoves(p *engine.Position) []engine.Move {
	var buf [engine.MaxMoves]engine.Move
	return append([]engine.Move(nil), p.LegalMoves(buf[:0])...)
}

// chooseBySearch picks a move without a table: perfect and aggressive
// play the searcher's best move; cooperative plays the move the searcher
// likes least for the mover; random any legal move.
func chooseBySearch(s *session, strategy string, limit time.Duration, rng *rand.Rand) (engine.Move, error) {
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

// searcher returns the session's searcher, kept between moves.
func (s *session) searcher() *solver.Searcher {
	if s.search == nil {
		s.search = solver.NewSearcher(18)
	}
	return s.search
}

// pick chooses the side to move's move by strategy, from the table when
// one is loaded, else by search.
func pick(s *session, strategy string, limit time.Duration, seed int64) (engine.Move, error) {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x7468696e))
	if s.table != nil {
		if m, ok, err := s.table.choose(s.game.Position(), strategy, rng); err != nil || ok {
			return m, err
		}
	}
	return chooseBySearch(s, strategy, limit, rng)
}

// choose returns the move a strategy would play, without playing it:
// choose(id, strategy, seed) → move.
func choose(s *session, args []js.Value) (any, error) {
	m, err := pick(s, str(args, 0), time.Second, int64(num(args, 1, 1)))
	if err != nil {
		return nil, err
	}
	return moveOf(s.game.Position(), m), nil
}

// reply chooses and plays the computer's move: reply(id, strategy,
// budgetMs, seed) → {move, state, ms}.
func reply(s *session, args []js.Value) (any, error) {
	t0 := time.Now()
	m, err := pick(s, str(args, 0), budget(args, 1, time.Second), int64(num(args, 2, 1)))
	if err != nil {
		return nil, err
	}
	mj := moveOf(s.game.Position(), m)
	if err := s.game.Play(m); err != nil {
		return nil, err
	}
	return obj{{"move", mj}, {"state", stateOf(s)}, {"ms", time.Since(t0).Milliseconds()}}, nil
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

// sanOf writes a line of moves from p in SAN.
func sanOf(p *engine.Position, line []engine.Move) []string {
	out := []string{}
	if len(line) > 0 {
		out = p.SANLine(line)
	}
	return out
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

// analysis is the answer of analyse and solve: the value of a position
// for the page.
type analysis struct {
	Method     string // table, exact, mate-search, search, over
	MethodText string
	Value      string // white-wins, black-wins, draw, unknown
	DTM        int    // plies, -1 when none
	MateIn     int
	Summary    string
	BestMoves  []obj
	PV         []string
	Side       string
	Fullmove   int
	States     int
	Score      int
}

// json returns the analysis as the page reads it.
func (a *analysis) json() obj {
	return obj{
		{"method", a.Method}, {"methodText", a.MethodText}, {"value", a.Value}, {"dtm", a.DTM},
		{"mateIn", a.MateIn}, {"summary", a.Summary}, {"bestMoves", a.BestMoves}, {"pv", a.PV},
		{"side", a.Side}, {"fullmove", a.Fullmove}, {"states", a.States}, {"score", a.Score},
	}
}

// valueFor names the winner as a value.
func valueFor(c engine.Color) string {
	if c == engine.White {
		return "white-wins"
	}
	return "black-wins"
}

// summarize writes the value in words.
func (a *analysis) summarize() {
	switch a.Value {
	case "white-wins", "black-wins":
		who := "White"
		if a.Value == "black-wins" {
			who = "Black"
		}
		if a.DTM >= 0 {
			a.Summary = fmt.Sprintf("%s wins: mate in %d (%d plies).", who, a.MateIn, a.DTM)
		} else {
			a.Summary = who + " wins."
		}
	case "draw":
		a.Summary = "Draw with best play."
	default:
		if a.Summary == "" {
			a.Summary = "Value unknown."
		}
	}
}

// mateIn converts plies to the winner's moves.
func mateIn(plies int) int { return (plies + 1) / 2 }

// analyse evaluates the current position: analyse(id, budgetMs). The
// table answers exactly when loaded; otherwise a bounded mate search for
// either side, and failing that the alpha-beta searcher's estimate.
func analyse(s *session, args []js.Value) (any, error) {
	a, err := analysePosition(s.game.Position(), s.game.Status(), s.table, s.searcher(), history(s.game), budget(args, 0, 1500))
	if err != nil {
		return nil, err
	}
	return a.json(), nil
}

func analysePosition(p *engine.Position, st engine.Status, t *tableState, sr *solver.Searcher, hist []uint64, limit time.Duration) (*analysis, error) {
	a := &analysis{Side: p.Side.String(), Fullmove: p.Fullmove, DTM: -1, BestMoves: []obj{}, PV: []string{}, Value: "unknown"}
	if st.IsOver() {
		a.Method, a.MethodText = "over", "the game is over"
		if c, ok := p.Winner(st); ok {
			a.Value, a.DTM = valueFor(c), 0
		} else {
			a.Value = "draw"
		}
		a.summarize()
		a.Summary = "The game is over (" + reason(st) + "). " + a.Summary
		return a, nil
	}
	if t != nil {
		if ok, err := t.analyse(p, a); err != nil {
			return nil, err
		} else if ok {
			a.summarize()
			return a, nil
		}
	}
	if found := mateAnalysis(p, a); found {
		a.summarize()
		return a, nil
	}
	r := sr.Search(p, solver.Limits{Time: limit, History: hist})
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
	a.summarize()
	return a, nil
}

// mateAnalysis looks for a forced mate by either side within
// analyseMateMoves and fills a when one is proven.
func mateAnalysis(p *engine.Position, a *analysis) bool {
	opt := solver.MateOptions{MaxNodes: analyseMateNodes, MaxTreeNodes: 400}
	if res, err := solver.MateSearch(p, p.Side, analyseMateMoves, opt); err == nil && res.Found {
		a.Method, a.MethodText = "mate-search", fmt.Sprintf("bounded mate search (proved within %d moves)", analyseMateMoves)
		a.Value, a.MateIn, a.DTM = valueFor(p.Side), res.Moves, res.Plies
		for _, f := range res.First {
			if f.Moves == res.Moves {
				a.BestMoves = append(a.BestMoves, moveOf(p, f.Move))
			}
		}
		a.PV = treePV(res.Tree)
		return true
	}
	if res, err := solver.MateSearch(p, p.Side.Other(), analyseMateMoves, opt); err == nil && res.Found {
		a.Method, a.MethodText = "mate-search", fmt.Sprintf("bounded mate search (proved within %d moves)", analyseMateMoves)
		a.Value, a.MateIn, a.DTM = valueFor(p.Side.Other()), res.Moves, res.Plies
		a.PV = treePV(res.Tree)
		if len(a.PV) > 0 && res.Tree != nil && len(res.Tree.Next) > 0 {
			for _, n := range res.Tree.Next {
				if n.Mate == res.Tree.Mate {
					a.BestMoves = append(a.BestMoves, moveOf(p, n.M))
				}
			}
		}
		return true
	}
	return false
}

// treePV follows the first branch of a mate tree.
func treePV(n *solver.MateNode) []string {
	out := []string{}
	for n != nil && len(n.Next) > 0 {
		n = n.Next[0]
		out = append(out, n.Move)
	}
	return out
}

// judge tells whether a player's move keeps the best result:
// judge(id, coord) → {optimal, reason}. It uses the table when loaded,
// else compares mate distances proven by mate search.
func judge(s *session, args []js.Value) (any, error) {
	p := s.game.Position()
	m, err := p.ParseMove(str(args, 0))
	if err != nil {
		return nil, err
	}
	if s.table != nil {
		if ok, known, err := s.table.optimal(p, m); err != nil {
			return nil, err
		} else if known {
			return obj{{"optimal", ok}, {"method", "table"}}, nil
		}
	}
	opt := solver.MateOptions{MaxNodes: analyseMateNodes, MaxTreeNodes: -1}
	best, err := solver.MateSearch(p, p.Side, analyseMateMoves, opt)
	if err != nil || !best.Found {
		return nil, fmt.Errorf("cannot judge %s: no table for this position and no mate within %d moves proven", str(args, 0), analyseMateMoves)
	}
	for _, f := range best.First {
		if f.Move == m || (f.Move.From() == m.From() && f.Move.To() == m.To() && f.Move.Promotion() == m.Promotion()) {
			return obj{{"optimal", f.Moves == best.Moves}, {"method", "mate-search"}}, nil
		}
	}
	return obj{{"optimal", false}, {"method", "mate-search"}}, nil
}

// resolve reads a move (SAN or coordinates) without playing it:
// resolve(id, text, atStart) → the move, at the current position or, with
// atStart, at the start position.
func resolve(s *session, args []js.Value) (any, error) {
	p := s.game.Position()
	if len(args) > 1 && args[1].Truthy() {
		p = s.game.Start()
	}
	m, err := p.ParseMove(str(args, 0))
	if err != nil {
		return nil, err
	}
	return moveOf(p, m), nil
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
	a, err := analysePosition(p, g.Status(), nil, solver.NewSearcher(18), nil, budget(args, 4, 3*time.Second))
	if err != nil {
		return nil, err
	}
	return a.json(), nil
}
