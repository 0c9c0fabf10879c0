// JavaScript twin: templates/static/js/rules-position.js.

package engine

import "math/bits"

// MaxMoves bounds the legal moves of any position; a move buffer of this
// size never reallocates.
const MaxMoves = 1024

// Castling right bits: the rights of White then Black, king side then
// queen side.
const (
	CastleWK uint8 = 1 << iota
	CastleWQ
	CastleBK
	CastleBQ
)

// bitset is a set of up to 256 squares.
type bitset [4]uint64

func (b *bitset) set(s Square)      { b[s>>6] |= 1 << (uint(s) & 63) }
func (b *bitset) clear(s Square)    { b[s>>6] &^= 1 << (uint(s) & 63) }
func (b *bitset) has(s Square) bool { return b[s>>6]&(1<<(uint(s)&63)) != 0 }
func (b *bitset) count() (n int) {
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// Position is a board with pieces, the side to move and the state the
// rules need (castling rights, en-passant target, move counters). It is a
// plain value: copying it copies the position. Make and Unmake change it
// in place without allocating.
type Position struct {
	B *Board
	R *Rules

	sq    [256]Piece
	occ   [2]bitset
	king  [2]Square
	count [2][7]int8

	// Side is the side to move.
	Side Color
	// Castle holds the castling rights (CastleWK, …).
	Castle uint8
	// castleRook is the rook square of each castling right; castleKing
	// each side's king square when the rights were granted.
	castleRook [4]Square
	castleKing [2]Square
	// EP is the en-passant target square, or NoSquare.
	EP Square
	// Halfmove counts plies since the last capture or pawn move.
	Halfmove int
	// Fullmove is the move number, starting at 1, incremented after Black moves.
	Fullmove int

	// Ban Chess state, used only when R.Bans is set (see ban.go).
	// BanPhase is true while the opponent of the side to move must ban
	// one of its moves; Ban is the from→to pair banned for the side to
	// move in the move phase (a move made by NewBan), or NoMove.
	BanPhase bool
	Ban      Move
	// Ply counts the moves (half-moves, bans not included) played from
	// a White-to-move origin: it is even exactly when White is to move.
	// It is the first part of the FEN's seventh field under bans.
	Ply int

	hash  uint64
	epKey uint64
}

// NewPosition returns an empty position on board b under rules r, White to move.
func NewPosition(b *Board, r *Rules) *Position {
	p := &Position{B: b, R: r, EP: NoSquare, Fullmove: 1}
	p.king = [2]Square{NoSquare, NoSquare}
	p.castleRook = [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}
	p.castleKing = [2]Square{NoSquare, NoSquare}
	return p
}

// At returns the piece on s.
func (p *Position) At(s Square) Piece { return p.sq[s] }

// Occupied returns the occupied squares as a bitset of four words:
// square s is bit s%64 of word s/64.
func (p *Position) Occupied() [4]uint64 {
	var o [4]uint64
	for i := range o {
		o[i] = p.occ[0][i] | p.occ[1][i]
	}
	return o
}

// King returns the square of c's king, or NoSquare.
func (p *Position) King(c Color) Square { return p.king[c] }

// Count returns how many pieces of colour c and type t are on the board.
func (p *Position) Count(c Color, t PieceType) int { return int(p.count[c][t]) }

// Hash returns the Zobrist key of the position: pieces, side to move,
// castling rights, a capturable en-passant file and, under bans, the
// ban phase and the banned move.
func (p *Position) Hash() uint64 { return p.hash }

// Put places pc on s, replacing whatever was there. It is for setting up
// positions; it does not touch castling rights or the en-passant square.
func (p *Position) Put(s Square, pc Piece) {
	if p.sq[s] != NoPiece {
		p.remove(s)
	}
	if pc != NoPiece {
		p.put(s, pc)
	}
}

func (p *Position) put(s Square, pc Piece) {
	c := pc.Color()
	p.sq[s] = pc
	p.occ[c].set(s)
	p.count[c][pc.Type()]++
	p.hash ^= keyPiece[pc][s]
	if pc.Type() == King {
		p.king[c] = s
	}
}

func (p *Position) remove(s Square) Piece {
	pc := p.sq[s]
	c := pc.Color()
	p.sq[s] = NoPiece
	p.occ[c].clear(s)
	p.count[c][pc.Type()]--
	p.hash ^= keyPiece[pc][s]
	if pc.Type() == King && p.king[c] == s {
		p.king[c] = p.findKing(c)
	}
	return pc
}

// findKing returns the square of one of c's kings, or NoSquare. It is
// needed only where a side has had two kings (a promotion to a king):
// taking one back leaves the other as the king.
func (p *Position) findKing(c Color) Square {
	if p.count[c][King] == 0 {
		return NoSquare
	}
	k := MakePiece(c, King)
	for s := Square(0); int(s) < p.B.N; s++ {
		if p.sq[s] == k {
			return s
		}
	}
	return NoSquare
}

// ComputeHash recomputes the Zobrist key from scratch.
func (p *Position) ComputeHash() uint64 {
	var h uint64
	for s := Square(0); int(s) < p.B.N; s++ {
		if pc := p.sq[s]; pc != NoPiece {
			h ^= keyPiece[pc][s]
		}
	}
	if p.Side == Black {
		h ^= keySide
	}
	h ^= keyCastle[p.Castle]
	// On a copy: epCapturable tries the capture, and p may be shared.
	if q := *p; q.EP != NoSquare && q.epCapturable(q.EP) {
		h ^= keyEP[p.B.File(p.EP)]
	}
	return h ^ p.banHash()
}

// rehash resets the incremental key and the en-passant key after setup.
func (p *Position) rehash() {
	p.epKey = 0
	if p.EP != NoSquare && p.epCapturable(p.EP) {
		p.epKey = keyEP[p.B.File(p.EP)]
	}
	p.hash = p.ComputeHash()
}

// epCapturable reports whether a pawn of the side to move can take en
// passant onto ep: only then does the target make the position differ
// for repetition (FIDE 9.2.3 counts possible moves only, so a pawn
// pinned to its king does not count). Under Ban Chess the pawn need
// only stand ready: the legality of a move there also hangs on the ban
// to come.
func (p *Position) epCapturable(ep Square) bool {
	if !p.R.EnPassant {
		return false
	}
	them := p.Side.Other()
	for _, s := range p.B.pawnAttack[them][ep] {
		if p.sq[s] != MakePiece(p.Side, Pawn) {
			continue
		}
		if p.R.Bans {
			return true
		}
		// Tried on p itself, and taken back: p is whole at every call.
		if p.legalByTrial(NewMove(s, ep) | flagEnPassant) {
			return true
		}
	}
	return false
}

// Undo is what Unmake needs to take a move back.
type Undo struct {
	Move     Move
	Captured Piece
	Castle   uint8
	EP       Square
	Halfmove int32
	Fullmove int32
	Ban      Move
	BanPhase bool
	hash     uint64
	epKey    uint64
}

// pawnDir returns +1 rank for White, -1 for Black, as a square offset.
func (p *Position) pawnStep(c Color) Square {
	if c == White {
		return Square(p.B.W)
	}
	return -Square(p.B.W)
}

// Make plays m, which must be legal (or at least pseudo-legal), and
// returns the record Unmake needs.
func (p *Position) Make(m Move) Undo {
	u := Undo{Move: m, Castle: p.Castle, EP: p.EP, Halfmove: int32(p.Halfmove), Fullmove: int32(p.Fullmove), Ban: p.Ban, BanPhase: p.BanPhase, hash: p.hash, epKey: p.epKey}
	us := p.Side
	from, to := m.From(), m.To()
	p.hash ^= p.epKey
	p.epKey = 0
	p.EP = NoSquare
	p.Halfmove++
	if m.IsCastle() {
		rs := p.castleRookFor(us, to > from)
		rook := p.remove(rs)
		king := p.remove(from)
		p.put(to, king)
		if to > from {
			p.put(to-1, rook)
		} else {
			p.put(to+1, rook)
		}
	} else {
		capSq := to
		if m.IsEnPassant() {
			capSq = to - p.pawnStep(us)
		}
		if p.sq[capSq] != NoPiece {
			u.Captured = p.remove(capSq)
			p.Halfmove = 0
		}
		pc := p.remove(from)
		if pc.Type() == Pawn {
			p.Halfmove = 0
		}
		if t := m.Promotion(); t != NoPieceType {
			pc = MakePiece(us, t)
		}
		p.put(to, pc)
	}
	if p.Castle != 0 {
		p.updateCastle(from, to)
	}
	if us == Black {
		p.Fullmove++
	}
	p.Side = us.Other()
	p.hash ^= keySide
	p.Ply++
	if p.R.Bans {
		p.enterBanPhase()
	}
	if m.IsDoubleStep() {
		p.EP = (from + to) / 2
		if p.epCapturable(p.EP) {
			p.epKey = keyEP[p.B.File(p.EP)]
			p.hash ^= p.epKey
		}
	}
	return u
}

// Unmake takes back the move recorded in u, which must be the last move made.
func (p *Position) Unmake(u Undo) {
	m := u.Move
	p.Side = p.Side.Other()
	us := p.Side
	from, to := m.From(), m.To()
	if m.IsCastle() {
		rs := p.castleRookFor(us, to > from)
		var rook Piece
		if to > from {
			rook = p.remove(to - 1)
		} else {
			rook = p.remove(to + 1)
		}
		king := p.remove(to)
		p.put(from, king)
		p.put(rs, rook)
	} else {
		pc := p.remove(to)
		if m.Promotion() != NoPieceType {
			pc = MakePiece(us, Pawn)
		}
		p.put(from, pc)
		if u.Captured != NoPiece {
			capSq := to
			if m.IsEnPassant() {
				capSq = to - p.pawnStep(us)
			}
			p.put(capSq, u.Captured)
		}
	}
	p.Castle, p.EP = u.Castle, u.EP
	p.Halfmove, p.Fullmove = int(u.Halfmove), int(u.Fullmove)
	p.Ban, p.BanPhase = u.Ban, u.BanPhase
	p.Ply--
	p.hash, p.epKey = u.hash, u.epKey
}

// castleRookFor returns the rook square of c's king-side or queen-side right.
func (p *Position) castleRookFor(c Color, kingSide bool) Square {
	i := int(c) * 2
	if !kingSide {
		i++
	}
	return p.castleRook[i]
}

// updateCastle drops the rights a move from or to a square affects.
func (p *Position) updateCastle(from, to Square) {
	old := p.Castle
	for i := 0; i < 4; i++ {
		bit := uint8(1) << i
		if p.Castle&bit == 0 {
			continue
		}
		c := i / 2
		if from == p.castleRook[i] || to == p.castleRook[i] || from == p.castleKing[c] {
			p.Castle &^= bit
		}
	}
	if old != p.Castle {
		p.hash ^= keyCastle[old] ^ keyCastle[p.Castle]
	}
}

// MakeNull passes the move to the other side (for search pruning only).
func (p *Position) MakeNull() Undo {
	u := Undo{Castle: p.Castle, EP: p.EP, Halfmove: int32(p.Halfmove), Fullmove: int32(p.Fullmove), hash: p.hash, epKey: p.epKey}
	p.hash ^= p.epKey ^ keySide
	p.epKey = 0
	p.EP = NoSquare
	p.Side = p.Side.Other()
	return u
}

// UnmakeNull takes back MakeNull.
func (p *Position) UnmakeNull(u Undo) {
	p.Side = p.Side.Other()
	p.EP, p.hash, p.epKey = u.EP, u.hash, u.epKey
}

// Equal reports whether two positions have the same pieces, side to move,
// castling rights, en-passant target, ban phase and banned move (the
// counters are ignored).
func (p *Position) Equal(q *Position) bool {
	return p.B == q.B && p.sq == q.sq && p.Side == q.Side && p.Castle == q.Castle && p.EP == q.EP &&
		p.BanPhase == q.BanPhase && p.Ban == q.Ban
}
