package solver

import (
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver/keyspace"
)

// mirrorPairs numbers the states of a table solved in mirror pairs (see
// solve.sym), which holds only the kept states' keys and values: state i
// is a kept state as itself or as its mirror (see keyspace.Pieces.Mirror),
// whose value and distance are the kept state's. When every state's
// mirror is reachable, the first k states are the k kept states, in
// their order, and the next k their mirrors in the same order;
// otherwise the kept states reachable as themselves come first and then
// the mirrors that are reachable, each in the kept states' order. Either
// way the numbering depends only on the set of states.
type mirrorPairs struct {
	ps   *keyspace.Pieces
	k, n int // kept states, states
	// orient[c] has bit o set when kept state c is reachable as itself
	// (o = 0) or as its mirror (o = 1); nil when every kept state is
	// reachable both ways. index[2c+o] is then the state of kept state c
	// in orientation o, or -1, and kept[i] the kept state of state i.
	orient []uint8
	index  []int32
	kept   []int32
}

// newMirrorPairs returns the numbering of the states of k kept states
// reachable in the orientations orient (nil: both ways).
func newMirrorPairs(ps *keyspace.Pieces, k int, orient []uint8) *mirrorPairs {
	p := &mirrorPairs{ps: ps, k: k, n: 2 * k, orient: orient}
	if orient == nil {
		return p
	}
	p.index = make([]int32, 2*k)
	p.n = 0
	for o := range 2 {
		for c, seen := range orient {
			p.index[2*c+o] = -1
			if seen>>o&1 != 0 {
				p.index[2*c+o] = int32(p.n)
				p.kept = append(p.kept, int32(c))
				p.n++
			}
		}
	}
	return p
}

// state returns the kept state of state i and its orientation.
func (p *mirrorPairs) state(i int) (c, o int) {
	if p.kept == nil {
		if i < p.k {
			return i, 0
		}
		return i - p.k, 1
	}
	c = int(p.kept[i])
	if p.index[2*c] == int32(i) {
		return c, 0
	}
	return c, 1
}

// indexOf returns the state of kept state c in orientation o, or -1 when
// it is not reachable.
func (p *mirrorPairs) indexOf(c, o int) int {
	if p.index == nil {
		return c + o*p.k
	}
	return int(p.index[2*c+o])
}

// orientation returns the orientation in which the state with key k is
// kept, and the kept state's key: states with White to move are kept as
// themselves.
func (p *mirrorPairs) orientation(k uint64) (int, uint64) {
	if keyspace.Side(k) == engine.White {
		return 0, k
	}
	return 1, p.ps.Mirror(k)
}

// Len returns the number of states.
func (t *Table) Len() int {
	if t.pairs != nil {
		return t.pairs.n
	}
	return len(t.vals)
}

// key returns the key of state i.
func (t *Table) key(i int) uint64 {
	if t.pairs == nil {
		return t.idx.Key(i)
	}
	c, o := t.pairs.state(i)
	k := t.idx.Key(c)
	if o == 1 {
		k = t.pairs.ps.Mirror(k)
	}
	return k
}

// val returns the value word of state i.
func (t *Table) val(i int) uint16 {
	if t.pairs == nil {
		return t.vals[i]
	}
	c, _ := t.pairs.state(i)
	return t.vals[c]
}

// lookup returns the index of the state with key k.
func (t *Table) lookup(k uint64) (int, bool) {
	if t.pairs == nil {
		return t.idx.Lookup(k)
	}
	o, kk := t.pairs.orientation(k)
	c, ok := t.idx.Lookup(kk)
	if !ok {
		return 0, false
	}
	i := t.pairs.indexOf(c, o)
	return i, i >= 0
}

// lookupScratch is the working memory of lookupAll.
type lookupScratch struct {
	kept, hs []uint64
	found    []int32
	sink     uint64
}

// lookupAll returns the index of the state with each of keys, or -1,
// looking them up together (see keyspace.Index.LookupAll).
func (t *Table) lookupAll(keys []uint64, sc *lookupScratch) []int32 {
	if t.pairs == nil {
		sc.found, sc.hs = t.idx.LookupAll(keys, sc.hs, sc.found, &sc.sink)
		return sc.found
	}
	sc.kept = sc.kept[:0]
	for _, k := range keys {
		_, kk := t.pairs.orientation(k)
		sc.kept = append(sc.kept, kk)
	}
	return t.lookupKept(sc.kept, func(j int) int { return int(keyspace.Side(keys[j])) }, sc)
}

// lookupKept returns the index of each of kept, keys of kept states, in
// orientation orient(j), or -1.
func (t *Table) lookupKept(kept []uint64, orient func(j int) int, sc *lookupScratch) []int32 {
	sc.found, sc.hs = t.idx.LookupAll(kept, sc.hs, sc.found, &sc.sink)
	for j, c := range sc.found {
		if c >= 0 {
			sc.found[j] = int32(t.pairs.indexOf(int(c), orient(j)))
		}
	}
	return sc.found
}
