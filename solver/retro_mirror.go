package solver

import (
	"math/bits"

	"github.com/thinchess/thinchess/engine"
)

// unfold turns the kept states of a solve under sym (see solve.sym), in
// s.idx, into every reachable state: it returns their mixed keys in
// ascending order and, when val is not nil, the value word val(i) of
// kept state i for each, which is also its mirror's value. With val it
// also counts the won and drawn states into s.stats.
//
// The kept states reachable as themselves, in order, and then the
// mirrors are written into the array of keys, each small key carrying
// its value in its free low 16 bits, which saves an array; then the
// mirrors are sorted and merged in (see mergeMirrors).
func (s *solve) unfold(val func(i int) uint16) ([]uint64, []uint16) {
	idx := s.idx
	n := len(idx.keys)
	ps := s.space.(*pieceSpace)
	seen := func(i int) uint8 {
		if s.orient == nil {
			return 3
		}
		return s.orient[i]
	}
	// Kept state i goes to keys[own[i]] and its mirror to
	// keys[mirror[i]], when reachable. Without s.orient every state is
	// reachable both ways: kept state i goes to i and its mirror to n+i.
	var own, mirror []int
	total, sorted := 2*n, n
	if s.orient != nil {
		own, mirror = make([]int, n), make([]int, n)
		total = 0
		for i := range n {
			if seen(i)&1 != 0 {
				own[i] = total
				total++
			}
		}
		sorted = total
		for i := range n {
			if seen(i)&2 != 0 {
				mirror[i] = total
				total++
			}
		}
	}
	// Small keys carry their value in their low 16 bits; others in vals.
	packed := idx.km.small
	keys := make([]uint64, total)
	var vals []uint16
	if val != nil && !packed {
		vals = make([]uint16, total)
	}
	// Worker w counts the states it unfolds, by value, in tallies[w].
	type tally struct {
		wins  [2]int // by colour
		draws int
		_     cacheLinePad
	}
	tallies := make([]tally, s.opt.Workers)
	s.chunks(n, 4096, func(wk, lo, hi int) {
		w := &pieceWorker{s: ps}
		ta := &tallies[wk]
		for i := lo; i < hi; i++ {
			var v uint64
			if val != nil {
				v = uint64(val(i))
			}
			// The kept state has White to move, its mirror Black.
			for side := range 2 {
				if seen(i)>>side&1 == 0 {
					continue
				}
				switch v & wordTag {
				case wordWin:
					ta.wins[side]++
				case wordLoss:
					ta.wins[1-side]++
				default:
					ta.draws++
				}
			}
			at, mat := i, n+i
			if own != nil {
				at, mat = own[i], mirror[i]
			}
			for side, j := range [2]int{at, mat} {
				if seen(i)>>side&1 == 0 {
					continue
				}
				h := idx.keys[i]
				if side == 1 {
					h = idx.km.mix(w.mirror(idx.key(i)))
				}
				if packed {
					h |= v
				} else if vals != nil {
					vals[j] = uint16(v)
				}
				keys[j] = h
			}
		}
	})
	for _, ta := range tallies {
		s.stats.WhiteWins += ta.wins[engine.White]
		s.stats.BlackWins += ta.wins[engine.Black]
		s.stats.Draws += ta.draws
	}
	own, mirror = nil, nil
	s.idx.keys, s.words = nil, nil
	collectLarge(8 * n)
	mergeMirrors(keys, vals, sorted, s.opt.Workers)
	if !packed {
		return keys, vals
	}
	if val != nil {
		vals = make([]uint16, total)
	}
	s.chunks(total, 4096, func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			if vals != nil {
				vals[i] = uint16(keys[i])
			}
			keys[i] &^= 0xffff
		}
	})
	return keys, vals
}

// mergeMirrors sorts keys, mixed keys, of which keys[:sorted] are
// already in order, and vals with them unless vals is nil, on up to
// workers goroutines (see unfold). It sorts the rest into second arrays
// and merges the two runs back, from the front, having first moved the
// sorted run to the back, where the merge never overtakes it.
func mergeMirrors(keys []uint64, vals []uint16, sorted, workers int) {
	nb := len(keys) - sorted
	rest := make([]uint64, nb)
	var restVals []uint16
	if vals != nil {
		restVals = make([]uint16, nb)
		bucketSort(keys[sorted:], rest, vals[sorted:], restVals, workers)
		copy(vals[nb:], vals[:sorted])
	} else {
		bucketSort(keys[sorted:], rest, nil, nil, workers)
	}
	copy(keys[nb:], keys[:sorted])
	own := keys[nb:]
	i, j := 0, 0
	for k := range keys {
		if j == nb || i < len(own) && own[i] < rest[j] {
			keys[k] = own[i]
			if vals != nil {
				vals[k] = vals[nb+i]
			}
			i++
		} else {
			keys[k] = rest[j]
			if vals != nil {
				vals[k] = restVals[j]
			}
			j++
		}
	}
	rest, restVals = nil, nil
	collectLarge(10 * nb)
}

// bucketSort sorts src, mixed keys, into dst, and srcVals into dstVals
// with them unless they are nil, on up to workers goroutines. It spreads
// the keys into buckets of about four by their top bits, each worker
// handling a range of buckets, and sorts each bucket by insertion.
func bucketSort(src, dst []uint64, srcVals, dstVals []uint16, workers int) {
	n := len(src)
	partBits := uint(bits.Len(uint(workers - 1)))
	dirBits := uint(max(bits.Len(uint(n))-2, int(partBits)+1))
	shift := 64 - dirBits
	nb := 1 << dirBits
	start := make([]uint32, nb+1)
	for _, h := range src {
		start[h>>shift+1]++
	}
	for d := range nb {
		start[d+1] += start[d]
	}
	nparts := 1 << partBits
	per := nb / nparts
	parallel(min(workers, nparts), func(w int) {
		for p := w; p < nparts; p += workers {
			lo, hi := p*per, (p+1)*per
			next := append([]uint32(nil), start[lo:hi]...)
			for i, h := range src {
				if d := int(h >> shift); d >= lo && d < hi {
					dst[next[d-lo]] = h
					if srcVals != nil {
						dstVals[next[d-lo]] = srcVals[i]
					}
					next[d-lo]++
				}
			}
			for d := lo; d < hi; d++ {
				a, b := int(start[d]), int(start[d+1])
				for i := a + 1; i < b; i++ {
					h := dst[i]
					var v uint16
					if dstVals != nil {
						v = dstVals[i]
					}
					j := i
					for ; j > a && dst[j-1] > h; j-- {
						dst[j] = dst[j-1]
						if dstVals != nil {
							dstVals[j] = dstVals[j-1]
						}
					}
					dst[j] = h
					if dstVals != nil {
						dstVals[j] = v
					}
				}
			}
		}
	})
}

// mirrorBudget bounds the states mirrorReachable visits.
const mirrorBudget = 1 << 16

// mirrorReachable reports whether it finds the mirror of the start
// reachable from the start, by a search from both ends over kept states
// (see solve.sym) that gives up after mirrorBudget states: then every
// reachable state's mirror is reachable too, and the enumeration need
// not track orientations. startKey is the kept form of the start and o0
// its orientation. The search forward expands as the enumeration does;
// the search backward un-moves as the propagation does, keeping only
// legal positions that are not terminal, so that each of its steps is a
// move of the game.
func (s *solve) mirrorReachable(startKey uint64, o0 int) bool {
	budget := mirrorBudget
	if s.opt.mirrorBudget != 0 {
		budget = s.opt.mirrorBudget
	}
	w := &pieceWorker{s: s.space.(*pieceSpace)}
	type node struct {
		k uint64
		o int
	}
	fwd, bwd := map[uint64]uint8{startKey: 1 << o0}, map[uint64]uint8{startKey: 1 << (1 - o0)}
	ff, bf := []node{{startKey, o0}}, []node{{startKey, 1 - o0}}
	var buf []uint64
	for len(ff) > 0 && len(bf) > 0 && len(fwd)+len(bwd) < budget {
		forward := len(ff) <= len(bf)
		frontier, seen, other := bf, bwd, fwd
		if forward {
			frontier, seen, other = ff, fwd, bwd
		}
		var next []node
		for _, nd := range frontier {
			var t Terminal
			w.loadMirror(nd.k)
			if forward {
				t, buf, _ = w.expandLoaded(buf, nil)
			} else {
				buf = w.unmovesLoaded(buf[:0])
			}
			if t != NotTerminal {
				continue
			}
			o := 1 - nd.o
			for _, k := range buf {
				if seen[k]&(1<<o) != 0 || !forward && !w.playable(k) {
					continue
				}
				if other[k]&(1<<o) != 0 {
					return true
				}
				seen[k] |= 1 << o
				next = append(next, node{k, o})
			}
		}
		if forward {
			ff = next
		} else {
			bf = next
		}
	}
	return false
}

// playable reports whether the state with key k is a legal position (the
// side not to move is not in check) that is not terminal.
func (w *pieceWorker) playable(k uint64) bool {
	t, n := w.count(k)
	if t != NotTerminal || n == 0 {
		return false
	}
	them := w.side.Other()
	ks := w.ksq[them]
	return ks < 0 || !w.attacked(ks, w.side, w.all, 0)
}

// setOrient records, under sym and until the enumeration closed, the
// orientations in which each kept state was reached (see solve.orient),
// from the enumeration's infos in index order.
func (s *solve) setOrient(infos []uint16) {
	if !s.sym || s.closed {
		return
	}
	s.orient = make([]uint8, len(infos))
	for i, in := range infos {
		s.orient[i] = uint8(in >> 13 & 3)
	}
}
