package verify

import (
	"cmp"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// DefaultPackTableStates is the largest table a pack's puzzles are proven
// against when Options.PackTableStates is 0: the packs' parents may be
// larger than a mode's budget (Thin Chess 2×10, 54.9 million states,
// about 13 s and 0.64 GB on two cores), since one solve proves them all.
const DefaultPackTableStates = 64_000_000

// A packTable is the exact table that proves the puzzles of a pack with
// a table key (mode.Pack.Table): the named mode's, solved once for the
// whole pack. Each puzzle is then a lookup in it, not a solve of its own
// game, so verification scales with tables, not puzzles.
type packTable struct {
	m *mode.Mode
	// a are the mode's artifacts, which the puzzles share (one play table
	// in the site for the whole pack); nil when this run did not verify
	// the mode.
	a *Artifacts
	// key identifies the table in the puzzles' cache keys.
	key string
	// err, when not empty, says why the pack's puzzles cannot be proven.
	err string

	once sync.Once
	t    *solver.Table
	terr error
	opt  Options
	// loaded is set once table has run: only then is terr known.
	loaded atomic.Bool
}

// failed returns why the table cannot be had, once a puzzle asked for it
// (nil before, and when it was had).
func (pt *packTable) failed() error {
	if !pt.loaded.Load() {
		return nil
	}
	return pt.terr
}

// table returns the solved table, loading it on first use: from the
// artifacts of this run, else from the cache, else by solving the mode.
// A run whose puzzles all come from the cache never loads it.
func (pt *packTable) table() (*solver.Table, error) {
	pt.once.Do(func() {
		defer pt.loaded.Store(true)
		switch {
		case pt.a != nil && pt.a.Solved != nil:
			pt.t = pt.a.Solved
		case pt.a != nil && len(pt.a.Table) > 0:
			pt.t, pt.terr = solver.UnmarshalTable(pt.a.Table, pt.m.Start)
		default:
			var errs mode.ErrorList
			o, _, _ := exactOracle(pt.m, pt.opt, &Verification{}, &errs)
			if t, ok := o.(*solver.Table); ok {
				pt.t = t
				return
			}
			pt.t, pt.terr = pt.solve()
		}
	})
	return pt.t, pt.terr
}

// solve solves the table of a mode larger than a mode's budget for the
// pack's puzzles alone, with the packs' budget, and does not cache it
// (the puzzles' results are). A start whose states do not fit the
// solver's key fails at once; one with more states than the budget
// fails when its enumeration passes the budget, which the cache then
// remembers, so that the next run says so at once instead of
// enumerating tens of millions of states again.
func (pt *packTable) solve() (*solver.Table, error) {
	limit := cmp.Or(pt.opt.PackTableStates, DefaultPackTableStates)
	tooLarge := fmt.Sprint(limit)
	if data, ok := pt.opt.Cache.Get("pack-too-large", pt.key); ok && string(data) == tooLarge {
		return nil, fmt.Errorf("the mode %s has no exact table: it reaches more than %d states, the most a pack's table may have (found by an earlier run)", pt.m.ID, limit)
	}
	t, err := solver.Solve(pt.m.Start, solver.Options{MaxStates: limit})
	switch {
	case errors.Is(err, solver.ErrTooLarge):
		pt.opt.Cache.Put("pack-too-large", pt.key, []byte(tooLarge))
		return nil, fmt.Errorf("the mode %s has no exact table: it reaches more than %d states, the most a pack's table may have", pt.m.ID, limit)
	case err != nil:
		return nil, fmt.Errorf("the mode %s has no exact table: %v", pt.m.ID, err)
	}
	return t, nil
}

// packTables returns the table of every pack that names one, and reports
// at a pack's table key when that mode is not solved exactly.
func (run *verifyRun) packTables(packs []*mode.Pack) map[*mode.Pack]*packTable {
	out := map[*mode.Pack]*packTable{}
	byMode := map[*mode.Mode]*packTable{}
	for _, p := range packs {
		m := p.TableMode
		if m == nil || len(p.Puzzles) == 0 && !run.streaming {
			continue
		}
		pt := byMode[m]
		if pt == nil {
			pt = &packTable{m: m, a: run.artifacts[m.ID], opt: run.opt,
				key: Key("pack-table", solver.Version, m.Start.FEN(), fmt.Sprintf("%+v", *m.Rules))}
			if m.Rules.Bans {
				pt.err = fmt.Sprintf("the mode %s is a Ban Chess mode: its puzzles prove themselves", m.ID)
			}
			byMode[m] = pt
		}
		if pt.err != "" {
			run.errs.Add(p.Path, p.TableAt.Line, p.TableAt.Col, "table %s: %s, so the pack's puzzles cannot be proven against it", m.ID, pt.err)
		}
		out[p] = pt
	}
	return out
}

// tableErrors reports, at the table key of each pack, a table that a
// puzzle asked for and could not be had: its puzzles are not proven,
// whatever the pack says of unproven puzzles.
func (run *verifyRun) tableErrors(packs []*mode.Pack, tables map[*mode.Pack]*packTable) {
	for _, p := range packs {
		if pt := tables[p]; pt != nil && pt.failed() != nil {
			run.errs.Add(p.Path, p.TableAt.Line, p.TableAt.Col, "table %s: %v; the pack's puzzles cannot be proven against it (name a mode whose exact table fits, or leave the key out to prove each puzzle by itself)", p.Table, pt.failed())
		}
	}
}

// tableOracle is verifyMode's oracle for a puzzle of a pack with a table:
// the table, once the puzzle's start is found in it.
func tableOracle(m *mode.Mode, pt *packTable, v *Verification, errs *mode.ErrorList) (solver.Oracle, string) {
	t, err := pt.table()
	if err != nil {
		return nil, err.Error()
	}
	if _, ok := t.Index(m.Start); !ok {
		errAt(m, "start", errs, "the start is not a position of the game of %s (the pack's table): no line of play from its start reaches it", pt.m.ID)
		return nil, refuted
	}
	st := t.Stats()
	v.Method = solver.Exact
	v.setCounts(st)
	return t, fmt.Sprintf("exact table of %s: %d states, %d edges", pt.m.ID, st.States, st.Edges)
}

// checkOneAnswer checks that a puzzle of a pack with a table has one
// right move at each of the solver's turns along its solution, as the
// miner promises: a puzzle with two answers is not a puzzle.
func checkOneAnswer(m *mode.Mode, o solver.Oracle, line []engine.Move, errs *mode.ErrorList) bool {
	p := *m.Start
	for i, mv := range line {
		if i%2 == 0 {
			if best := o.BestMoves(&p); len(best) > 1 {
				errAt(m, "solution", errs, "the solver's move %d has %d right answers (%s): a puzzle of a pack with a table wants one at every turn",
					i/2+1, len(best), strings.Join(sanList(&p, best), ", "))
				return false
			}
		}
		p.Make(mv)
	}
	return true
}
