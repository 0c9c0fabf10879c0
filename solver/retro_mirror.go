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
// Mixed keys are small under sym (their low 16 bits are free), so each
// key carries its value. The keys are spread into buckets by their top
// bits, about four keys a bucket, and each bucket is sorted by
// insertion; each worker fills and sorts its own range of buckets.
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
	// own[i] is kept state i with its value and mirrors[i] its mirror,
	// or 0 when not reachable. Neither is 0 otherwise: values are not
	// (unresolved states are draws), and without them the low bits hold
	// 1.
	own := make([]uint64, n)
	mirrors := make([]uint64, n)
	// wins[w][c] counts the states won by colour c, and draws[w] the
	// drawn states, that worker w unfolded.
	wins := make([][2]int, s.opt.Workers)
	draws := make([]int, s.opt.Workers)
	s.chunks(n, 4096, func(wk, lo, hi int) {
		w := &pieceWorker{s: ps}
		for i := lo; i < hi; i++ {
			v := uint64(1)
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
					wins[wk][side]++
				case wordLoss:
					wins[wk][1-side]++
				default:
					draws[wk]++
				}
			}
			if seen(i)&1 != 0 {
				own[i] = idx.keys[i] | v
			}
			if seen(i)&2 != 0 {
				mirrors[i] = idx.km.mix(w.mirror(idx.key(i))) | v
			}
		}
	})
	for w := range wins {
		s.stats.WhiteWins += wins[w][engine.White]
		s.stats.BlackWins += wins[w][engine.Black]
		s.stats.Draws += draws[w]
	}
	s.idx.keys = nil
	total := 0
	for i := range n {
		total += int(seen(i)&1) + int(seen(i)>>1)
	}
	dirBits := uint(max(bits.Len(uint(total))-2, 1))
	shift := 64 - dirBits
	start := make([]uint32, 1<<dirBits+1)
	workers := s.opt.Workers
	// Worker w owns the buckets whose top bits are in [lo(w), lo(w+1)).
	lo := func(w int) uint64 { return uint64(w) << dirBits / uint64(workers) }
	parallel(workers, func(w int) {
		a, b := lo(w), lo(w+1)
		for _, src := range [][]uint64{own, mirrors} {
			for _, h := range src {
				if d := h >> shift; d >= a && d < b && h != 0 {
					start[d+1]++
				}
			}
		}
	})
	for d := range 1 << dirBits {
		start[d+1] += start[d]
	}
	if int(start[1<<dirBits]) != total {
		panic("solver: unfolding the mirror pairs miscounts the states")
	}
	keys := make([]uint64, total)
	parallel(workers, func(w int) {
		a, b := lo(w), lo(w+1)
		next := append([]uint32(nil), start[a:b]...)
		for _, src := range [][]uint64{own, mirrors} {
			for _, h := range src {
				if d := h >> shift; d >= a && d < b && h != 0 {
					keys[next[d-a]] = h
					next[d-a]++
				}
			}
		}
		for d := a; d < b; d++ {
			bucket := keys[start[d]:start[d+1]]
			for i := 1; i < len(bucket); i++ {
				h := bucket[i]
				j := i
				for ; j > 0 && bucket[j-1] > h; j-- {
					bucket[j] = bucket[j-1]
				}
				bucket[j] = h
			}
		}
	})
	own, mirrors = nil, nil
	var vals []uint16
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
