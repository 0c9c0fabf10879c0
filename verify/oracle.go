package verify

import (
	"errors"
	"fmt"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/ban"
	"github.com/thinchess/thinchess/solver/mate"
)

// exactOracle solves the mode exactly when its reachable state space fits
// the budget, using the cache when it can; when it does not, it answers
// from the start's certificate if there is one. It returns nil when the
// space is too large and there is no certificate.
func exactOracle(m *mode.Mode, opt Options, v *Verification, errs *mode.ErrorList) (solver.Oracle, *Artifacts, string) {
	if m.Rules.Bans {
		o, note := banExactOracle(m, opt, v)
		return o, nil, note
	}
	key := Key("table", solver.Version, m.Start.FEN(), fmt.Sprintf("%+v", *m.Rules))
	if data, ok := opt.Cache.Get("too-large", key); ok && string(data) == fmt.Sprint(opt.MaxStates) {
		return certificateOracle(m, opt, v, errs)
	}
	var t *solver.Table
	var table []byte
	if data, ok := opt.Cache.Get("tables", key); ok {
		if tt, err := solver.UnmarshalTable(data, m.Start); err == nil {
			t, table = tt, data
		}
	}
	if t == nil {
		tt, err := solver.Solve(m.Start, solver.Options{MaxStates: opt.MaxStates})
		if err != nil {
			// Too many states, or a state that does not fit the solver's
			// key: fall back to mate search.
			if errors.Is(err, solver.ErrTooLarge) {
				opt.Cache.Put("too-large", key, []byte(fmt.Sprint(opt.MaxStates)))
				return certificateOracle(m, opt, v, errs)
			}
			return nil, nil, ""
		}
		data, err := tt.MarshalBinary()
		if err != nil {
			return nil, nil, err.Error()
		}
		opt.Cache.Put("tables", key, data)
		t, table = tt, data
	}
	play, ok := opt.Cache.Get("play-tables", key)
	if !ok {
		var err error
		if play, err = t.MarshalPlay(); err != nil {
			return nil, nil, err.Error()
		}
		opt.Cache.Put("play-tables", key, play)
	}
	st := t.Stats()
	v.Method = solver.Exact
	v.setCounts(st)
	return t, &Artifacts{Table: table, Play: play, Solved: t}, fmt.Sprintf("exact table: %d states, %d edges", st.States, st.Edges)
}

// banExactOracle solves a Ban Chess mode exactly when its states fit the
// budget; it returns nil and a note otherwise (no mate search handles
// bans).
func banExactOracle(m *mode.Mode, opt Options, v *Verification) (solver.Oracle, string) {
	t, err := ban.Solve(m.Start, solver.Options{MaxStates: opt.MaxStates})
	if err != nil {
		return nil, fmt.Sprintf("Ban Chess is solved only exactly, and this mode is too large: %v", err)
	}
	if err := t.Verify(); err != nil {
		return nil, fmt.Sprintf("the Ban Chess table failed its self-check: %v", err)
	}
	st := t.Stats()
	v.Method = solver.Exact
	v.setCounts(solver.Stats{States: st.States, Edges: st.Edges, WhiteWins: st.WhiteWins, BlackWins: st.BlackWins, Draws: st.Draws})
	return ban.Oracle{T: t}, fmt.Sprintf("exact Ban Chess table: %d states (%d positions), %d edges; distances count bans and moves", st.States, st.Positions, st.Edges)
}

// refuted is the note of a claim that mate search disproved.
const refuted = "refuted by mate search"

// defaultMateProbe is how deep the build looks for a mate when a large
// mode claims a win without saying in how many moves.
const defaultMateProbe = 6

// mateOracle sets up mate search for a mode that claims a win; it returns
// nil with the reason when nothing can be proven that way.
func mateOracle(m *mode.Mode, opt Options, v *Verification, errs *mode.ErrorList) (solver.Oracle, string) {
	var attacker engine.Color
	ok := false
	if c := m.Claim; c != nil {
		attacker, ok = c.Result.Winner()
	}
	if !ok {
		return nil, "the state space is larger than the exact-solving budget and there is no winning claim to check by mate search"
	}
	c := m.Claim
	bound := c.MateIn
	if bound == 0 {
		bound = defaultMateProbe
	}
	budget := mate.NewBudget(opt.modeNodes())
	o := mate.NewOracle(attacker, bound, mate.Options{MaxNodes: int64(opt.MateNodes), Budget: budget})
	r, err := o.Search(m.Start)
	v.Method = solver.ByMateSearch
	switch {
	case err != nil && budget.Spent():
		return nil, fmt.Sprintf("mate search for %s within %d moves was undecided: the mode's searches used up their total budget of %d nodes", attacker.Title(), bound, opt.modeNodes())
	case err != nil:
		return nil, fmt.Sprintf("mate search for %s within %d moves was undecided: %v", attacker.Title(), bound, err)
	case !r.Found && c.MateIn > 0:
		mp := m.At("claim.mate_in")
		errs.Add(m.Path, mp.Line, mp.Col, "claim mate_in %d is false: %s has no mate in %d (proven by mate search)", c.MateIn, attacker.Title(), c.MateIn)
		return nil, refuted
	case !r.Found:
		return nil, fmt.Sprintf("no mate within %d moves; longer wins are beyond the mate search", bound)
	}
	return o, fmt.Sprintf("bounded mate search: %s mates in %d (%d nodes)", attacker.Title(), r.Moves, r.Nodes)
}
