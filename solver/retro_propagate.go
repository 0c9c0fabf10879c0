package solver

import (
	"fmt"

	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/solver/keyspace"
)

// propagate resolves the states distance by distance. The layer at an
// even distance d holds states lost in d plies: every unresolved
// predecessor of one wins in d+1. The layer at an odd distance holds
// states won in d plies: each predecessor loses one move that does not
// lose, and when it has none left it is lost in d+1, which is the
// longest it can hold out. States never resolved are draws.
//
// Every move passes the turn, which is what makes even layers losses and
// odd layers wins. Ban Chess breaks that — a side moves and then bans one
// of the opponent's replies — so a ban phase in the state key (see
// keyspace.Codec) will need resolve to compare the sides to act in a state
// and its predecessor instead of relying on parity.
//
// Like the enumeration, a distance runs in two phases over the parts of
// the key space: every worker finds the predecessors of its parts' layer
// and sends each to the part it belongs to; then every worker resolves
// what its parts received, looking keys up (touching their memory first,
// see keyspace.Index.FindAll) in its own share of the index (sendPredecessors,
// then resolveReceived).
func (s *solve) propagate() error {
	pr := s.newPropagation()
	for d := 0; pr.layered(); d++ {
		if d+1 > maxDTM {
			return fmt.Errorf("solver: a distance to mate over %d plies from %s", maxDTM, s.start.FEN())
		}
		lost := d%2 == 0
		par.Phase(pr.workers, func(w int) { pr.sendPredecessors(w) })
		par.Phase(pr.workers, func(w int) { pr.resolveReceived(w, lost, d) })
		pr.endDistance()
		shown := pr.resolved
		if s.sym && s.closed {
			shown *= 2 // both states of every kept pair are reachable
		}
		s.progress(Progress{Phase: "solve", States: s.stats.States, Depth: d + 1, Resolved: shown})
		if err := s.stopped(); err != nil {
			return err
		}
	}
	return nil
}

// propagation is the state of solve.propagate between its steps.
type propagation struct {
	s        *solve
	idx      *keyspace.Index
	workers  int
	nparts   int
	unmoves  bool // predecessors come from un-moves, not stored edges
	ws       []propWorker
	resolved int // states resolved so far
}

// propWorker is what one worker of the propagation owns.
type propWorker struct {
	un    keyspace.Unmover
	mir   *keyspace.PieceWorker // under sym
	cands []uint64
	// out[o] holds the predecessors for part o: mixed keys of candidates
	// from un-moves, or indices from stored edges.
	out   [][]uint64
	preds []uint32
	sink  uint64
	next  [][]uint32 // states resolved in the worker's parts, by part
	_     cacheLinePad
}

// newPropagation returns a propagation with a worker state for each
// worker, reusing the enumeration's queues, and counts the states
// resolved already: the terminal ones.
func (s *solve) newPropagation() *propagation {
	pr := &propagation{s: s, idx: s.idx, workers: s.opt.Workers, nparts: s.nparts}
	ps, unmoves := s.space.(keyspace.PredecessorSpace)
	pr.unmoves = unmoves
	pr.ws = make([]propWorker, pr.workers)
	for w := range pr.ws {
		wk := &pr.ws[w]
		if pr.unmoves {
			wk.un = ps.NewUnmover()
			if s.sym {
				wk.mir = wk.un.(*keyspace.PieceWorker)
			}
		}
		wk.out = make([][]uint64, pr.nparts)
		if s.spare != nil {
			wk.out = s.spare[w]
		}
		wk.next = make([][]uint32, pr.nparts)
	}
	s.spare = nil
	for o := range s.layers {
		pr.resolved += len(s.layers[o])
	}
	for t := Stalemate; t <= Insufficient; t++ {
		pr.resolved += s.stats.Terminals[t]
	}
	return pr
}

// layered reports whether the current layer holds any state.
func (pr *propagation) layered() bool {
	for o := range pr.s.layers {
		if len(pr.s.layers[o]) > 0 {
			return true
		}
	}
	return false
}

// sendPredecessors is worker w's first phase of a distance: it finds the
// predecessors of its parts' layer and queues each for its part.
func (pr *propagation) sendPredecessors(w int) {
	s, idx := pr.s, pr.idx
	wk := &pr.ws[w]
	for o := w; o < pr.nparts; o += pr.workers {
		for _, st := range s.layers[o] {
			if !pr.unmoves {
				for _, p := range s.rev[s.revOff[st]:s.revOff[st+1]] {
					q := s.partOf(idx.Keys[p])
					wk.out[q] = append(wk.out[q], uint64(p))
				}
				continue
			}
			if s.sym {
				// The predecessors of the mirror are kept states.
				wk.mir.LoadMirror(idx.Key(int(st)))
				wk.cands = wk.mir.UnmovesLoaded(wk.cands[:0])
			} else {
				wk.cands = wk.un.Unmoves(idx.Key(int(st)), wk.cands[:0])
			}
			for _, ck := range wk.cands {
				h := idx.Mixed(ck)
				if !idx.MayHold(h) {
					continue
				}
				q := s.partOf(h)
				wk.out[q] = append(wk.out[q], h)
			}
		}
	}
}

// resolveReceived is worker w's second phase of distance d: it looks up
// the predecessors every worker queued for its parts and resolves them,
// keeping those resolved for the next layer.
func (pr *propagation) resolveReceived(w int, lost bool, d int) {
	s, idx := pr.s, pr.idx
	wk := &pr.ws[w]
	for o := w; o < pr.nparts; o += pr.workers {
		next := wk.next[o][:0]
		for src := range pr.ws {
			in := pr.ws[src].out[o]
			const run = 128
			for i := 0; i < len(in); i += run {
				preds := wk.preds[:0]
				if pr.unmoves {
					preds = idx.FindAll(in[i:min(i+run, len(in))], preds, &wk.sink)
				} else {
					for _, p := range in[i:min(i+run, len(in))] {
						preds = append(preds, uint32(p))
					}
				}
				wk.preds = preds
				for _, p := range preds {
					if s.resolve(p, lost, d) {
						next = append(next, p)
					}
				}
			}
		}
		wk.next[o] = next
	}
}

// endDistance empties the queues and makes the states just resolved the
// next layer.
func (pr *propagation) endDistance() {
	s := pr.s
	for w := range pr.ws {
		for q := range pr.ws[w].out {
			pr.ws[w].out[q] = pr.ws[w].out[q][:0]
		}
	}
	for o := range s.layers {
		wk := &pr.ws[o%pr.workers]
		s.layers[o], wk.next[o] = wk.next[o], s.layers[o]
		pr.resolved += len(s.layers[o])
	}
}
