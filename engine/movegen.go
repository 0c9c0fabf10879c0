// JavaScript twin: templates/static/js/rules-movegen.js.

package engine

import "math/bits"

// slides reports whether a piece of type t slides along direction d.
func slides(t PieceType, d int) bool {
	if t == Queen {
		return true
	}
	if d < dirNE {
		return t == Rook
	}
	return t == Bishop
}

// Attacked reports whether square s is attacked by a piece of colour by.
func (p *Position) Attacked(s Square, by Color) bool {
	return p.attackedIgnoring(s, by, NoSquare)
}

// attackedIgnoring is Attacked with the piece on ignore treated as absent
// (a king stepping along the line of a slider that checks it).
func (p *Position) attackedIgnoring(s Square, by Color, ignore Square) bool {
	b := p.B
	kn := MakePiece(by, Knight)
	for _, t := range b.knight[s] {
		if p.sq[t] == kn {
			return true
		}
	}
	kg := MakePiece(by, King)
	for _, t := range b.king[s] {
		if p.sq[t] == kg {
			return true
		}
	}
	pw := MakePiece(by, Pawn)
	for _, t := range b.pawnAttack[by.Other()][s] {
		if p.sq[t] == pw {
			return true
		}
	}
	rays := &b.rays[s]
	for d := 0; d < numDirs; d++ {
		for _, t := range rays[d] {
			pc := p.sq[t]
			if pc == NoPiece || t == ignore {
				continue
			}
			if pc.Color() == by && slides(pc.Type(), d) {
				return true
			}
			break
		}
	}
	return false
}

// InCheck reports whether the side to move has a king and it is attacked.
func (p *Position) InCheck() bool {
	k := p.king[p.Side]
	return k != NoSquare && p.Attacked(k, p.Side.Other())
}

// raceOver reports, under the race goal, whether the side that just moved
// already has a piece on its far rank (the game is won and over).
func (p *Position) raceOver() bool {
	them := p.Side.Other()
	r := p.B.H - 1
	if them == Black {
		r = 0
	}
	base := r * p.B.W
	for f := 0; f < p.B.W; f++ {
		if pc := p.sq[base+f]; pc != NoPiece && pc.Color() == them {
			return true
		}
	}
	return false
}

// LegalMoves appends every legal move of the side to move to buf[:0] and
// returns it. A buffer of MaxMoves never grows, so the call allocates
// nothing. Under the race goal a game already won has no moves. Under
// bans, in the move phase, the moves of the banned from→to pair are left
// out; in the ban phase every move is listed (they are what may be banned).
func (p *Position) LegalMoves(buf []Move) []Move {
	buf = p.legalMoves(buf)
	if p.Ban != NoMove {
		buf = dropBanned(buf, p.Ban)
	}
	return buf
}

// HasLegalMove reports whether the side to move has a legal move, as
// len(LegalMoves(buf)) > 0 does, but stops at the first piece with one
// (the king is tried first).
func (p *Position) HasLegalMove() bool {
	var buf [128]Move // enough for any one piece; append grows it if not
	if p.Ban != NoMove {
		return len(p.LegalMoves(buf[:0])) > 0
	}
	return len(p.genLegal(buf[:0], true)) > 0
}

// legalMoves is LegalMoves without the ban.
func (p *Position) legalMoves(buf []Move) []Move {
	return p.genLegal(buf, false)
}

// genLegal is legalMoves; with first set it returns as soon as the
// moves of one piece are listed and there is at least one. The king's
// moves come first, then each other piece's, restricted by check and by
// a pin (see kingSafety), then castling.
func (p *Position) genLegal(buf []Move, first bool) []Move {
	buf = buf[:0]
	if p.R.Goal == GoalRace && p.raceOver() {
		return buf
	}
	b := p.B
	us := p.Side
	ksq := p.king[us]
	var ks kingSafety
	if ksq != NoSquare {
		p.findChecksAndPins(ksq, &ks)
		buf = p.kingMoves(buf, ksq)
		if ks.nCheckers >= 2 || first && len(buf) > 0 {
			return buf
		}
	}
	nCheckers, checkMask, nPins := ks.nCheckers, ks.checkMask, ks.nPins
	pinSq, pinMask := &ks.pinSq, &ks.pinMask

	for w := 0; w <= (b.N-1)>>6; w++ {
		word := p.occ[us][w]
		for word != 0 {
			from := Square(w<<6 + bits.TrailingZeros64(word))
			word &= word - 1
			pc := p.sq[from]
			t := pc.Type()
			if t == King {
				continue
			}
			// The squares this piece may move to: all, or restricted by
			// check and by a pin.
			restricted := nCheckers == 1
			mask := checkMask
			for i := 0; i < nPins; i++ {
				if pinSq[i] == from {
					if restricted {
						for j := range mask {
							mask[j] &= pinMask[i][j]
						}
					} else {
						mask = pinMask[i]
						restricted = true
					}
					break
				}
			}
			switch t {
			case Knight:
				for _, to := range b.knight[from] {
					tp := p.sq[to]
					if tp != NoPiece && tp.Color() == us {
						continue
					}
					if restricted && !mask.has(to) {
						continue
					}
					buf = append(buf, NewMove(from, to))
				}
			case Pawn:
				buf = p.pawnMoves(buf, from, restricted, &mask)
			default:
				rays := &b.rays[from]
				for d := 0; d < numDirs; d++ {
					if !slides(t, d) {
						continue
					}
					for _, to := range rays[d] {
						tp := p.sq[to]
						if tp != NoPiece && tp.Color() == us {
							break
						}
						if !restricted || mask.has(to) {
							buf = append(buf, NewMove(from, to))
						}
						if tp != NoPiece {
							break
						}
					}
				}
			}
			if first && len(buf) > 0 {
				return buf
			}
		}
	}
	if nCheckers == 0 && p.Castle != 0 && p.R.Castling && ksq != NoSquare {
		buf = p.castlingMoves(buf, ksq)
	}
	return buf
}

// kingSafety is what restricts the moves of the pieces other than the
// king: the checkers, and the pinned pieces with the squares each may
// still move to.
type kingSafety struct {
	// checkMask holds the squares that end the check (the checker and,
	// for a slider, the squares between) when nCheckers is 1.
	checkMask bitset
	nCheckers int
	// pinSq[i] is pinned to the king along the squares of pinMask[i],
	// for i below nPins.
	pinSq   [numDirs]Square
	pinMask [numDirs]bitset
	nPins   int
}

// findChecksAndPins fills ks for the king on ksq, walking out from it
// along every ray, then looking at the knight and pawn squares.
func (p *Position) findChecksAndPins(ksq Square, ks *kingSafety) {
	b := p.B
	us := p.Side
	them := us.Other()
	for d := 0; d < numDirs; d++ {
		var between bitset
		pinned := NoSquare
		for _, s := range b.rays[ksq][d] {
			pc := p.sq[s]
			if pc == NoPiece {
				between.set(s)
				continue
			}
			if pc.Color() == us {
				if pinned != NoSquare {
					break
				}
				pinned = s
				continue
			}
			if slides(pc.Type(), d) {
				between.set(s)
				if pinned == NoSquare {
					ks.nCheckers++
					ks.checkMask = between
				} else {
					ks.pinSq[ks.nPins] = pinned
					ks.pinMask[ks.nPins] = between
					ks.nPins++
				}
			}
			break
		}
	}
	kn := MakePiece(them, Knight)
	for _, t := range b.knight[ksq] {
		if p.sq[t] == kn {
			ks.nCheckers++
			ks.checkMask = bitset{}
			ks.checkMask.set(t)
		}
	}
	pw := MakePiece(them, Pawn)
	for _, t := range b.pawnAttack[us][ksq] {
		if p.sq[t] == pw {
			ks.nCheckers++
			ks.checkMask = bitset{}
			ks.checkMask.set(t)
		}
	}
}

// kingMoves appends the king's moves from ksq to squares not attacked
// once it has left ksq (castling apart).
func (p *Position) kingMoves(buf []Move, ksq Square) []Move {
	us := p.Side
	them := us.Other()
	for _, t := range p.B.king[ksq] {
		pc := p.sq[t]
		if pc != NoPiece && pc.Color() == us {
			continue
		}
		if !p.attackedIgnoring(t, them, ksq) {
			buf = append(buf, NewMove(ksq, t))
		}
	}
	return buf
}

// pawnMoves appends the legal moves of the pawn on from.
func (p *Position) pawnMoves(buf []Move, from Square, restricted bool, mask *bitset) []Move {
	b := p.B
	us := p.Side
	step := p.pawnStep(us)
	rank := b.Rank(from)
	lastRank := b.H - 1
	startRank := 1
	if us == Black {
		lastRank, startRank = 0, b.H-2
	}
	add := func(buf []Move, to Square) []Move {
		if b.Rank(to) != lastRank || p.R.Goal == GoalRace {
			return append(buf, NewMove(from, to))
		}
		for _, t := range promotionOrder {
			if p.R.Promotion&(1<<t) == 0 {
				continue
			}
			if p.R.PromoteToCaptured && int(p.count[us][t]) >= int(p.R.InitialMaterial[us][t]) {
				continue
			}
			buf = append(buf, newPromotion(from, to, t))
		}
		return buf
	}
	if (us == White && rank < b.H-1) || (us == Black && rank > 0) {
		to := from + step
		if p.sq[to] == NoPiece {
			if !restricted || mask.has(to) {
				buf = add(buf, to)
			}
			if p.R.DoubleStep && rank == startRank && b.H > 3 {
				to2 := to + step
				if b.Rank(to2) != lastRank && p.sq[to2] == NoPiece && (!restricted || mask.has(to2)) {
					buf = append(buf, NewMove(from, to2)|flagDouble)
				}
			}
		}
	}
	for _, to := range b.pawnAttack[us][from] {
		tp := p.sq[to]
		if tp != NoPiece && tp.Color() != us {
			if !restricted || mask.has(to) {
				buf = add(buf, to)
			}
		} else if to == p.EP && tp == NoPiece && p.R.EnPassant {
			m := NewMove(from, to) | flagEnPassant
			if p.legalByTrial(m) {
				buf = append(buf, m)
			}
		}
	}
	return buf
}

// promotionOrder is the order promotions are generated and listed in.
var promotionOrder = [...]PieceType{Queen, Rook, Bishop, Knight, King}

// legalByTrial plays m and reports whether the mover's king is safe after it.
func (p *Position) legalByTrial(m Move) bool {
	us := p.Side
	u := p.Make(m)
	k := p.king[us]
	ok := k == NoSquare || !p.Attacked(k, us.Other())
	p.Unmake(u)
	return ok
}

// castlingMoves appends the legal castling moves of a king on ksq not in check.
func (p *Position) castlingMoves(buf []Move, ksq Square) []Move {
	us := p.Side
	if ksq != p.castleKing[us] {
		return buf
	}
	b := p.B
	for i, kingSide := range []bool{true, false} {
		bit := uint8(1) << (int(us)*2 + i)
		if p.Castle&bit == 0 {
			continue
		}
		rs := p.castleRook[int(us)*2+i]
		if rs == NoSquare || p.sq[rs] != MakePiece(us, Rook) {
			continue
		}
		dir := Square(1)
		if !kingSide {
			dir = -1
		}
		kt := ksq + 2*dir
		rt := ksq + dir
		kf := b.File(ksq)
		if f := kf + 2*int(dir); f < 0 || f >= b.W {
			continue
		}
		// Every square the king or rook passes or lands on must be empty
		// but for the two castling pieces.
		lo, hi := min(ksq, rs, kt, rt), max(ksq, rs, kt, rt)
		clear := true
		for s := lo; s <= hi; s++ {
			if s != ksq && s != rs && p.sq[s] != NoPiece {
				clear = false
				break
			}
		}
		if !clear {
			continue
		}
		// The king may not pass through or land on an attacked square.
		// The castling rook leaves its square, so it shields nothing: an
		// enemy piece beyond it on the rank attacks the king's path.
		safe := true
		for s := ksq + dir; ; s += dir {
			if p.attackedIgnoring(s, us.Other(), rs) {
				safe = false
				break
			}
			if s == kt {
				break
			}
		}
		if safe {
			buf = append(buf, NewMove(ksq, kt)|flagCastle)
		}
	}
	return buf
}
