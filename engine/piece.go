// JavaScript twin: templates/static/js/rules-piece.js.

package engine

// Color is the side a piece belongs to, or the side to move.
type Color uint8

// The two sides.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opposing side.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Title returns "White" or "Black", for the start of a sentence.
func (c Color) Title() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// PieceType is a kind of piece regardless of colour.
type PieceType uint8

// Piece types. NoPieceType marks an empty square.
const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

var typeLetters = [...]byte{0, 'p', 'n', 'b', 'r', 'q', 'k'}
var typeNames = [...]string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}

// Letter returns the lower-case letter of the type ('p', 'n', …), or 0.
func (t PieceType) Letter() byte {
	if int(t) < len(typeLetters) {
		return typeLetters[t]
	}
	return 0
}

// String returns the English name of the type ("knight").
func (t PieceType) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "?"
}

// PieceTypeFromLetter parses one letter, either case.
func PieceTypeFromLetter(b byte) (PieceType, bool) {
	if b >= 'A' && b <= 'Z' {
		b += 'a' - 'A'
	}
	for t := Pawn; t <= King; t++ {
		if typeLetters[t] == b {
			return t, true
		}
	}
	return NoPieceType, false
}

// Piece is a coloured piece; the zero value NoPiece is an empty square.
// The low three bits hold the type, bit 3 the colour.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// MakePiece returns the piece of type t and colour c.
func MakePiece(c Color, t PieceType) Piece { return Piece(t) | Piece(c)<<3 }

// Type returns the piece's type.
func (p Piece) Type() PieceType { return PieceType(p & 7) }

// Color returns the piece's colour (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 3) }

// FENLetter returns the piece's FEN letter: upper case for White.
func (p Piece) FENLetter() byte {
	l := p.Type().Letter()
	if p.Color() == White {
		l -= 'a' - 'A'
	}
	return l
}

// String names the piece, e.g. "white knight".
func (p Piece) String() string {
	if p == NoPiece {
		return "empty"
	}
	return p.Color().String() + " " + p.Type().String()
}
