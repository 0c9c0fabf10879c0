package keyspace

import (
	"math/bits"
	"runtime"
	"runtime/debug"

	"github.com/thinchess/thinchess/internal/par"
)

// Keys are stored mixed: a Mix is a bijection of the state keys, so a
// mixed key identifies its state exactly and unmix recovers it, while
// mixed keys are spread evenly enough to address hash tables by their top
// bits. A table's states are indexed in ascending order of their mixed
// keys: that order depends only on the set of states, which makes tables
// deterministic whatever order the states were found in.
//
// Keys of at most 48 bits — the usual case — are mixed within 48 bits and
// shifted up, so the low 16 bits of a mixed key are zero: the set of
// states found so far keeps each state's info in them instead of in an
// array of its own.
type Mix struct {
	Small bool // keys fit in 48 bits
}

const (
	mixMul1 = 0xbf58476d1ce4e5b9
	mixMul2 = 0x94d049bb133111eb
	mask48  = 1<<48 - 1
	// The 48-bit mix uses the low 48 bits of the same constants.
	mix48Mul1 = mixMul1 & mask48
	mix48Mul2 = mixMul2 & mask48
)

var (
	unmixMul1, unmixMul2     = inverseOdd(mixMul1), inverseOdd(mixMul2)
	unmix48Mul1, unmix48Mul2 = inverseOdd(mix48Mul1) & mask48, inverseOdd(mix48Mul2) & mask48
)

// inverseOdd returns the multiplicative inverse of an odd a modulo 2^64
// (and so modulo every smaller power of two).
func inverseOdd(a uint64) uint64 {
	x := a // correct to 3 bits; each Newton step doubles that
	for range 5 {
		x *= 2 - a*x
	}
	return x
}

// infoMask returns the bits of a mixed key that are free for the set's
// info: the low 16 bits of small keys, none otherwise.
func (m Mix) infoMask() uint64 {
	if m.Small {
		return 0xffff
	}
	return 0
}

// Mix returns the mixed form of key k.
func (m Mix) Mix(k uint64) uint64 {
	if m.Small {
		k = (k ^ k>>24) * mix48Mul1 & mask48
		k = (k ^ k>>23) * mix48Mul2 & mask48
		return (k ^ k>>24) << 16
	}
	k = (k ^ k>>30) * mixMul1
	k = (k ^ k>>27) * mixMul2
	return k ^ k>>31
}

// Unmix is the inverse of mix.
func (m Mix) Unmix(h uint64) uint64 {
	if m.Small {
		h >>= 16
		h = unxorShift(h, 24, 48) * unmix48Mul2 & mask48
		h = unxorShift(h, 23, 48) * unmix48Mul1 & mask48
		return unxorShift(h, 24, 48)
	}
	h = unxorShift(h, 31, 64) * unmixMul2
	h = unxorShift(h, 27, 64) * unmixMul1
	return unxorShift(h, 30, 64)
}

// unxorShift inverts y = x ^ x>>s for x of the given width.
func unxorShift(y uint64, s, width uint) uint64 {
	x := y
	for sh := s; sh < width; sh += s {
		x ^= y >> sh
	}
	return x
}

// Set is one part of the set of mixed keys found while enumerating
// states: the keys whose top partBits bits are its part number. It is an
// open-addressing table with linear probing, addressed by the key's next
// bits, so slots are in key order but for the order within runs of
// occupied slots. Probing never wraps: the table has an overflow tail
// instead, which keeps that order and lets the set sort in one cheap pass
// (see NewIndex). The zero key, which cannot be told from an empty
// slot, is kept in a flag.
//
// A Set has one writer: each part of the enumeration belongs to one
// goroutine, so no locks or atomic operations are needed.
type Set struct {
	km       Mix
	partBits uint
	// size is the number of addressed slots; slots has keySetTail more.
	size  uint64
	slots []uint64
	// mask has the bits of a slot that hold the state's info (see infoOf)
	// rather than its key: what the enumeration learned when it expanded
	// it. Without such bits info[i] holds slot i's. zeroInfo is the zero
	// key's.
	mask     uint64
	info     []uint16
	zero     bool
	zeroInfo uint16
	count    int
	limit    int          // the count past which the set is full
	_        cacheLinePad // the parts' writers run side by side
}

// Len returns the number of keys in the set.
func (s *Set) Len() int { return s.count }

// Bytes returns the size of the set's slots, the bulk of its memory.
func (s *Set) Bytes() int { return 8 * len(s.slots) }

// Touch returns the slot a mixed key h hashes to: reading the slots of a
// run of keys before inserting them, in a loop of independent loads, lets
// the processor fetch them side by side.
func (s *Set) Touch(h uint64) uint64 { return s.slots[s.Home(h)] }

// keySetTail is the length of the overflow tail after the addressed slots,
// or the number of addressed slots if that is smaller.
const keySetTail = 1024

// maxLoad is the load factor at which a set grows.
const maxLoad = 0.75

// NewSet returns a part of a set of keys mixed by km, split into
// 2^partBits parts, with size addressed slots.
func NewSet(size uint64, km Mix, partBits uint) *Set {
	n := size + min(keySetTail, size)
	s := &Set{km: km, partBits: partBits, size: size, slots: make([]uint64, n), mask: km.infoMask(), limit: int(maxLoad * float64(size))}
	if s.mask == 0 {
		s.info = make([]uint16, n)
	}
	return s
}

// A slot reference names a key of a set: its slot, or zeroRef for the
// zero key.
const zeroRef = ^uint32(0)

// Key returns the mixed key of a slot reference.
func (s *Set) Key(ref uint32) uint64 {
	if ref == zeroRef {
		return 0
	}
	return s.slots[ref] &^ s.mask
}

// SetInfo records what the enumeration learned about the key of ref.
func (s *Set) SetInfo(ref uint32, info uint16) {
	switch {
	case ref == zeroRef:
		s.zeroInfo = info
	case s.mask != 0:
		s.slots[ref] = s.slots[ref]&^s.mask | uint64(info)
	default:
		s.info[ref] = info
	}
}

// Info returns the info of the key of ref.
func (s *Set) Info(ref uint32) uint16 {
	if ref == zeroRef {
		return s.zeroInfo
	}
	return s.infoAt(int(ref))
}

// infoAt returns the info of slot i.
func (s *Set) infoAt(i int) uint16 {
	if s.mask != 0 {
		return uint16(s.slots[i] & s.mask)
	}
	return s.info[i]
}

// Ref returns the slot reference of mixed key h, which must be in the
// set.
func (s *Set) Ref(h uint64) uint32 {
	if h == 0 {
		return zeroRef
	}
	i := s.Home(h)
	for s.slots[i]&^s.mask != h {
		i++
	}
	return uint32(i)
}

// Home returns the slot a mixed key probes from: the key's place in the
// part scaled from its place among the part's keys, so slots are in
// ascending key order.
func (s *Set) Home(h uint64) int {
	hi, _ := bits.Mul64(h<<s.partBits, s.size)
	return int(hi)
}

// Insert adds h to the set. It reports whether h was new, with its slot
// reference, and false for ok when the probe ran off the tail: then h was
// not added and the set must grow.
func (s *Set) Insert(h uint64) (ref uint32, added, ok bool) {
	if h == 0 {
		if s.zero {
			return zeroRef, false, true
		}
		s.zero = true
		s.count++
		return zeroRef, true, true
	}
	for i := s.Home(h); i < len(s.slots); i++ {
		v := s.slots[i]
		if v&^s.mask == h {
			return uint32(i), false, true
		}
		if v == 0 {
			s.slots[i] = h
			s.count++
			return uint32(i), true, true
		}
	}
	return 0, false, false
}

// Full reports whether the set is loaded enough to grow.
func (s *Set) Full() bool { return s.count > s.limit }

// growth is the factor by which a part of a set grows, and smallGrowth the
// factor while the parts would have fewer than smallSet slots in all if
// they were as large: small sets cost little memory, and fewer rehashes
// save time.
const (
	growth      = 1.5
	smallGrowth = 4
	smallSet    = 1 << 22
)

// Grown returns a larger set holding the same keys, with growth times the
// addressed slots (or more, in the unlikely case that a probe run would
// overflow the tail).
func (s *Set) Grown() *Set {
	size := s.size
	for {
		if size < smallSet>>s.partBits {
			size *= smallGrowth
		} else {
			size = uint64(float64(size) * growth)
		}
		if g, ok := s.rehash(size); ok {
			return g
		}
	}
}

// rehash returns a set of size addressed slots holding s's keys, or false
// if they do not fit. Slots are in key order but for the order within
// each run of occupied slots, and homes in the new set are in key order
// too, so one pass that sorts each run and places every key at its home
// or just after the key before it, whichever is later, lays out a valid
// table, writing it front to back.
func (s *Set) rehash(size uint64) (*Set, bool) {
	g := NewSet(size, s.km, s.partBits)
	g.count, g.zero, g.zeroInfo = s.count, s.zero, s.zeroInfo
	var run []uint64
	var info []uint16
	next := 0
	for i := 0; i < len(s.slots); {
		if s.slots[i] == 0 {
			i++
			continue
		}
		// Sort the run by slot value, which orders it by key: the info
		// bits are below the key's.
		run, info = run[:0], info[:0]
		for ; i < len(s.slots) && s.slots[i] != 0; i++ {
			h, in := s.slots[i], uint16(0)
			if s.info != nil {
				in = s.info[i]
			}
			j := len(run)
			run, info = append(run, h), append(info, in)
			for ; j > 0 && run[j-1] > h; j-- {
				run[j], info[j] = run[j-1], info[j-1]
			}
			run[j], info[j] = h, in
		}
		for k, h := range run {
			next = max(g.Home(h), next)
			if next == len(g.slots) {
				return nil, false
			}
			g.slots[next] = h
			if g.info != nil {
				g.info[next] = info[k]
			}
			next++
		}
	}
	return g, true
}

// appendSorted appends the set's keys in ascending order to keys and the
// info of each to infos, and empties the set.
func (s *Set) appendSorted(keys []uint64, infos []uint16) ([]uint64, []uint16) {
	slots := s.slots
	n := 0
	for i, v := range slots {
		if v != 0 {
			if s.info != nil {
				s.info[n] = s.info[i]
			}
			slots[n] = v
			n++
		}
	}
	// Linear probing without wrapping leaves every key within its probe
	// run of its sorted place: insertion sort finishes in about one pass.
	// Slot values sort as their keys do (the info bits are below them).
	for i := 1; i < n; i++ {
		v := slots[i]
		var in uint16
		if s.info != nil {
			in = s.info[i]
		}
		j := i
		for ; j > 0 && slots[j-1] > v; j-- {
			slots[j] = slots[j-1]
			if s.info != nil {
				s.info[j] = s.info[j-1]
			}
		}
		slots[j] = v
		if s.info != nil {
			s.info[j] = in
		}
	}
	if s.zero {
		keys = append(keys, 0)
		infos = append(infos, s.zeroInfo)
	}
	for i, v := range slots[:n] {
		keys = append(keys, v&^s.mask)
		infos = append(infos, s.infoAt(i))
	}
	s.slots, s.info = nil, nil
	return keys, infos
}

// Index maps the mixed keys of a table's states, held in ascending
// order, to their indices. A directory of 2^dirBits buckets, addressed by
// the top bits of the mixed key, holds where each bucket's keys start, so
// a lookup reads one directory entry and a few neighbouring keys.
type Index struct {
	km     Mix
	Keys   []uint64
	dir    []uint32
	dshift uint
	// filter, when built, has bit b set when some key's top filterBits
	// bits are b: a lookup that finds its bit clear needs to read no more.
	filter     []uint64
	filterBits uint
}

// Mixed returns k mixed by the index's mix: the form its keys are in.
func (x *Index) Mixed(k uint64) uint64 { return x.km.Mix(k) }

// MayHold reports whether the mixed key h may be in the index: false only
// when the index's filter (if it was built with one) rules h out.
func (x *Index) MayHold(h uint64) bool {
	if x.filter == nil {
		return true
	}
	b := h >> (64 - x.filterBits)
	return x.filter[b>>6]&(1<<(b&63)) != 0
}

// DropFilter lets the index's filter go to the garbage collector.
func (x *Index) DropFilter() { x.filter = nil }

// NewIndex sorts the keys of the parts of a set, in part order, into
// an index, on workers goroutines, and returns it with the info of each
// key, in index order. It empties the parts. With filter it builds the
// index's filter too, with at least 16 bits a key, so that a key not in
// the index passes it only about once in 16 times.
//
// Each part's keys are a run of the index whose directory buckets (and
// filter words) no other part's keys fall in, so the workers build them
// part by part as well.
func NewIndex(parts []*Set, workers int, filter bool) (*Index, []uint16) {
	km, partBits := parts[0].km, parts[0].partBits
	offsets := make([]int, len(parts)+1)
	for i, part := range parts {
		offsets[i+1] = offsets[i] + part.count
	}
	n := offsets[len(parts)]
	x := newIndexOf(make([]uint64, n), km, partBits)
	if filter {
		x.filterBits = uint(min(max(bits.Len(uint(n))+4, int(partBits)+6), 40))
		x.filter = make([]uint64, (1<<x.filterBits+63)/64)
	}
	infos := make([]uint16, n)
	bucketsPerPart := (len(x.dir) - 1) >> partBits
	// Sort the parts a group at a time, and collect each group once its
	// keys are in the index: the parts and the index are not all in
	// memory at once.
	for first := 0; first < len(parts); {
		last, dropped := first, 0
		for last < len(parts) && dropped < 64<<20 {
			dropped += 8 * len(parts[last].slots)
			last++
		}
		group := parts[first:last]
		par.Phase(workers, func(w int) {
			for i := w; i < len(group); i += workers {
				o := first + i
				lo, hi := offsets[o], offsets[o+1]
				if k, _ := group[i].appendSorted(x.Keys[lo:lo:hi], infos[lo:lo:hi]); len(k) != hi-lo {
					panic("solver: a part of the state set miscounts its keys")
				}
				group[i] = nil
				x.fillDir(lo, hi, o*bucketsPerPart, (o+1)*bucketsPerPart)
				if x.filter != nil {
					for _, h := range x.Keys[lo:hi] {
						b := h >> (64 - x.filterBits)
						x.filter[b>>6] |= 1 << (b & 63)
					}
				}
			}
		})
		CollectLarge(dropped)
		first = last
	}
	x.dir[len(x.dir)-1] = uint32(n)
	return x, infos
}

// indexSorted builds the index of keys, which are keys mixed by km in
// ascending order.
func indexSorted(keys []uint64, km Mix) *Index {
	x := newIndexOf(keys, km, 0)
	x.fillDir(0, len(keys), 0, len(x.dir))
	return x
}

// newIndexOf returns an index of keys with its directory allocated, in
// at least 2^partBits buckets.
func newIndexOf(keys []uint64, km Mix, partBits uint) *Index {
	dirBits := uint(max(bits.Len(uint(len(keys)))-2, 1, int(partBits)))
	return &Index{km: km, Keys: keys, dir: make([]uint32, 1<<dirBits+1), dshift: 64 - dirBits}
}

// fillDir sets the directory entries of buckets b0 to b1-1, whose keys
// are keys[lo:hi].
func (x *Index) fillDir(lo, hi, b0, b1 int) {
	b := b0
	for i, h := range x.Keys[lo:hi] {
		for hb := int(h >> x.dshift); b <= hb; b++ {
			x.dir[b] = uint32(lo + i)
		}
	}
	for ; b < b1; b++ {
		x.dir[b] = uint32(hi)
	}
}

// Key returns the key of state i.
func (x *Index) Key(i int) uint64 { return x.km.Unmix(x.Keys[i]) }

// Lookup returns the index of the state with key k.
func (x *Index) Lookup(k uint64) (int, bool) { return x.find(x.km.Mix(k)) }

// find returns the index of the state whose mixed key is h.
func (x *Index) find(h uint64) (int, bool) {
	b := h >> x.dshift
	lo, hi := x.dir[b], x.dir[b+1]
	keys := x.Keys[lo:hi]
	for i, k := range keys {
		if k >= h {
			return int(lo) + i, k == h
		}
	}
	return 0, false
}

// FindAll appends to out the index of each of the mixed keys hs that is a
// state, skipping the others. It first touches the memory every lookup
// will read, in loops of independent loads that the processor overlaps,
// so that the lookups themselves mostly hit the cache; sink takes the
// touched values so that the loads are not optimised away.
func (x *Index) FindAll(hs []uint64, out []uint32, sink *uint64) []uint32 {
	var sum uint64
	for _, h := range hs {
		sum += uint64(x.dir[h>>x.dshift])
	}
	n := uint32(len(x.Keys))
	for _, h := range hs {
		if i := x.dir[h>>x.dshift]; i < n {
			sum += x.Keys[i]
		}
	}
	for _, h := range hs {
		if i, ok := x.find(h); ok {
			out = append(out, uint32(i))
		}
	}
	*sink += sum
	return out
}

// LookupAll sets out[j] to the index of the state with key keys[j] (raw,
// not mixed), or -1, looking the keys up together as findAll does. hs is
// scratch.
func (x *Index) LookupAll(keys, hs []uint64, out []int32, sink *uint64) ([]int32, []uint64) {
	hs, out = hs[:0], out[:0]
	var sum uint64
	n := uint32(len(x.Keys))
	for _, k := range keys {
		h := x.km.Mix(k)
		hs = append(hs, h)
		if i := x.dir[h>>x.dshift]; i < n {
			sum += x.Keys[i]
		}
	}
	for _, h := range hs {
		i, ok := x.find(h)
		if !ok {
			i = -1
		}
		out = append(out, int32(i))
	}
	*sink += sum
	return out, hs
}

// CollectLarge runs the garbage collector when the solver has just
// dropped an array of the given size, in bytes, that is large: a solve's
// memory is a few large pointer-free arrays, which it replaces as they
// grow, so collecting at once costs little (there is almost nothing to
// mark) and keeps the heap near what is live instead of up to twice that.
// After a very large drop it also returns the free memory to the system
// at once, which the runtime would otherwise do only slowly: the pages
// stay resident, and a large solve's peak would count the garbage of
// each phase on top of what is live. Smaller drops are left to the
// runtime's pacing: a forced collection after each drop of a megabyte or
// two made a one-worker solve of the 1×12 start 10% slower (146 against
// 132 ms), for a heap peak of 18.5 instead of 25-27 bytes a state.
func CollectLarge(bytes int) {
	switch {
	case bytes >= 64<<20:
		debug.FreeOSMemory()
	case bytes >= 16<<20:
		runtime.GC()
	}
}

// cacheLinePad keeps the per-worker structs that goroutines write all the
// time on cache lines of their own.
type cacheLinePad [128]byte

// Split splits every part of a set, whose parts are told apart by the
// top partBits bits of the mixed keys, into 2^bits parts by the next bits,
// on workers goroutines, and returns the new parts with frontier's
// references (per orientation, per part) carried over to them. Part o's
// keys go to parts o<<bits to o<<bits + 2^bits - 1, in order, so the
// parts stay in key order.
func Split(parts []*Set, frontier *[2][][]uint32, partBits, bits uint, workers int) []*Set {
	k := 1 << bits
	newBits := partBits + bits
	next := make([]*Set, len(parts)*k)
	var fr [2][][]uint32
	for o := range fr {
		fr[o] = make([][]uint32, len(next))
	}
	par.Phase(workers, func(w int) {
		for o := w; o < len(parts); o += workers {
			part := parts[o]
			sub := func(h uint64) int { return o<<bits | int(h<<partBits>>(64-bits)) }
			counts := make([]int, k)
			for i, v := range part.slots {
				if v != 0 {
					counts[sub(part.Key(uint32(i)))-o<<bits]++
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
				next[o<<bits|j] = NewSet(size, part.km, newBits)
			}
			move := func(ref uint32) (int, uint32) {
				h := part.Key(ref)
				q := sub(h)
				r, _, ok := next[q].Insert(h)
				for !ok {
					next[q] = next[q].Grown()
					r, _, ok = next[q].Insert(h)
				}
				next[q].SetInfo(r, part.Info(ref))
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
					h := part.Key(ref)
					q := sub(h)
					fr[orient][q] = append(fr[orient][q], next[q].Ref(h))
				}
			}
			parts[o] = nil
		}
	})
	*frontier = fr
	return next
}
