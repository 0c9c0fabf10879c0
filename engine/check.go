package engine

// GivesCheck reports whether the legal move m leaves the opponent's king
// attacked: what InCheck reports after Make(m), found without making the
// move for a plain move (the moved piece attacks the king, or it uncovers
// a slider of the mover's behind it). Castling, en passant and promotion
// are made and taken back.
func (p *Position) GivesCheck(m Move) bool {
	ksq := p.king[p.Side.Other()]
	from, to := m.From(), m.To()
	if ksq == NoSquare || m.IsCastle() || m.IsEnPassant() || m.Promotion() != NoPieceType || to == ksq {
		u := p.Make(m)
		check := p.InCheck()
		p.Unmake(u)
		return check
	}
	return p.attacksAfter(p.sq[from], from, to, ksq) || p.uncovers(from, to, ksq)
}

// attacksAfter reports whether pc, moved from one square to another,
// attacks the square k from there.
func (p *Position) attacksAfter(pc Piece, from, to, k Square) bool {
	b := p.B
	switch t := pc.Type(); t {
	case Knight:
		return hasSquare(b.knight[k], to)
	case King:
		return hasSquare(b.king[k], to)
	case Pawn:
		return hasSquare(b.pawnAttack[pc.Color().Other()][k], to)
	default:
		d, ok := b.direction(k, to)
		if !ok || !slides(t, d) {
			return false
		}
		for _, s := range b.rays[k][d] {
			if s == to {
				return true
			}
			if s != from && p.sq[s] != NoPiece {
				return false
			}
		}
		return false
	}
}

// uncovers reports whether a piece leaving from for to opens a line from
// a slider of the side to move to the square k.
func (p *Position) uncovers(from, to, k Square) bool {
	d, ok := p.B.direction(k, from)
	if !ok {
		return false
	}
	passed := false
	for _, s := range p.B.rays[k][d] {
		switch {
		case s == to:
			return false
		case s == from:
			passed = true
		case p.sq[s] != NoPiece:
			pc := p.sq[s]
			return passed && pc.Color() == p.Side && slides(pc.Type(), d)
		}
	}
	return false
}

// direction returns the ray direction from one square to another on the
// same file, rank or diagonal.
func (b *Board) direction(from, to Square) (int, bool) {
	df := b.File(to) - b.File(from)
	dr := b.Rank(to) - b.Rank(from)
	switch {
	case df == 0 && dr > 0:
		return dirN, true
	case df == 0 && dr < 0:
		return dirS, true
	case dr == 0 && df > 0:
		return dirE, true
	case dr == 0 && df < 0:
		return dirW, true
	case df == dr && df > 0:
		return dirNE, true
	case df == dr && df < 0:
		return dirSW, true
	case df == -dr && df > 0:
		return dirSE, true
	case df == -dr && df < 0:
		return dirNW, true
	}
	return 0, false
}

func hasSquare(list []Square, s Square) bool {
	for _, t := range list {
		if t == s {
			return true
		}
	}
	return false
}
