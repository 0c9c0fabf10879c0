package solver

import (
	"encoding/binary"
	"errors"
	"fmt"
	"runtime"
	"slices"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver/keyspace"
)

// The binary form of a table holds no positions: the loader enumerates
// the states again from the start position, which gives them the same
// numbering, and reads their entries in that order: first every state's
// value in two bits (0 draw, 1 win, 2 loss), then, for the decided states
// only, half the distance to mate in the fewest bits that hold the
// largest (a win's distance is odd, a loss's even, so the value gives the
// last bit back). A table solved in mirror pairs (see mirrorPairs) holds
// the entries of its kept states only, each its mirror's too, and which
// of the pairs are reachable which way.
//
//	magic    "TCTB"
//	version  1 byte (tableVersion)
//	rules    8 bytes: fingerprint of the board and rules
//	keys     8 bytes: sum of the mixed keys of all states, or of the kept
//	         states
//	stats    uvarints: states, edges, white wins, black wins, draws,
//	         mates, stalemates, insufficient, races
//	kept     uvarint: the number of kept states, 0 without mirror pairs
//	pairs    with kept states: 1 byte, 1 when every kept state is
//	         reachable both ways; else 0 and 2 bits a kept state, bit o
//	         set when it is reachable in orientation o
//	values   2 bits a state (or kept state), least significant bits first
//	width    1 byte: bits a half distance
//	halves   width bits a decided state, least significant bits first
const (
	tableMagic   = "TCTB"
	tableVersion = 2
)

// Version names the solver's table format and semantics. It changes
// whenever a table built by one version could differ from another's, so
// caches of serialised tables can use it in their keys.
const Version = "retro-2"

// bitWriter appends fields of a few bits to a byte slice.
type bitWriter struct {
	out []byte
	acc uint64
	n   uint
}

func (w *bitWriter) write(v uint64, width uint) {
	w.acc |= v << w.n
	w.n += width
	for w.n >= 8 {
		w.out = append(w.out, byte(w.acc))
		w.acc >>= 8
		w.n -= 8
	}
}

func (w *bitWriter) flush() []byte {
	if w.n > 0 {
		w.out = append(w.out, byte(w.acc))
	}
	w.acc, w.n = 0, 0
	return w.out
}

// bitReader reads fields of a few bits from a byte slice.
type bitReader struct {
	data []byte
	acc  uint64
	n    uint
}

func (r *bitReader) read(width uint) uint64 {
	for r.n < width {
		r.acc |= uint64(r.data[0]) << r.n
		r.data = r.data[1:]
		r.n += 8
	}
	v := r.acc & (1<<width - 1)
	r.acc >>= width
	r.n -= width
	return v
}

// padded reports whether the reader is at the end of its data with the
// bits left in the last byte all zero, as bitWriter.flush leaves them: a
// reader that ignored them would accept data with one of them flipped.
func (r *bitReader) padded() bool { return len(r.data) == 0 && r.acc == 0 }

// MarshalBinary encodes the table's values compactly (see UnmarshalTable).
// The output depends only on the start position and rules.
func (t *Table) MarshalBinary() ([]byte, error) {
	out := append([]byte(tableMagic), tableVersion)
	out = binary.LittleEndian.AppendUint64(out, t.c.Fingerprint())
	out = binary.LittleEndian.AppendUint64(out, keySum(t.idx.Keys))
	out = appendStats(out, t.stats)
	if t.pairs == nil {
		out = binary.AppendUvarint(out, 0)
		return appendValues(out, t.vals), nil
	}
	out = binary.AppendUvarint(out, uint64(t.pairs.k))
	if t.pairs.orient == nil {
		out = append(out, 1)
	} else {
		bw := bitWriter{out: append(out, 0)}
		for _, seen := range t.pairs.orient {
			bw.write(uint64(seen), 2)
		}
		out = bw.flush()
	}
	return appendValues(out, t.vals), nil
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

// checkHeader checks the counts of a table's header against each other
// before anything is enumerated: every state is won by one side or
// drawn, no more states are terminal than there are states, and a table
// of mirror pairs holds at least one of each pair. The values then hold
// an entry for every state (or kept state), which readValues checks
// against the data's length: a header cannot make a few bytes of data
// ask for the enumeration of a game many times their size.
func checkHeader(head [10]uint64) error {
	n, kept := head[0], head[9]
	if n == 0 || n > 1<<32-2 {
		return fmt.Errorf("%d states: want 1 to %d", n, uint64(1<<32-2))
	}
	wins := head[2] + head[3]
	if head[2] > n || head[3] > n || head[4] > n || wins+head[4] != n {
		return fmt.Errorf("%d states, but %d won by White, %d by Black and %d drawn", n, head[2], head[3], head[4])
	}
	var terminals uint64
	for _, c := range head[5:9] {
		if c > n {
			return fmt.Errorf("%d states, but %d of one kind of terminal", n, c)
		}
		terminals += c
	}
	if terminals > n {
		return fmt.Errorf("%d states, but %d terminal", n, terminals)
	}
	if kept > 0 && (kept > n || n > 2*kept) {
		return fmt.Errorf("%d states in %d kept mirror pairs: want from %d to %d kept", n, kept, (n+1)/2, n)
	}
	return nil
}

// ErrTableMismatch is wrapped by the error UnmarshalTable returns when the
// data was not made for the given start position and rules.
var ErrTableMismatch = errors.New("table does not belong to this start position")

// UnmarshalTable reads a table written by MarshalBinary for the same start
// position and rules. It enumerates the reachable states again (without
// solving anything) to recover their positions, so it costs about as much
// as the enumeration part of Solve. Data made for other rules, another
// board or a start that reaches other states gives an error wrapping
// ErrTableMismatch.
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
	var head [10]uint64
	for i := range head {
		v, n := binary.Uvarint(data)
		if n <= 0 {
			return nil, bad("truncated header")
		}
		head[i], data = v, data[n:]
	}
	if err := checkHeader(head); err != nil {
		return nil, bad(err.Error())
	}
	n, kept := head[0], head[9]
	var closed bool
	var orient []uint8
	if kept > 0 {
		if len(data) < 1 || data[0] > 1 {
			return nil, bad("bad mirror pairs")
		}
		closed, data = data[0] == 1, data[1:]
		if !closed {
			size := int(2*kept+7) / 8
			if len(data) < size {
				return nil, bad("truncated mirror pairs")
			}
			br := bitReader{data: data[:size]}
			orient = make([]uint8, kept)
			for c := range orient {
				if orient[c] = uint8(br.read(2)); orient[c] == 0 {
					return nil, bad("a kept state reachable neither way")
				}
			}
			if !br.padded() {
				return nil, bad("mirror pairs padded with bits other than zero")
			}
			data = data[size:]
		}
	}
	count := n
	if kept > 0 {
		count = kept
	}
	vals, err := readValues(data, int(count))
	if err != nil {
		return nil, err
	}

	s, startKey, err := prepare(start, Options{MaxStates: int(n), Workers: runtime.GOMAXPROCS(0)})
	if err != nil {
		return nil, err
	}
	if s.space.Codec().Fingerprint() != fp {
		return nil, fmt.Errorf("solver: %w (%s: other rules or board)", ErrTableMismatch, start.FEN())
	}
	parts, _, err := s.enumerate(startKey)
	if err != nil {
		if errors.Is(err, ErrTooLarge) {
			return nil, fmt.Errorf("solver: %w (%s reaches more than %d states)", ErrTableMismatch, start.FEN(), n)
		}
		return nil, err
	}
	idx, infos := keyspace.NewIndex(parts, s.opt.Workers, false)
	s.setOrient(infos)
	mismatch := uint64(len(idx.Keys)) != count || keySum(idx.Keys) != sum || s.sym != (kept > 0)
	if !mismatch && s.sym {
		mismatch = closed != (s.orient == nil) || !slices.Equal(orient, s.orient)
	}
	if mismatch {
		return nil, fmt.Errorf("solver: %w (%s reaches other states)", ErrTableMismatch, start.FEN())
	}
	var pairs *mirrorPairs
	if s.sym {
		pairs = newMirrorPairs(s.space.(*keyspace.Pieces), len(idx.Keys), s.orient)
		if uint64(pairs.n) != n {
			return nil, fmt.Errorf("solver: %w (%s reaches other states)", ErrTableMismatch, start.FEN())
		}
	}
	st := Stats{States: int(n), Edges: int(head[1]), WhiteWins: int(head[2]), BlackWins: int(head[3]), Draws: int(head[4])}
	st.Terminals[Mate], st.Terminals[Stalemate] = int(head[5]), int(head[6])
	st.Terminals[Insufficient], st.Terminals[Race] = int(head[7]), int(head[8])
	return newTable(s.space, idx, vals, pairs, st, startKey), nil
}

// TableHeaderBytes is how much of a table's data TableBytes needs at
// most: its magic, version, fingerprint, key sum and header.
const TableHeaderBytes = len(tableMagic) + 1 + 16 + 10*binary.MaxVarintLen64 + 1

// TableBytes reads the header at the start of a table's data (prefix,
// its first TableHeaderBytes bytes or all of a shorter table) and
// returns the fewest and the most bytes a table with that header can
// have: a reader checks a file's size against them before it reads the
// file, so that a header cannot make it read more than the states it
// claims hold.
func TableBytes(prefix []byte) (lo, hi int64, err error) {
	bad := func(what string) error { return fmt.Errorf("solver: bad table data: %s", what) }
	if len(prefix) < len(tableMagic)+1+16 || string(prefix[:len(tableMagic)]) != tableMagic {
		return 0, 0, bad("not a thinchess table")
	}
	if v := prefix[len(tableMagic)]; v != tableVersion {
		return 0, 0, fmt.Errorf("solver: table format version %d, want %d", v, tableVersion)
	}
	data := prefix[len(tableMagic)+1+16:]
	var head [10]uint64
	for i := range head {
		v, n := binary.Uvarint(data)
		if n <= 0 {
			return 0, 0, bad("truncated header")
		}
		head[i], data = v, data[n:]
	}
	if err := checkHeader(head); err != nil {
		return 0, 0, bad(err.Error())
	}
	n, kept := int64(head[0]), int64(head[9])
	size := int64(len(prefix) - len(data)) // the header
	count := n
	if kept > 0 {
		count = kept
		size++ // whether every kept state is reachable both ways
	}
	values := (2*count + 7) / 8
	lo = size + values + 1 // the values and the width of a half distance
	hi = lo + (maxHalfWidth*count+7)/8
	if kept > 0 {
		hi += (2*kept + 7) / 8 // which way each kept state is reachable
	}
	return lo, hi, nil
}
