package bridge

import (
	"errors"
	"fmt"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// LoadTable reads a mode's exact table (the build precomputes it as a
// static asset) for the game from its start position: {states, edges}.
func (s *Session) LoadTable(data []byte) (Obj, error) {
	t, err := solver.UnmarshalTable(data, s.game.Start())
	if err != nil {
		return nil, err
	}
	s.table = t
	st := t.Stats()
	return Obj{{"states", st.States}, {"edges", st.Edges}}, nil
}

// DefaultSolveStates bounds the editor's exact solve in the browser.
const DefaultSolveStates = 4_000_000

// Progress receives a solve's progress: done of total (0 when unknown)
// and a line of text.
type Progress func(done, total int, text string)

// solveExact solves p exactly when its reachable state space has at
// most maxStates states; ok is false when it is larger (or cannot be
// keyed), so the caller falls back to searching.
func solveExact(p *engine.Position, maxStates int, progress Progress) (*Analysis, bool, error) {
	if maxStates <= 0 {
		maxStates = DefaultSolveStates
	}
	opt := solver.Options{MaxStates: maxStates, Workers: 1}
	if progress != nil {
		opt.Progress = func(pr solver.Progress) {
			text := fmt.Sprintf("%s: %d positions", pr.Phase, pr.States)
			if pr.Phase == "solve" {
				text = fmt.Sprintf("solving: %d of %d positions decided", pr.Resolved, pr.States)
				progress(pr.Resolved, pr.States, text)
				return
			}
			progress(pr.States, 0, text)
		}
	}
	t, err := solver.Solve(p, opt)
	if errors.Is(err, solver.ErrTooLarge) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, nil // a position the solver cannot key: search instead
	}
	a := newAnalysis(p)
	if !fromOracle(t, p, a) {
		return nil, false, fmt.Errorf("solve: the start position is missing from its own table")
	}
	st := t.Stats()
	a.States = st.States
	a.Method = "exact"
	a.MethodText = fmt.Sprintf("exact retrograde solve of all %d reachable positions (%d moves)", st.States, st.Edges)
	a.summarize()
	return a, true, nil
}
