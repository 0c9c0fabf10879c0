// Package engine holds the rules of thinchess: boards of any size from
// 1×1 to 16×16, pieces, positions, legal move generation with make/unmake,
// the rule presets (1d, chess, gardner, losalamos, race) and the notations
// (position code, FEN, SAN, coordinates, PGN).
//
// A position is read from either notation and explored move by move:
//
//	p, err := engine.Parse("bk,bn,br,x,x,wr,wn,wk:w", nil) // 1-D, preset 1d
//	if err != nil { … }
//	var buf [engine.MaxMoves]engine.Move
//	for _, m := range p.LegalMoves(buf[:0]) {
//		u := p.Make(m)
//		// … look at p …
//		p.Unmake(u)
//	}
//
// The hot path (LegalMoves, Make, Unmake) allocates nothing: positions are
// plain values, the caller owns the move buffer and every geometric table
// is computed once per board shape.
package engine
