package solver

import (
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/thinchess/thinchess/engine"
)

// ErrTooLarge is wrapped by the error Solve returns when more states are
// reachable than Options.MaxStates allows.
var ErrTooLarge = errors.New("state space too large")

// DefaultMaxStates is the state limit of Solve when Options.MaxStates is
// zero. At about 14 bytes a state (states without pawns or castling) it
// keeps a solve under 2 GiB.
const DefaultMaxStates = 1 << 27

// maxDTM is the longest distance to mate a table can hold, in plies.
const maxDTM = 1<<14 - 1

// Options tune Solve. The zero value is ready to use.
type Options struct {
	// MaxStates bounds the number of reachable states; 0 means
	// DefaultMaxStates. Solve stops with an error wrapping ErrTooLarge as
	// soon as it finds one state more.
	MaxStates int
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress, if set, is called from the goroutine that called Solve
	// after every level of the enumeration and every distance of the
	// solve.
	Progress func(Progress)

	// engineOnly makes Solve use the engine's move generator and stored
	// edges even where the piece space applies (for tests that compare
	// the two).
	engineOnly bool
}

// Progress reports how far a Solve has got.
type Progress struct {
	// Phase is "enumerate" (finding the reachable states, reported after
	// every level), "index" (once, when the states are numbered and
	// seeded) or "solve" (backward induction, after every distance).
	Phase string
	// States is the number of states found so far, or in the table.
	States int
	// Edges is the number of moves found so far (enumerate).
	Edges int64
	// Depth is the enumeration level (plies from the start) or the
	// distance to mate being resolved, in plies.
	Depth int
	// Resolved is the number of states whose value is decided (solve).
	Resolved int
	// Elapsed is the time since Solve started.
	Elapsed time.Duration
}

// Solve enumerates every state reachable from start under start's rules
// and solves them all by backward induction; see the package
// documentation. It returns an error wrapping ErrTooLarge when more than
// opt.MaxStates states are reachable, and an error for a start position
// the solver cannot key (Ban Chess, too many pieces for a 64-bit key).
func Solve(start *engine.Position, opt Options) (*Table, error) {
	s, startKey, err := prepare(start, opt)
	if err != nil {
		return nil, err
	}
	set, edges, err := s.enumerate(startKey)
	if err != nil {
		return nil, err
	}
	var infos []uint16
	dropped := len(set.slots)
	s.idx, infos = newKeyIndex(set)
	set = nil
	collectLarge(dropped * 8)
	if _, ok := s.space.(predecessorSpace); ok {
		s.idx.buildFilter()
	}
	s.stats.States = len(s.idx.keys)
	s.stats.Edges = int(edges)
	if err := s.seed(infos); err != nil {
		return nil, err
	}
	s.progress(Progress{Phase: "index", States: s.stats.States})
	if err := s.propagate(); err != nil {
		return nil, err
	}
	return s.table(startKey), nil
}

// prepare sets up a run of Solve: the codec and the state space of start.
func prepare(start *engine.Position, opt Options) (*solve, uint64, error) {
	began := time.Now()
	if opt.MaxStates <= 0 {
		opt.MaxStates = DefaultMaxStates
	}
	if opt.MaxStates > 1<<32-2 {
		opt.MaxStates = 1<<32 - 2
	}
	if opt.Workers <= 0 {
		opt.Workers = runtime.GOMAXPROCS(0)
	}
	c, err := newStateCodec(start)
	if err != nil {
		return nil, 0, err
	}
	startKey, ok := c.encode(start)
	if !ok {
		return nil, 0, fmt.Errorf("solver: %s has no state key", start.FEN())
	}
	var space stateSpace = &engineSpace{c: c}
	if ps, ok := newPieceSpace(c, start); ok && !opt.engineOnly {
		space = ps
	}
	return &solve{opt: opt, began: began, space: space, start: start}, startKey, nil
}

// solve is one run of Solve.
type solve struct {
	opt   Options
	began time.Time
	space stateSpace
	start *engine.Position
	idx   *keyIndex
	stats Stats

	// words hold two 16-bit state words each (see the word* constants),
	// so that goroutines can update them with 32-bit atomics.
	words []uint32
	// layer is the states resolved at the distance being propagated.
	layer []uint32
	// rev and revOff are the predecessor lists of a space that cannot
	// un-move: rev[revOff[i]:revOff[i+1]] are the predecessors of i.
	rev, revOff []uint32
}

// A state word: the top two bits tell unresolved, win, loss or draw; the
// low 14 bits hold the number of moves not yet known to lose while
// unresolved, and the distance to mate in plies once resolved.
const (
	wordUnresolved = 0 << 14
	wordWin        = 1 << 14
	wordLoss       = 2 << 14
	wordDraw       = 3 << 14
	wordTag        = 3 << 14
	wordLow        = 1<<14 - 1
)

func (s *solve) progress(p Progress) {
	if s.opt.Progress != nil {
		p.Elapsed = time.Since(s.began)
		s.opt.Progress(p)
	}
}

// parallel runs fn(w) for w in [0, workers) on their own goroutines and
// waits for them.
func parallel(workers int, fn func(w int)) {
	if workers == 1 {
		fn(0)
		return
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(w)
		}()
	}
	wg.Wait()
}

// infoOf packs what expanding a state taught: its number of moves, or its
// terminal kind.
func infoOf(t Terminal, moves int) uint16 {
	if t != NotTerminal {
		return infoTerminal | uint16(t)
	}
	return uint16(moves)
}

const infoTerminal = 1 << 15

// enumerate finds every state reachable from the start, level by level
// (breadth first), on all workers at once, and records each state's
// number of moves or terminal kind. It returns the set of their mixed
// keys and the number of moves out of non-terminal states.
//
// Each level runs in two phases. First every worker expands its share of
// the frontier, collecting the mixed keys of the successors; then it
// orders them by their top bits, which is roughly the order of their home
// slots, and inserts them, sweeping through the set from front to back
// instead of jumping about it: the set is larger than the processor's
// caches, and the sweep turns most lookups into cache hits.
func (s *solve) enumerate(startKey uint64) (*keySet, int64, error) {
	workers := s.opt.Workers
	km := s.space.codec().km
	set := newKeySet(1<<12, km)
	setLimit := func() {
		set.limit = min(int64(float64(set.size)*0.9), int64(s.opt.MaxStates))
	}
	setLimit()
	w0 := setWriter{s: set}
	ref, _, _ := w0.insert(km.mix(startKey))
	w0.release()
	type worker struct {
		exp       expander
		next      []uint32 // slot references of the states found new
		kids, tmp []uint64 // successors to insert, and sort scratch
		done      int      // kids[:done] are inserted
		buf       []uint64
		edges     int64
	}
	ws := make([]worker, workers)
	for i := range ws {
		ws[i].exp = s.space.newExpander()
	}
	var edges int64
	frontier := []uint32{ref}
	// grow replaces the set by a larger one, carrying slot references
	// over.
	grow := func(lists ...[]uint32) {
		g := set.grown()
		for _, l := range lists {
			for i, r := range l {
				l[i] = g.ref(set.key(r))
			}
		}
		dropped := len(set.slots)
		set = g
		setLimit()
		collectLarge(dropped * 8)
	}
	// A level is expanded in batches, which bounds the memory the
	// successor keys take.
	const chunk, batch = 64, 8192
	for depth := 0; len(frontier) > 0; depth++ {
		for lo := 0; lo < len(frontier); lo += batch {
			refs := frontier[lo:min(lo+batch, len(frontier))]
			var cursor atomic.Int64
			parallel(workers, func(w int) {
				wk := &ws[w]
				wk.kids = wk.kids[:0]
				for {
					i := int(cursor.Add(chunk)) - chunk
					if i >= len(refs) {
						break
					}
					for _, ref := range refs[i:min(i+chunk, len(refs))] {
						var t Terminal
						t, wk.buf, _ = wk.exp.expand(km.unmix(set.key(ref)), wk.buf, nil)
						set.setInfo(ref, infoOf(t, len(wk.buf)))
						wk.edges += int64(len(wk.buf))
						for _, ck := range wk.buf {
							wk.kids = append(wk.kids, km.mix(ck))
						}
					}
				}
				wk.kids, wk.tmp = bucketTop(wk.kids, wk.tmp)
				wk.done = 0
			})
			for {
				var stop atomic.Bool
				parallel(workers, func(w int) {
					wk := &ws[w]
					writer := setWriter{s: set}
					defer writer.release()
					for ; wk.done < len(wk.kids); wk.done++ {
						if wk.done%256 == 0 && stop.Load() {
							return
						}
						cref, added, full := writer.insert(wk.kids[wk.done])
						if full {
							stop.Store(true)
							return
						}
						if added {
							wk.next = append(wk.next, cref)
						}
					}
				})
				if !stop.Load() {
					break
				}
				if set.len() >= s.opt.MaxStates {
					return nil, 0, fmt.Errorf("%w: more than %d states are reachable from %s", ErrTooLarge, s.opt.MaxStates, s.start.FEN())
				}
				lists := [][]uint32{frontier}
				for w := range ws {
					lists = append(lists, ws[w].next)
				}
				grow(lists...)
			}
		}
		n := 0
		for w := range ws {
			n += len(ws[w].next)
			edges += ws[w].edges
			ws[w].edges = 0
		}
		frontier = make([]uint32, 0, n)
		for w := range ws {
			frontier = append(frontier, ws[w].next...)
			ws[w].next = ws[w].next[:0]
		}
		if float64(set.len()) > maxLoad*float64(set.size) {
			grow(frontier)
		}
		s.progress(Progress{Phase: "enumerate", States: set.len(), Edges: edges, Depth: depth + 1})
	}
	return set, edges, nil
}

// collectLarge runs the garbage collector when the solver has just
// dropped an array of the given size, in bytes, that is large: a solve's
// memory is a few large pointer-free arrays, which it replaces as they
// grow, so collecting at once costs little (there is almost nothing to
// mark) and keeps the heap near what is live instead of up to twice that.
func collectLarge(bytes int) {
	if bytes >= 1<<20 {
		runtime.GC()
	}
}

// chunks hands out the index range [0, n) in even-aligned chunks to the
// workers, calling fn(w, lo, hi) for each chunk.
func (s *solve) chunks(n, chunk int, fn func(w, lo, hi int)) {
	var cursor atomic.Int64
	parallel(s.opt.Workers, func(w int) {
		for {
			lo := int(cursor.Add(int64(chunk))) - chunk
			if lo >= n {
				return
			}
			fn(w, lo, min(lo+chunk, n))
		}
	})
}

// seed turns the enumeration's record of each state into its state
// word: terminal losses are the first layer of the propagation, terminal
// draws are resolved draws, other states count their moves. For a space
// that cannot un-move it also builds the predecessor lists.
func (s *solve) seed(infos []uint16) error {
	n := len(infos)
	s.words = make([]uint32, (n+1)/2)
	_, unmoves := s.space.(predecessorSpace)
	var deg []uint32
	if !unmoves {
		deg = make([]uint32, n+1)
	}
	for i, in := range infos {
		var word uint32
		switch t := Terminal(in &^ infoTerminal); {
		case in == 0:
			return fmt.Errorf("solver: internal error: state %d was never expanded", i)
		case in&infoTerminal == 0:
			word = uint32(in)
			if deg != nil {
				deg[i+1] = uint32(in)
			}
		case t.lost():
			word = wordLoss
			s.layer = append(s.layer, uint32(i))
			s.stats.Terminals[t]++
		default:
			word = wordDraw
			s.stats.Terminals[t]++
		}
		s.words[i>>1] |= word << (16 * (i & 1))
	}
	if !unmoves {
		exps := make([]expander, s.opt.Workers)
		for i := range exps {
			exps[i] = s.space.newExpander()
		}
		if err := s.buildPredecessors(exps, deg); err != nil {
			return err
		}
	}
	return nil
}

// buildPredecessors stores the graph's edges reversed, for spaces that
// cannot un-move: deg[i+1] is state i's number of moves.
func (s *solve) buildPredecessors(exps []expander, deg []uint32) error {
	n := len(s.idx.keys)
	var total uint64
	for i := 1; i <= n; i++ {
		total += uint64(deg[i])
		if total >= 1<<32 {
			return fmt.Errorf("%w: more than %d moves between the states reachable from %s", ErrTooLarge, uint64(1<<32-1), s.start.FEN())
		}
		deg[i] = uint32(total)
	}
	fwdOff := deg
	fwd := make([]uint32, total)
	in := make([]uint32, n+1)
	bufs := make([][]uint64, len(exps))
	var failed atomic.Bool
	s.chunks(n, 1024, func(w, lo, hi int) {
		for i := lo; i < hi; i++ {
			var t Terminal
			t, bufs[w], _ = exps[w].expand(s.idx.key(i), bufs[w], nil)
			if t != NotTerminal {
				continue
			}
			out := fwd[fwdOff[i]:fwdOff[i+1]]
			if len(out) != len(bufs[w]) {
				failed.Store(true)
				return
			}
			for j, ck := range bufs[w] {
				c, ok := s.idx.lookup(ck)
				if !ok {
					failed.Store(true)
					return
				}
				out[j] = uint32(c)
				atomic.AddUint32(&in[c], 1)
			}
		}
	})
	if failed.Load() {
		return fmt.Errorf("solver: internal error: the moves of a state changed between two passes")
	}
	var sum uint32
	for i := range n {
		sum += in[i]
		in[i] = sum
	}
	in[n] = sum
	s.rev = make([]uint32, total)
	s.chunks(n, 1024, func(w, lo, hi int) {
		for i := lo; i < hi; i++ {
			for _, c := range fwd[fwdOff[i]:fwdOff[i+1]] {
				s.rev[atomic.AddUint32(&in[c], ^uint32(0))] = uint32(i)
			}
		}
	})
	s.revOff = in
	return nil
}

// word returns state i's word.
func (s *solve) word(i uint32) uint32 {
	return atomic.LoadUint32(&s.words[i>>1]) >> (16 * (i & 1)) & 0xffff
}

// propagate resolves the states distance by distance. The layer at an
// even distance d holds states lost in d plies: every unresolved
// predecessor of one wins in d+1. The layer at an odd distance holds
// states won in d plies: each predecessor loses one move that does not
// lose, and when it has none left it is lost in d+1, which is the
// longest it can hold out. States never resolved are draws.
func (s *solve) propagate() error {
	workers := s.opt.Workers
	ps, unmoves := s.space.(predecessorSpace)
	unmovers := make([]unmover, workers)
	if unmoves {
		for w := range unmovers {
			unmovers[w] = ps.newUnmover()
		}
	}
	type scratch struct {
		next    []uint32
		cands   []uint64
		hs, tmp []uint64
		preds   []uint32
		sink    uint64
	}
	scr := make([]scratch, workers)
	resolved := len(s.layer)
	for t := Stalemate; t <= Insufficient; t++ {
		resolved += s.stats.Terminals[t]
	}
	for d := 0; len(s.layer) > 0; d++ {
		if d+1 > maxDTM {
			return fmt.Errorf("solver: a distance to mate over %d plies from %s", maxDTM, s.start.FEN())
		}
		lost := d%2 == 0
		layer := s.layer
		// A chunk's predecessor candidates are looked up together (see
		// findAll).
		const chunk = 512
		var cursor atomic.Int64
		parallel(workers, func(w int) {
			sc := &scr[w]
			for {
				lo := int(cursor.Add(chunk)) - chunk
				if lo >= len(layer) {
					return
				}
				preds := sc.preds[:0]
				if unmoves {
					cands := sc.cands[:0]
					for _, st := range layer[lo:min(lo+chunk, len(layer))] {
						cands = unmovers[w].unmoves(s.idx.key(int(st)), cands)
					}
					sc.cands = cands
					preds, sc.hs, sc.tmp = s.idx.findAll(cands, sc.hs, sc.tmp, preds, &sc.sink)
				} else {
					for _, st := range layer[lo:min(lo+chunk, len(layer))] {
						preds = append(preds, s.rev[s.revOff[st]:s.revOff[st+1]]...)
					}
				}
				sc.preds = preds
				for _, p := range preds {
					if s.resolve(p, lost, d) {
						sc.next = append(sc.next, p)
					}
				}
			}
		})
		s.layer = s.layer[:0]
		for w := range scr {
			s.layer = append(s.layer, scr[w].next...)
			scr[w].next = scr[w].next[:0]
		}
		resolved += len(s.layer)
		s.progress(Progress{Phase: "solve", States: len(s.idx.keys), Depth: d + 1, Resolved: resolved})
	}
	return nil
}

// resolve applies the resolution at distance d of a successor of p,
// lost (for its side to move) or won, and reports whether that resolved p.
func (s *solve) resolve(p uint32, lost bool, d int) bool {
	ptr := &s.words[p>>1]
	sh := 16 * (p & 1)
	for {
		old := atomic.LoadUint32(ptr)
		w := old >> sh & 0xffff
		if w&wordTag != wordUnresolved {
			return false
		}
		switch {
		case lost:
			w = wordWin | uint32(d+1)
		case w == 1:
			w = wordLoss | uint32(d+1)
		default:
			w--
		}
		if atomic.CompareAndSwapUint32(ptr, old, old&^(0xffff<<sh)|w<<sh) {
			return w&wordTag != wordUnresolved
		}
	}
}

// table finishes the solve: unresolved states become draws, and the
// counts of the stats are filled in.
func (s *solve) table(startKey uint64) *Table {
	n := len(s.idx.keys)
	vals := make([]uint16, n)
	for i := range n {
		w := s.word(uint32(i))
		if w&wordTag == wordUnresolved {
			w = wordDraw
		}
		vals[i] = uint16(w)
		side := keySide(s.idx.key(i))
		switch w & wordTag {
		case wordWin:
			s.stats.addWin(side)
		case wordLoss:
			s.stats.addWin(side.Other())
		default:
			s.stats.Draws++
		}
	}
	s.words = nil
	return newTable(s.space, s.idx, vals, s.stats, startKey)
}
