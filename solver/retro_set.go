package solver

import (
	"math/bits"
	"sync/atomic"
)

// Keys are stored mixed: mixKey is a bijection of the 64-bit integers
// (splitmix64's finaliser), so a mixed key identifies its state exactly and
// unmixKey recovers it, while mixed keys are spread evenly enough to
// address hash tables by their top bits. A table's states are indexed in
// ascending order of their mixed keys: that order depends only on the set
// of states, which makes tables deterministic whatever order the states
// were found in.
const (
	mixMul1 = 0xbf58476d1ce4e5b9
	mixMul2 = 0x94d049bb133111eb
)

var unmixMul1, unmixMul2 = inverseOdd(mixMul1), inverseOdd(mixMul2)

// inverseOdd returns the multiplicative inverse of an odd a modulo 2^64.
func inverseOdd(a uint64) uint64 {
	x := a // correct to 3 bits; each Newton step doubles that
	for range 5 {
		x *= 2 - a*x
	}
	return x
}

// mixKey returns the mixed form of key k.
func mixKey(k uint64) uint64 {
	k = (k ^ k>>30) * mixMul1
	k = (k ^ k>>27) * mixMul2
	return k ^ k>>31
}

// unmixKey is the inverse of mixKey.
func unmixKey(h uint64) uint64 {
	h = unxorShift(h, 31) * unmixMul2
	h = unxorShift(h, 27) * unmixMul1
	return unxorShift(h, 30)
}

// unxorShift inverts y = x ^ x>>s.
func unxorShift(y uint64, s uint) uint64 {
	x := y
	for sh := s; sh < 64; sh += s {
		x ^= y >> sh
	}
	return x
}

// keySet is the set of mixed keys found while enumerating states: an
// open-addressing table with linear probing, addressed by the top bits of
// the mixed key, that several goroutines insert into at once without
// locks. Probing never wraps: the table has an overflow tail instead, so a
// slot's keys stay in nearly ascending order and the set sorts in one
// cheap pass (see index). The zero key, which cannot be told from an empty
// slot, is kept in a flag.
type keySet struct {
	// size is the number of addressed slots; slots has keySetTail more.
	size  uint64
	slots []uint64
	// info[i] is what the enumeration learned about the state in slot i
	// when it expanded it (see infoOf); zeroInfo that of the zero key.
	info     []uint16
	zero     atomic.Bool
	zeroInfo uint16
	// count is the number of keys reserved; workers take reservations in
	// blocks (see setWriter), so it runs ahead of the keys actually in the
	// table by at most one block per writer.
	count atomic.Int64
	// limit is the most keys the set may hold before it must grow (or, if
	// it is the caller's MaxStates, before the enumeration must stop).
	limit int64
}

// keySetTail is the length of the overflow tail after the addressed slots.
const keySetTail = 1024

// maxLoad is the load factor at which a set grows between levels.
const maxLoad = 0.75

// newKeySet returns a set with size addressed slots.
func newKeySet(size uint64) *keySet {
	n := size + keySetTail
	return &keySet{size: size, slots: make([]uint64, n), info: make([]uint16, n)}
}

// A slot reference names a key of a set: its slot, or zeroRef for the
// zero key.
const zeroRef = ^uint32(0)

// key returns the mixed key of a slot reference.
func (s *keySet) key(ref uint32) uint64 {
	if ref == zeroRef {
		return 0
	}
	return s.slots[ref]
}

// setInfo records what the enumeration learned about the key of ref.
func (s *keySet) setInfo(ref uint32, info uint16) {
	if ref == zeroRef {
		s.zeroInfo = info
		return
	}
	s.info[ref] = info
}

// ref returns the slot reference of mixed key h, which must be in the
// set. It must not run while writers insert.
func (s *keySet) ref(h uint64) uint32 {
	if h == 0 {
		return zeroRef
	}
	i := s.home(h)
	for s.slots[i] != h {
		i++
	}
	return uint32(i)
}

// home returns the slot a mixed key probes from: the key's place in the
// table scaled from its place among all 64-bit numbers, so slots are in
// ascending key order.
func (s *keySet) home(h uint64) int {
	hi, _ := bits.Mul64(h, s.size)
	return int(hi)
}

// setWriter inserts into a keySet on behalf of one goroutine, reserving
// room in the shared count a block at a time.
type setWriter struct {
	s        *keySet
	reserved int64 // inserts left in the current reservation
}

const reserveBlock = 256

// insert adds h to the set. It reports whether h was new, with its slot
// reference, and full when the set could not take it (it is at its
// limit, or the probe ran off the tail): then h was not added and the
// caller must stop.
func (w *setWriter) insert(h uint64) (ref uint32, added, full bool) {
	s := w.s
	if h == 0 {
		if s.zero.Load() {
			return zeroRef, false, false
		}
		if !w.reserve() {
			return 0, false, true
		}
		if s.zero.CompareAndSwap(false, true) {
			w.reserved--
			return zeroRef, true, false
		}
		return zeroRef, false, false
	}
	i := s.home(h)
	for i < len(s.slots) {
		v := atomic.LoadUint64(&s.slots[i])
		if v == h {
			return uint32(i), false, false
		}
		if v == 0 {
			if !w.reserve() {
				return 0, false, true
			}
			if atomic.CompareAndSwapUint64(&s.slots[i], 0, h) {
				w.reserved--
				return uint32(i), true, false
			}
			continue // another writer took the slot: look at it again
		}
		i++
	}
	return 0, false, true
}

// reserve makes sure the writer holds room for one more key.
func (w *setWriter) reserve() bool {
	if w.reserved > 0 {
		return true
	}
	s := w.s
	n := s.count.Add(reserveBlock)
	if n > s.limit {
		// Take only what is left under the limit.
		s.count.Add(-reserveBlock)
		for {
			c := s.count.Load()
			if c >= s.limit {
				return false
			}
			if s.count.CompareAndSwap(c, c+1) {
				w.reserved = 1
				return true
			}
		}
	}
	w.reserved = reserveBlock
	return true
}

// release returns the unused part of the writer's reservation.
func (w *setWriter) release() {
	w.s.count.Add(-w.reserved)
	w.reserved = 0
}

// len returns the number of keys in the set; it is exact only when no
// writer holds a reservation.
func (s *keySet) len() int { return int(s.count.Load()) }

// growth is the factor by which a set grows.
const growth = 1.5

// grown returns a larger set holding the same keys, with growth times the
// addressed slots (or more, in the unlikely case that a probe run would
// overflow the tail), filled by workers goroutines. It must not run while
// writers insert.
func (s *keySet) grown(workers int) *keySet {
	size := s.size
	for {
		size = uint64(float64(size) * growth)
		if g, ok := s.rehash(size, workers); ok {
			return g
		}
	}
}

// rehash returns a set of size addressed slots holding s's keys, or false
// if they do not fit. Each worker moves a range of s's slots; as slots
// are in key order, the ranges land in nearly disjoint parts of the new
// table, and the few collisions are settled as inserts settle them.
func (s *keySet) rehash(size uint64, workers int) (*keySet, bool) {
	g := newKeySet(size)
	g.count.Store(s.count.Load())
	if s.zero.Load() {
		g.zero.Store(true)
		g.zeroInfo = s.zeroInfo
	}
	var overflow atomic.Bool
	per := (len(s.slots) + workers - 1) / workers
	parallel(workers, func(w int) {
		lo, hi := w*per, min((w+1)*per, len(s.slots))
		for j := lo; j < hi; j++ {
			h := s.slots[j]
			if h == 0 {
				continue
			}
			i := g.home(h)
			for !atomic.CompareAndSwapUint64(&g.slots[i], 0, h) {
				if i++; i == len(g.slots) {
					overflow.Store(true)
					return
				}
			}
			g.info[i] = s.info[j]
		}
	})
	return g, !overflow.Load()
}

// keyIndex maps the mixed keys of a table's states, held in ascending
// order, to their indices. A directory of 2^dirBits buckets, addressed by
// the top bits of the mixed key, holds where each bucket's keys start, so
// a lookup reads one directory entry and a few neighbouring keys.
type keyIndex struct {
	keys   []uint64
	dir    []uint32
	dshift uint
	// filter, when built, has bit b set when some key's top filterBits
	// bits are b: a lookup that finds its bit clear needs to read no more.
	filter     []uint64
	filterBits uint
}

// buildFilter builds the index's filter with at least 16 bits a key, so
// that a key not in the index passes it only about once in 16 times.
func (x *keyIndex) buildFilter() {
	x.filterBits = uint(min(bits.Len(uint(len(x.keys)))+4, 40))
	x.filter = make([]uint64, (1<<x.filterBits+63)/64)
	for _, h := range x.keys {
		b := h >> (64 - x.filterBits)
		x.filter[b>>6] |= 1 << (b & 63)
	}
}

// newKeyIndex sorts the keys of s into an index and returns it with the
// info of each key, in index order. It takes s's slots over: s must not
// be used afterwards.
func newKeyIndex(s *keySet) (*keyIndex, []uint16) {
	slots, info := s.slots, s.info
	n := 0
	for i, h := range slots {
		if h != 0 {
			slots[n], info[n] = h, info[i]
			n++
		}
	}
	// Linear probing without wrapping leaves every key within its probe
	// run of its sorted place: insertion sort finishes in about one pass.
	for i := 1; i < n; i++ {
		h, in := slots[i], info[i]
		j := i
		for j > 0 && slots[j-1] > h {
			slots[j], info[j] = slots[j-1], info[j-1]
			j--
		}
		slots[j], info[j] = h, in
	}
	keys := make([]uint64, 0, n+1)
	infos := make([]uint16, 0, n+1)
	if s.zero.Load() {
		keys = append(keys, 0)
		infos = append(infos, s.zeroInfo)
	}
	keys = append(keys, slots[:n]...)
	infos = append(infos, info[:n]...)
	s.slots, s.info = nil, nil
	return indexSorted(keys), infos
}

// indexSorted builds the directory of keys, which are mixed keys in
// ascending order.
func indexSorted(keys []uint64) *keyIndex {
	dirBits := uint(max(bits.Len(uint(len(keys)))-2, 1))
	x := &keyIndex{keys: keys, dir: make([]uint32, 1<<dirBits+1), dshift: 64 - dirBits}
	b := 0
	for i, h := range keys {
		for hb := int(h >> x.dshift); b <= hb; b++ {
			x.dir[b] = uint32(i)
		}
	}
	for ; b < len(x.dir); b++ {
		x.dir[b] = uint32(len(keys))
	}
	return x
}

// find returns the index of the state whose mixed key is h.
func (x *keyIndex) find(h uint64) (int, bool) {
	b := h >> x.dshift
	lo, hi := x.dir[b], x.dir[b+1]
	keys := x.keys[lo:hi]
	for i, k := range keys {
		if k >= h {
			return int(lo) + i, k == h
		}
	}
	return 0, false
}

// findAll appends to out the index of each of keys (raw, not mixed) that
// is a state, skipping the others. It checks the filter, if there is one,
// then touches the memory every remaining lookup will read, in loops of independent loads that the processor
// overlaps, so the lookups themselves mostly hit the cache; sink takes
// the touched values so the loads are not optimised away. hs is scratch.
func (x *keyIndex) findAll(keys, hs []uint64, out []uint32, sink *uint64) ([]uint32, []uint64) {
	hs = hs[:0]
	var sum uint64
	for _, k := range keys {
		h := mixKey(k)
		if x.filter != nil {
			if b := h >> (64 - x.filterBits); x.filter[b>>6]&(1<<(b&63)) == 0 {
				continue
			}
		}
		hs = append(hs, h)
		sum += uint64(x.dir[h>>x.dshift])
	}
	n := uint32(len(x.keys))
	for _, h := range hs {
		if i := x.dir[h>>x.dshift]; i < n {
			sum += x.keys[i]
		}
	}
	for _, h := range hs {
		if i, ok := x.find(h); ok {
			out = append(out, uint32(i))
		}
	}
	*sink += sum
	return out, hs
}
