package engine

// Perft counts the leaf nodes of the legal-move tree of the given depth,
// counting the last ply in bulk. It never adjudicates draws.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	return p.perft(depth, buf[:0])
}

func (p *Position) perft(depth int, buf []Move) uint64 {
	moves := p.LegalMoves(buf)
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	var next [MaxMoves]Move
	for _, m := range moves {
		u := p.Make(m)
		n += p.perft(depth-1, next[:0])
		p.Unmake(u)
	}
	return n
}

// PerftDivide returns each legal move's subtree count at the given depth.
func (p *Position) PerftDivide(depth int) map[Move]uint64 {
	out := map[Move]uint64{}
	var buf [MaxMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		u := p.Make(m)
		out[m] = p.Perft(depth - 1)
		p.Unmake(u)
	}
	return out
}
