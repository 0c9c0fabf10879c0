// Package picture holds the piece set (drawn for thinchess, CC0; see
// templates/LICENSE-pieces) and the pictures the build draws from it:
// the PNG preview of a start position (a page's og:image) and the app
// icons. The site's inline SVG sprite is made from the same Shapes.
//
// Every picture is a pure function of its input: the same position gives
// byte-identical PNG bytes on every run of a binary.
package picture
