// JavaScript twin: templates/static/js/rules-order.js.

package engine

import "slices"

// CompareMoves orders moves canonically: by origin square index (a1 is 0,
// then along the first rank, then up the board), then destination square
// index, then promotion piece (knight, bishop, rook, queen). Castling
// sorts as the king's move and a ban as the move it bans.
//
// Every list of moves thinchess shows a person or writes out — best
// moves, principal variations (each the first best move in this order),
// puzzle solution trees, mined puzzles, explorer pages, JSON output — is
// in this order, so the CLI, the build and the browser give one answer.
// Note that it is not the order of the coordinate strings: a9a10 comes
// before a10a9 by square index but after it as text.
func CompareMoves(a, b Move) int {
	if a.From() != b.From() {
		return int(a.From()) - int(b.From())
	}
	if a.To() != b.To() {
		return int(a.To()) - int(b.To())
	}
	return int(a.Promotion()) - int(b.Promotion())
}

// SortMoves sorts moves in place in canonical order (see CompareMoves).
func SortMoves(moves []Move) { slices.SortFunc(moves, CompareMoves) }
