// JavaScript twin: templates/static/js/playtable.js.

package solver

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/wire"
)

// A play table is the form of a table the browser plays from without the
// Go engine: a page looks a position up by its state key (StateKey), a
// string its JavaScript rules compute too, so it needs neither the
// solver's key codec nor an enumeration of the states. A minimal perfect
// hash maps the keys of the table's states to slots 0..n-1 in about 3
// bits a state; the slots hold the values and distances as MarshalBinary
// holds them.
//
// The hash is BBHash (Limasset et al., "Fast and scalable minimal perfect
// hashing for massive key sets", 2017) with γ = 1: level i is a bit array
// as long as the keys still unplaced; a key that falls alone into its
// bit sets it and is placed, the others go on to the next level. A key's
// slot is the rank of its bit among all levels' set bits; the few keys
// left after maxPlayLevels levels are listed with their slots.
//
//	magic    "TCPT"
//	version  1 byte (playVersion)
//	stats    uvarints as in MarshalBinary
//	slots    uvarint: number of keys (states with distinct state keys)
//	start    uvarint: slot of the start position
//	mirrored uvarint: 1 when the table was solved in mirror pairs (see
//	         mirrorPairs) and holds the states with White to move only: a
//	         state with Black to move is found by its mirror (MirrorKey),
//	         which has its value and distance
//	levels   uvarint count, then each level's length in 32-bit words
//	bits     the levels' words, little endian
//	extra    uvarint count, then per key: h1, h2 (uint32 little endian)
//	         and its slot (uvarint)
//	values   2 bits a slot, least significant bits first (0 draw,
//	         1 win, 2 loss for the side to move)
//	width    1 byte: bits a half distance
//	halves   width bits a decided slot, as in MarshalBinary
//
// A key not in the table may still hash to a set bit: a play table
// answers only for positions reachable from its start, the only ones a
// page playing from that start can reach.
const (
	playMagic     = "TCPT"
	playVersion   = 2
	maxPlayLevels = 48
)

// StateKey is the key a play table finds a position by: the first four
// FEN fields (placement, side to move, castling rights, en-passant
// square), with castling rights written only under rules with castling
// and the en-passant square only when the side to move has a legal
// en-passant capture, so that positions that play alike share a key (as
// they share a solver state). The page's JavaScript rules compute the same string.
func StateKey(p *engine.Position) string {
	f := strings.Fields(p.FEN())
	if len(f) < 4 {
		return strings.Join(f, " ")
	}
	if !p.R.Castling {
		f[2] = "-"
	}
	if f[3] != "-" && !hasEnPassant(p) {
		f[3] = "-"
	}
	return strings.Join(f[:4], " ")
}

func hasEnPassant(p *engine.Position) bool {
	var buf [engine.MaxMoves]engine.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.IsEnPassant() {
			return true
		}
	}
	return false
}

// MirrorKey is the state key of p turned through 180 degrees with the
// colours swapped and the other side to move: the key a mirrored play
// table finds a position with Black to move by. The page's JavaScript
// computes the same string.
func MirrorKey(p *engine.Position) string {
	q := engine.NewPosition(p.B, p.R)
	n := p.B.N
	for s := range n {
		if pc := p.At(engine.Square(s)); pc != engine.NoPiece {
			q.Put(engine.Square(n-1-s), engine.MakePiece(pc.Color().Other(), pc.Type()))
		}
	}
	q.Side = p.Side.Other()
	return StateKey(q)
}

// fmix32 is MurmurHash3's finalizer.
func fmix32(h uint32) uint32 {
	h ^= h >> 16
	h *= 0x85ebca6b
	h ^= h >> 13
	h *= 0xc2b2ae35
	h ^= h >> 16
	return h
}

// keyHash hashes a state key into two 32-bit words: FNV-1a and a
// multiply-xorshift hash, each finalized by fmix32. JavaScript computes
// them with Math.imul.
func keyHash(s string) (uint32, uint32) {
	h1, h2 := uint32(0x811c9dc5), uint32(0x9747b28c)
	for i := 0; i < len(s); i++ {
		h1 = (h1 ^ uint32(s[i])) * 0x01000193
		h2 = (h2 ^ uint32(s[i])) * 0x5bd1e995
		h2 ^= h2 >> 15
	}
	return fmix32(h1), fmix32(h2 ^ 0x68d6a1b3)
}

// levelBit returns a key's bit in a level of size bits.
func levelBit(h1, h2 uint32, level int, size uint32) uint32 {
	x := fmix32(h1 + uint32(level)*0x9e3779b9)
	return fmix32(x^h2) % size
}

// playKey is a state's key in a play table: the two hashes of its state
// key (keyHash) and the state.
type playKey struct {
	h1, h2 uint32
	state  int
}

// hash is the key's two hashes as one number.
func (k playKey) hash() uint64 { return uint64(k.h1)<<32 | uint64(k.h2) }

// playLevels is where BBHash placed the keys: the levels' bits, each
// placed key's level and bit, and the keys left after maxPlayLevels
// levels (extra), by their index in the keys.
type playLevels struct {
	levels [][]uint32
	placed []struct {
		level int
		bit   uint32
	}
	extra []int
}

// MarshalPlay encodes the table as a play table (see StateKey): the
// states' keys (playKeys), placed by BBHash (placeKeys), each given its
// slot (slots), the values in slot order (slotValues), then the header
// and the hash.
func (t *Table) MarshalPlay() ([]byte, error) {
	keys, start, err := t.playKeys()
	if err != nil {
		return nil, err
	}
	pl := placeKeys(keys)
	slotOf, err := pl.slots(len(keys))
	if err != nil {
		return nil, err
	}
	vals, startSlot := t.slotValues(keys, slotOf, start)
	h := wire.PlayHeader{
		States: t.stats.States, Edges: t.stats.Edges, WhiteWins: t.stats.WhiteWins, BlackWins: t.stats.BlackWins, Draws: t.stats.Draws,
		Mates: t.stats.Terminals[Mate], Stalemates: t.stats.Terminals[Stalemate], Insufficient: t.stats.Terminals[Insufficient], Races: t.stats.Terminals[Race],
		Slots: len(keys), StartSlot: startSlot, Mirrored: t.pairs != nil,
	}
	out := append([]byte(playMagic), playVersion)
	for _, f := range h.Fields() {
		out = binary.AppendUvarint(out, f)
	}
	out = pl.appendHash(out, keys, slotOf)
	return appendValues(out, vals), nil
}

// playKeys returns the keys of the table's states, or of the kept states
// (all with White to move, each standing for its mirror too: see
// mirrorPairs), one per distinct state key, in state order, and the
// hash of the start's key.
func (t *Table) playKeys() ([]playKey, uint64, error) {
	n := len(t.vals)
	start := t.Start()
	if t.pairs != nil {
		start, _ = t.pairs.state(start)
	}
	keys := make([]playKey, 0, n)
	first := make(map[uint64]int, n) // hash → state
	startHash := uint64(0)
	for i := 0; i < n; i++ {
		s := StateKey(t.c.Position(t.idx.Key(i)))
		h1, h2 := keyHash(s)
		k := playKey{h1, h2, i}
		if i == start {
			startHash = k.hash()
		}
		if j, dup := first[k.hash()]; dup {
			// Two states with one key play alike (they differ only in an
			// en-passant square no legal capture uses); keep one.
			if other := StateKey(t.c.Position(t.idx.Key(j))); other != s {
				return nil, 0, fmt.Errorf("solver: play table: state keys %q and %q collide", other, s)
			}
			if t.vals[j] != t.vals[i] {
				return nil, 0, fmt.Errorf("solver: play table: states with key %q have different values", s)
			}
			continue
		}
		first[k.hash()] = i
		keys = append(keys, k)
	}
	return keys, startHash, nil
}

// placeKeys places the keys level by level: a key that falls alone into
// its bit of a level sets it and is placed, the others go on to the next
// level, and those left after maxPlayLevels levels are extra.
func placeKeys(keys []playKey) *playLevels {
	pl := &playLevels{placed: make([]struct {
		level int
		bit   uint32
	}, len(keys))}
	rest := make([]int, len(keys))
	for i := range rest {
		rest[i] = i
	}
	count := []uint8{}
	for len(rest) > 0 && len(pl.levels) < maxPlayLevels {
		words := (len(rest) + 31) / 32
		size := uint32(words * 32)
		if cap(count) < int(size) {
			count = make([]uint8, size)
		}
		count = count[:size]
		clear(count)
		lv := len(pl.levels)
		for _, k := range rest {
			b := levelBit(keys[k].h1, keys[k].h2, lv, size)
			if count[b] < 2 {
				count[b]++
			}
		}
		level := make([]uint32, words)
		next := rest[:0]
		for _, k := range rest {
			b := levelBit(keys[k].h1, keys[k].h2, lv, size)
			if count[b] == 1 {
				level[b/32] |= 1 << (b % 32)
				pl.placed[k].level, pl.placed[k].bit = lv, b
			} else {
				next = append(next, k)
			}
		}
		pl.levels = append(pl.levels, level)
		rest = next
	}
	pl.extra = rest
	return pl
}

// slots returns the slot of each of n keys: a placed key's is the rank
// of its bit among all levels' set bits; the extra keys follow.
func (pl *playLevels) slots(n int) ([]int, error) {
	offset := make([]int, len(pl.levels)+1)
	rank := make([][]int, len(pl.levels))
	for lv, level := range pl.levels {
		rank[lv] = make([]int, len(level)+1)
		for w, x := range level {
			rank[lv][w+1] = rank[lv][w] + bits.OnesCount32(x)
		}
		offset[lv+1] = offset[lv] + rank[lv][len(level)]
	}
	extra := make(map[int]bool, len(pl.extra))
	for _, k := range pl.extra {
		extra[k] = true
	}
	slotOf := make([]int, n)
	for k := range n {
		if extra[k] {
			continue
		}
		lv, b := pl.placed[k].level, pl.placed[k].bit
		w := pl.levels[lv][b/32] & (1<<(b%32) - 1)
		slotOf[k] = offset[lv] + rank[lv][b/32] + bits.OnesCount32(w)
	}
	next := offset[len(pl.levels)]
	for _, k := range pl.extra {
		slotOf[k] = next
		next++
	}
	if next != n {
		return nil, fmt.Errorf("solver: play table: %d slots for %d keys", next, n)
	}
	return slotOf, nil
}

// slotValues returns the keys' entries in slot order and the slot of the
// key whose hash is start.
func (t *Table) slotValues(keys []playKey, slotOf []int, start uint64) ([]uint16, int) {
	vals := make([]uint16, len(keys))
	startSlot := -1
	for k, key := range keys {
		vals[slotOf[k]] = t.vals[key.state]
		if key.hash() == start {
			startSlot = slotOf[k]
		}
	}
	return vals, startSlot
}

// appendHash appends the levels (their count, their lengths in words,
// their words) and the extra keys (their count, then each key's hashes
// and slot).
func (pl *playLevels) appendHash(out []byte, keys []playKey, slotOf []int) []byte {
	out = binary.AppendUvarint(out, uint64(len(pl.levels)))
	for _, level := range pl.levels {
		out = binary.AppendUvarint(out, uint64(len(level)))
	}
	for _, level := range pl.levels {
		for _, x := range level {
			out = binary.LittleEndian.AppendUint32(out, x)
		}
	}
	out = binary.AppendUvarint(out, uint64(len(pl.extra)))
	for _, k := range pl.extra {
		out = binary.LittleEndian.AppendUint32(out, keys[k].h1)
		out = binary.LittleEndian.AppendUint32(out, keys[k].h2)
		out = binary.AppendUvarint(out, uint64(slotOf[k]))
	}
	return out
}

// appendStats appends a table's statistics as uvarints, as MarshalBinary
// writes them.
func appendStats(out []byte, st Stats) []byte {
	for _, v := range []int{st.States, st.Edges, st.WhiteWins, st.BlackWins, st.Draws,
		st.Terminals[Mate], st.Terminals[Stalemate], st.Terminals[Insufficient], st.Terminals[Race]} {
		out = binary.AppendUvarint(out, uint64(v))
	}
	return out
}

// appendValues appends entries as MarshalBinary writes them: 2 bits of
// value each, the width, then the half distances of the decided ones.
func appendValues(out []byte, vals []uint16) []byte {
	maxHalf := uint64(0)
	for _, w := range vals {
		if w&wordTag != wordDraw {
			maxHalf = max(maxHalf, uint64(w&wordLow)/2)
		}
	}
	bw := bitWriter{out: out}
	for _, w := range vals {
		var v uint64
		switch w & wordTag {
		case wordWin:
			v = 1
		case wordLoss:
			v = 2
		}
		bw.write(v, 2)
	}
	width := uint(bits.Len64(maxHalf))
	bw.out = append(bw.flush(), byte(width))
	for _, w := range vals {
		if w&wordTag != wordDraw {
			bw.write(uint64(w&wordLow)/2, width)
		}
	}
	return bw.flush()
}

// PlayTable is a play table read back, for tests and tools: it finds a
// position's entry the way the page does.
type PlayTable struct {
	Stats     Stats
	Slots     int
	StartSlot int
	// Mirrored tables hold the states with White to move only; see Key.
	Mirrored bool
	levels   [][]uint32
	rank     [][]int
	offset   []int
	extra    map[uint64]int
	vals     []uint16
}

// UnmarshalPlay reads a play table written by MarshalPlay.
func UnmarshalPlay(data []byte) (*PlayTable, error) {
	bad := func(what string) error { return fmt.Errorf("solver: bad play table: %s", what) }
	if len(data) < len(playMagic)+1 || string(data[:len(playMagic)]) != playMagic {
		return nil, bad("not a thinchess play table")
	}
	if data[len(playMagic)] != playVersion {
		return nil, fmt.Errorf("solver: play table format version %d, want %d", data[len(playMagic)], playVersion)
	}
	data = data[len(playMagic)+1:]
	uv := func() (int, error) {
		v, n := binary.Uvarint(data)
		if n <= 0 || v > 1<<40 {
			return 0, bad("truncated header")
		}
		data = data[n:]
		return int(v), nil
	}
	var fields [wire.PlayHeaderFields]uint64
	for i := range fields {
		v, err := uv()
		if err != nil {
			return nil, err
		}
		fields[i] = uint64(v)
	}
	var h wire.PlayHeader
	if err := h.SetFields(fields); err != nil {
		return nil, bad(err.Error())
	}
	pt := &PlayTable{Slots: h.Slots, StartSlot: h.StartSlot, Mirrored: h.Mirrored, extra: map[uint64]int{}}
	pt.Stats = Stats{States: h.States, Edges: h.Edges, WhiteWins: h.WhiteWins, BlackWins: h.BlackWins, Draws: h.Draws}
	pt.Stats.Terminals[Mate], pt.Stats.Terminals[Stalemate], pt.Stats.Terminals[Insufficient], pt.Stats.Terminals[Race] = h.Mates, h.Stalemates, h.Insufficient, h.Races
	nl, err := uv()
	if err != nil || nl > maxPlayLevels {
		return nil, bad("too many levels")
	}
	sizes := make([]int, nl)
	for i := range sizes {
		if sizes[i], err = uv(); err != nil {
			return nil, err
		}
	}
	pt.offset = make([]int, nl+1)
	for lv, words := range sizes {
		if len(data) < 4*words {
			return nil, bad("truncated levels")
		}
		level := make([]uint32, words)
		r := make([]int, words+1)
		for w := range level {
			level[w] = binary.LittleEndian.Uint32(data[4*w:])
			r[w+1] = r[w] + bits.OnesCount32(level[w])
		}
		data = data[4*words:]
		pt.levels, pt.rank = append(pt.levels, level), append(pt.rank, r)
		pt.offset[lv+1] = pt.offset[lv] + r[words]
	}
	ne, err := uv()
	if err != nil {
		return nil, err
	}
	for range ne {
		if len(data) < 8 {
			return nil, bad("truncated extra keys")
		}
		h := uint64(binary.LittleEndian.Uint32(data))<<32 | uint64(binary.LittleEndian.Uint32(data[4:]))
		data = data[8:]
		s, err := uv()
		if err != nil {
			return nil, err
		}
		pt.extra[h] = s
	}
	if pt.offset[nl]+ne != pt.Slots || pt.StartSlot >= pt.Slots {
		return nil, bad("slot count")
	}
	if pt.vals, err = readValues(data, pt.Slots); err != nil {
		return nil, err
	}
	return pt, nil
}

// readValues reads n entries written by appendValues.
// maxHalfWidth is the most bits a table's half distance takes (maxDTM
// halved).
const maxHalfWidth = 13

func readValues(data []byte, n int) ([]uint16, error) {
	bad := func(what string) error { return fmt.Errorf("solver: bad table data: %s", what) }
	valueBytes := (2*n + 7) / 8
	if len(data) < valueBytes+1 {
		return nil, bad("wrong length")
	}
	vals := make([]uint16, n)
	br := bitReader{data: data[:valueBytes]}
	decided := 0
	for i := range vals {
		switch br.read(2) {
		case 0:
			vals[i] = wordDraw
		case 1:
			vals[i], decided = wordWin, decided+1
		case 2:
			vals[i], decided = wordLoss, decided+1
		default:
			return nil, bad("value out of range")
		}
	}
	if !br.padded() {
		return nil, bad("values padded with bits other than zero")
	}
	data = data[valueBytes:]
	width := uint(data[0])
	data = data[1:]
	if width > maxHalfWidth || len(data) != (decided*int(width)+7)/8 {
		return nil, bad("wrong length")
	}
	br = bitReader{data: data}
	maxHalf := uint64(0)
	for i, w := range vals {
		if w == wordDraw {
			continue
		}
		half := br.read(width)
		maxHalf = max(maxHalf, half)
		d := 2 * half
		if w == wordWin {
			d++
		}
		if d > maxDTM {
			return nil, bad("distance out of range")
		}
		vals[i] = w | uint16(d)
	}
	// appendValues writes the fewest bits that hold the largest half
	// distance, and zeros after the last: anything else is damage.
	if !br.padded() {
		return nil, bad("distances padded with bits other than zero")
	}
	if width != uint(bits.Len64(maxHalf)) {
		return nil, bad(fmt.Sprintf("distances %d bits wide, but the largest needs %d", width, bits.Len64(maxHalf)))
	}
	return vals, nil
}

// Key returns the state key the table finds p by: StateKey(p), or, in
// a mirrored table with Black to move, MirrorKey(p).
func (pt *PlayTable) Key(p *engine.Position) string {
	if pt.Mirrored && p.Side == engine.Black {
		return MirrorKey(p)
	}
	return StateKey(p)
}

// Slot returns the slot of a state key: where the page finds its entry.
func (pt *PlayTable) Slot(key string) int {
	h1, h2 := keyHash(key)
	for lv, level := range pt.levels {
		b := levelBit(h1, h2, lv, uint32(len(level)*32))
		if x := level[b/32]; x&(1<<(b%32)) != 0 {
			return pt.offset[lv] + pt.rank[lv][b/32] + bits.OnesCount32(x&(1<<(b%32)-1))
		}
	}
	if s, ok := pt.extra[uint64(h1)<<32|uint64(h2)]; ok {
		return s
	}
	return -1
}

// Entry returns the value and distance to mate of a slot, as Table.Entry.
func (pt *PlayTable) Entry(slot int) (Value, int) {
	w := pt.vals[slot]
	switch w & wordTag {
	case wordWin:
		return Win, int(w & wordLow)
	case wordLoss:
		return Loss, int(w & wordLow)
	}
	return Draw, -1
}

// boolBit returns 1 for true, 0 for false.
func boolBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
