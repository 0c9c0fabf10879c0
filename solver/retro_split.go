package solver

import "github.com/thinchess/thinchess/solver/keyspace"

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

// split splits every part of the set into 2^bits parts (see
// keyspace.Split) and records the new number of parts.
func (s *solve) split(parts []*keyspace.Set, frontier *[2][][]uint32, bits uint) []*keyspace.Set {
	next := keyspace.Split(parts, frontier, s.partBits, bits, s.opt.Workers)
	s.partBits, s.nparts = s.partBits+bits, len(next)
	return next
}
