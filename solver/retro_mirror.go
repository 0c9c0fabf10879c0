package solver

import (
	"slices"
)

// unfold turns the kept states of a solve under sym (see solve.sym), in
// s.idx, into every reachable state: it returns their mixed keys in
// ascending order and, when val is not nil, the value word val(i) of
// kept state i for each, which is also its mirror's value.
//
// The kept states reachable as themselves are in s.idx in order; their
// mirrors are sorted here and the two runs merged. Mixed keys are small
// under sym (their low 16 bits are free), so each key carries its value
// through the sort.
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
	// mirrors[i] is the mirror of kept state i with its value, or the
	// largest key when that mirror is not reachable; those sort last.
	mirrors := make([]uint64, n)
	s.chunks(n, 4096, func(_, lo, hi int) {
		w := &pieceWorker{s: ps}
		for i := lo; i < hi; i++ {
			if seen(i)&2 == 0 {
				mirrors[i] = ^uint64(0)
				continue
			}
			mirrors[i] = idx.km.mix(w.mirror(idx.key(i)))
			if val != nil {
				mirrors[i] |= uint64(val(i))
			}
		}
	})
	slices.Sort(mirrors)
	total := 0
	for i := range n {
		if seen(i)&1 != 0 {
			total++
		}
	}
	nb := n
	for nb > 0 && mirrors[nb-1] == ^uint64(0) {
		nb--
	}
	mirrors = mirrors[:nb]
	total += nb
	keys := make([]uint64, 0, total)
	var vals []uint16
	if val != nil {
		vals = make([]uint16, 0, total)
	}
	j := 0
	for i, h := range idx.keys {
		if seen(i)&1 == 0 {
			continue
		}
		for ; j < nb && mirrors[j] < h; j++ {
			keys = append(keys, mirrors[j]&^0xffff)
			if vals != nil {
				vals = append(vals, uint16(mirrors[j]))
			}
		}
		keys = append(keys, h)
		if vals != nil {
			vals = append(vals, val(i))
		}
	}
	for ; j < nb; j++ {
		keys = append(keys, mirrors[j]&^0xffff)
		if vals != nil {
			vals = append(vals, uint16(mirrors[j]))
		}
	}
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
			if forward {
				t, buf, _ = w.expand(w.mirror(nd.k), buf, nil)
			} else {
				buf = w.unmoves(w.mirror(nd.k), buf[:0])
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
