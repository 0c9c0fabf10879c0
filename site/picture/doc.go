// Package picture holds the piece set (drawn for thinchess, CC0; see
// templates/LICENSE-pieces) and the pictures the build draws from it:
// the PNG preview of a start position (a page's og:image), the app
// icons, and the pages' inline SVG: the sprite of pieces and icons made
// from the same Shapes, a board's markup (BoardView) and thumbnails.
//
// Every picture is a pure function of its input: the same position gives
// byte-identical PNG bytes on every run of a binary.
package picture
