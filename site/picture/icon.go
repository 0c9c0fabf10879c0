package picture

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"sort"
	"strconv"
	"sync"

	"github.com/thinchess/thinchess/engine"
)

// point is a point of a flattened path.
type point struct{ x, y float64 }

// flattenPath turns a path of absolute M, L, H, V, C and Z commands (the
// subset the piece set uses) into closed polygons.
func flattenPath(d string) ([][]point, error) {
	var polys [][]point
	var cur []point
	var at point
	i := 0
	num := func() (float64, error) {
		for i < len(d) && (d[i] == ' ' || d[i] == ',') {
			i++
		}
		j := i
		if j < len(d) && (d[j] == '-' || d[j] == '+') {
			j++
		}
		for j < len(d) && (d[j] >= '0' && d[j] <= '9' || d[j] == '.' || d[j] == 'e') {
			j++
		}
		v, err := strconv.ParseFloat(d[i:j], 64)
		if err != nil {
			return 0, fmt.Errorf("path %q: bad number at %d", d, i)
		}
		i = j
		return v, nil
	}
	nums := func(n int) ([]float64, error) {
		out := make([]float64, n)
		for k := range out {
			v, err := num()
			if err != nil {
				return nil, err
			}
			out[k] = v
		}
		return out, nil
	}
	closePoly := func() {
		if len(cur) > 2 {
			polys = append(polys, cur)
		}
		cur = nil
	}
	for i < len(d) {
		c := d[i]
		i++
		switch c {
		case ' ', ',':
			continue
		case 'M':
			v, err := nums(2)
			if err != nil {
				return nil, err
			}
			closePoly()
			at = point{v[0], v[1]}
			cur = []point{at}
		case 'L':
			v, err := nums(2)
			if err != nil {
				return nil, err
			}
			at = point{v[0], v[1]}
			cur = append(cur, at)
		case 'H':
			v, err := nums(1)
			if err != nil {
				return nil, err
			}
			at.x = v[0]
			cur = append(cur, at)
		case 'V':
			v, err := nums(1)
			if err != nil {
				return nil, err
			}
			at.y = v[0]
			cur = append(cur, at)
		case 'C':
			v, err := nums(6)
			if err != nil {
				return nil, err
			}
			p0, p1, p2, p3 := at, point{v[0], v[1]}, point{v[2], v[3]}, point{v[4], v[5]}
			const steps = 16
			for s := 1; s <= steps; s++ {
				t := float64(s) / steps
				u := 1 - t
				cur = append(cur, point{
					u*u*u*p0.x + 3*u*u*t*p1.x + 3*u*t*t*p2.x + t*t*t*p3.x,
					u*u*u*p0.y + 3*u*u*t*p1.y + 3*u*t*t*p2.y + t*t*t*p3.y,
				})
			}
			at = p3
		case 'Z':
			closePoly()
		default:
			return nil, fmt.Errorf("path %q: unsupported command %q", d, c)
		}
	}
	closePoly()
	return polys, nil
}

// Icon draws the app icon: a rounded square in the theme colour with
// the king silhouette in light ink. With maskable set, the piece keeps to
// the safe zone (the inner 80%) and the background fills the square.
func Icon(size int, maskable bool) ([]byte, error) {
	key := [2]int{size, 0}
	if maskable {
		key[1] = 1
	}
	if b, ok := iconMemo.Load(key); ok {
		return b.([]byte), nil
	}
	b, err := drawIconPNG(size, maskable)
	if err == nil {
		iconMemo.Store(key, b)
	}
	return b, err
}

// iconMemo keeps drawn icons for the life of the process (serve
// rebuilds draw them once).
var iconMemo sync.Map

func drawIconPNG(size int, maskable bool) ([]byte, error) {
	const ss = 4 // subsamples per pixel side
	n := size * ss
	var polys [][]point
	for _, s := range Shapes[engine.King] {
		if !s.Filled {
			continue
		}
		pp, err := flattenPath(s.D)
		if err != nil {
			return nil, err
		}
		polys = append(polys, pp...)
	}
	// The piece's 100×100 grid maps to the middle of the icon.
	scale, margin := 0.72, 0.14
	if maskable {
		scale, margin = 0.56, 0.22
	}
	k := float64(n) * scale / 100
	off := float64(n) * margin
	piece := make([]uint16, size*size)
	bg := make([]uint16, size*size)
	radius := float64(n) * 0.18
	if maskable {
		radius = 0
	}
	row := make([]bool, n)
	var xs []float64
	for sy := 0; sy < n; sy++ {
		y := float64(sy) + 0.5
		for i := range row {
			row[i] = false
		}
		for _, poly := range polys {
			xs = xs[:0]
			for i := range poly {
				a, b := poly[i], poly[(i+1)%len(poly)]
				ay, by := a.y*k+off, b.y*k+off
				if (ay <= y) == (by <= y) {
					continue
				}
				ax, bx := a.x*k+off, b.x*k+off
				xs = append(xs, ax+(y-ay)*(bx-ax)/(by-ay))
			}
			sort.Float64s(xs)
			for i := 0; i+1 < len(xs); i += 2 {
				from, to := int(math.Ceil(xs[i]-0.5)), int(math.Floor(xs[i+1]-0.5))
				for x := max(from, 0); x <= min(to, n-1); x++ {
					row[x] = true
				}
			}
		}
		for sx := 0; sx < n; sx++ {
			idx := (sy/ss)*size + sx/ss
			if row[sx] {
				piece[idx]++
			}
			if insideRounded(float64(sx)+0.5, y, float64(n), radius) {
				bg[idx]++
			}
		}
	}
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	back := color.NRGBA{0x2f, 0x5d, 0x50, 0xff}
	ink := color.NRGBA{0xf4, 0xf1, 0xe8, 0xff}
	full := float64(ss * ss)
	for i := range piece {
		a := float64(bg[i]) / full
		f := float64(piece[i]) / full
		mix := func(b, i uint8) uint8 { return uint8(math.Round(float64(b)*(1-f) + float64(i)*f)) }
		img.Pix[i*4+0] = mix(back.R, ink.R)
		img.Pix[i*4+1] = mix(back.G, ink.G)
		img.Pix[i*4+2] = mix(back.B, ink.B)
		img.Pix[i*4+3] = uint8(math.Round(255 * a))
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// insideRounded reports whether (x, y) lies in the n×n square with
// corners rounded by radius r.
func insideRounded(x, y, n, r float64) bool {
	if r <= 0 {
		return true
	}
	cx := math.Max(r, math.Min(x, n-r))
	cy := math.Max(r, math.Min(y, n-r))
	dx, dy := x-cx, y-cy
	return dx*dx+dy*dy <= r*r
}
