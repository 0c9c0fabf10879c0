package picture

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"strconv"

	"github.com/klauspost/compress/zlib"
	"golang.org/x/image/vector"

	"github.com/thinchess/thinchess/engine"
)

// The preview image of a mode or pack page (og:image) is its start
// position drawn at build time, Width×Height pixels: the size link
// previews expect (1.91:1).
//
// It is drawn with golang.org/x/image/vector, the Go project's own
// anti-aliasing rasteriser (maintained with the x/ repositories, tagged
// releases, pure Go, no dependency beyond x/image): the pieces are the
// SVG path data of pieceShapes, so all a rasteriser has to do is fill
// and stroke those paths, which vector does with exact area coverage and
// native cubic curves. A full SVG rasteriser (oksvg with rasterx) is not
// on our module proxy, and tdewolff/canvas brings a text-shaping stack
// and untagged versions for what is ~100 lines here.
//
// The picture is a pure function of the position: the same start gives
// byte-identical PNG bytes (the float arithmetic is the same on every
// run of a binary; another CPU architecture may round differently).
const Width, Height = 1200, 630

// ogColors are the light theme's colours (templates/static/app.css).
var ogColors = struct {
	back, light, dark          color.RGBA
	white, whiteLine           color.RGBA
	black, blackLine           color.RGBA
	pieceStroke, pieceInset    float64 // in the piece's 100×100 grid; a fraction of the square
	margin, maxSquare, minEdge int
}{
	back:  color.RGBA{0x2f, 0x5d, 0x50, 0xff},
	light: color.RGBA{0xec, 0xdc, 0xb8, 0xff}, dark: color.RGBA{0x8c, 0x66, 0x42, 0xff},
	white: color.RGBA{0xff, 0xfd, 0xf5, 0xff}, whiteLine: color.RGBA{0x23, 0x20, 0x1c, 0xff},
	black: color.RGBA{0x2b, 0x26, 0x22, 0xff}, blackLine: color.RGBA{0xf6, 0xef, 0xe0, 0xff},
	pieceStroke: 3.5, pieceInset: 0.04,
	margin: 45, maxSquare: 180, minEdge: 8,
}

// Preview draws p on the theme's background, centred, with squares of
// a whole number of pixels, a board at least three times as long as it is
// wide lying down as on the home page's cards.
func Preview(p *engine.Position) ([]byte, error) {
	b := p.B
	cols, rows := b.W, b.H
	lying := WideBoard(b)
	if lying {
		cols, rows = b.H, b.W
	}
	k := ogColors
	sq := min((Width-2*k.margin)/cols, (Height-2*k.margin)/rows, k.maxSquare)
	if sq < k.minEdge {
		return nil, fmt.Errorf("preview image: a %d×%d board does not fit", b.W, b.H)
	}
	x0, y0 := (Width-cols*sq)/2, (Height-rows*sq)/2
	img := image.NewRGBA(image.Rect(0, 0, Width, Height))
	draw.Draw(img, img.Bounds(), image.NewUniform(k.back), image.Point{}, draw.Src)
	pieces := map[engine.Piece]*image.RGBA{}
	for s := engine.Square(0); int(s) < b.N; s++ {
		f, r := b.File(s), b.Rank(s)
		x, y := f, b.H-1-r
		if lying {
			x, y = r, b.W-1-f
		}
		at := image.Rect(x0+x*sq, y0+y*sq, x0+(x+1)*sq, y0+(y+1)*sq)
		shade := k.light
		if (f+r)%2 == 0 {
			shade = k.dark
		}
		draw.Draw(img, at, image.NewUniform(shade), image.Point{}, draw.Src)
		pc := p.At(s)
		if pc == engine.NoPiece {
			continue
		}
		if pieces[pc] == nil {
			var err error
			if pieces[pc], err = drawPiece(pc, sq); err != nil {
				return nil, err
			}
		}
		draw.Draw(img, at, pieces[pc], image.Point{}, draw.Over)
	}
	return encodePNG(img)
}

// drawPiece draws a piece on a transparent sq×sq square as the pages'
// CSS does: each shape of Shapes in order, its body filled (when
// it is filled) and then its outline stroked with round joins and caps.
func drawPiece(pc engine.Piece, sq int) (*image.RGBA, error) {
	k := ogColors
	body, line := k.white, k.whiteLine
	if pc.Color() == engine.Black {
		body, line = k.black, k.blackLine
	}
	scale := float32(float64(sq) * (1 - 2*k.pieceInset) / 100)
	off := float32(float64(sq) * k.pieceInset)
	img := image.NewRGBA(image.Rect(0, 0, sq, sq))
	z := vector.NewRasterizer(sq, sq)
	for _, s := range Shapes[pc.Type()] {
		subs, err := parsePath(s.D)
		if err != nil {
			return nil, err
		}
		for i := range subs {
			subs[i] = subs[i].transform(scale, off)
		}
		if s.Filled {
			z.Reset(sq, sq)
			for _, sp := range subs {
				sp.fill(z)
			}
			z.Draw(img, img.Bounds(), image.NewUniform(body), image.Point{})
		}
		z.Reset(sq, sq)
		for _, sp := range subs {
			sp.stroke(z, float32(k.pieceStroke)*scale/2)
		}
		z.Draw(img, img.Bounds(), image.NewUniform(line), image.Point{})
	}
	quantize(img, body, line)
	return img, nil
}

// quantize rounds each pixel of a drawn piece to one of ogOpacities
// opacities of one of ogMixes mixes of its body and line colours. Over a
// square, a piece then shows at most (ogOpacities-1)·ogMixes colours
// besides the square's own; two piece colours on two shades, plus the
// background, make at most 4·7·9+3 = 255: every preview is a paletted
// PNG, a third the size of RGB, with no loss visible at preview sizes.
func quantize(img *image.RGBA, body, line color.RGBA) {
	const na, nm = ogOpacities - 1, ogMixes - 1
	dr, dg, db := float64(line.R)-float64(body.R), float64(line.G)-float64(body.G), float64(line.B)-float64(body.B)
	dd := dr*dr + dg*dg + db*db
	for i := 0; i < len(img.Pix); i += 4 {
		a := float64(img.Pix[i+3]) / 255
		if a == 0 {
			continue
		}
		// The pixel is premultiplied: un-premultiply, then project its
		// colour on the segment from body to line.
		r, g, b := float64(img.Pix[i])/a, float64(img.Pix[i+1])/a, float64(img.Pix[i+2])/a
		m := ((r-float64(body.R))*dr + (g-float64(body.G))*dg + (b-float64(body.B))*db) / dd
		m = math.Round(math.Max(0, math.Min(1, m))*nm) / nm
		a = math.Round(a*na) / na
		mix := func(x, y uint8) uint8 { return uint8(math.Round((float64(x) + (float64(y)-float64(x))*m) * a)) }
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = mix(body.R, line.R), mix(body.G, line.G), mix(body.B, line.B), uint8(math.Round(a*255))
	}
}

// ogOpacities and ogMixes are the numbers of opacities (with none) and
// of colour mixes of a piece's pixels (see quantize).
const ogOpacities, ogMixes = 8, 9

// encodePNG writes img as an 8-bit paletted PNG when it has at most 256
// colours (a board with its quantized pieces has), else as RGB (should
// ogOpacities or ogMixes grow).
func encodePNG(img *image.RGBA) ([]byte, error) {
	if pal := paletteOf(img); pal != nil {
		return encodePaletted(pal)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// encodePaletted writes a paletted PNG, each row filtered "Up" (a row
// of flat squares becomes zeros), deflated by klauspost's zlib at level
// 7. Measured on the 5×5 start (2026-11-26, two busy cores): image/png
// at its best level took about 30 ms for 12.7 KB, this about 2.5 ms for
// 14.7 KB; a cold build draws dozens of previews.
func encodePaletted(img *image.Paletted) ([]byte, error) {
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	var buf bytes.Buffer
	buf.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, data []byte) {
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(data)))
		buf.Write(n[:])
		crc := crc32.NewIEEE()
		crc.Write([]byte(kind))
		crc.Write(data)
		buf.WriteString(kind)
		buf.Write(data)
		binary.BigEndian.PutUint32(n[:], crc.Sum32())
		buf.Write(n[:])
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 3 // 8 bits per index, colour type "palette"
	chunk("IHDR", ihdr)
	plte := make([]byte, 0, 3*len(img.Palette))
	for _, c := range img.Palette {
		r, g, b, _ := c.RGBA()
		plte = append(plte, uint8(r>>8), uint8(g>>8), uint8(b>>8))
	}
	chunk("PLTE", plte)
	var idat bytes.Buffer
	zw, err := zlib.NewWriterLevel(&idat, 7)
	if err != nil {
		return nil, err
	}
	row := make([]byte, 1+w)
	row[0] = 2 // filter type Up: each byte less the one above it
	for y := 0; y < h; y++ {
		cur := img.Pix[y*img.Stride : y*img.Stride+w]
		copy(row[1:], cur)
		if y > 0 {
			above := img.Pix[(y-1)*img.Stride:]
			for x := range cur {
				row[1+x] -= above[x]
			}
		}
		zw.Write(row)
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return buf.Bytes(), nil
}

// paletteOf returns img as a paletted image with its colours in order of
// first appearance, or nil when it has more than 256 or any that is not
// opaque (encodePaletted writes no transparency).
func paletteOf(img *image.RGBA) *image.Paletted {
	index := map[color.RGBA]uint8{}
	var pal color.Palette
	out := image.NewPaletted(img.Bounds(), nil)
	var last color.RGBA
	lastIdx := -1
	for i := 0; i < len(img.Pix); i += 4 {
		c := color.RGBA{img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3]}
		if c.A != 0xff {
			return nil
		}
		if lastIdx < 0 || c != last {
			n, ok := index[c]
			if !ok {
				if len(pal) == 256 {
					return nil
				}
				n = uint8(len(pal))
				index[c] = n
				pal = append(pal, c)
			}
			last, lastIdx = c, int(n)
		}
		out.Pix[i/4] = uint8(lastIdx)
	}
	out.Palette = pal
	return out
}

// subpath is one subpath of an SVG path: a start point and segments,
// each a line (c1 and c2 unused) or a cubic Bézier curve.
type subpath struct {
	start  point
	segs   []segment
	closed bool
}

type segment struct {
	cubic      bool
	c1, c2, to point
}

// parsePath reads a path of absolute M, L, H, V, C and Z commands (the
// subset the piece set uses) into subpaths.
func parsePath(d string) ([]subpath, error) {
	var subs []subpath
	var cur *subpath
	var at point
	sc := pathScanner{d: d}
	for {
		c, ok := sc.command()
		if !ok {
			break
		}
		if c != 'M' && cur == nil {
			return nil, fmt.Errorf("path %q: %q before any M", d, c)
		}
		var v []float64
		switch c {
		case 'M', 'L':
			v = sc.numbers(2)
		case 'H', 'V':
			v = sc.numbers(1)
		case 'C':
			v = sc.numbers(6)
		case 'Z':
		default:
			return nil, fmt.Errorf("path %q: unsupported command %q", d, c)
		}
		if sc.err != nil {
			return nil, sc.err
		}
		switch c {
		case 'M':
			at = point{v[0], v[1]}
			subs = append(subs, subpath{start: at})
			cur = &subs[len(subs)-1]
		case 'L':
			at = point{v[0], v[1]}
			cur.segs = append(cur.segs, segment{to: at})
		case 'H':
			at.x = v[0]
			cur.segs = append(cur.segs, segment{to: at})
		case 'V':
			at.y = v[0]
			cur.segs = append(cur.segs, segment{to: at})
		case 'C':
			at = point{v[4], v[5]}
			cur.segs = append(cur.segs, segment{cubic: true, c1: point{v[0], v[1]}, c2: point{v[2], v[3]}, to: at})
		case 'Z':
			cur.closed, at = true, cur.start
		}
	}
	return subs, nil
}

// pathScanner reads the commands and numbers of SVG path data.
type pathScanner struct {
	d   string
	i   int
	err error
}

func (s *pathScanner) skip() {
	for s.i < len(s.d) && (s.d[s.i] == ' ' || s.d[s.i] == ',') {
		s.i++
	}
}

// command returns the next command letter, false at the end.
func (s *pathScanner) command() (byte, bool) {
	s.skip()
	if s.i >= len(s.d) {
		return 0, false
	}
	s.i++
	return s.d[s.i-1], true
}

// numbers reads n numbers; on a bad one it sets err.
func (s *pathScanner) numbers(n int) []float64 {
	out := make([]float64, n)
	for k := range out {
		s.skip()
		j := s.i
		if j < len(s.d) && (s.d[j] == '-' || s.d[j] == '+') {
			j++
		}
		for j < len(s.d) && (s.d[j] >= '0' && s.d[j] <= '9' || s.d[j] == '.') {
			j++
		}
		v, err := strconv.ParseFloat(s.d[s.i:j], 64)
		if err != nil && s.err == nil {
			s.err = fmt.Errorf("path %q: bad number at offset %d", s.d, s.i)
		}
		out[k], s.i = v, j
	}
	return out
}

// transform scales a subpath by k and moves it by (off, off).
func (sp subpath) transform(k, off float32) subpath {
	t := func(p point) point { return point{p.x*float64(k) + float64(off), p.y*float64(k) + float64(off)} }
	out := subpath{start: t(sp.start), closed: sp.closed, segs: make([]segment, len(sp.segs))}
	for i, s := range sp.segs {
		out.segs[i] = segment{cubic: s.cubic, c1: t(s.c1), c2: t(s.c2), to: t(s.to)}
	}
	return out
}

// fill adds the subpath, closed, to z.
func (sp subpath) fill(z *vector.Rasterizer) {
	z.MoveTo(f32(sp.start))
	for _, s := range sp.segs {
		if s.cubic {
			x1, y1 := f32(s.c1)
			x2, y2 := f32(s.c2)
			x3, y3 := f32(s.to)
			z.CubeTo(x1, y1, x2, y2, x3, y3)
		} else {
			z.LineTo(f32(s.to))
		}
	}
	z.ClosePath()
}

// stroke adds the outline of the subpath, half width h, with round joins
// and caps: a rectangle along each flattened segment and a disc at each
// vertex. vector sums coverage and clamps it at full, so the overlapping
// pieces draw as one shape as long as all wind the same way.
func (sp subpath) stroke(z *vector.Rasterizer, h float32) {
	pts := sp.flatten()
	for i, p := range pts {
		disc(z, p, float64(h))
		if i == 0 {
			continue
		}
		q := pts[i-1]
		dx, dy := p.x-q.x, p.y-q.y
		l := math.Hypot(dx, dy)
		if l == 0 {
			continue
		}
		nx, ny := -dy/l*float64(h), dx/l*float64(h)
		z.MoveTo(f32(point{q.x - nx, q.y - ny}))
		z.LineTo(f32(point{p.x - nx, p.y - ny}))
		z.LineTo(f32(point{p.x + nx, p.y + ny}))
		z.LineTo(f32(point{q.x + nx, q.y + ny}))
		z.ClosePath()
	}
}

// flatten turns the subpath into a polyline (back to the start when it
// is closed), each curve in 16 straight steps.
func (sp subpath) flatten() []point {
	pts := []point{sp.start}
	at := sp.start
	for _, s := range sp.segs {
		if !s.cubic {
			pts = append(pts, s.to)
			at = s.to
			continue
		}
		const steps = 16
		for i := 1; i <= steps; i++ {
			t := float64(i) / steps
			u := 1 - t
			pts = append(pts, point{
				u*u*u*at.x + 3*u*u*t*s.c1.x + 3*u*t*t*s.c2.x + t*t*t*s.to.x,
				u*u*u*at.y + 3*u*u*t*s.c1.y + 3*u*t*t*s.c2.y + t*t*t*s.to.y,
			})
		}
		at = s.to
	}
	if sp.closed && at != sp.start {
		pts = append(pts, sp.start)
	}
	return pts
}

// disc adds a circle of radius r around c, in four cubic arcs winding
// the same way as stroke's rectangles.
func disc(z *vector.Rasterizer, c point, r float64) {
	const k = 0.5523
	z.MoveTo(f32(point{c.x + r, c.y}))
	arcs := [4][3]point{
		{{c.x + r, c.y + k*r}, {c.x + k*r, c.y + r}, {c.x, c.y + r}},
		{{c.x - k*r, c.y + r}, {c.x - r, c.y + k*r}, {c.x - r, c.y}},
		{{c.x - r, c.y - k*r}, {c.x - k*r, c.y - r}, {c.x, c.y - r}},
		{{c.x + k*r, c.y - r}, {c.x + r, c.y - k*r}, {c.x + r, c.y}},
	}
	for _, a := range arcs {
		x1, y1 := f32(a[0])
		x2, y2 := f32(a[1])
		x3, y3 := f32(a[2])
		z.CubeTo(x1, y1, x2, y2, x3, y3)
	}
	z.ClosePath()
}

func f32(p point) (float32, float32) { return float32(p.x), float32(p.y) }

// WideBoard reports whether a board is drawn lying down, as on the home
// page's cards: at least three times as long as it is wide.
func WideBoard(b *engine.Board) bool { return b.H >= 3*b.W && b.H > 3 }
