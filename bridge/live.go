package bridge

import (
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver/search"
)

// Live watches a long call (a reply or an analysis) while it runs: Stop
// is polled, and once it returns true the call ends with what it has
// found so far (a reply plays the best move of the last iteration
// completed); Progress receives the searcher's progress after every
// iteration, as the page reads it (progressOf). The zero Live watches
// nothing.
type Live struct {
	Stop     func() bool
	Progress func(Obj)
}

// progress returns the searcher's progress callback for a search of p,
// nil when nothing listens.
func (l Live) progress(p *engine.Position) func(search.Info) {
	if l.Progress == nil {
		return nil
	}
	return func(in search.Info) { l.Progress(progressOf(p, in)) }
}

// progressOf is a search's progress as the page shows it: {depth,
// score, mate, nodes, ms, best, pv, pvText}. The score is in centipawns
// for the side to move of p; mate counts moves (negative: mated).
func progressOf(p *engine.Position, in search.Info) Obj {
	var best any
	if len(in.PV) > 0 {
		best = moveOf(p, in.PV[0])
	}
	pv := sanOf(p, in.PV)
	return Obj{
		{"depth", in.Depth}, {"score", in.Score}, {"mate", in.Mate}, {"nodes", in.Nodes},
		{"ms", in.Elapsed.Milliseconds()}, {"best", best}, {"pv", pv}, {"pvText", p.LineText(pv)},
	}
}
