package solver

import "github.com/thinchess/thinchess/solver/keyspace"

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
	w := s.space.(*keyspace.Pieces).NewWorker()
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
			w.LoadMirror(nd.k)
			if forward {
				t, buf, _ = w.ExpandLoaded(buf, nil)
			} else {
				buf = w.UnmovesLoaded(buf[:0])
			}
			if t != NotTerminal {
				continue
			}
			o := 1 - nd.o
			for _, k := range buf {
				if seen[k]&(1<<o) != 0 || !forward && !w.Playable(k) {
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

// setOrient records, under sym and until the enumeration closed, the
// orientations in which each kept state was reached (see solve.orient),
// from the enumeration's infos in index order.
func (s *solve) setOrient(infos []uint16) {
	if !s.sym || s.closed {
		return
	}
	s.orient = make([]uint8, len(infos))
	for i, in := range infos {
		s.orient[i] = uint8(in & infoSeenAll / infoSeen)
	}
}
