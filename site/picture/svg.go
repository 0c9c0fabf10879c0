package picture

import (
	"fmt"
	"html"
	"html/template"
	"strings"

	"github.com/thinchess/thinchess/engine"
)

// uiIcons are the pages' icons, drawn as strokes in the text's colour on
// a 24×24 grid, so that they show wherever the page does (emoji need a
// font many systems lack). A page draws one with
// <svg class="ic"><use href="#i-undo"/></svg>.
var uiIcons = []struct{ id, d string }{
	{"menu", "M4 7h16M4 12h16M4 17h16"},
	{"undo", "M9 14 4 9l5-5M4 9h10.5a5.5 5.5 0 0 1 0 11H11"},
	{"redo", "m15 14 5-5-5-5M20 9H9.5a5.5 5.5 0 0 0 0 11H13"},
	{"reset", "M3.5 12a8.5 8.5 0 1 0 2.5-6M3.5 3.5V9H9"},
	{"flip", "M7 20V4M3 8l4-4 4 4M17 4v16M13 16l4 4 4-4"},
	{"swap", "M4 8h15M15 4l4 4-4 4M20 16H5M9 12l-4 4 4 4"},
	{"best", "M9 18h6M10 21h4M12 3a6 6 0 0 0-4 10.5c.8.8 1 1.5 1 2.5h6c0-1 .2-1.7 1-2.5A6 6 0 0 0 12 3Z"},
	{"solve", "M10.5 4a6.5 6.5 0 1 0 0 13 6.5 6.5 0 0 0 0-13ZM15.5 15.5 20 20"},
	{"x", "M6 6l12 12M18 6 6 18"},
	{"check", "m5 12.5 4.5 4.5L19 7"},
	{"ban", "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18ZM5.6 5.6l12.8 12.8"},
	{"play", "M8 5v14l11-7Z"},
	{"pick", "M4 9.5C8 5.5 16 5.5 20 9.5M12 7v14"},
	{"star", "m12 3 2.7 5.6 6.1.8-4.5 4.2 1.1 6.1L12 16.8l-5.4 2.9 1.1-6.1-4.5-4.2 6.1-.8Z"},
}

// Sprite returns an inline, invisible SVG holding one <symbol> per
// piece type, id "p-k", "p-q", …, and one per icon of uiIcons, id
// "i-menu", …; boards draw a piece with
// <svg class="pc w"><use href="#p-k"/></svg>, the colours coming from CSS.
func Sprite() string {
	var b strings.Builder
	b.WriteString(`<svg class="sprite" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg"><defs>`)
	for _, t := range Order {
		fmt.Fprintf(&b, `<symbol id="p-%c" viewBox="0 0 100 100">`, t.Letter())
		for _, s := range Shapes[t] {
			if s.Filled {
				fmt.Fprintf(&b, `<path d="%s"/>`, s.D)
			} else {
				fmt.Fprintf(&b, `<path fill="none" d="%s"/>`, s.D)
			}
		}
		b.WriteString(`</symbol>`)
	}
	for _, ic := range uiIcons {
		// A star takes its fill from CSS (.star.on): a difficulty's earned
		// stars are full, the others outlines.
		fill := ` fill="none"`
		if ic.id == "star" {
			fill = ""
		}
		fmt.Fprintf(&b, `<symbol id="i-%s" viewBox="0 0 24 24"><path d="%s"%s stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></symbol>`, ic.id, ic.d, fill)
	}
	b.WriteString(`</defs></svg>`)
	return b.String()
}

// iconPieces are the piece names and symbols a mode's or pack's icon
// may be, drawn with the piece set.
var iconPieces = map[string]byte{
	"king": 'k', "queen": 'q', "rook": 'r', "bishop": 'b', "knight": 'n', "pawn": 'p',
	"♔": 'k', "♕": 'q', "♖": 'r', "♗": 'b', "♘": 'n', "♙": 'p',
	"♚": 'k', "♛": 'q', "♜": 'r', "♝": 'b', "♞": 'n', "♟": 'p',
}

// iconSigns are the other icons a mode or pack may name, by name or by
// the emoji they stand for: their uiIcons id.
var iconSigns = map[string]string{"ban": "ban", "🚫": "ban", "⛔": "ban", "pick": "pick", "⛏": "pick"}

// IconHTML draws a mode's or a pack's icon: a piece's name or symbol
// with the piece set, "ban" and "pick" (or their emoji) as signs,
// anything else (another emoji, say) as the text itself, which shows
// only where a font has it. It is decorative: hidden from screen
// readers, which read the title.
func IconHTML(icon string) template.HTML {
	// U+FE0F asks for the emoji form of a symbol: the same icon.
	key := strings.ToLower(strings.TrimSpace(strings.ReplaceAll(icon, "\uFE0F", "")))
	l, piece := iconPieces[key]
	sign, isSign := iconSigns[key]
	switch {
	case key == "":
		return ""
	case piece:
		return template.HTML(fmt.Sprintf(`<svg class="icon icon-piece" aria-hidden="true" focusable="false"><use href="#p-%c"/></svg>`, l))
	case isSign:
		return template.HTML(`<svg class="icon ic" aria-hidden="true" focusable="false"><use href="#i-` + sign + `"/></svg>`)
	}
	return template.HTML(`<span class="icon" aria-hidden="true">` + html.EscapeString(icon) + `</span>`)
}

// PieceName returns "white knight" for a piece.
func PieceName(pc engine.Piece) string {
	return pc.Color().String() + " " + pc.Type().String()
}

// ColorClass returns the CSS class of a piece's colour: "w" or "b".
func ColorClass(c engine.Color) string {
	if c == engine.White {
		return "w"
	}
	return "b"
}

// Thumbnail returns a small inline SVG picture of a position for the
// home page. A board at least three times as long as it is wide is drawn
// lying down, rank 1 on the left and file a at the bottom, across the
// card, so a long thin board stays readable.
func Thumbnail(p *engine.Position, label string) string {
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
		size = fmt.Sprintf(` width="%d"`, cols*30) // 30 px squares, scaled down to fit the card
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
				ColorClass(pc.Color()), pc.Type().Letter(), x*cell, y*cell, cell, cell)
		}
	}
	s.WriteString(pieces.String())
	s.WriteString(`</svg>`)
	return s.String()
}

// SquareView is one square of a board rendered at build time.
type SquareView struct {
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

// BoardView is the board markup of a position, top rank first, as the
// page JavaScript later redraws it.
type BoardView struct {
	W, H    int
	Squares []SquareView
}

// Tall reports a board at least twice as tall as it is wide: on a phone
// it stands beside the game (the page's first guess; board.js measures
// and may choose otherwise).
func (v BoardView) Tall() bool { return v.H >= 2*v.W }

// NewBoardView lays out p for the board template.
func NewBoardView(p *engine.Position) BoardView {
	b := p.B
	v := BoardView{W: b.W, H: b.H}
	for r := b.H - 1; r >= 0; r-- {
		for f := 0; f < b.W; f++ {
			sq := b.Sq(f, r)
			sv := SquareView{Name: b.Name(sq), Dark: (f+r)%2 == 0, Tab: len(v.Squares) == 0}
			sv.Label = sv.Name + ", empty"
			if pc := p.At(sq); pc != engine.NoPiece {
				sv.Label = sv.Name + ", " + PieceName(pc)
				sv.Color = ColorClass(pc.Color())
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
