package engine_test

import (
	"runtime"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/par"
)

// benchPositions are the positions of the perft benchmarks, with the depth
// each is searched to and the node count it must give.
var benchPositions = map[string]struct {
	preset, position string
	depth            int
	nodes            uint64
}{
	"Start":     {"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
	"Kiwipete":  {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
	"Gardner":   {"gardner", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", 6, 572874},
	"LosAlamos": {"losalamos", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", 5, 191846},
	"1D":        {"1d", "k/n/r/1/1/R/N/K w - - 0 1", 16, 1888793},
}

// benchPerft runs perft on a named position with the given number of
// workers (0 for the single-threaded Perft; any other number for
// PerftParallel on every core) and reports nodes per second.
func benchPerft(b *testing.B, name string, workers int) {
	bp := benchPositions[name]
	p, err := engine.Parse(bp.position, engine.MustPreset(bp.preset))
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		var n uint64
		if workers == 0 {
			n = p.Perft(bp.depth)
		} else {
			n = p.PerftParallel(bp.depth, par.Each) // as the CLI counts
		}
		if n != bp.nodes {
			b.Fatalf("%s perft(%d) = %d, want %d", name, bp.depth, n, bp.nodes)
		}
	}
	b.ReportMetric(float64(bp.nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

func BenchmarkPerftStart(b *testing.B)     { benchPerft(b, "Start", 0) }
func BenchmarkPerftKiwipete(b *testing.B)  { benchPerft(b, "Kiwipete", 0) }
func BenchmarkPerftGardner(b *testing.B)   { benchPerft(b, "Gardner", 0) }
func BenchmarkPerftLosAlamos(b *testing.B) { benchPerft(b, "LosAlamos", 0) }
func BenchmarkPerft1D(b *testing.B)        { benchPerft(b, "1D", 0) }

func BenchmarkPerftStartParallel(b *testing.B)    { benchPerft(b, "Start", runtime.NumCPU()) }
func BenchmarkPerftKiwipeteParallel(b *testing.B) { benchPerft(b, "Kiwipete", runtime.NumCPU()) }
func BenchmarkPerftGardnerParallel(b *testing.B)  { benchPerft(b, "Gardner", runtime.NumCPU()) }
func BenchmarkPerft1DParallel(b *testing.B)       { benchPerft(b, "1D", runtime.NumCPU()) }

// allocPositions are positions whose move generation must not allocate:
// castling, en passant, promotions, checks and pins, a 1-D board and a race.
var allocPositions = []struct{ preset, position string }{
	{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"chess", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"},
	{"chess", "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2"},
	{"gardner", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"},
	{"1d", "k/n/r/1/1/R/N/K w - - 0 1"},
	{"race", "pppp/4/4/PPPP w - - 0 1"},
}

// TestMoveGenerationAllocatesNothing fails if LegalMoves, Make or Unmake
// allocate: the hot path must be allocation-free.
func TestMoveGenerationAllocatesNothing(t *testing.T) {
	for _, ap := range allocPositions {
		p, err := engine.Parse(ap.position, engine.MustPreset(ap.preset))
		if err != nil {
			t.Fatal(err)
		}
		var buf [engine.MaxMoves]engine.Move
		moves := append([]engine.Move(nil), p.LegalMoves(buf[:0])...)
		if len(moves) == 0 {
			t.Fatalf("%s: no legal moves", ap.position)
		}
		if a := testing.AllocsPerRun(100, func() { p.LegalMoves(buf[:0]) }); a != 0 {
			t.Errorf("%s: LegalMoves allocates %.1f times per call", ap.position, a)
		}
		if a := testing.AllocsPerRun(100, func() {
			for _, m := range moves {
				p.Unmake(p.Make(m))
			}
		}); a != 0 {
			t.Errorf("%s: Make and Unmake allocate %.1f times per round of %d moves", ap.position, a, len(moves))
		}
	}
}

// BenchmarkLegalMoves generates the moves of a handful of positions per
// iteration; it fails unless that costs 0 allocations.
func BenchmarkLegalMoves(b *testing.B) {
	var ps []*engine.Position
	for _, ap := range allocPositions {
		p, err := engine.Parse(ap.position, engine.MustPreset(ap.preset))
		if err != nil {
			b.Fatal(err)
		}
		ps = append(ps, p)
	}
	var buf [engine.MaxMoves]engine.Move
	gen := func() {
		for _, p := range ps {
			p.LegalMoves(buf[:0])
		}
	}
	if a := testing.AllocsPerRun(10, gen); a != 0 {
		b.Fatalf("LegalMoves allocates %.1f times per round", a)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		gen()
	}
}
