package puzzles

import (
	"strings"

	"github.com/thinchess/thinchess/engine"
)

// symmetry is one of the board transformations under which a position
// keeps its value: the identity, the left-right mirror (files reversed),
// the colour mirror (ranks reversed, colours and the side to move
// swapped) and both.
type symmetry struct {
	flipFiles, swapColours bool
}

var symmetries = []symmetry{{false, false}, {true, false}, {false, true}, {true, true}}

// allowed reports whether s maps p to a position of the same game. The
// left-right mirror needs a position without castling rights (castling is
// not symmetric); the colour mirror needs rules that treat both colours
// alike, which every preset does unless pieces promote to captured
// material that differs between the sides.
func (s symmetry) allowed(p *engine.Position) bool {
	if s.flipFiles && p.Castle != 0 {
		return false
	}
	if s.swapColours && p.R.PromoteToCaptured && p.R.InitialMaterial[engine.White] != p.R.InitialMaterial[engine.Black] {
		return false
	}
	return true
}

// key writes the image of p under s as a string: the cells top rank
// first, the side to move, the castling rights and the en-passant square.
// Two positions with the same key under some symmetry are the same puzzle.
func (s symmetry) key(p *engine.Position) string {
	b := p.B
	var sb strings.Builder
	for r := b.H - 1; r >= 0; r-- {
		sr := r
		if s.swapColours {
			sr = b.H - 1 - r
		}
		for f := 0; f < b.W; f++ {
			sf := f
			if s.flipFiles {
				sf = b.W - 1 - f
			}
			pc := p.At(b.Sq(sf, sr))
			if pc == engine.NoPiece {
				sb.WriteByte('.')
				continue
			}
			c := pc.Color()
			if s.swapColours {
				c = c.Other()
			}
			l := pc.Type().Letter()
			if c == engine.White {
				l -= 'a' - 'A'
			}
			sb.WriteByte(l)
		}
		sb.WriteByte('/')
	}
	side := p.Side
	if s.swapColours {
		side = side.Other()
	}
	sb.WriteString(" " + "wb"[side:side+1])
	castle := p.Castle
	if s.swapColours {
		castle = castle>>2&3 | castle&3<<2
	}
	sb.WriteByte(' ')
	sb.WriteByte('0' + castle) // one byte for the 16 possible sets of rights
	if p.EP != engine.NoSquare {
		f, r := b.File(p.EP), b.Rank(p.EP)
		if s.flipFiles {
			f = b.W - 1 - f
		}
		if s.swapColours {
			r = b.H - 1 - r
		}
		sb.WriteString(" " + b.Name(b.Sq(f, r)))
	}
	return sb.String()
}

// CanonicalKey identifies p up to symmetry: positions that are mirror
// images of each other (left-right on boards without castling rights,
// and colours swapped with the ranks reversed) have the same key. It is
// the least of the keys of p's images.
func CanonicalKey(p *engine.Position) string {
	best := ""
	for _, s := range symmetries {
		if !s.allowed(p) {
			continue
		}
		if k := s.key(p); best == "" || k < best {
			best = k
		}
	}
	return best
}
