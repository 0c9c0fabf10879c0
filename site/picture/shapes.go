package picture

import (
	"fmt"

	"github.com/thinchess/thinchess/engine"
)

// The piece set is drawn for thinchess (CC0; see templates/LICENSE-pieces)
// on a 100×100 grid. Each piece is a list of shapes: filled shapes take
// the piece's body colour, outlines are strokes in its line colour. The
// same paths make the inline SVG sprite the pages use and the PNG icons
// the build rasterizes.
type Shape struct {
	D      string // SVG path data, absolute M, L, H, V, C and Z commands
	Filled bool   // a body in the piece's colour; else an outline
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

// Shapes are the piece set's shapes by piece type, drawn in order.
var Shapes = map[engine.PieceType][]Shape{
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

// Order orders the piece types, king first.
var Order = []engine.PieceType{engine.King, engine.Queen, engine.Rook, engine.Bishop, engine.Knight, engine.Pawn}
