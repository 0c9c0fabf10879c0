package main

import (
	"fmt"
	"sync"

	"github.com/corentings/chess/v2"
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/par"
)

// benchCase is a position searched by both programs.
type benchCase struct {
	name  string
	fen   string
	depth int
	nodes uint64 // the reference count at depth
}

var benchCases = []benchCase{
	{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
}

// ourPosition parses fen for thinchess under the chess preset.
func ourPosition(fen string) (*engine.Position, error) {
	return engine.Parse(fen, engine.MustPreset("chess"))
}

// ourPerft counts with thinchess: Perft on one goroutine, PerftParallel
// on every core (par.Each, as the CLI counts) for more workers.
func ourPerft(p *engine.Position, depth, workers int) uint64 {
	if workers <= 1 {
		return p.Perft(depth)
	}
	return p.PerftParallel(depth, par.Each)
}

// peerPosition parses fen for the peer.
func peerPosition(fen string) (*chess.Position, error) {
	pos := &chess.Position{}
	if err := pos.UnmarshalText([]byte(fen)); err != nil {
		return nil, fmt.Errorf("peer: %v", err)
	}
	return pos, nil
}

// peerPerft counts the peer's legal-move tree, the last ply in bulk: at
// depth 1 it counts the moves instead of playing them.
func peerPerft(pos *chess.Position, depth int) uint64 {
	moves := pos.ValidMoves()
	if depth <= 1 {
		if depth <= 0 {
			return 1
		}
		return uint64(len(moves))
	}
	var n uint64
	for i := range moves {
		n += peerPerft(pos.Update(&moves[i]), depth-1)
	}
	return n
}

// peerPerftParallel splits the peer's root moves over workers goroutines.
// Update returns a fresh position, so the goroutines share nothing but
// the root, whose moves are generated before they start.
func peerPerftParallel(pos *chess.Position, depth, workers int) uint64 {
	if workers <= 1 || depth <= 1 {
		return peerPerft(pos, depth)
	}
	moves := pos.ValidMoves()
	counts := make([]uint64, len(moves))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				counts[i] = peerPerft(pos.Update(&moves[i]), depth-1)
			}
		}()
	}
	for i := range moves {
		next <- i
	}
	close(next)
	wg.Wait()
	var n uint64
	for _, c := range counts {
		n += c
	}
	return n
}
