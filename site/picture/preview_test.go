package picture

import (
	"bytes"
	"flag"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

var ogOut = flag.String("og-out", "", "write the preview images of TestOGImage to this `folder`, to look at them")

// ogCases are starts of each board family: the preview draws every
// piece of the start and leaves every other square plain.
var ogCases = []struct {
	name, start string
	lying       bool // drawn lying down: wider than tall
}{
	{"standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false},
	{"gardner", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", false},
	{"hexapawn", "ppp/3/PPP w - - 0 1", false},
	{"1d-12", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", true},
	{"thin-2x10", "x,bk/x,bb/x,bn/x,br/x,x/x,x/wr,x/wn,x/wb,x/wk,x:w", true},
}

func TestOGImage(t *testing.T) {
	for _, c := range ogCases {
		t.Run(c.name, func(t *testing.T) {
			p, err := engine.Parse(c.start, nil)
			if err != nil {
				t.Fatal(err)
			}
			data, err := Preview(p)
			if err != nil {
				t.Fatal(err)
			}
			again, err := Preview(p)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(data, again) {
				t.Error("two drawings of the same start differ")
			}
			if *ogOut != "" {
				if err := os.WriteFile(filepath.Join(*ogOut, c.name+".png"), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("not a PNG: %v", err)
			}
			if b := img.Bounds(); b.Dx() != Width || b.Dy() != Height {
				t.Fatalf("size %v, want %d×%d", b.Size(), Width, Height)
			}
			if _, ok := img.(*image.Paletted); !ok {
				t.Errorf("decoded as %T, want a paletted image (at most 256 colours)", img)
			}
			if len(data) > 24<<10 {
				t.Errorf("%d bytes, want at most 24 KiB", len(data))
			}
			board := boardBox(img)
			if lying := board.Dx() > board.Dy(); lying != c.lying && p.B.W != p.B.H {
				t.Errorf("board %v: lying = %v, want %v", board, lying, c.lying)
			}
			checkSquares(t, img, board, p, c.lying)
		})
	}
}

// boardBox is the bounding box of the pixels that are not the
// background.
func boardBox(img image.Image) image.Rectangle {
	var box image.Rectangle
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if rgba(img.At(x, y)) != ogColors.back {
				box = box.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return box
}

// checkSquares checks each square of the board in box: a piece's square
// shows its body and line colours over a good part of it, an empty one
// is its shade alone.
func checkSquares(t *testing.T, img image.Image, box image.Rectangle, p *engine.Position, lying bool) {
	b := p.B
	cols, rows := b.W, b.H
	if lying {
		cols, rows = b.H, b.W
	}
	sq := box.Dx() / cols
	if box.Dy() != rows*sq {
		t.Fatalf("board %v is not %d×%d squares of %d pixels", box, cols, rows, sq)
	}
	for s := engine.Square(0); int(s) < b.N; s++ {
		f, r := b.File(s), b.Rank(s)
		x, y := f, b.H-1-r
		if lying {
			x, y = r, b.W-1-f
		}
		at := image.Rect(box.Min.X+x*sq, box.Min.Y+y*sq, box.Min.X+(x+1)*sq, box.Min.Y+(y+1)*sq)
		count := map[color.RGBA]int{}
		for py := at.Min.Y; py < at.Max.Y; py++ {
			for px := at.Min.X; px < at.Max.X; px++ {
				count[rgba(img.At(px, py))]++
			}
		}
		shade := ogColors.light
		if (f+r)%2 == 0 {
			shade = ogColors.dark
		}
		area := sq * sq
		pc := p.At(s)
		if pc == engine.NoPiece {
			if count[shade] != area {
				t.Errorf("%s: empty, but only %d of %d pixels are its shade", b.Name(s), count[shade], area)
			}
			continue
		}
		body, line := ogColors.white, ogColors.whiteLine
		if pc.Color() == engine.Black {
			body, line = ogColors.black, ogColors.blackLine
		}
		// Every piece of the set covers over a twentieth of its square
		// with its body, and its outline a few percent.
		if count[body] < area/20 || count[line] < area/50 {
			t.Errorf("%s (%s): %d body and %d line pixels of %d: the piece is not drawn", b.Name(s), pc.Color().String()+" "+pc.Type().String(), count[body], count[line], area)
		}
	}
}

func rgba(c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

func TestParsePath(t *testing.T) {
	cases := []struct {
		d       string
		subs    int
		closed  bool
		wantErr string
	}{
		{"M0 0L10 0V10H0Z", 1, true, ""},
		{"M54 30C62 40 66 56 64 72", 1, false, ""},
		{"M0 0H5ZM10 10H20Z", 2, true, ""},
		{"L1 1", 0, false, "before any M"},
		{"M0 0Q1 1 2 2", 0, false, "unsupported command"},
		{"M0 0L1", 0, false, "bad number"},
		{"M0 0Lx 1", 0, false, "bad number"},
	}
	for _, c := range cases {
		subs, err := parsePath(c.d)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("parsePath(%q) = %v, want an error with %q", c.d, err, c.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("parsePath(%q): %v", c.d, err)
			continue
		}
		if len(subs) != c.subs || subs[0].closed != c.closed {
			t.Errorf("parsePath(%q) = %d subpaths, closed %v; want %d, %v", c.d, len(subs), subs[0].closed, c.subs, c.closed)
		}
	}
}

// TestPieceShapesParse checks that every path of the piece set is in the
// subset parsePath reads.
func TestPieceShapesParse(t *testing.T) {
	for pt, shapes := range Shapes {
		for _, s := range shapes {
			if _, err := parsePath(s.D); err != nil {
				t.Errorf("%v: %v", pt, err)
			}
		}
	}
}

func BenchmarkOGImage(b *testing.B) {
	for _, c := range ogCases {
		p, err := engine.Parse(c.start, nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Preview(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
