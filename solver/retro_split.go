package solver

import "github.com/thinchess/thinchess/internal/par"

// A solve starts with one part of the set of states per worker, which
// suits small solves: their parts stay in the cache, and each part is an
// array to grow and to loop over. A set larger than the caches is split
// into splitBits more bits of parts once it holds splitAt states, so that
// each part stays small: a round inserts each part's keys together, in a
// part that fits the cache and the TLB's reach (one part of the 2×10
// start's 27M kept states is under a megabyte), where inserting into a
// part of hundreds of megabytes took a miss of the TLB and of the caches
// for almost every key: the 2×10 start's solve went from 18.1 to 14.4 s.
// The propagation then looks keys up part by part in the same way.
const (
	splitAt   = 1 << 19
	splitBits = 8
)

// split splits every part of the set into 2^bits parts by the next bits
// of the mixed keys, on all workers, and returns the new parts with
// frontier's references carried over to them (see enumerate). Part o's
// keys go to parts o<<bits to o<<bits + 2^bits - 1, in order, so the
// parts stay in key order.
func (s *solve) split(parts []*keySet, frontier *[2][][]uint32, bits uint) []*keySet {
	k := 1 << bits
	newBits := s.partBits + bits
	next := make([]*keySet, len(parts)*k)
	var fr [2][][]uint32
	for o := range fr {
		fr[o] = make([][]uint32, len(next))
	}
	par.Phase(s.opt.Workers, func(w int) {
		for o := w; o < len(parts); o += s.opt.Workers {
			part := parts[o]
			sub := func(h uint64) int { return o<<bits | int(h<<s.partBits>>(64-bits)) }
			counts := make([]int, k)
			for i, v := range part.slots {
				if v != 0 {
					counts[sub(part.key(uint32(i)))-o<<bits]++
				}
			}
			if part.zero {
				counts[0]++
			}
			for j, n := range counts {
				size := uint64(64)
				for float64(n) > maxLoad/2*float64(size) {
					size *= 2
				}
				next[o<<bits|j] = newKeySet(size, part.km, newBits)
			}
			move := func(ref uint32) (int, uint32) {
				h := part.key(ref)
				q := sub(h)
				r, _, ok := next[q].insert(h)
				for !ok {
					next[q] = next[q].grown()
					r, _, ok = next[q].insert(h)
				}
				next[q].setInfo(r, part.getInfo(ref))
				return q, r
			}
			if part.zero {
				move(zeroRef)
			}
			for i, v := range part.slots {
				if v != 0 {
					move(uint32(i))
				}
			}
			for orient := range frontier {
				for _, ref := range frontier[orient][o] {
					h := part.key(ref)
					q := sub(h)
					fr[orient][q] = append(fr[orient][q], next[q].ref(h))
				}
			}
			parts[o] = nil
		}
	})
	*frontier = fr
	s.partBits, s.nparts = newBits, len(next)
	return next
}
