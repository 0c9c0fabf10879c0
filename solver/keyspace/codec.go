package keyspace

import (
	"errors"
	"fmt"
	"hash/fnv"
	"math/bits"

	"github.com/thinchess/thinchess/engine"
)

// keyLayout is how a codec lays the pieces of a state out in its key.
type keyLayout uint8

const (
	// layoutPlanes gives every square a piece code (0 for empty), stored
	// bit-sliced: plane j holds bit j of every square's code, one bit per
	// square. A piece type's bitboard is then a few ANDs of planes, and a
	// move changes one column of bits in every plane.
	layoutPlanes keyLayout = iota
	// layoutOccupancy is a bit per square (occupied or not) followed by the
	// codes of the occupied squares in square order.
	layoutOccupancy
	// layoutList is up to maxPieces slots, each a square (plus one; zero
	// marks an unused slot) and a piece code, sorted by square.
	layoutList
)

// Codec packs a state into a 64-bit key and back: the pieces, the
// side to move, the castling rights (only when castling is possible at
// all) and the en-passant square (only when a pawn of the side to move
// could take on it, so equal positions always get equal keys). The
// halfmove and move counters are not part of a state.
//
// From the low bit up a key holds: the side to move (1 bit), the castling
// rights, the en-passant square plus one, a Ban Chess phase and a banned
// move, then the board. The phase and ban fields are zero bits wide while
// the solver does not play Ban Chess; adding them widens the key and
// leaves the rest of the solver as it is.
//
// A codec is fixed by the start position: its board, its rules and the
// pieces that can ever appear (those on the board, and the promotion
// pieces of a side that has pawns). Keys of different codecs are not
// comparable.
type Codec struct {
	b     *engine.Board
	rules *engine.Rules
	n     int // squares

	layout keyLayout
	// pieces[c-1] is the piece of code c; code[pc] is the code of pc, or
	// 0 when pc can never appear.
	pieces []engine.Piece
	code   [16]uint64
	// startCount[pc] is how many of pc the start position has.
	startCount [16]int
	pawns      bool

	// codeBits is the width of a piece code: with the empty code under
	// layoutPlanes (the number of planes), without it (code-1 is stored)
	// otherwise.
	codeBits  uint
	codeMask  uint64
	sqBits    uint // layoutList: width of a square field
	maxPieces int

	castleShift, castleBits uint
	epShift, epBits         uint
	// phaseShift/phaseBits and banShift/banBits are the Ban Chess fields,
	// zero bits wide today.
	phaseShift, phaseBits uint
	banShift, banBits     uint
	boardShift            uint
	width                 uint // total bits used
	// km mixes the keys (see Mix).
	km Mix
	// spreads[code][sq] is the bits of code on square sq under
	// layoutPlanes.
	spreads [][]uint64

	// template[c] is the start position emptied of pieces with c to move;
	// decoding starts from a copy of it, which keeps the castling geometry
	// of the start position.
	template [2]engine.Position
}

// Mix returns the mix of the codec's keys (see Mix).
func (c *Codec) Mix() Mix { return c.km }

// Board returns the board of the codec's states.
func (c *Codec) Board() *engine.Board { return c.b }

// Rules returns the rules of the codec's states.
func (c *Codec) Rules() *engine.Rules { return c.rules }

// Fingerprint identifies the board and rules of a codec (a table's file
// holds it, and a table is read back only under the same).
func (c *Codec) Fingerprint() uint64 {
	h := fnv.New64a()
	r := *c.rules
	r.Preset = ""
	fmt.Fprintf(h, "%dx%d %+v", c.b.W, c.b.H, r)
	return h.Sum64()
}

// keyWidthError is NewCodec's error for a start whose states need
// keys of more than 64 bits.
type keyWidthError struct {
	pieces, kinds, w, h int
	bits                int // the narrowest key the layouts give
}

func (e *keyWidthError) Error() string {
	return fmt.Sprintf("%d pieces of %d kinds on a %d×%d board do not fit the exact solver's 64-bit state key (%d bits needed)",
		e.pieces, e.kinds, e.w, e.h, e.bits)
}

// KeyBits returns how wide the state keys of start's states are: the
// solver keys states of at most 64 bits. It returns an error only for a
// start the solver cannot key for another reason (Ban Chess).
func KeyBits(start *engine.Position) (int, error) {
	c, err := NewCodec(start)
	if err == nil {
		return int(c.width), nil
	}
	var w *keyWidthError
	if errors.As(err, &w) {
		return w.bits, nil
	}
	return 0, err
}

// NewCodec returns the codec for the states reachable from start.
func NewCodec(start *engine.Position) (*Codec, error) {
	r := start.R
	if r.Bans {
		return nil, fmt.Errorf("solver: the exact solver does not play Ban Chess yet")
	}
	b := start.B
	c := &Codec{b: b, rules: r, n: b.N}
	var present [16]bool
	hasPawns := [2]bool{}
	for s := engine.Square(0); int(s) < b.N; s++ {
		pc := start.At(s)
		if pc == engine.NoPiece {
			continue
		}
		present[pc] = true
		c.startCount[pc]++
		c.maxPieces++
		if pc.Type() == engine.Pawn {
			hasPawns[pc.Color()] = true
		}
	}
	if r.Goal != engine.GoalRace && r.Promotion != 0 {
		for col := engine.White; col <= engine.Black; col++ {
			if !hasPawns[col] {
				continue
			}
			for _, t := range r.PromotionTypes() {
				present[engine.MakePiece(col, t)] = true
			}
		}
	}
	for pc := range present {
		if present[pc] {
			c.pieces = append(c.pieces, engine.Piece(pc))
			c.code[pc] = uint64(len(c.pieces))
		}
	}
	c.pawns = hasPawns[engine.White] || hasPawns[engine.Black]

	shift := uint(1) // the side to move
	c.castleShift = shift
	if r.Castling && start.Castle != 0 {
		c.castleBits = 4
	}
	shift += c.castleBits
	c.epShift = shift
	if r.EnPassant && r.DoubleStep && c.pawns {
		c.epBits = uint(bits.Len(uint(b.N)))
	}
	shift += c.epBits
	c.phaseShift, c.banShift = shift, shift
	c.boardShift = shift

	a := len(c.pieces)
	cellBits := uint(bits.Len(uint(a)))
	packedBits := uint(bits.Len(uint(max(a-1, 0))))
	c.sqBits = uint(bits.Len(uint(b.N)))
	cells := uint(b.N) * cellBits
	occupancy := uint(b.N) + uint(c.maxPieces)*packedBits
	list := uint(c.maxPieces) * (c.sqBits + packedBits)
	switch {
	case shift+cells <= 64:
		c.layout, c.codeBits, c.width = layoutPlanes, cellBits, shift+cells
	case shift+occupancy <= 64 && occupancy <= list:
		c.layout, c.codeBits, c.width = layoutOccupancy, packedBits, shift+occupancy
	case shift+list <= 64:
		c.layout, c.codeBits, c.width = layoutList, packedBits, shift+list
	default:
		return nil, &keyWidthError{pieces: c.maxPieces, kinds: a, w: b.W, h: b.H, bits: int(shift + min(cells, occupancy, list))}
	}
	c.codeMask = 1<<c.codeBits - 1
	c.km = Mix{Small: c.width <= 48}
	if c.layout == layoutPlanes {
		c.spreads = make([][]uint64, len(c.pieces)+1)
		for code := range c.spreads {
			c.spreads[code] = make([]uint64, b.N)
			for sq := range b.N {
				c.spreads[code][sq] = c.spread(uint64(code), sq)
			}
		}
	}

	t := *start
	for s := engine.Square(0); int(s) < b.N; s++ {
		t.Put(s, engine.NoPiece)
	}
	t.Halfmove, t.Fullmove = 0, 1
	if t.EP != engine.NoSquare {
		// Two null moves clear the en-passant square and its hash key.
		t.MakeNull()
		t.MakeNull()
	}
	c.template[t.Side] = t
	o := t
	o.MakeNull()
	c.template[o.Side] = o
	return c, nil
}

// canTakeEnPassant reports whether a pawn of the side to move stands where
// it could capture onto ep.
func (c *Codec) canTakeEnPassant(p *engine.Position, ep engine.Square) bool {
	b := c.b
	f, r := b.File(ep), b.Rank(ep)
	pr := r - 1 // a white pawn takes from the rank below
	if p.Side == engine.Black {
		pr = r + 1
	}
	if pr < 0 || pr >= b.H {
		return false
	}
	pawn := engine.MakePiece(p.Side, engine.Pawn)
	for _, df := range [2]int{-1, 1} {
		if nf := f + df; nf >= 0 && nf < b.W && p.At(b.Sq(nf, pr)) == pawn {
			return true
		}
	}
	return false
}

// Encode returns the key of p, and false when p cannot be a state of this
// codec (a piece that never appears, too many pieces, castling rights the
// start did not have).
func (c *Codec) Encode(p *engine.Position) (uint64, bool) {
	if p.B != c.b {
		return 0, false
	}
	k := uint64(p.Side)
	if c.castleBits > 0 {
		k |= uint64(p.Castle) << c.castleShift
	} else if c.rules.Castling && p.Castle != 0 {
		return 0, false
	}
	if c.epBits > 0 && p.EP != engine.NoSquare && c.canTakeEnPassant(p, p.EP) {
		k |= uint64(p.EP+1) << c.epShift
	}
	// Walk the occupied squares in order: every layout lists them so.
	occ := p.Occupied()
	sh := c.boardShift
	if c.layout == layoutOccupancy {
		sh += uint(c.n)
	}
	np := 0
	for w, bb := range occ {
		for ; bb != 0; bb &= bb - 1 {
			s := engine.Square(w*64 + bits.TrailingZeros64(bb))
			code := c.code[p.At(s)]
			if code == 0 || np == c.maxPieces && c.layout != layoutPlanes {
				return 0, false
			}
			np++
			switch c.layout {
			case layoutPlanes:
				k |= c.spreads[code][s]
			case layoutOccupancy:
				k |= 1<<(c.boardShift+uint(s)) | (code-1)<<sh
				sh += c.codeBits
			case layoutList:
				k |= (uint64(s) + 1 | (code-1)<<c.sqBits) << sh
				sh += c.sqBits + c.codeBits
			}
		}
	}
	return k, true
}

// spread returns the bits of code on square sq under layoutPlanes.
func (c *Codec) spread(code uint64, sq int) uint64 {
	var k uint64
	for j := uint(0); j < c.codeBits; j++ {
		k |= (code >> j & 1) << (c.boardShift + j*uint(c.n) + uint(sq))
	}
	return k
}

// plane returns plane j of key k under layoutPlanes: a bitboard.
func (c *Codec) plane(k uint64, j uint) uint64 {
	return k >> (c.boardShift + j*uint(c.n)) & (1<<uint(c.n) - 1)
}

// planesOccupied returns the occupied squares of key k under
// layoutPlanes.
func (c *Codec) planesOccupied(k uint64) uint64 {
	var occ uint64
	for j := uint(0); j < c.codeBits; j++ {
		occ |= c.plane(k, j)
	}
	return occ
}

// planeCode returns the code on square sq of key k under layoutPlanes.
func (c *Codec) planeCode(k uint64, sq int) uint64 {
	var code uint64
	for j := uint(0); j < c.codeBits; j++ {
		code |= (k >> (c.boardShift + j*uint(c.n) + uint(sq)) & 1) << j
	}
	return code
}

// Side returns the side to move of a key.
func Side(k uint64) engine.Color { return engine.Color(k & 1) }

// eachPiece calls fn with the square and piece code of every piece in key k.
func (c *Codec) eachPiece(k uint64, fn func(s engine.Square, code uint64)) {
	switch c.layout {
	case layoutPlanes:
		occ := c.planesOccupied(k)
		for occ != 0 {
			s := bits.TrailingZeros64(occ)
			occ &= occ - 1
			fn(engine.Square(s), c.planeCode(k, s))
		}
	case layoutOccupancy:
		occ := k >> c.boardShift & (1<<uint(c.n) - 1)
		codes := k >> (c.boardShift + uint(c.n))
		for occ != 0 {
			s := bits.TrailingZeros64(occ)
			occ &= occ - 1
			fn(engine.Square(s), codes&c.codeMask+1)
			codes >>= c.codeBits
		}
	case layoutList:
		slots := k >> c.boardShift
		sqMask := uint64(1)<<c.sqBits - 1
		for i := 0; i < c.maxPieces; i++ {
			sq := slots & sqMask
			if sq == 0 {
				break
			}
			fn(engine.Square(sq-1), slots>>c.sqBits&c.codeMask+1)
			slots >>= c.sqBits + c.codeBits
		}
	}
}

// Decode sets p to the state of key k. p's Zobrist hash is right only when
// the castling rights are those of the start and there is no en-passant
// square; use position for a position to hand out.
func (c *Codec) Decode(k uint64, p *engine.Position) {
	*p = c.template[Side(k)]
	c.eachPiece(k, func(s engine.Square, code uint64) {
		p.Put(s, c.pieces[code-1])
	})
	if c.castleBits > 0 {
		p.Castle = uint8(k >> c.castleShift & 15)
	}
	if c.epBits > 0 {
		if ep := k >> c.epShift & (1<<c.epBits - 1); ep != 0 {
			p.EP = engine.Square(ep - 1)
		}
	}
}

// Position returns the state of key k as a fresh position whose hash and
// every other field are as engine.Parse would set them.
func (c *Codec) Position(k uint64) *engine.Position {
	p := new(engine.Position)
	c.Decode(k, p)
	if p.Castle != c.template[p.Side].Castle || p.EP != engine.NoSquare {
		q, err := engine.ParseFEN(p.FEN(), c.rules)
		if err != nil {
			panic(fmt.Sprintf("solver: state %s does not parse back: %v", p.FEN(), err))
		}
		return q
	}
	return p
}
