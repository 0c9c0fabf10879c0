// JavaScript twin: templates/static/js/local.js (Analyse, Judge, Choose, Reply on a table).

package bridge

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/search"
	"github.com/thinchess/thinchess/solver/terms"
)

// MaxBudget caps any time budget a caller asks for.
const MaxBudget = 30 * time.Second

// clampBudget returns d within (0, MaxBudget], or def when d is not
// positive.
func clampBudget(d, def time.Duration) time.Duration {
	if d <= 0 {
		return def
	}
	return min(d, MaxBudget)
}

// history returns the Zobrist keys of the game's positions before the
// current one, oldest first, so searches see repetitions.
func history(g *game.Game) []uint64 {
	p := g.Start()
	keys := []uint64{}
	for _, m := range g.Moves() {
		keys = append(keys, p.Hash())
		p.MakeAction(m)
	}
	return keys
}

// searcher returns the session's searcher, kept between moves.
func (s *Session) searcher() *search.Searcher {
	if s.search == nil {
		s.search = search.NewSearcher(18)
	}
	return s.search
}

// pick chooses the side to move's move by strategy, from the table when
// one is loaded, else by search (watched by live).
func (s *Session) pick(strategy string, limit time.Duration, seed int64, live Live) (engine.Move, error) {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x7468696e))
	if s.game.Rules().Bans {
		return s.pickAction(strategy, rng)
	}
	if s.table != nil {
		if strategy == "" {
			strategy = "perfect"
		}
		st, err := terms.ParseStrategy(strategy)
		if err != nil {
			return engine.NoMove, err
		}
		if m := s.table.Choose(s.game.Position(), st, rng); m != engine.NoMove {
			return m, nil
		}
	}
	return s.searchMove(strategy, limit, rng, live)
}

// Choose returns the move a strategy would play, without playing it.
func (s *Session) Choose(strategy string, seed int64) (Obj, error) {
	m, err := s.pick(strategy, time.Second, seed, Live{})
	if err != nil {
		return nil, err
	}
	return actionOf(s.game.Position(), m), nil
}

// Reply chooses and plays the computer's move within a time budget:
// {move, state, ms}.
func (s *Session) Reply(strategy string, limit time.Duration, seed int64) (Obj, error) {
	return s.ReplyLive(strategy, limit, seed, Live{})
}

// ReplyLive is Reply watched by live: a search reports its progress, and
// a stop plays the best move found so far.
func (s *Session) ReplyLive(strategy string, limit time.Duration, seed int64, live Live) (Obj, error) {
	t0 := time.Now()
	m, err := s.pick(strategy, clampBudget(limit, time.Second), seed, live)
	if err != nil {
		return nil, err
	}
	mj := actionOf(s.game.Position(), m)
	if err := s.game.Play(m); err != nil {
		return nil, err
	}
	return Obj{{"move", mj}, {"state", s.State()}, {"ms", time.Since(t0).Milliseconds()}}, nil
}

// sanOf writes a line of moves from p in SAN.
func sanOf(p *engine.Position, line []engine.Move) []string {
	out := []string{}
	if len(line) > 0 {
		out = p.SANLine(line)
	}
	return out
}

// Analysis is the answer of Analyse and Solve: the value of a position
// for the page.
type Analysis struct {
	Method     string // table, exact, mate-search, search, over
	MethodText string
	Value      engine.Outcome
	DTM        int // plies, -1 when none
	MateIn     int
	Summary    string
	BestMoves  []Obj
	PV         []string
	PVText     string // PV numbered for reading (actions under bans)
	Side       string
	Fullmove   int
	States     int
	Score      int
	goal       engine.Goal // what wins: the summary's words
}

// newAnalysis returns an empty analysis of p (for its actor).
func newAnalysis(p *engine.Position) *Analysis {
	return &Analysis{Side: p.Actor().String(), Fullmove: p.Fullmove, DTM: -1, BestMoves: []Obj{}, PV: []string{}, goal: p.R.Goal}
}

// Obj returns the analysis as the page reads it.
func (a *Analysis) Obj() Obj {
	return Obj{
		{"method", a.Method}, {"methodText", a.MethodText}, {"value", a.Value.String()}, {"dtm", a.DTM},
		{"mateIn", a.MateIn}, {"summary", a.Summary}, {"bestMoves", a.BestMoves}, {"pv", a.PV}, {"pvText", a.PVText},
		{"side", a.Side}, {"fullmove", a.Fullmove}, {"states", a.States}, {"score", a.Score},
	}
}

// summarize writes the value in words.
func (a *Analysis) summarize() {
	if a.Value != engine.Unknown || a.Summary == "" {
		a.Summary = a.Value.Describe(a.goal, a.MateIn, a.DTM) + "."
	}
}

// fromOracle fills a with o's answer for p — the value, the distance,
// the best moves (or actions) and the principal variation — and reports
// false when o does not know p. Every exact or proven answer of the
// bridge comes from here, so the page shows what the CLI and the build
// show.
func fromOracle(o solver.Oracle, p *engine.Position, a *Analysis) bool {
	v, dtm, ok := o.Probe(p)
	if !ok {
		return false
	}
	a.Value, a.DTM = v.Outcome(p.Side), dtm
	switch {
	case v == solver.Draw:
		a.DTM = -1
	case !p.R.Bans: // under bans distances count bans and moves too
		a.MateIn = engine.MateIn(v == solver.Win, dtm)
	}
	for _, m := range o.BestMoves(p) {
		a.BestMoves = append(a.BestMoves, actionOf(p, m))
	}
	a.PV = actionWords(p, solver.PV(o, p, solver.PVLength))
	a.PVText = p.LineText(a.PV)
	return true
}

// Analyse evaluates the current position within a time budget. The
// table answers exactly when loaded; otherwise (in the full build) a
// bounded mate search for either side, and failing that the alpha-beta
// searcher's estimate.
func (s *Session) Analyse(limit time.Duration) (*Analysis, error) {
	return s.AnalyseLive(limit, Live{})
}

// AnalyseLive is Analyse watched by live: a search reports its
// progress, and a stop answers with what it found so far.
func (s *Session) AnalyseLive(limit time.Duration, live Live) (*Analysis, error) {
	if s.game.Rules().Bans && !s.game.Status().IsOver() {
		return s.banAnalysis()
	}
	return analysePosition(s.game.Position(), s.game.Status(), s.table, s.searcher, history(s.game), clampBudget(limit, 1500*time.Millisecond), live)
}

// analysePosition answers from the end of the game, from the table, or
// else by searching (searchAnalysis; sr gives the searcher to use).
func analysePosition(p *engine.Position, st engine.Status, t *solver.Table, sr func() *search.Searcher, hist []uint64, limit time.Duration, live Live) (*Analysis, error) {
	a := newAnalysis(p)
	if st.IsOver() {
		a.Method, a.MethodText = "over", "the game is over"
		a.Value = engine.Drawn
		if c, ok := p.Winner(st); ok {
			a.Value, a.DTM = engine.WinFor(c), 0
		}
		a.summarize()
		a.Summary = "The game is over (" + st.Reason() + "). " + a.Summary
		return a, nil
	}
	if t != nil && fromOracle(t, p, a) {
		a.States = t.Stats().States
		a.Method, a.MethodText = "table", fmt.Sprintf("exact table of all %d positions reachable in this mode", a.States)
		a.summarize()
		return a, nil
	}
	if err := searchAnalysis(p, sr, hist, limit, live, a); err != nil {
		return nil, err
	}
	a.summarize()
	return a, nil
}

// Judge tells whether a player's move (SAN or coordinates) keeps the best
// result: {optimal, method}. It asks the table when loaded, else (in the
// full build) the mate oracle.
func (s *Session) Judge(text string) (Obj, error) {
	p := s.game.Position()
	m, err := p.ParseMove(text)
	if err != nil {
		return nil, err
	}
	if s.table != nil {
		if best := s.table.BestMoves(p); best != nil {
			return Obj{{"optimal", slices.Contains(best, m)}, {"method", "table"}}, nil
		}
	}
	return judgeBySearch(p, m, text)
}
