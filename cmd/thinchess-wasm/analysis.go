//go:build js && wasm

package main

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"syscall/js"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// maxBudget caps any time budget a caller asks for.
const maxBudget = 30 * time.Second

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
		p.MakeAction(m)
	}
	return keys
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
	if s.game.Rules().Bans {
		return pickAction(s, strategy, rng)
	}
	if s.table != nil {
		if m, ok, err := s.table.choose(s.game.Position(), strategy, rng); err != nil || ok {
			return m, err
		}
	}
	return searchMove(s, strategy, limit, rng)
}

// choose returns the move a strategy would play, without playing it:
// choose(id, strategy, seed) → move.
func choose(s *session, args []js.Value) (any, error) {
	m, err := pick(s, str(args, 0), time.Second, int64(num(args, 1, 1)))
	if err != nil {
		return nil, err
	}
	return actionOf(s.game.Position(), m), nil
}

// reply chooses and plays the computer's move: reply(id, strategy,
// budgetMs, seed) → {move, state, ms}.
func reply(s *session, args []js.Value) (any, error) {
	t0 := time.Now()
	m, err := pick(s, str(args, 0), budget(args, 1, time.Second), int64(num(args, 2, 1)))
	if err != nil {
		return nil, err
	}
	mj := actionOf(s.game.Position(), m)
	if err := s.game.Play(m); err != nil {
		return nil, err
	}
	return obj{{"move", mj}, {"state", stateOf(s)}, {"ms", time.Since(t0).Milliseconds()}}, nil
}

// sanOf writes a line of moves from p in SAN.
func sanOf(p *engine.Position, line []engine.Move) []string {
	out := []string{}
	if len(line) > 0 {
		out = p.SANLine(line)
	}
	return out
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

// fromOracle fills a with o's answer for p — the value, the distance,
// the best moves (or actions) and the principal variation — and reports
// false when o does not know p. Every exact or proven answer of the
// engine comes from here, so the page shows what the CLI and the build
// show.
func fromOracle(o solver.Oracle, p *engine.Position, a *analysis) bool {
	v, dtm, ok := o.Probe(p)
	if !ok {
		return false
	}
	a.Value, a.DTM = v.Outcome(p.Side).String(), dtm
	switch {
	case v == solver.Draw:
		a.DTM = -1
	case p.R.Bans:
		// Distances count bans and moves: no "mate in N moves".
	case v == solver.Win:
		a.MateIn = (dtm + 1) / 2
	default:
		a.MateIn = dtm / 2
	}
	for _, m := range o.BestMoves(p) {
		a.BestMoves = append(a.BestMoves, actionOf(p, m))
	}
	q := *p
	for _, m := range solver.PV(o, p, solver.PVLength) {
		a.PV = append(a.PV, actionText(&q, m))
		q.MakeAction(m)
	}
	return true
}

// actionText writes a move in SAN and a ban in the action log.
func actionText(p *engine.Position, m engine.Move) string {
	if m.IsBan() {
		return p.ActionText(m)
	}
	return p.SAN(m)
}

// analyse evaluates the current position: analyse(id, budgetMs). The
// table answers exactly when loaded; otherwise (in the full build) a
// bounded mate search for either side, and failing that the alpha-beta
// searcher's estimate.
func analyse(s *session, args []js.Value) (any, error) {
	if s.game.Rules().Bans && !s.game.Status().IsOver() {
		a, err := banAnalysis(s)
		if err != nil {
			return nil, err
		}
		return a.json(), nil
	}
	a, err := analysePosition(s.game.Position(), s.game.Status(), s.table, s.searcher, history(s.game), budget(args, 0, 1500))
	if err != nil {
		return nil, err
	}
	return a.json(), nil
}

// analysePosition answers from the end of the game, from the table, or
// else by searching (searchAnalysis; sr gives the searcher to use).
func analysePosition(p *engine.Position, st engine.Status, t *tableState, sr func() *solver.Searcher, hist []uint64, limit time.Duration) (*analysis, error) {
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
	if err := searchAnalysis(p, sr, hist, limit, a); err != nil {
		return nil, err
	}
	a.summarize()
	return a, nil
}

// judge tells whether a player's move keeps the best result:
// judge(id, coord) → {optimal, method}. It uses the table when loaded,
// else (in the full build) compares mate distances proven by mate search.
func judge(s *session, args []js.Value) (any, error) {
	p := s.game.Position()
	m, err := p.ParseMove(str(args, 0))
	if err != nil {
		return nil, err
	}
	if s.table != nil {
		if best := s.table.t.BestMoves(p); best != nil {
			return obj{{"optimal", slices.Contains(best, m)}, {"method", "table"}}, nil
		}
	}
	return judgeBySearch(p, m, str(args, 0))
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
