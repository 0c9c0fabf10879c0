package solver

import (
	"errors"
	"fmt"
	"math/bits"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/solver/keyspace"
)

// ErrTooLarge is wrapped by the error Solve returns when more states are
// reachable than Options.MaxStates allows.
var ErrTooLarge = errors.New("state space too large")

// ErrStopped is wrapped by the error Solve returns when Options.Stop
// asked it to stop.
var ErrStopped = errors.New("solve stopped")

// DefaultMaxStates is the state limit of Solve when Options.MaxStates is
// zero. Positions without pawns or castling take about 25 bytes a state
// at the peak of a solve, so it keeps such a solve under 4 GiB.
const DefaultMaxStates = 1 << 27

// maxDTM is the longest distance to mate a table can hold, in plies.
const maxDTM = 1<<14 - 1

// Options tune Solve. The zero value is ready to use.
type Options struct {
	// MaxStates bounds the number of reachable states; 0 means
	// DefaultMaxStates. Solve stops with an error wrapping ErrTooLarge
	// soon after it has found more: it checks after every round of the
	// enumeration, and a round expands at most an eighth of what is left
	// of the budget, or 8,192 states near it.
	MaxStates int
	// Workers is the number of goroutines; 0 means runtime.GOMAXPROCS(0).
	Workers int
	// Progress, if set, is called from the goroutine that called Solve
	// after every level of the enumeration and every distance of the
	// solve.
	Progress func(Progress)
	// Stop, if set, is polled by the goroutine that called Solve after
	// every round of the enumeration and every distance of the solve:
	// when it returns true, Solve returns an error wrapping ErrStopped.
	// A searcher that builds tables against a clock sets it.
	Stop func() bool

	// engineOnly makes Solve use the engine's move generator and stored
	// edges even where the piece space applies (for tests that compare
	// the two).
	engineOnly bool
	// noMirror makes Solve keep every state even when the start is its
	// own mirror image (for tests that compare the two).
	noMirror bool
	// splitAt, if not zero, replaces the constant splitAt, the number of
	// kept states at which the enumeration splits its set into more
	// parts; -1 never splits (for tests).
	splitAt int
	// mirrorBudget, if not zero, replaces the budget of the search for
	// the start's mirror (see mirrorReachable); -1 skips it (for tests).
	mirrorBudget int
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
	Edges int
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
	parts, edges, err := s.enumerate(startKey)
	if err != nil {
		return nil, err
	}
	// A filter saves lookups while it stays in the cache; a larger one
	// misses it as often as the lookups it saves would.
	_, unmoves := s.space.(keyspace.PredecessorSpace)
	var infos []uint16
	s.idx, infos = keyspace.NewIndex(parts, s.opt.Workers, unmoves && keptCount(parts) < splitAt)
	s.stats.States = len(s.idx.Keys)
	s.stats.Edges = int(edges)
	if err := s.seed(infos); err != nil {
		return nil, err
	}
	s.progress(Progress{Phase: "index", States: s.stats.States})
	if err := s.stopped(); err != nil {
		return nil, err
	}
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
	c, err := keyspace.NewCodec(start)
	if err != nil {
		return nil, 0, err
	}
	startKey, ok := c.Encode(start)
	if !ok {
		return nil, 0, fmt.Errorf("solver: %s has no state key", start.FEN())
	}
	var space keyspace.Space = keyspace.NewEngineSpace(c)
	sym := false
	if ps, ok := keyspace.NewPieces(c, start); ok && !opt.engineOnly {
		space = ps
		sym = !opt.noMirror && ps.SelfMirrored(startKey)
	}
	sv := &solve{opt: opt, began: began, space: space, start: start, sym: sym}
	sv.partBits = uint(bits.Len(uint(opt.Workers - 1)))
	sv.nparts = 1 << sv.partBits
	return sv, startKey, nil
}

// solve is one run of Solve.
type solve struct {
	opt Options
	// The set of states and the propagation are split into 2^partBits
	// parts by the top bits of the mixed keys; worker w owns the parts
	// w, w+workers, ...
	partBits uint
	nparts   int
	began    time.Time
	space    keyspace.Space
	start    *engine.Position
	idx      *keyspace.Index
	stats    Stats

	// words[i] is state i's word (see the word* constants). Only the
	// worker that owns a state's part writes its word during a phase of
	// the propagation, so the words need no atomic operations.
	words []uint16
	// layers[o] is part o's states resolved at the distance being
	// propagated.
	layers [][]uint32
	// rev and revOff are the predecessor lists of a space that cannot
	// un-move: rev[revOff[i]:revOff[i+1]] are the predecessors of i.
	rev, revOff []uint32

	// sym is set when the start's placement is its own mirror image (see
	// keyspace.Pieces.Mirror): the solve then keeps one state of each pair
	// of mirror images, the one with White to move, and so does the
	// table (see mirrorPairs). A move from a kept state k leads to the
	// mirror of a move from mirror(k), and both halves of a pair have
	// the same value, so the solve expands and un-moves mirror(k) to
	// reach kept states directly, and does half the work.
	//
	// A state's mirror need not be reachable when the state is: then
	// the table must leave it out. The enumeration tracks which of each
	// kept state's two orientations (as itself, as its mirror) it has
	// reached, until it reaches the start's mirror: from then on every
	// reachable state's mirror is reachable too (closed), and it stops.
	// mirrorReachable usually proves that before the enumeration starts;
	// keys over 48 bits, which have no bit to spare for the orientation,
	// are solved in pairs only then.
	sym    bool
	closed bool
	// orient[i] has bit o set when kept state i is reachable as itself
	// (o = 0) or as its mirror (o = 1); nil when closed.
	orient []uint8

	// spare[w] are worker w's buffers for the parts (see
	// enumerate's out), which the propagation takes over: grown to their
	// size already, they spare it fresh memory, whose first touches cost
	// more than the moves it sends (4,400 page faults in a fresh 1×12
	// solve without them, 3,700 with).
	spare [][][]uint64
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

// stopped returns an error wrapping ErrStopped when Options.Stop asks
// the solve to stop.
func (s *solve) stopped() error {
	if s.opt.Stop != nil && s.opt.Stop() {
		return fmt.Errorf("%w: solving from %s", ErrStopped, s.start.FEN())
	}
	return nil
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

// While the enumeration tracks orientations (see solve.sym), infoSeen
// << o marks a kept state reached in orientation o.
const (
	infoSeen    = 1 << 13
	infoSeenAll = 3 << 13
)

// expanded reports whether info records an expanded state.
func expanded(info uint16) bool { return info&^infoSeenAll != 0 }

// keptCount returns the number of keys in the parts of a set.
func keptCount(parts []*keyspace.Set) int {
	n := 0
	for _, part := range parts {
		n += part.Len()
	}
	return n
}

// cacheLinePad keeps the per-worker structs that goroutines write all the
// time on cache lines of their own.
type cacheLinePad [128]byte

// partOf returns the part of the set a mixed key belongs to.
func (s *solve) partOf(h uint64) int {
	if s.partBits == 0 {
		return 0
	}
	return int(h >> (64 - s.partBits))
}

// chunks hands out the index range [0, n) in chunks to the
// workers, calling fn(w, lo, hi) for each chunk.
func (s *solve) chunks(n, chunk int, fn func(w, lo, hi int)) {
	var cursor atomic.Int64
	par.Phase(s.opt.Workers, func(w int) {
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
// word, in place: terminal losses are the first layer of the
// propagation, terminal draws are resolved draws, other states count
// their moves. For a space that cannot un-move it also builds the
// predecessor lists.
func (s *solve) seed(infos []uint16) error {
	n := len(infos)
	s.words = infos
	s.layers = make([][]uint32, s.nparts)
	_, unmoves := s.space.(keyspace.PredecessorSpace)
	var deg []uint32
	if !unmoves {
		deg = make([]uint32, n+1)
	}
	s.setOrient(infos)
	type tally struct {
		layers [][]uint32
		terms  [Race + 1]int
		bad    int // a state never expanded, plus one
		// Under sym: the states and their moves, both orientations
		// counted.
		states, edges int
		_             cacheLinePad
	}
	tallies := make([]tally, s.opt.Workers)
	for w := range tallies {
		tallies[w].layers = make([][]uint32, s.nparts)
	}
	s.chunks(n, 4096, func(w, lo, hi int) {
		ta := &tallies[w]
		for i := lo; i < hi; i++ {
			in := infos[i]
			weight := 1
			if s.sym {
				in &^= infoSeenAll
				weight = 2
				if s.orient != nil {
					weight = bits.OnesCount8(s.orient[i])
				}
				ta.states += weight
			}
			var word uint16
			switch t := Terminal(in &^ infoTerminal); {
			case in == 0:
				ta.bad = i + 1
			case in&infoTerminal == 0:
				word = in
				ta.edges += weight * int(in)
				if deg != nil {
					deg[i+1] = uint32(in)
				}
			case t.Lost():
				word = wordLoss
				o := s.partOf(s.idx.Keys[i])
				ta.layers[o] = append(ta.layers[o], uint32(i))
				ta.terms[t] += weight
			default:
				word = wordDraw
				ta.terms[t] += weight
			}
			s.words[i] = word
		}
	})
	states, edges := 0, 0
	for w := range tallies {
		ta := &tallies[w]
		if ta.bad != 0 {
			return fmt.Errorf("solver: internal error: state %d was never expanded", ta.bad-1)
		}
		for o := range ta.layers {
			s.layers[o] = append(s.layers[o], ta.layers[o]...)
		}
		for t := range ta.terms {
			s.stats.Terminals[t] += ta.terms[t]
		}
		states += ta.states
		edges += ta.edges
	}
	if s.sym {
		s.stats.States, s.stats.Edges = states, edges
	}
	if !unmoves {
		exps := make([]keyspace.Expander, s.opt.Workers)
		for i := range exps {
			exps[i] = s.space.NewExpander()
		}
		if err := s.buildPredecessors(exps, deg); err != nil {
			return err
		}
	}
	return nil
}

// buildPredecessors stores the graph's edges reversed, for spaces that
// cannot un-move: deg[i+1] is state i's number of moves.
func (s *solve) buildPredecessors(exps []keyspace.Expander, deg []uint32) error {
	n := len(s.idx.Keys)
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
			t, bufs[w], _ = exps[w].Expand(s.idx.Key(i), bufs[w], nil)
			if t != NotTerminal {
				continue
			}
			out := fwd[fwdOff[i]:fwdOff[i+1]]
			if len(out) != len(bufs[w]) {
				failed.Store(true)
				return
			}
			for j, ck := range bufs[w] {
				c, ok := s.idx.Lookup(ck)
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

// resolve applies the resolution at distance d of a successor of p,
// lost (for its side to move) or won, and reports whether that resolved p.
func (s *solve) resolve(p uint32, lost bool, d int) bool {
	w := s.words[p]
	if w&wordTag != wordUnresolved {
		return false
	}
	switch {
	case lost:
		w = wordWin | uint16(d+1)
	case w == 1:
		w = wordLoss | uint16(d+1)
	default:
		w--
	}
	s.words[p] = w
	return w&wordTag != wordUnresolved
}

// tally counts the won and drawn states of table t into s.stats. Under
// sym a kept state counts for each orientation it is reachable in: as
// itself with White to move, as its mirror with Black, which has the
// same value for its side to move.
func (s *solve) tally(t *Table) {
	type tally struct {
		// byTag[c][v>>14] counts the states with value v and c to
		// move.
		byTag [2][4]int
		_     cacheLinePad
	}
	tallies := make([]tally, s.opt.Workers)
	s.chunks(len(t.vals), 4096, func(w, lo, hi int) {
		ta := &tallies[w]
		vals := t.vals[lo:hi]
		switch {
		case t.pairs == nil:
			for i, v := range vals {
				ta.byTag[keyspace.Side(t.idx.Key(lo+i))][v>>14]++
			}
		case t.pairs.orient == nil:
			// Every kept state is reachable both ways.
			for _, v := range vals {
				ta.byTag[engine.White][v>>14]++
				ta.byTag[engine.Black][v>>14]++
			}
		default:
			for i, v := range vals {
				for o := range 2 {
					if t.pairs.orient[lo+i]>>o&1 != 0 {
						ta.byTag[o][v>>14]++
					}
				}
			}
		}
	})
	for _, ta := range tallies {
		for side, n := range ta.byTag {
			won, lost := &s.stats.WhiteWins, &s.stats.BlackWins
			if engine.Color(side) == engine.Black {
				won, lost = lost, won
			}
			*won += n[wordWin>>14]
			*lost += n[wordLoss>>14]
			s.stats.Draws += n[wordDraw>>14] + n[wordUnresolved>>14]
		}
	}
}

// table finishes the solve: unresolved states become draws, and the
// counts of the stats are filled in. Under sym the table keeps the kept
// states and numbers their pairs (see mirrorPairs).
func (s *solve) table(startKey uint64) *Table {
	idx := s.idx
	// The propagation's filter, layers and buffers are garbage now, about
	// as large as the index.
	idx.DropFilter()
	s.layers = nil
	keyspace.CollectLarge(8 * len(idx.Keys))
	// The words become the values: unresolved states are draws.
	vals := s.words
	s.chunks(len(vals), 4096, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			if vals[i]&wordTag == wordUnresolved {
				vals[i] = wordDraw
			}
		}
	})
	s.words = nil
	s.idx = nil
	var pairs *mirrorPairs
	if s.sym {
		pairs = newMirrorPairs(s.space.(*keyspace.Pieces), len(vals), s.orient)
	}
	t := newTable(s.space, idx, vals, pairs, s.stats, startKey)
	s.tally(t)
	t.stats = s.stats
	if t.Len() != s.stats.States {
		panic("solver: the table miscounts its states")
	}
	return t
}

// collectAt is how many bytes of dropped tables the enumeration lets
// pile up before it collects them (see keyspace.CollectLarge).
const collectAt = 1 << 26

// roundStates is how many states a round of the enumeration expands at
// most, over all parts, and minRound how many it may expand however near
// the budget it is.
const (
	roundStates = 1 << 20
	// stopRound bounds a round when Options.Stop is set, so that it is
	// polled every few milliseconds.
	stopRound = 1 << 12
	minRound  = 1 << 13
)
