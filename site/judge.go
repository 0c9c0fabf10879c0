package site

import (
	"errors"
	"fmt"
	"sort"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// tableJudge answers from an exact retrograde table.
type tableJudge struct{ t *solver.Table }

func (j tableJudge) method() string { return "exact" }

func (j tableJudge) value(p *engine.Position) (string, int, bool) {
	val, dtm, ok := j.t.Probe(p)
	if !ok {
		return "", -1, false
	}
	switch val {
	case solver.Win:
		return valWin, dtm, true
	case solver.Loss:
		return valLoss, dtm, true
	}
	return valDraw, -1, true
}

func (j tableJudge) optimal(p *engine.Position) []engine.Move { return j.t.BestMoves(p) }

// banJudge answers from an exact Ban Chess table. Its values are for the
// side to move, as every judge's are, while the table's are for the side
// to act (the banner in a ban phase); its optimal actions are bans in a
// ban phase and moves otherwise.
type banJudge struct{ t *solver.BanTable }

func (j banJudge) method() string { return "exact" }

func (j banJudge) value(p *engine.Position) (string, int, bool) {
	val, dtm, ok := j.t.Value(p)
	if !ok {
		return "", -1, false
	}
	if p.Actor() != p.Side {
		val = -val
	}
	switch val {
	case solver.Win:
		return valWin, dtm, true
	case solver.Loss:
		return valLoss, dtm, true
	}
	return valDraw, -1, true
}

func (j banJudge) optimal(p *engine.Position) []engine.Move { return j.t.BestActions(p) }

// banExactJudge solves a Ban Chess mode exactly when its states fit the
// budget; it returns nil and a note otherwise (no mate search handles
// bans).
func banExactJudge(m *Mode, opt VerifyOptions, v *Verification) (judge, string) {
	t, err := solver.SolveBans(m.Start, solver.Options{MaxStates: opt.MaxStates})
	if err != nil {
		return nil, fmt.Sprintf("Ban Chess is solved only exactly, and this mode is too large: %v", err)
	}
	if err := t.Verify(); err != nil {
		return nil, fmt.Sprintf("the Ban Chess table failed its self-check: %v", err)
	}
	st := t.Stats()
	v.Method = "exact"
	v.States, v.Edges = st.States, st.Edges
	return banJudge{t}, fmt.Sprintf("exact Ban Chess table: %d states (%d positions), %d edges; distances count bans and moves", st.States, st.Positions, st.Edges)
}

// exactJudge solves the mode exactly when its reachable state space fits
// the budget, using the cache when it can. It returns nil when the space
// is too large.
func exactJudge(m *Mode, opt VerifyOptions, v *Verification) (judge, string) {
	if m.Rules.Bans {
		return banExactJudge(m, opt, v)
	}
	key := Key("table", solver.Version, m.Start.FEN(), fmt.Sprintf("%+v", *m.Rules))
	if data, ok := opt.Cache.Get("too-large", key); ok && string(data) == fmt.Sprint(opt.MaxStates) {
		return nil, ""
	}
	var t *solver.Table
	if data, ok := opt.Cache.Get("tables", key); ok {
		if tt, err := solver.UnmarshalTable(data, m.Start); err == nil {
			t = tt
			v.Table = data
		}
	}
	if t == nil {
		tt, err := solver.Solve(m.Start, solver.Options{MaxStates: opt.MaxStates})
		if err != nil {
			// Too many states, or a state that does not fit the solver's
			// key: fall back to mate search.
			if errors.Is(err, solver.ErrTooLarge) {
				opt.Cache.Put("too-large", key, []byte(fmt.Sprint(opt.MaxStates)))
			}
			return nil, ""
		}
		data, err := tt.MarshalBinary()
		if err != nil {
			return nil, err.Error()
		}
		opt.Cache.Put("tables", key, data)
		t, v.Table = tt, data
	}
	st := t.Stats()
	v.Solved = t
	v.Method = "exact"
	v.States, v.Edges = st.States, st.Edges
	return tableJudge{t}, fmt.Sprintf("exact table: %d states, %d edges", st.States, st.Edges)
}

// mateJudge answers "mate within a bound" questions by bounded mate
// search, for modes too large to solve exactly. Positions it cannot prove
// a mate in are unknown, never drawn.
type mateJudgeT struct {
	attacker engine.Color
	bound    int
	opt      solver.MateOptions
	memo     map[string]*solver.MateResult
	failed   error
}

func (j *mateJudgeT) method() string { return "mate-search" }

func (j *mateJudgeT) search(p *engine.Position) *solver.MateResult {
	key := p.FEN()
	if r, ok := j.memo[key]; ok {
		return r
	}
	o := j.opt
	o.MaxTreeNodes = -1
	r, err := solver.MateSearch(p, j.attacker, j.bound, o)
	if err != nil && j.failed == nil {
		j.failed = err
	}
	if err != nil {
		r = nil
	}
	j.memo[key] = r
	return r
}

func (j *mateJudgeT) value(p *engine.Position) (string, int, bool) {
	r := j.search(p)
	if r == nil || !r.Found {
		return "", -1, false
	}
	if p.Side == j.attacker {
		return valWin, r.Plies, true
	}
	return valLoss, r.Plies, true
}

func (j *mateJudgeT) optimal(p *engine.Position) []engine.Move {
	r := j.search(p)
	if r == nil || !r.Found {
		return nil
	}
	var out []engine.Move
	if p.Side == j.attacker {
		for _, f := range r.First {
			if f.Moves == r.Moves {
				out = append(out, f.Move)
			}
		}
		return out
	}
	// The defender's best defences are those the attacker needs longest
	// to answer.
	longest := -1
	var buf [engine.MaxMoves]engine.Move
	for _, mv := range p.LegalMoves(buf[:0]) {
		q := *p
		q.Make(mv)
		rq := j.search(&q)
		if rq == nil || !rq.Found {
			continue
		}
		switch {
		case rq.Moves > longest:
			longest, out = rq.Moves, []engine.Move{mv}
		case rq.Moves == longest:
			out = append(out, mv)
		}
	}
	sort.Slice(out, func(a, b int) bool { return out[a] < out[b] })
	return out
}

// refuted is the note of a claim that mate search disproved.
const refuted = "refuted by mate search"

// defaultMateProbe is how deep the build looks for a mate when a large
// mode claims a win without saying in how many moves.
const defaultMateProbe = 6

// mateJudge sets up mate search for a mode that claims a win; it returns
// nil with the reason when nothing can be proven that way.
func mateJudge(m *Mode, opt VerifyOptions, v *Verification, errs *ErrorList) (judge, string) {
	c := m.Claim
	if c == nil || (c.Result != "white-wins" && c.Result != "black-wins") {
		return nil, "the state space is larger than the exact-solving budget and there is no winning claim to check by mate search"
	}
	attacker := engine.White
	if c.Result == "black-wins" {
		attacker = engine.Black
	}
	bound := c.MateIn
	if bound == 0 {
		bound = defaultMateProbe
	}
	j := &mateJudgeT{attacker: attacker, bound: bound, opt: solver.MateOptions{MaxNodes: int64(opt.MateNodes)}, memo: map[string]*solver.MateResult{}}
	r := j.search(m.Start)
	v.Method = "mate-search"
	switch {
	case r == nil:
		return nil, fmt.Sprintf("mate search for %s within %d moves was undecided: %v", attacker.Title(), bound, j.failed)
	case !r.Found && c.MateIn > 0:
		mp := m.At("claim.mate_in")
		errs.Add(m.Path, mp.Line, mp.Col, "claim mate_in %d is false: %s has no mate in %d (proven by mate search)", c.MateIn, attacker.Title(), c.MateIn)
		return nil, refuted
	case !r.Found:
		return nil, fmt.Sprintf("no mate within %d moves; longer wins are beyond the mate search", bound)
	}
	return j, fmt.Sprintf("bounded mate search: %s mates in %d (%d nodes)", attacker.Title(), r.Moves, r.Nodes)
}
