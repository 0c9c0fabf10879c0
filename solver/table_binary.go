package solver

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"math/bits"
	"runtime"

	"github.com/thinchess/thinchess/engine"
)

// The binary form of a table holds no positions: the loader enumerates
// the states again from the start position, which gives them the same
// numbering, and reads one symbol per state in that order. A symbol is 0
// for a draw, the distance for a win (always odd) and the distance plus 2
// for a loss (always even), written in the fewest bits that hold the
// largest symbol.
//
//	magic    "TCTB"
//	version  1 byte (tableVersion)
//	rules    8 bytes: fingerprint of the board and rules
//	keys     8 bytes: sum of the mixed keys of all states
//	stats    uvarints: states, edges, white wins, black wins, draws,
//	         mates, stalemates, insufficient, races
//	width    1 byte: bits per symbol
//	symbols  states × width bits, least significant bit first
const (
	tableMagic   = "TCTB"
	tableVersion = 1
)

// Version names the solver's table format and semantics. It changes
// whenever a table built by one version could differ from another's, so
// caches of serialised tables can use it in their keys.
const Version = "retro-1"

// MarshalBinary encodes the table's values compactly (see UnmarshalTable).
// The output depends only on the start position and rules.
func (t *Table) MarshalBinary() ([]byte, error) {
	maxSym := uint64(0)
	for i := range t.vals {
		maxSym = max(maxSym, symbolOf(t.vals[i]))
	}
	width := uint(bits.Len64(maxSym))
	out := append([]byte(tableMagic), tableVersion)
	out = binary.LittleEndian.AppendUint64(out, fingerprint(t.c))
	out = binary.LittleEndian.AppendUint64(out, keySum(t.idx.keys))
	st := t.stats
	for _, v := range []uint64{uint64(st.States), uint64(st.Edges), uint64(st.WhiteWins), uint64(st.BlackWins), uint64(st.Draws),
		uint64(st.Terminals[Mate]), uint64(st.Terminals[Stalemate]), uint64(st.Terminals[Insufficient]), uint64(st.Terminals[Race])} {
		out = binary.AppendUvarint(out, v)
	}
	out = append(out, byte(width))
	var acc uint64
	var nacc uint
	for i := range t.vals {
		acc |= symbolOf(t.vals[i]) << nacc
		nacc += width
		for nacc >= 8 {
			out = append(out, byte(acc))
			acc >>= 8
			nacc -= 8
		}
	}
	if nacc > 0 {
		out = append(out, byte(acc))
	}
	return out, nil
}

// symbolOf returns the serialised symbol of a state word.
func symbolOf(w uint16) uint64 {
	d := uint64(w & wordLow)
	switch w & wordTag {
	case wordWin:
		return d
	case wordLoss:
		return d + 2
	}
	return 0
}

// wordOf is the inverse of symbolOf.
func wordOf(sym uint64) (uint16, bool) {
	switch {
	case sym == 0:
		return wordDraw, true
	case sym > maxDTM+2:
		return 0, false
	case sym%2 == 1:
		return wordWin | uint16(sym), true
	}
	return wordLoss | uint16(sym-2), true
}

// fingerprint identifies the board and rules of a codec; the key sum
// identifies its states.
func fingerprint(c *stateCodec) uint64 {
	h := fnv.New64a()
	r := *c.rules
	r.Preset = ""
	fmt.Fprintf(h, "%dx%d %+v", c.b.W, c.b.H, r)
	return h.Sum64()
}

// keySum returns the sum of mixed keys, a cheap check that two
// enumerations found the same states.
func keySum(keys []uint64) uint64 {
	var s uint64
	for _, k := range keys {
		s += k
	}
	return s
}

// ErrTableMismatch is wrapped by the error UnmarshalTable returns when the
// data was not made for the given start position and rules.
var ErrTableMismatch = errors.New("table does not belong to this start position")

// UnmarshalTable reads a table written by MarshalBinary for the same start
// position and rules. It enumerates the reachable states again (without
// solving anything) to recover their positions, so it costs about as much
// as the enumeration part of Solve.
func UnmarshalTable(data []byte, start *engine.Position) (*Table, error) {
	bad := func(what string) error { return fmt.Errorf("solver: bad table data: %s", what) }
	if len(data) < len(tableMagic)+1+16 || string(data[:len(tableMagic)]) != tableMagic {
		return nil, bad("not a thinchess table")
	}
	data = data[len(tableMagic):]
	if data[0] != tableVersion {
		return nil, fmt.Errorf("solver: table format version %d, want %d", data[0], tableVersion)
	}
	data = data[1:]
	fp := binary.LittleEndian.Uint64(data)
	sum := binary.LittleEndian.Uint64(data[8:])
	data = data[16:]
	var head [9]uint64
	for i := range head {
		v, n := binary.Uvarint(data)
		if n <= 0 {
			return nil, bad("truncated header")
		}
		head[i], data = v, data[n:]
	}
	if len(data) < 1 {
		return nil, bad("truncated header")
	}
	width := uint(data[0])
	data = data[1:]
	n := head[0]
	if width > 16 || n == 0 || n > 1<<32-2 || uint64(len(data)) != (n*uint64(width)+7)/8 {
		return nil, bad("wrong length")
	}
	s, startKey, err := prepare(start, Options{MaxStates: int(n), Workers: runtime.GOMAXPROCS(0)})
	if err != nil {
		return nil, err
	}
	if fingerprint(s.space.codec()) != fp {
		return nil, fmt.Errorf("solver: %w (%s, other rules or board)", ErrTableMismatch, start.FEN())
	}
	set, _, err := s.enumerate(startKey)
	if err != nil {
		if errors.Is(err, ErrTooLarge) {
			return nil, fmt.Errorf("solver: %w (%s reaches more than %d states)", ErrTableMismatch, start.FEN(), n)
		}
		return nil, err
	}
	idx, _ := newKeyIndex(set)
	if uint64(len(idx.keys)) != n || keySum(idx.keys) != sum {
		return nil, fmt.Errorf("solver: %w (%s reaches other states)", ErrTableMismatch, start.FEN())
	}
	vals := make([]uint16, n)
	var acc uint64
	var nacc uint
	mask := uint64(1)<<width - 1
	for i := range vals {
		for nacc < width {
			acc |= uint64(data[0]) << nacc
			data = data[1:]
			nacc += 8
		}
		w, ok := wordOf(acc & mask)
		if !ok {
			return nil, bad("distance out of range")
		}
		vals[i] = w
		acc >>= width
		nacc -= width
	}
	st := Stats{States: int(n), Edges: int(head[1]), WhiteWins: int(head[2]), BlackWins: int(head[3]), Draws: int(head[4])}
	st.Terminals[Mate], st.Terminals[Stalemate] = int(head[5]), int(head[6])
	st.Terminals[Insufficient], st.Terminals[Race] = int(head[7]), int(head[8])
	return newTable(s.space, idx, vals, st, startKey), nil
}
