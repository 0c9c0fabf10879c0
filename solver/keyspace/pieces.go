package keyspace

import (
	"math/bits"

	"github.com/thinchess/thinchess/engine"
)

// Pieces generates the moves and un-moves of positions that have only
// kings, queens, rooks, bishops and knights — no pawns, so no promotion
// and no en passant, and no castling rights — on boards of at most 64
// squares under the checkmate goal: every 1-D position, and the thin and
// small boards' piece endgames. It works on bitboards and derives child
// keys from parent keys, which makes it several times faster than the
// engine's general move generator, and it can un-move, so the solver need
// not store the edges of the graph. Its results are checked against the
// engine's on every state in the tests, and Verify re-checks a table
// with the engine.
type Pieces struct {
	c *Codec
	n int
	// kind[code] is the colour and type of a piece code.
	kind [16]struct {
		color engine.Color
		typ   engine.PieceType
	}
	codesOf [2][]uint8
	// codeOf[colour][type] is a piece's code, 0 when it never appears.
	codeOf [2][7]uint8
	// startCount[code] is how many of the piece the start has: a piece
	// can be un-captured only while fewer are on the board.
	startCount [16]int
	// taken[colour] lists the codes of pieces of that colour that can be
	// captured (all but the king).
	taken [2][]uint8

	insufficient bool
	wide         bool // more than one file

	king, knight [64]uint64
	ray          [64][8]uint64
	// dirs[sq] has bit d set when the ray from sq in direction d is not
	// empty.
	dirs [64]uint8
	// For layoutPlanes: column[sq] has sq's bit set in every plane, and
	// spread[code][sq] the bits of code on sq.
	column [64]uint64
	spread [16][64]uint64
	// sel[code][j] is all ones where plane j must be inverted to select
	// code: where the code's bit j is 0.
	sel [][4]uint64
	// mirrorCode[code] is the code of the same piece type of the other
	// colour, 0 when that piece never appears (see mirror).
	mirrorCode [16]uint8
	// planeCodes[j] lists the codes with bit j set, under layoutPlanes.
	planeCodes [4][]uint8
	// fieldShift and fieldBits place the pieces' fields in keys under
	// the other layouts (see field).
	fieldShift, fieldBits uint
}

// Directions of ray: the first four orthogonal, the last four diagonal,
// in the engine's order N S E W NE NW SE SW.
var dirUp = [8]bool{true, false, true, false, true, true, false, false}

// NewPieces returns the piece space for start, or false when start is
// outside what it handles.
func NewPieces(c *Codec, start *engine.Position) (*Pieces, bool) {
	r := c.rules
	if c.n > 64 || c.pawns || c.castleBits != 0 || c.epBits != 0 || r.Goal != engine.GoalCheckmate || r.Bans {
		return nil, false
	}
	b := c.b
	s := &Pieces{c: c, n: b.N, insufficient: r.InsufficientMaterial, wide: b.W > 1}
	for i, pc := range c.pieces {
		code := uint8(i + 1)
		col, t := pc.Color(), pc.Type()
		s.kind[code].color, s.kind[code].typ = col, t
		s.codesOf[col] = append(s.codesOf[col], code)
		s.codeOf[col][t] = code
		s.startCount[code] = c.startCount[pc]
		if t != engine.King {
			s.taken[col] = append(s.taken[col], code)
		}
	}
	for code := 1; code <= len(c.pieces); code++ {
		k := s.kind[code]
		s.mirrorCode[code] = s.codeOf[k.color.Other()][k.typ]
		for j := range min(c.codeBits, 4) {
			if code>>j&1 != 0 {
				s.planeCodes[j] = append(s.planeCodes[j], uint8(code))
			}
		}
	}
	switch c.layout {
	case layoutOccupancy:
		s.fieldShift, s.fieldBits = c.boardShift+uint(c.n), c.codeBits
	case layoutList:
		s.fieldShift, s.fieldBits = c.boardShift, c.sqBits+c.codeBits
	}
	deltas := [8][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}
	for sq := 0; sq < b.N; sq++ {
		for _, t := range b.KingTargets(engine.Square(sq)) {
			s.king[sq] |= 1 << uint(t)
		}
		for _, t := range b.KnightTargets(engine.Square(sq)) {
			s.knight[sq] |= 1 << uint(t)
		}
		f, rk := sq%b.W, sq/b.W
		for d, dd := range deltas {
			for k := 1; ; k++ {
				nf, nr := f+k*dd[0], rk+k*dd[1]
				if nf < 0 || nf >= b.W || nr < 0 || nr >= b.H {
					break
				}
				s.ray[sq][d] |= 1 << uint(nr*b.W+nf)
			}
			if s.ray[sq][d] != 0 {
				s.dirs[sq] |= 1 << d
			}
		}
	}
	if c.layout == layoutPlanes {
		s.sel = make([][4]uint64, len(c.pieces)+1)
		for code := range s.sel {
			for j := range c.codeBits {
				if code>>j&1 == 0 {
					s.sel[code][j] = ^uint64(0)
				}
			}
		}
		for sq := 0; sq < b.N; sq++ {
			s.column[sq] = c.spread(c.codeMask, sq)
			for code := range c.pieces {
				s.spread[code+1][sq] = c.spread(uint64(code+1), sq)
			}
		}
	}
	return s, true
}

// Direction masks for dirs: orthogonal and diagonal.
const (
	orthDirs = 0x0f
	diagDirs = 0xf0
)

// Codec returns the codec of the space's keys.
func (s *Pieces) Codec() *Codec { return s.c }

// NewExpander returns an Expander for one goroutine.
func (s *Pieces) NewExpander() Expander { return &PieceWorker{s: s} }

// NewUnmover returns an Unmover for one goroutine.
func (s *Pieces) NewUnmover() Unmover { return &PieceWorker{s: s} }

// NewWorker returns a worker of the piece space for one goroutine: an
// Expander and an Unmover whose loaded state (LoadMirror) can be reused.
func (s *Pieces) NewWorker() *PieceWorker { return &PieceWorker{s: s} }

// first returns the first square of blk, a set of squares on the ray in
// direction d, going out from the ray's origin.
func first(d int, blk uint64) int {
	if dirUp[d] {
		return bits.TrailingZeros64(blk)
	}
	return 63 - bits.LeadingZeros64(blk)
}

// slide returns the squares a slider on sq reaches along the directions
// in mask with the squares in all occupied: up to and including the first
// occupied square of each ray.
func (s *Pieces) slide(sq int, all uint64, mask uint8) uint64 {
	var att uint64
	rays := &s.ray[sq]
	for m := s.dirs[sq] & mask; m != 0; m &= m - 1 {
		d := bits.TrailingZeros8(m)
		r := rays[d]
		if blk := r & all; blk != 0 {
			r &^= s.ray[first(d, blk)][d]
		}
		att |= r
	}
	return att
}

// targets returns the squares a piece of type t on sq attacks.
func (s *Pieces) targets(t engine.PieceType, sq int, all uint64) uint64 {
	switch t {
	case engine.King:
		return s.king[sq]
	case engine.Knight:
		return s.knight[sq]
	case engine.Rook:
		return s.slide(sq, all, orthDirs)
	case engine.Bishop:
		return s.slide(sq, all, diagDirs)
	case engine.Queen:
		return s.slide(sq, all, orthDirs|diagDirs)
	}
	return 0
}

// pieceMove is a move of the piece space: the origin and destination
// squares and the code of the piece that moves, a byte each.
type pieceMove uint32

func newPieceMove(from, to int, code uint8) pieceMove {
	return pieceMove(from | to<<8 | int(code)<<16)
}

func (m pieceMove) from() int   { return int(m & 0xff) }
func (m pieceMove) to() int     { return int(m >> 8 & 0xff) }
func (m pieceMove) code() uint8 { return uint8(m >> 16) }

// PieceWorker is one goroutine's view of a Pieces: the decoded state
// as bitboards.
type PieceWorker struct {
	s       *Pieces
	key     uint64
	side    engine.Color
	bb      [16]uint64 // by code; bb[0] stays empty
	occ     [2]uint64
	all     uint64
	ksq     [2]int // king squares, -1 without a king
	inCheck bool   // set by generate
	pinLine [64]uint64
	mv      [engine.MaxMoves]pieceMove
}

// bitboards decodes the pieces of key k into bb, by code.
func (s *Pieces) bitboards(k uint64, bb *[16]uint64) {
	c := s.c
	*bb = [16]uint64{}
	switch c.layout {
	case layoutPlanes:
		s.planePieces(k, false, bb)
	case layoutOccupancy:
		occ := k >> c.boardShift & (1<<uint(c.n) - 1)
		codes := k >> (c.boardShift + uint(c.n))
		for occ != 0 {
			sq := bits.TrailingZeros64(occ)
			occ &= occ - 1
			bb[codes&c.codeMask+1] |= 1 << uint(sq)
			codes >>= c.codeBits
		}
	case layoutList:
		slots := k >> c.boardShift
		sqMask := uint64(1)<<c.sqBits - 1
		for range c.maxPieces {
			sq := slots & sqMask
			if sq == 0 {
				break
			}
			bb[slots>>c.sqBits&c.codeMask+1] |= 1 << (sq - 1)
			slots >>= c.sqBits + c.codeBits
		}
	}
}

// planePieces sets bb to the pieces of key k, by code, under
// layoutPlanes: a piece's bitboard is the AND of the planes where its code
// has a 1 and the inverted planes where it has a 0 (sel inverts); unused
// planes are all ones and never inverted. With turned it sets the pieces
// of k's mirror instead: the planes turned, each code's squares given to
// its counterpart of the other colour.
func (s *Pieces) planePieces(k uint64, turned bool, bb *[16]uint64) {
	c := s.c
	p := [4]uint64{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	for j := range c.codeBits {
		p[j&3] = c.plane(k, j)
		if turned {
			p[j&3] = bits.Reverse64(p[j&3]) >> uint(64-c.n)
		}
	}
	board := uint64(1)<<uint(c.n) - 1
	for code := 1; code < len(s.sel); code++ {
		sel := &s.sel[code]
		to := uint8(code)
		if turned {
			to = s.mirrorCode[code]
		}
		bb[to] = (p[0] ^ sel[0]) & (p[1] ^ sel[1]) & (p[2] ^ sel[2]) & (p[3] ^ sel[3]) & board
	}
}

// load decodes key k into the worker.
func (w *PieceWorker) load(k uint64) {
	w.s.bitboards(k, &w.bb)
	w.loaded(k)
}

// LoadMirror loads the mirror of key k (see Pieces.Mirror), which it
// returns.
func (w *PieceWorker) LoadMirror(k uint64) uint64 {
	mk := w.s.mirrorInto(k, &w.bb)
	w.loaded(mk)
	return mk
}

// loaded completes the loading of the state with key k, whose pieces are
// in w.bb.
func (w *PieceWorker) loaded(k uint64) {
	s := w.s
	w.key = k
	w.side = Side(k)
	var white, black uint64
	for _, code := range s.codesOf[engine.White] {
		white |= w.bb[code]
	}
	for _, code := range s.codesOf[engine.Black] {
		black |= w.bb[code]
	}
	w.occ, w.all = [2]uint64{white, black}, white|black
	for col := engine.White; col <= engine.Black; col++ {
		w.ksq[col] = -1
		if kb := w.bb[s.codeOf[col][engine.King]]; kb != 0 {
			w.ksq[col] = bits.TrailingZeros64(kb)
		}
	}
}

// Mirror returns the key of k's state turned through 180 degrees with
// the colours swapped and the other side to move: a symmetry of every
// game the piece space plays, which maps moves to moves and keeps the
// value and the distance to mate for the side to move. It needs every
// piece's counterpart of the other colour (see selfMirrored).
func (s *Pieces) Mirror(k uint64) uint64 {
	var mb [16]uint64
	return s.mirrorInto(k, &mb)
}

// mirrorInto returns the key of k's mirror and sets mb to the mirror's
// pieces, by code. Under layoutPlanes it turns the planes and selects
// each code as bitboards does, then encodes the pieces; under the
// layouts with fields (see field) the mirror's fields are k's in reverse
// order, each turned and given the other colour, found in the same pass
// as the pieces.
func (s *Pieces) mirrorInto(k uint64, mb *[16]uint64) uint64 {
	c := s.c
	side := Side(k).Other()
	last := c.n - 1
	if c.layout == layoutPlanes {
		s.planePieces(k, true, mb)
		return s.planesKey(mb, side)
	}
	*mb = [16]uint64{}
	seq := k >> s.fieldShift
	mask := uint64(1)<<s.fieldBits - 1
	var out uint64
	if c.layout == layoutOccupancy {
		occ := k >> c.boardShift & (1<<uint(c.n) - 1)
		sh := uint(bits.OnesCount64(occ)) * s.fieldBits
		for b := occ; b != 0; b &= b - 1 {
			sh -= s.fieldBits
			mc := s.mirrorCode[seq&mask+1]
			seq >>= s.fieldBits
			mb[mc] |= 1 << uint(last-bits.TrailingZeros64(b))
			out |= uint64(mc-1) << sh
		}
		return s.fieldKey(side, bits.Reverse64(occ)>>uint(63-last), out)
	}
	sqMask := uint64(1)<<c.sqBits - 1
	m := 0 // fields
	for m < c.maxPieces && seq>>(uint(m)*s.fieldBits)&sqMask != 0 {
		m++
	}
	sh := uint(m) * s.fieldBits
	for range m {
		sh -= s.fieldBits
		f := seq & mask
		seq >>= s.fieldBits
		sq := last - int(f&sqMask-1)
		mc := s.mirrorCode[f>>c.sqBits+1]
		mb[mc] |= 1 << uint(sq)
		out |= (uint64(sq+1) | uint64(mc-1)<<c.sqBits) << sh
	}
	return s.fieldKey(side, 0, out)
}

// SelfMirrored reports whether the placement of state k is its own
// mirror image: then every state and its mirror have the same value and
// the solver need keep only one of them (see solve.sym).
func (s *Pieces) SelfMirrored(k uint64) bool {
	for code := 1; code <= len(s.c.pieces); code++ {
		if s.mirrorCode[code] == 0 {
			return false
		}
	}
	return s.Mirror(k) == k^1
}

// planesKey returns the key of the pieces bb, by code, with side to
// move, under layoutPlanes.
func (s *Pieces) planesKey(bb *[16]uint64, side engine.Color) uint64 {
	c := s.c
	k := uint64(side)
	for j, codes := range s.planeCodes[:c.codeBits] {
		var plane uint64
		for _, code := range codes {
			plane |= bb[code]
		}
		k |= plane << (c.boardShift + uint(j)*uint(c.n))
	}
	return k
}

// Attacked reports whether side by attacks sq when the occupied squares
// are all, leaving out by's pieces on the squares of except (a piece
// just captured).
func (w *PieceWorker) Attacked(sq int, by engine.Color, all, except uint64) bool {
	s := w.s
	co := &s.codeOf[by]
	if s.knight[sq]&w.bb[co[engine.Knight]]&^except != 0 || s.king[sq]&w.bb[co[engine.King]]&^except != 0 {
		return true
	}
	q := w.bb[co[engine.Queen]]
	orth := (w.bb[co[engine.Rook]] | q) &^ except
	diag := (w.bb[co[engine.Bishop]] | q) &^ except
	if orth|diag == 0 {
		return false
	}
	rays := &s.ray[sq]
	for m := s.dirs[sq]; m != 0; m &= m - 1 {
		d := bits.TrailingZeros8(m)
		sliders := orth
		if d >= 4 {
			sliders = diag
		}
		if rays[d]&sliders == 0 {
			continue
		}
		if blk := rays[d] & all; sliders&(1<<uint(first(d, blk))) != 0 {
			return true
		}
	}
	return false
}

// generate fills w.mv with the legal moves of the loaded state, sets
// w.inCheck, and returns how many moves there are.
func (w *PieceWorker) generate() int {
	s := w.s
	us := w.side
	them := us.Other()
	all, own := w.all, w.occ[us]
	ks := w.ksq[us]
	var pinned uint64
	w.inCheck = false
	if ks >= 0 {
		// Checks and pins, walking the rays out from the king.
		co := &s.codeOf[them]
		q := w.bb[co[engine.Queen]]
		orth, diag := w.bb[co[engine.Rook]]|q, w.bb[co[engine.Bishop]]|q
		w.inCheck = s.knight[ks]&w.bb[co[engine.Knight]] != 0 || s.king[ks]&w.bb[co[engine.King]] != 0
		rays := &s.ray[ks]
		for m := s.dirs[ks]; m != 0; m &= m - 1 {
			d := bits.TrailingZeros8(m)
			sliders := orth
			if d >= 4 {
				sliders = diag
			}
			if rays[d]&sliders == 0 {
				continue // no check or pin along this ray
			}
			blk := rays[d] & all
			b1 := first(d, blk)
			if sliders&(1<<uint(b1)) != 0 {
				w.inCheck = true
				continue
			}
			if own&(1<<uint(b1)) == 0 {
				continue
			}
			if rest := blk & s.ray[b1][d]; rest != 0 {
				if b2 := first(d, rest); sliders&(1<<uint(b2)) != 0 {
					pinned |= 1 << uint(b1)
					w.pinLine[b1] = rays[d] &^ s.ray[b2][d]
				}
			}
		}
	}
	n := 0
	for _, code := range s.codesOf[us] {
		t := s.kind[code].typ
		for b := w.bb[code]; b != 0; b &= b - 1 {
			from := bits.TrailingZeros64(b)
			fromBit := uint64(1) << uint(from)
			tg := s.targets(t, from, all) &^ own
			switch {
			case t == engine.King:
				for ; tg != 0; tg &= tg - 1 {
					to := bits.TrailingZeros64(tg)
					toBit := uint64(1) << uint(to)
					if !w.Attacked(to, them, all&^fromBit|toBit, toBit) {
						w.mv[n] = newPieceMove(from, to, code)
						n++
					}
				}
				continue
			case w.inCheck:
				for ; tg != 0; tg &= tg - 1 {
					to := bits.TrailingZeros64(tg)
					toBit := uint64(1) << uint(to)
					if !w.Attacked(ks, them, all&^fromBit|toBit, toBit) {
						w.mv[n] = newPieceMove(from, to, code)
						n++
					}
				}
				continue
			case pinned&fromBit != 0:
				tg &= w.pinLine[from]
			}
			for ; tg != 0; tg &= tg - 1 {
				w.mv[n] = newPieceMove(from, bits.TrailingZeros64(tg), code)
				n++
			}
		}
	}
	return n
}

// terminal classifies the loaded state, which has n legal moves, as the
// engine's Position.Status does.
func (w *PieceWorker) terminal(n int) Terminal {
	if n == 0 {
		if w.inCheck {
			return Mate
		}
		return Stalemate
	}
	if !w.s.insufficient {
		return NotTerminal
	}
	s := w.s
	var minors int
	for col := engine.White; col <= engine.Black; col++ {
		co := &s.codeOf[col]
		if w.bb[co[engine.Rook]]|w.bb[co[engine.Queen]] != 0 {
			return NotTerminal
		}
		minors += bits.OnesCount64(w.bb[co[engine.Knight]] | w.bb[co[engine.Bishop]])
	}
	switch {
	case minors == 0 && w.ksq[engine.White] >= 0 && w.ksq[engine.Black] >= 0:
		return Insufficient
	case minors == 1 && s.wide:
		return Insufficient
	}
	return NotTerminal
}

// childKey returns the key of the state after move m.
func (w *PieceWorker) childKey(m pieceMove) uint64 {
	s := w.s
	from, to, code := m.from(), m.to(), m.code()
	if s.c.layout == layoutPlanes {
		return (w.key&^(s.column[from]|s.column[to]) | s.spread[code][to]) ^ 1
	}
	// Take the piece's field out, and the captured piece's, and put the
	// piece's field back in at its new place.
	all := w.all
	seq := s.cut(w.key>>s.fieldShift, below(all, from))
	all &^= 1 << uint(from)
	if all&(1<<uint(to)) != 0 {
		seq = s.cut(seq, below(all, to))
	}
	all |= 1 << uint(to)
	seq = s.insert(seq, below(all, to), s.field(to, code))
	return s.fieldKey(w.side.Other(), all, seq)
}

// Under layoutOccupancy and layoutList a key holds a field for every
// piece, in square order, from bit fieldShift up, fieldBits wide: its
// code (less one) under layoutOccupancy, which also holds the occupied
// squares from bit boardShift; its square (plus one) and its code (less
// one) above it under layoutList. A move takes one field out and puts
// one in, a few shifts and masks.

// field returns the field of piece code on square sq.
func (s *Pieces) field(sq int, code uint8) uint64 {
	if s.c.layout == layoutList {
		return uint64(sq+1) | uint64(code-1)<<s.c.sqBits
	}
	return uint64(code - 1)
}

// below returns the number of squares of all below sq: the index of
// sq's field when sq is in all.
func below(all uint64, sq int) int {
	return bits.OnesCount64(all & (1<<uint(sq) - 1))
}

// cut returns the fields seq without field i.
func (s *Pieces) cut(seq uint64, i int) uint64 {
	low := uint64(1)<<(uint(i)*s.fieldBits) - 1
	return seq&low | seq>>s.fieldBits&^low
}

// insert returns the fields seq with field f put in at index i.
func (s *Pieces) insert(seq uint64, i int, f uint64) uint64 {
	sh := uint(i) * s.fieldBits
	low := uint64(1)<<sh - 1
	return seq&low | f<<sh | (seq&^low)<<s.fieldBits
}

// fieldKey returns the key of the fields seq of the pieces on the
// squares all, with side to move.
func (s *Pieces) fieldKey(side engine.Color, all, seq uint64) uint64 {
	k := uint64(side) | seq<<s.fieldShift
	if s.c.layout == layoutOccupancy {
		k |= all << s.c.boardShift
	}
	return k
}

// Count returns the terminal kind of state k and its number of legal
// moves (see Expander).
func (w *PieceWorker) Count(k uint64) (Terminal, int) {
	w.load(k)
	n := w.generate()
	if t := w.terminal(n); t != NotTerminal {
		return t, 0
	}
	return NotTerminal, n
}

// Expand returns the terminal kind of state k and its successors (see
// Expander).
func (w *PieceWorker) Expand(k uint64, buf []uint64, moves []engine.Move) (Terminal, []uint64, []engine.Move) {
	w.load(k)
	return w.ExpandLoaded(buf, moves)
}

// ExpandLoaded is expand of the loaded state.
func (w *PieceWorker) ExpandLoaded(buf []uint64, moves []engine.Move) (Terminal, []uint64, []engine.Move) {
	buf = buf[:0]
	if moves != nil {
		moves = moves[:0]
	}
	n := w.generate()
	if t := w.terminal(n); t != NotTerminal {
		return t, buf, moves
	}
	for _, m := range w.mv[:n] {
		buf = append(buf, w.childKey(m))
		if moves != nil {
			moves = append(moves, engine.NewMove(engine.Square(m.from()), engine.Square(m.to())))
		}
	}
	return NotTerminal, buf, moves
}

// Unmoves appends to buf the keys of the states that could have moved to
// k: the side that just moved takes one of its pieces back along the
// piece's own moves (they are symmetric) to an empty square, leaving the
// square it stood on empty or giving back a piece it may have captured.
func (w *PieceWorker) Unmoves(k uint64, buf []uint64) []uint64 {
	w.load(k)
	return w.UnmovesLoaded(buf)
}

// UnmovesLoaded is unmoves of the loaded state.
func (w *PieceWorker) UnmovesLoaded(buf []uint64) []uint64 {
	k := w.key
	s := w.s
	c := s.c
	us := w.side // to move in k; the predecessor has them to move
	them := us.Other()
	var back [8]uint8 // pieces of us that may have been captured
	nb := 0
	for _, code := range s.taken[us] {
		if bits.OnesCount64(w.bb[code]) < s.startCount[code] {
			back[nb] = code
			nb++
		}
	}
	empty := ^w.all
	for _, code := range s.codesOf[them] {
		t := s.kind[code].typ
		for b := w.bb[code]; b != 0; b &= b - 1 {
			to := bits.TrailingZeros64(b)
			for org := s.targets(t, to, w.all) & empty; org != 0; org &= org - 1 {
				from := bits.TrailingZeros64(org)
				if c.layout == layoutPlanes {
					base := (k&^s.column[to] | s.spread[code][from]) ^ 1
					buf = append(buf, base)
					for _, cap := range back[:nb] {
						buf = append(buf, base|s.spread[cap][to])
					}
					continue
				}
				moved := w.all &^ (1 << uint(to))
				seq := s.cut(k>>s.fieldShift, below(w.all, to))
				moved |= 1 << uint(from)
				seq = s.insert(seq, below(moved, from), s.field(from, code))
				buf = append(buf, s.fieldKey(them, moved, seq))
				at := below(moved, to)
				for _, cap := range back[:nb] {
					buf = append(buf, s.fieldKey(them, moved|1<<uint(to), s.insert(seq, at, s.field(to, cap))))
				}
			}
		}
	}
	return buf
}

// Playable reports whether the state with key k is a legal position (the
// side not to move is not in check) that is not terminal.
func (w *PieceWorker) Playable(k uint64) bool {
	t, n := w.Count(k)
	if t != NotTerminal || n == 0 {
		return false
	}
	them := w.side.Other()
	ks := w.ksq[them]
	return ks < 0 || !w.Attacked(ks, w.side, w.all, 0)
}
