package site

import (
	"fmt"
	"html"
	"strings"

	"github.com/thinchess/thinchess/engine"
)

// The piece set is drawn for thinchess (CC0; see templates/LICENSE-pieces)
// on a 100×100 grid. Each piece is a list of shapes: filled shapes take
// the piece's body colour, outlines are strokes in its line colour. The
// same paths make the inline SVG sprite the pages use and the PNG icons
// the build rasterizes.
type pieceShape struct {
	d      string
	filled bool
}

// circle returns a path for a circle drawn with four cubic arcs.
func circle(cx, cy, r float64) string {
	k := 0.5523 * r
	return fmt.Sprintf("M%g %gC%g %g %g %g %g %gC%g %g %g %g %g %gC%g %g %g %g %g %gC%g %g %g %g %g %gZ",
		cx+r, cy,
		cx+r, cy+k, cx+k, cy+r, cx, cy+r,
		cx-k, cy+r, cx-r, cy+k, cx-r, cy,
		cx-r, cy-k, cx-k, cy-r, cx, cy-r,
		cx+k, cy-r, cx+r, cy-k, cx+r, cy)
}

// rect returns a path for an axis-aligned rectangle.
func rect(x, y, w, h float64) string {
	return fmt.Sprintf("M%g %gH%gV%gH%gZ", x, y, x+w, y+h, x)
}

var pieceShapes = map[engine.PieceType][]pieceShape{
	engine.Pawn: {
		{"M33 80C33 64 40 54 50 48C60 54 67 64 67 80Z", true},
		{circle(50, 34, 13), true},
		{rect(24, 78, 52, 11), true},
	},
	engine.Knight: {
		{"M34 80C34 66 42 60 47 51C40 53 32 58 25 55C19 52 18 45 23 41C31 34 37 27 43 21L43 11L50 18C54 16 58 16 61 18L63 11L67 22C78 33 82 55 76 80Z", true},
		{circle(45, 31, 3), false},
		{"M54 30C62 40 66 56 64 72", false},
		{rect(24, 78, 56, 11), true},
	},
	engine.Bishop: {
		{"M34 82C34 73 40 69 44 67L56 67C60 69 66 73 66 82Z", true},
		{"M50 16C37 29 31 42 36 54C40 62 60 62 64 54C69 42 63 29 50 16Z", true},
		{rect(36, 59, 28, 9), true},
		{circle(50, 12, 5), true},
		{"M50 31L50 47M42 39L58 39", false},
		{rect(24, 80, 52, 9), true},
	},
	engine.Rook: {
		{"M31 80L34 42L66 42L69 80Z", true},
		{"M26 42L26 17L36 17L36 25L45 25L45 17L55 17L55 25L64 25L64 17L74 17L74 42Z", true},
		{"M34 50H66M32 70H68", false},
		{rect(22, 78, 56, 11), true},
	},
	engine.Queen: {
		{"M29 80L20 34L35 57L35 25L44 53L50 21L56 53L65 25L65 57L80 34L71 80Z", true},
		{circle(20, 31, 5), true},
		{circle(35, 22, 5), true},
		{circle(50, 18, 5), true},
		{circle(65, 22, 5), true},
		{circle(80, 31, 5), true},
		{"M31 68H69", false},
		{rect(22, 78, 56, 11), true},
	},
	engine.King: {
		{"M28 80C21 62 19 48 30 42C38 38 46 42 50 51C54 42 62 38 70 42C81 48 79 62 72 80Z", true},
		{"M46 9H54V17H62V25H54V44H46V25H38V17H46Z", true},
		{"M31 68H69", false},
		{rect(22, 78, 56, 11), true},
	},
}

// pieceLetters orders the sprite's symbols.
var pieceOrder = []engine.PieceType{engine.King, engine.Queen, engine.Rook, engine.Bishop, engine.Knight, engine.Pawn}

// pieceSprite returns an inline, invisible SVG holding one <symbol> per
// piece type, id "p-k", "p-q", …; boards draw a piece with
// <svg class="pc w"><use href="#p-k"/></svg>, the colours coming from CSS.
func pieceSprite() string {
	var b strings.Builder
	b.WriteString(`<svg class="sprite" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg"><defs>`)
	for _, t := range pieceOrder {
		fmt.Fprintf(&b, `<symbol id="p-%c" viewBox="0 0 100 100">`, t.Letter())
		for _, s := range pieceShapes[t] {
			if s.filled {
				fmt.Fprintf(&b, `<path d="%s"/>`, s.d)
			} else {
				fmt.Fprintf(&b, `<path fill="none" d="%s"/>`, s.d)
			}
		}
		b.WriteString(`</symbol>`)
	}
	b.WriteString(`</defs></svg>`)
	return b.String()
}

// pieceName returns "white knight" for a piece.
func pieceName(pc engine.Piece) string {
	return pc.Color().String() + " " + pc.Type().String()
}

// colorClass returns the CSS class of a piece's colour: "w" or "b".
func colorClass(c engine.Color) string {
	if c == engine.White {
		return "w"
	}
	return "b"
}

// boardThumbnail returns a small inline SVG picture of a position for the
// home page. A board at least three times as long as it is wide is drawn
// lying down, rank 1 on the left and file a at the bottom, so a long thin
// board stays readable.
func boardThumbnail(p *engine.Position, label string) string {
	b := p.B
	cols, rows := b.W, b.H
	lying := b.H >= 3*b.W && b.H > 3
	if lying {
		cols, rows = b.H, b.W
	}
	const cell = 10
	var s strings.Builder
	size := ""
	if lying {
		size = fmt.Sprintf(` width="%d"`, cols*18) // 18 px squares, scaled down to fit the card
	}
	fmt.Fprintf(&s, `<svg class="thumb" viewBox="0 0 %d %d"%s role="img" aria-label="%s" xmlns="http://www.w3.org/2000/svg">`,
		cols*cell, rows*cell, size, html.EscapeString(label))
	var pieces strings.Builder
	for sq := engine.Square(0); int(sq) < b.N; sq++ {
		f, r := b.File(sq), b.Rank(sq)
		x, y := f, b.H-1-r
		if lying {
			x, y = r, b.W-1-f
		}
		shade := "l"
		if (f+r)%2 == 0 {
			shade = "d"
		}
		fmt.Fprintf(&s, `<rect class="%s" x="%d" y="%d" width="%d" height="%d"/>`, shade, x*cell, y*cell, cell, cell)
		if pc := p.At(sq); pc != engine.NoPiece {
			fmt.Fprintf(&pieces, `<use class="pc %s" href="#p-%c" x="%d" y="%d" width="%d" height="%d"/>`,
				colorClass(pc.Color()), pc.Type().Letter(), x*cell, y*cell, cell, cell)
		}
	}
	s.WriteString(pieces.String())
	s.WriteString(`</svg>`)
	return s.String()
}

// squareView is one square of a board rendered at build time.
type squareView struct {
	Name   string
	Label  string
	Dark   bool
	Piece  string // "w k" style: colour class and type letter, "" when empty
	Color  string
	Letter string
	File   string // the file letter shown on the bottom rank, else ""
	Rank   string // the rank number shown on the first file, else ""
	// Tab marks the one square in the tab order (the top-left one); the
	// board script moves it with the arrow keys.
	Tab bool
}

// boardView is the board markup of a position, top rank first, as the
// page JavaScript later redraws it.
type boardView struct {
	W, H    int
	Squares []squareView
}

// newBoardView lays out p for the board template.
func newBoardView(p *engine.Position) boardView {
	b := p.B
	v := boardView{W: b.W, H: b.H}
	for r := b.H - 1; r >= 0; r-- {
		for f := 0; f < b.W; f++ {
			sq := b.Sq(f, r)
			sv := squareView{Name: b.Name(sq), Dark: (f+r)%2 == 0, Tab: len(v.Squares) == 0}
			sv.Label = sv.Name + ", empty"
			if pc := p.At(sq); pc != engine.NoPiece {
				sv.Label = sv.Name + ", " + pieceName(pc)
				sv.Color = colorClass(pc.Color())
				sv.Letter = string(pc.Type().Letter())
			}
			if r == 0 {
				sv.File = string(rune('a' + f))
			}
			if f == 0 {
				sv.Rank = fmt.Sprint(r + 1)
			}
			v.Squares = append(v.Squares, sv)
		}
	}
	return v
}
