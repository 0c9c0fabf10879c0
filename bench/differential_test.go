package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/corentings/chess/v2"
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
)

var (
	diffGames = flag.Int("diff.games", 2000, "random games TestDifferentialChess plays (a tenth under -short)")
	diffSeed  = flag.Uint64("diff.seed", 1, "seed of TestDifferentialChess's games; game i uses the PCG stream (seed, i)")
)

// diffStarts are the positions the differential games start from, in
// turn: the standard start most often, and positions that bring castling
// rights under attack, en passant, promotions, and material one capture
// from insufficient sooner than random play from the start would.
var diffStarts = []string{
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"4k3/8/8/8/1p1p1p1p/8/PPPPPPPP/4K3 w - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k3/PPP5/8/8/8/8/5ppp/2K4R w - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"4k3/8/8/3n4/8/8/3R4/4K3 w - - 0 1",
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
}

// TestDifferentialChess plays random games of standard chess (2,000 by
// default, -diff.games raises it; seeded by -diff.seed, so a run is
// repeatable) and at every position compares thinchess with
// corentings/chess: the set of legal moves as UCI strings, the halfmove
// clock, and the game's status where both libraries define it:
//
//   - checkmate and stalemate;
//   - insufficient material: both call bare kings, and a king and one
//     minor piece against a bare king, insufficient; the peer also counts
//     bishops all on squares of one colour, which thinchess plays on, so
//     positions with two or more minor pieces and nothing else are not
//     compared;
//   - the fifty-move rule: a clock of 100 (for the peer, a draw that may
//     be claimed);
//   - threefold repetition, counted here over the peer's positions (its
//     own count, in Game, is quadratic in the game's length). The peer
//     keeps an en-passant target after every double step; repetition keys
//     keep it only when the peer can legally take onto it (FIDE 9.2.3),
//     as thinchess does.
//
// One game in five takes moves back to repeat positions; one in five
// starts with the clock at 95 and avoids pawn moves and captures. A
// disagreement prints the game's number, its moves and the position's
// FEN. Two bugs of the peer (v2.3.2) are worked around: its FEN reader is
// not safe for concurrent use, and it marks every promotion as check
// when the queen promotion checks (see playDifferential).
func TestDifferentialChess(t *testing.T) {
	games := *diffGames
	if testing.Short() {
		games /= 10
	}
	var (
		mu       sync.Mutex
		failures []string
		met      = map[string]int{}
	)
	next := make(chan int)
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			seen := map[string]int{}
			for i := range next {
				if err := playDifferential(i, seen); err != nil {
					mu.Lock()
					failures = append(failures, err.Error())
					mu.Unlock()
				}
			}
			mu.Lock()
			for k, n := range seen {
				met[k] += n
			}
			mu.Unlock()
		}()
	}
	for i := range games {
		mu.Lock()
		stop := len(failures) >= 5
		mu.Unlock()
		if stop {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	slices.Sort(failures)
	for _, f := range failures {
		t.Error(f)
	}
	t.Logf("%d games (seed %d): %v", games, *diffSeed, met)
}

// playDifferential plays game i and compares the two libraries at each
// of its positions, counting in met what it saw.
func playDifferential(i int, met map[string]int) error {
	rng := rand.New(rand.NewPCG(*diffSeed, uint64(i)))
	start := diffStarts[i%len(diffStarts)]
	repeating, quiet := rng.IntN(5) == 0, rng.IntN(5) == 1
	if quiet {
		start = strings.Replace(start, " 0 1", " 95 1", 1)
	}
	ours, err := engine.Parse(start, engine.MustPreset("chess"))
	if err != nil {
		return fmt.Errorf("game %d: %v", i, err)
	}
	gm := game.New(ours)
	peer, err := peerFromFEN(start)
	if err != nil {
		return fmt.Errorf("game %d: %v", i, err)
	}
	key := peerKey(peer)
	keys := map[string]int{key: 1}
	var line []string
	fail := func(format string, args ...any) error {
		return fmt.Errorf("game %d (-diff.seed %d) from %s\n  moves: %s\n  at %s\n  %s",
			i, *diffSeed, start, strings.Join(line, " "), gm.Position().FEN(), fmt.Sprintf(format, args...))
	}
	var buf [engine.MaxMoves]engine.Move
	for ply := 0; ply < 200; ply++ {
		p := gm.Position()
		var mine []string
		for _, m := range p.LegalMoves(buf[:0]) {
			mine = append(mine, m.Coord(p.B))
		}
		slices.Sort(mine)
		peerMoves := peer.ValidMoves()
		theirs := make([]string, len(peerMoves))
		for j := range peerMoves {
			theirs[j] = peerMoves[j].String()
		}
		slices.Sort(theirs)
		if !slices.Equal(mine, theirs) {
			return fail("legal moves differ:\n    thinchess only:        %v\n    corentings/chess only: %v", minus(mine, theirs), minus(theirs, mine))
		}
		if p.Halfmove != peer.HalfMoveClock() {
			return fail("halfmove clock: thinchess %d, corentings/chess %d", p.Halfmove, peer.HalfMoveClock())
		}
		st := gm.Status()
		want, defined := peerStatus(peer, keys[key])
		if defined && st != want {
			return fail("status: thinchess %v, corentings/chess %v", st, want)
		}
		met["positions"]++
		met[st.String()]++
		if !defined {
			met["status not compared"]++
		}
		if st.IsOver() {
			break
		}
		k := pickMove(rng, p, mine, line, repeating, quiet)
		m, err := p.ParseCoord(mine[k])
		if err != nil {
			return fail("%v", err)
		}
		if err := gm.Play(m); err != nil {
			return fail("%v", err)
		}
		j := slices.IndexFunc(peerMoves, func(pm chess.Move) bool { return pm.String() == mine[k] })
		peer = peer.Update(&peerMoves[j])
		if peerMoves[j].Promo() != chess.NoPieceType {
			// Update takes "in check" from the move's tags, and v2.3.2
			// tags every promotion of a pawn as check when the queen
			// promotion checks (CorentinGS/chess#112, fixed in v2.4.0):
			// the peer would then refuse to castle, or call a stalemate
			// mate. Its position read from FEN works check out itself.
			if peer, err = peerFromFEN(peer.String()); err != nil {
				return fail("%v", err)
			}
		}
		line = append(line, mine[k])
		if peer.HalfMoveClock() == 0 {
			clear(keys) // a capture or pawn move: no earlier position can come back
		}
		key = peerKey(peer)
		keys[key]++
	}
	return nil
}

// peerFENMu serialises the peer's FEN reading: v2.3.2 splits the ranks
// into a package-level buffer, so two goroutines reading FEN at once
// corrupt each other's boards.
var peerFENMu sync.Mutex

// peerFromFEN is peerPosition, one goroutine at a time.
func peerFromFEN(fen string) (*chess.Position, error) {
	peerFENMu.Lock()
	defer peerFENMu.Unlock()
	return peerPosition(fen)
}

// pickMove returns the index in moves (sorted UCI strings of p's legal
// moves) of the move to play: in a repeating game, eight times in ten
// the mover's previous move taken back when it can be; in a quiet game,
// seven times in ten a move that is neither a pawn move nor a capture;
// otherwise any move.
func pickMove(rng *rand.Rand, p *engine.Position, moves, line []string, repeating, quiet bool) int {
	var pool []int
	switch {
	case repeating && rng.IntN(10) < 8 && len(line) >= 2:
		prev := line[len(line)-2]
		pool = indexes(moves, func(m string) bool { return m == prev[2:4]+prev[0:2] })
	case quiet && rng.IntN(10) < 7:
		pool = indexes(moves, func(m string) bool {
			from, to, _ := p.B.CoordSquares(m)
			return p.At(from).Type() != engine.Pawn && p.At(to) == engine.NoPiece
		})
	}
	if len(pool) == 0 {
		return rng.IntN(len(moves))
	}
	return pool[rng.IntN(len(pool))]
}

func indexes(moves []string, keep func(string) bool) []int {
	var out []int
	for i, m := range moves {
		if keep(m) {
			out = append(out, i)
		}
	}
	return out
}

// peerStatus is the status corentings/chess gives a position seen reps
// times, in thinchess's order (mate, stalemate, insufficient material,
// fifty moves, threefold), and whether both libraries define it there.
func peerStatus(pos *chess.Position, reps int) (engine.Status, bool) {
	switch pos.Status() {
	case chess.Checkmate:
		return engine.Checkmate, true
	case chess.Stalemate:
		return engine.Stalemate, true
	}
	heavy, minors := 0, 0
	for _, pc := range pos.Board().SquareMap() {
		switch pc.Type() {
		case chess.Pawn, chess.Rook, chess.Queen:
			heavy++
		case chess.Knight, chess.Bishop:
			minors++
		}
	}
	if heavy == 0 {
		// The peer's rule is in Game: ask a game set up at this position,
		// its clock reset so that only the material counts.
		f := strings.Fields(pos.String())
		f[4] = "0"
		peerFENMu.Lock() // NewGame reads the start's FEN too
		opt, err := chess.FEN(strings.Join(f, " "))
		var method chess.Method
		if err == nil {
			method = chess.NewGame(opt).Method()
		}
		peerFENMu.Unlock()
		if err != nil {
			panic(err)
		}
		if method == chess.InsufficientMaterial {
			return engine.InsufficientMaterial, minors <= 1
		}
	}
	switch {
	case pos.HalfMoveClock() >= 100:
		return engine.FiftyMove, true
	case reps >= 3:
		return engine.Threefold, true
	}
	return engine.Active, true
}

// peerKey identifies the peer's position for repetition: placement, side
// to move, castling rights, and the en-passant target when the peer can
// legally take onto it (FIDE 9.2.3: a pawn pinned to its king does not
// count), as thinchess does.
func peerKey(pos *chess.Position) string {
	f := strings.Fields(pos.String())
	key := strings.Join(f[:3], " ")
	if pos.EnPassantSquare() == chess.NoSquare {
		return key
	}
	for _, m := range pos.ValidMoves() {
		if m.HasTag(chess.EnPassant) {
			return key + " " + f[3]
		}
	}
	return key
}

// minus returns the elements of a not in b.
func minus(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}
