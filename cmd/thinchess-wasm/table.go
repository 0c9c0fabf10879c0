//go:build js && wasm

package main

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"syscall/js"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// tableState is a mode's exact table, loaded for a game from its start
// position (the build precomputes it as a static asset).
type tableState struct {
	t *solver.Table
}

// loadTable reads a table: loadTable(id, Uint8Array) → its size.
func loadTable(s *session, args []js.Value) (any, error) {
	v := arg(args, 0)
	if v.Type() != js.TypeObject || v.Get("length").Type() != js.TypeNumber {
		return nil, fmt.Errorf("loadTable: want the table's bytes as a Uint8Array")
	}
	data := make([]byte, v.Get("length").Int())
	js.CopyBytesToGo(data, v)
	t, err := solver.UnmarshalTable(data, s.game.Start())
	if err != nil {
		return nil, err
	}
	s.table = &tableState{t}
	st := t.Stats()
	return obj{{"states", st.States}, {"edges", st.Edges}}, nil
}

// winner turns a value for the side to move into a value of the game.
func winner(p *engine.Position, v solver.Value) string {
	switch v {
	case solver.Win:
		return valueFor(p.Side)
	case solver.Loss:
		return valueFor(p.Side.Other())
	}
	return "draw"
}

// probe answers from the table: probe(id) → value, dtm, best moves and
// every move's value.
func probe(s *session, _ []js.Value) (any, error) {
	if s.table == nil {
		return nil, fmt.Errorf("no table is loaded for this game")
	}
	p := s.game.Position()
	v, dtm, ok := s.table.t.Probe(p)
	if !ok {
		return nil, fmt.Errorf("the position %s is not in this mode's table", p.FEN())
	}
	best := []obj{}
	for _, m := range s.table.t.BestMoves(p) {
		best = append(best, moveOf(p, m))
	}
	moves := []obj{}
	for _, mv := range s.table.t.MoveValues(p) {
		moves = append(moves, append(moveOf(p, mv.Move), kv{"value", mv.Value.String()}, kv{"dtm", mv.DTM}))
	}
	return obj{{"value", winner(p, v)}, {"result", v.String()}, {"dtm", dtm}, {"best", best}, {"moves", moves}}, nil
}

// choose picks a move by strategy; ok is false when the position is not
// in the table (the caller searches instead).
func (t *tableState) choose(p *engine.Position, strategy string, rng *rand.Rand) (engine.Move, bool, error) {
	if strategy == "" {
		strategy = "perfect"
	}
	st, err := solver.ParseStrategy(strategy)
	if err != nil {
		return engine.NoMove, false, err
	}
	m := t.t.Choose(p, st, rng)
	return m, m != engine.NoMove, nil
}

// analyse fills a from the table; false when p is not in it.
func (t *tableState) analyse(p *engine.Position, a *analysis) (bool, error) {
	if _, _, ok := t.t.Probe(p); !ok {
		return false, nil
	}
	fromOracle(t.t, p, a)
	a.States = t.t.Stats().States
	a.Method, a.MethodText = "table", fmt.Sprintf("exact table of all %d positions reachable in this mode", t.t.Stats().States)
	return true, nil
}

// defaultSolveStates bounds the editor's exact solve in the browser.
const defaultSolveStates = 4_000_000

// solveExact solves p exactly when its reachable state space has at
// most maxStates states; ok is false when it is larger (or cannot be
// keyed), so the caller falls back to searching.
func solveExact(p *engine.Position, maxStates int, progress func(done, total int, text string)) (*analysis, bool, error) {
	if maxStates <= 0 {
		maxStates = defaultSolveStates
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
	a := &analysis{Side: p.Side.String(), Fullmove: p.Fullmove, DTM: -1, BestMoves: []obj{}, PV: []string{}}
	if !fromOracle(t, p, a) {
		return nil, false, fmt.Errorf("solve: the start position is missing from its own table")
	}
	a.States = t.Stats().States
	st := t.Stats()
	a.Method = "exact"
	a.MethodText = fmt.Sprintf("exact retrograde solve of all %d reachable positions (%d moves)", st.States, st.Edges)
	a.summarize()
	return a, true, nil
}
