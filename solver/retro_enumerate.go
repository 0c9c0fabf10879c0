package solver

import (
	"cmp"
	"fmt"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/solver/keyspace"
)

// enumerate finds every state reachable from the start, level by level
// (breadth first), on all workers at once, and records each state's
// number of moves or terminal kind. It returns the set of their mixed
// keys, in parts, and the number of moves out of non-terminal states.
// Under sym it finds the kept states (see solve.sym), records the
// orientations reached in their info and sets s.closed; the number of
// moves is then counted by seed.
//
// The set is split into parts by the top bits of the mixed keys, each
// part owned by one worker, which alone reads and writes it: parts need
// no locks, grow on their own, and each worker's share of the set stays
// in its own cache. A large set is split into many more parts as it
// grows (see splitAt). A level is expanded in rounds of two phases: every
// worker expands the round's share of its parts' frontier (expandShare),
// sending the mixed keys of the successors to the parts they belong to;
// then every worker inserts what its parts received, part by part
// (insertReceived). Before inserting a run of keys it touches their home
// slots in a loop of independent loads, which the processor overlaps
// when the part is larger than the caches.
func (s *solve) enumerate(startKey uint64) ([]*keyspace.Set, int64, error) {
	e := s.newEnumeration()
	e.addStart(startKey)
	for depth := 0; ; depth++ {
		rounds := e.planLevel()
		if rounds == 0 {
			break
		}
		for r := range rounds {
			par.Phase(e.workers, func(w int) { e.expandShare(w, r) })
			par.Phase(e.workers, func(w int) { e.insertReceived(w) })
			if err := e.endRound(); err != nil {
				return nil, 0, err
			}
		}
		e.endLevel()
		s.progress(Progress{Phase: "enumerate", States: e.reached(), Edges: int(e.edges), Depth: depth + 1})
	}
	s.spare = make([][][]uint64, e.workers)
	for w := range e.ws {
		s.spare[w] = e.ws[w].out
	}
	return e.parts, e.edges, nil
}

// enumeration is the state of solve.enumerate between its steps.
type enumeration struct {
	s       *solve
	km      keyspace.Mix
	workers int
	nparts  int
	parts   []*keyspace.Set
	ws      []enumWorker
	// frontier[o][q] are the states of part q to expand in orientation o.
	frontier [2][][]uint32
	startH   uint64 // the start's mixed key
	batch    int    // how many states of a part's frontier a round expands
	edges    int64  // moves out of the levels done
	garbage  int    // bytes of tables dropped since the last collection
	split    bool   // see splitAt
}

// enumWorker is what one worker of the enumeration owns.
type enumWorker struct {
	exp keyspace.Expander
	mir *keyspace.PieceWorker // under sym
	buf []uint64
	// out[q] holds successor keys for part q; while the enumeration
	// tracks orientations, each with the orientation it is reached in
	// in its low bit (free in small keys).
	out     [][]uint64
	edges   int64
	states  int // orientations reached, under sym
	dropped int // bytes of tables dropped by growing
	sink    uint64
	closed  bool
	// next[o][q] has the new states of the worker's part q, reached in
	// orientation o.
	next [2][][]uint32
	_    cacheLinePad
}

// newEnumeration returns an enumeration with empty parts and a worker
// state for each worker.
func (s *solve) newEnumeration() *enumeration {
	e := &enumeration{s: s, km: s.space.Codec().Mix(), workers: s.opt.Workers, nparts: s.nparts}
	e.parts = make([]*keyspace.Set, e.nparts)
	for o := range e.parts {
		e.parts[o] = keyspace.NewSet(64, e.km, s.partBits)
	}
	e.ws = make([]enumWorker, e.workers)
	for w := range e.ws {
		e.ws[w].exp = s.space.NewExpander()
		if s.sym {
			e.ws[w].mir = e.ws[w].exp.(*keyspace.PieceWorker)
		}
	}
	e.allocQueues()
	for o := range e.frontier {
		e.frontier[o] = make([][]uint32, e.nparts)
	}
	return e
}

// allocQueues gives every worker an empty out and next queue per part.
func (e *enumeration) allocQueues() {
	for w := range e.ws {
		e.ws[w].out = make([][]uint64, e.nparts)
		for o := range e.ws[w].next {
			e.ws[w].next[o] = make([][]uint32, e.nparts)
		}
	}
}

// addStart puts the start into the set and the first frontier. Under sym
// it decides whether the enumeration is closed under mirroring from the
// start, or tracks orientations, or gives symmetry up.
func (e *enumeration) addStart(startKey uint64) {
	s := e.s
	startOrient := 0
	if s.sym {
		kept, orient := startKey, 0
		if keyspace.Side(startKey) == engine.Black {
			kept, orient = s.space.(*keyspace.Pieces).Mirror(startKey), 1
		}
		s.closed = s.mirrorReachable(kept, orient)
		if s.closed || e.km.Small {
			startKey, startOrient = kept, orient
		} else {
			// Tracking orientations takes a bit of the keys sent between
			// workers, which only small keys have free.
			s.sym = false
		}
	}
	e.startH = e.km.Mix(startKey)
	o := s.partOf(e.startH)
	ref, _, _ := e.parts[o].Insert(e.startH)
	if s.sym {
		e.parts[o].SetInfo(ref, infoSeen<<startOrient)
		e.ws[0].states++
	}
	e.frontier[startOrient][o] = append(e.frontier[startOrient][o], ref)
}

// reached returns the number of states found so far: under sym, both of
// every kept state's once closed, else the orientations reached.
func (e *enumeration) reached() int {
	switch {
	case !e.s.sym:
		return keptCount(e.parts)
	case e.s.closed:
		return 2 * keptCount(e.parts)
	}
	total := 0
	for w := range e.ws {
		total += e.ws[w].states
	}
	return total
}

// planLevel sets the size of the level's rounds and returns how many
// rounds expand its frontier, 0 when it is empty. A round expands up to
// roundStates states, the same share of each part's frontier, and fewer
// near the budget, which is checked after every round: an eighth of
// what is left of it, but at least minRound; at most stopRound when
// Options.Stop is set.
func (e *enumeration) planLevel() int {
	round := min(max((e.s.opt.MaxStates-e.reached())/8, minRound), roundStates)
	if e.s.opt.Stop != nil {
		round = min(round, stopRound) // poll Stop often
	}
	e.batch = max(round/e.nparts, 64)
	rounds := 0
	for _, fr := range e.frontier {
		for o := range fr {
			rounds = max(rounds, (len(fr[o])+e.batch-1)/e.batch)
		}
	}
	return rounds
}

// share is round r's share of a part's frontier f.
func (e *enumeration) share(f []uint32, r int) []uint32 {
	return f[min(r*e.batch, len(f)):min((r+1)*e.batch, len(f))]
}

// expandShare is worker w's first phase of round r: it expands the
// round's share of its parts' frontier, records each state's moves or
// terminal kind, and queues the successors' mixed keys for their parts.
func (e *enumeration) expandShare(w, r int) {
	s, km := e.s, e.km
	wk := &e.ws[w]
	for orient, fr := range e.frontier {
		for o := w; o < e.nparts; o += e.workers {
			f := e.share(fr[o], r)
			part := e.parts[o]
			for i, ref := range f {
				if i%64 == 0 {
					// Touch the slots of the next states first, as the
					// insertion does.
					var sum uint64
					for _, ref := range f[i:min(i+64, len(f))] {
						sum += part.Key(ref)
					}
					wk.sink += sum
				}
				info := part.Info(ref)
				if s.closed && expanded(info) {
					continue // reached again once closed
				}
				k := km.Unmix(part.Key(ref))
				var t Terminal
				if s.sym {
					wk.mir.LoadMirror(k)
					t, wk.buf, _ = wk.mir.ExpandLoaded(wk.buf, nil)
				} else {
					t, wk.buf, _ = wk.exp.Expand(k, wk.buf, nil)
				}
				part.SetInfo(ref, infoOf(t, len(wk.buf))|info&infoSeenAll)
				// Under sym seed counts the moves exactly; these are for
				// the progress reports, a kept state standing for two
				// once the enumeration is closed.
				wk.edges += int64(len(wk.buf))
				if s.closed {
					wk.edges += int64(len(wk.buf))
				}
				var tag uint64
				if s.sym && !s.closed {
					tag = uint64(1 - orient)
				}
				for _, ck := range wk.buf {
					h := km.Mix(ck)
					q := s.partOf(h)
					wk.out[q] = append(wk.out[q], h|tag)
				}
			}
		}
	}
}

// insertReceived is worker w's second phase of a round: it inserts the
// keys every worker queued for its parts, growing a part that fills up,
// and queues the new states for the next level.
func (e *enumeration) insertReceived(w int) {
	s := e.s
	wk := &e.ws[w]
	for o := w; o < e.nparts; o += e.workers {
		part := e.parts[o]
		for src := range e.ws {
			keys := e.ws[src].out[o]
			for i := 0; i < len(keys); i++ {
				if i%64 == 0 {
					var sum uint64
					for _, h := range keys[i:min(i+64, len(keys))] {
						sum += part.Touch(h)
					}
					wk.sink += sum
				}
				h, orient := keys[i], 0
				if s.sym && !s.closed {
					h, orient = h&^1, int(h&1)
				}
				ref, added, ok := part.Insert(h)
				if !ok || part.Full() {
					part = e.grow(wk, o)
					if !ok {
						i--
						continue
					}
					ref = part.Ref(h)
				}
				if s.sym {
					added = e.reach(wk, part, ref, orient, added)
					wk.closed = wk.closed || added && h == e.startH
				}
				if added {
					wk.next[orient][o] = append(wk.next[orient][o], ref)
				}
			}
		}
	}
}

// grow replaces part o, owned by worker wk, by a larger copy, carries the
// references to it in the frontier and the next level over, and returns
// the copy.
func (e *enumeration) grow(wk *enumWorker, o int) *keyspace.Set {
	part := e.parts[o]
	g := part.Grown()
	for _, l := range [][]uint32{e.frontier[0][o], e.frontier[1][o], wk.next[0][o], wk.next[1][o]} {
		for j, r := range l {
			l[j] = g.Ref(part.Key(r))
		}
	}
	wk.dropped += part.Bytes()
	e.parts[o] = g
	return g
}

// reach records that the kept state ref of part, added to the set or
// not, was reached in orientation orient, and reports whether that is
// new: whether the state must be expanded in that orientation.
func (e *enumeration) reach(wk *enumWorker, part *keyspace.Set, ref uint32, orient int, added bool) bool {
	if added {
		part.SetInfo(ref, infoSeen<<orient)
		wk.states++
		return true
	}
	if e.s.closed {
		return false
	}
	info := part.Info(ref)
	if info&(infoSeen<<orient) != 0 {
		return false
	}
	part.SetInfo(ref, info|infoSeen<<orient)
	wk.states++
	return true
}

// endRound empties the queues of the round's successors, collects the
// tables dropped by growing once there are enough, and fails when more
// states than the budget are reachable or Options.Stop asks to stop.
func (e *enumeration) endRound() error {
	s := e.s
	for w := range e.ws {
		wk := &e.ws[w]
		for q := range wk.out {
			wk.out[q] = wk.out[q][:0]
		}
		e.garbage += wk.dropped
		wk.dropped = 0
		s.closed = s.closed || wk.closed
	}
	if e.garbage >= collectAt {
		keyspace.CollectLarge(e.garbage)
		e.garbage = 0
	}
	if e.reached() > s.opt.MaxStates {
		return fmt.Errorf("%w: more than %d states are reachable from %s", ErrTooLarge, s.opt.MaxStates, s.start.FEN())
	}
	return s.stopped()
}

// endLevel makes the new states the frontier, splits the set into more
// parts once it is large enough (see splitAt) and counts the level's
// moves.
func (e *enumeration) endLevel() {
	s := e.s
	for orient := range e.frontier {
		for o := range e.parts {
			wk := &e.ws[o%e.workers]
			e.frontier[orient][o], wk.next[orient][o] = wk.next[orient][o], e.frontier[orient][o][:0]
		}
	}
	if at := cmp.Or(s.opt.splitAt, splitAt); !e.split && at > 0 && keptCount(e.parts) >= at {
		e.split = true
		for _, part := range e.parts {
			e.garbage += part.Bytes()
		}
		e.parts = s.split(e.parts, &e.frontier, splitBits)
		e.nparts = s.nparts
		e.allocQueues()
	}
	for w := range e.ws {
		e.edges += e.ws[w].edges
		e.ws[w].edges = 0
	}
}
