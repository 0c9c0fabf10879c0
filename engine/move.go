// JavaScript twin: templates/static/js/rules-move.js (ParseCoord: rules-san.js).

package engine

import (
	"fmt"
	"strings"
)

// Move is a move packed in 32 bits: from, to, promotion type and flags.
// The zero Move is NoMove.
type Move uint32

// NoMove is the absence of a move.
const NoMove Move = 0

const (
	flagEnPassant = 1 << 19
	flagCastle    = 1 << 20
	flagDouble    = 1 << 21
	flagValid     = 1 << 22 // keeps a1a1-like encodings distinct from NoMove
)

// NewMove returns a plain move from one square to another.
func NewMove(from, to Square) Move {
	return Move(uint32(from)&0xff | (uint32(to)&0xff)<<8 | flagValid)
}

func newPromotion(from, to Square, t PieceType) Move {
	return NewMove(from, to) | Move(t)<<16
}

// From returns the origin square.
func (m Move) From() Square { return Square(m & 0xff) }

// To returns the destination square (the king's, for castling).
func (m Move) To() Square { return Square(m >> 8 & 0xff) }

// Promotion returns the promotion type, or NoPieceType.
func (m Move) Promotion() PieceType { return PieceType(m >> 16 & 7) }

// IsEnPassant reports an en-passant capture.
func (m Move) IsEnPassant() bool { return m&flagEnPassant != 0 }

// IsCastle reports a castling move.
func (m Move) IsCastle() bool { return m&flagCastle != 0 }

// IsDoubleStep reports a pawn's two-square advance.
func (m Move) IsDoubleStep() bool { return m&flagDouble != 0 }

// Coord returns the move in coordinate notation on board b: "a1a3",
// "e7e8q"; castling is the king's move ("e1g1").
func (m Move) Coord(b *Board) string {
	if m == NoMove {
		return "0000"
	}
	s := b.Name(m.From()) + b.Name(m.To())
	if t := m.Promotion(); t != NoPieceType {
		s += string(t.Letter())
	}
	return s
}

// ParseCoord reads a move in coordinate notation ("a1a3", "e7e8q",
// "a10a12") and returns the matching legal move of p.
func (p *Position) ParseCoord(s string) (Move, error) {
	from, to, promo, err := p.B.splitCoord(s)
	if err != nil {
		return NoMove, err
	}
	var buf [MaxMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.From() == from && m.To() == to && m.Promotion() == promo {
			return m, nil
		}
	}
	return NoMove, p.whyIllegal(from, to, promo, s)
}

// CoordSquares returns the two squares of a move in coordinate notation
// ("a1a3", "e7e8q"), without asking whether it is legal anywhere: for a
// move already played, such as the one that led to a puzzle's start.
func (b *Board) CoordSquares(s string) (from, to Square, err error) {
	from, to, _, err = b.splitCoord(s)
	return from, to, err
}

// splitCoord parses the squares and promotion letter of a coordinate move.
func (b *Board) splitCoord(s string) (from, to Square, promo PieceType, err error) {
	orig := s
	s = strings.TrimSpace(s)
	// Split at the second file letter: the first square is a letter then digits.
	i := 1
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i == 1 || i >= len(s) {
		return NoSquare, NoSquare, 0, fmt.Errorf("bad move %q: want coordinates like a1a3 or e7e8q", orig)
	}
	j := i + 1
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i+1 {
		return NoSquare, NoSquare, 0, fmt.Errorf("bad move %q: want coordinates like a1a3 or e7e8q", orig)
	}
	if from, err = b.ParseSquare(s[:i]); err != nil {
		return NoSquare, NoSquare, 0, fmt.Errorf("bad move %q: %v", orig, err)
	}
	if to, err = b.ParseSquare(s[i:j]); err != nil {
		return NoSquare, NoSquare, 0, fmt.Errorf("bad move %q: %v", orig, err)
	}
	switch rest := s[j:]; {
	case rest == "":
	case len(rest) == 1 || (len(rest) == 2 && rest[0] == '='):
		t, ok := PieceTypeFromLetter(rest[len(rest)-1])
		if !ok || t == Pawn {
			return NoSquare, NoSquare, 0, fmt.Errorf("bad move %q: %q is not a promotion piece", orig, rest)
		}
		promo = t
	default:
		return NoSquare, NoSquare, 0, fmt.Errorf("bad move %q: unexpected %q after the squares", orig, rest)
	}
	return from, to, promo, nil
}
