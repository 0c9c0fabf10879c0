package solver

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/thinchess/thinchess/engine"
)

// The 1-D start positions of the benchmarks.
const (
	bench1x12 = "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"
	bench1x8  = "bk,bn,br,x,x,wr,wn,wk:w"
)

// heapSampler records the peak of the heap's live and not yet swept
// objects while it runs.
type heapSampler struct {
	stop chan struct{}
	done sync.WaitGroup
	peak uint64
}

func heapObjects() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

func startHeapSampler() *heapSampler {
	h := &heapSampler{stop: make(chan struct{})}
	h.done.Add(1)
	go func() {
		defer h.done.Done()
		t := time.NewTicker(100 * time.Microsecond)
		defer t.Stop()
		for {
			h.peak = max(h.peak, heapObjects())
			select {
			case <-h.stop:
				return
			case <-t.C:
			}
		}
	}()
	return h
}

func (h *heapSampler) finish() uint64 {
	close(h.stop)
	h.done.Wait()
	return max(h.peak, heapObjects())
}

// benchSolve solves a position b.N times and reports states a second,
// the states and edges, and two measures of memory a state: the peak of
// the heap during the last solve above the heap before it (sampled every
// 100 µs, and including garbage the collector had not yet swept) and all
// the bytes the last solve allocated.
func benchSolve(b *testing.B, code string, opt Options) {
	p, err := engine.Parse(code, nil)
	if err != nil {
		b.Fatal(err)
	}
	var tab *Table
	for b.Loop() {
		tab, err = Solve(p, opt)
		if err != nil {
			b.Fatal(err)
		}
	}
	elapsed := b.Elapsed()
	n := float64(tab.Len())
	tab = nil
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	base := heapObjects()
	h := startHeapSampler()
	tab, err = Solve(p, opt)
	peak := h.finish()
	runtime.ReadMemStats(&after)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(n*float64(b.N)/elapsed.Seconds(), "states/s")
	b.ReportMetric(n, "states")
	b.ReportMetric(float64(tab.Stats().Edges), "edges")
	b.ReportMetric(float64(peak-base)/n, "peak-B/state")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n, "alloc-B/state")
}

// BenchmarkSolve1x12 solves the main shipped 1-D mode on all cores:
//
//	go test ./solver -run '^$' -bench 'Solve1x12$' -count 5
func BenchmarkSolve1x12(b *testing.B) { benchSolve(b, bench1x12, Options{}) }

// BenchmarkSolve1x12Serial solves it on one core.
func BenchmarkSolve1x12Serial(b *testing.B) { benchSolve(b, bench1x12, Options{Workers: 1}) }

// BenchmarkSolve1x12Engine solves it with the engine's move generator and
// stored edges, the path of positions with pawns or castling rights.
func BenchmarkSolve1x12Engine(b *testing.B) { benchSolve(b, bench1x12, Options{engineOnly: true}) }

// BenchmarkSolveGardner1x8 solves Gardner's 1-D chess.
func BenchmarkSolveGardner1x8(b *testing.B) { benchSolve(b, bench1x8, Options{}) }

// benchTable is the 1×12 table the lookup benchmarks share.
var benchTable = sync.OnceValues(func() (*Table, error) {
	p, err := engine.Parse(bench1x12, nil)
	if err != nil {
		return nil, err
	}
	return Solve(p, Options{})
})

// benchPositions returns every 97th state of the 1×12 table that is not
// terminal, as positions.
func benchPositions(b *testing.B) (*Table, []*engine.Position) {
	tab, err := benchTable()
	if err != nil {
		b.Fatal(err)
	}
	var ps []*engine.Position
	for i := 0; i < tab.Len(); i += 97 {
		if tab.Terminal(i) == NotTerminal {
			ps = append(ps, tab.Position(i))
		}
	}
	return tab, ps
}

// BenchmarkProbe looks up the value of positions of the 1×12 table, as
// the browser does.
func BenchmarkProbe(b *testing.B) {
	tab, ps := benchPositions(b)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, _, ok := tab.Probe(ps[i%len(ps)]); !ok {
			b.Fatal("not in the table")
		}
	}
}

// BenchmarkProbeBestMoves looks up the value and the best moves of
// positions of the 1×12 table: the browser's query for one position.
func BenchmarkProbeBestMoves(b *testing.B) {
	tab, ps := benchPositions(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		p := ps[i%len(ps)]
		if _, _, ok := tab.Probe(p); !ok || len(tab.BestMoves(p)) == 0 {
			b.Fatal("no answer")
		}
	}
}

// BenchmarkUnmarshal1x12 loads the serialised 1×12 table, as the browser
// does: the states are enumerated again, nothing is solved.
func BenchmarkUnmarshal1x12(b *testing.B) {
	tab, err := benchTable()
	if err != nil {
		b.Fatal(err)
	}
	data, err := tab.MarshalBinary()
	if err != nil {
		b.Fatal(err)
	}
	p, _ := engine.Parse(bench1x12, nil)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := UnmarshalTable(data, p); err != nil {
			b.Fatal(err)
		}
	}
}
