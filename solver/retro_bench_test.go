package solver

import (
	"runtime"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

func benchSolve(b *testing.B, code string, opt Options) {
	p, err := engine.Parse(code, nil)
	if err != nil {
		b.Fatal(err)
	}
	var states int
	for b.Loop() {
		tb, err := Solve(p, opt)
		if err != nil {
			b.Fatal(err)
		}
		states = tb.Len()
	}
	b.ReportMetric(float64(states)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
	_ = runtime.NumCPU
}

func BenchmarkSolve1x12(b *testing.B) {
	benchSolve(b, "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", Options{})
}

func BenchmarkSolve1x12Serial(b *testing.B) {
	benchSolve(b, "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", Options{Workers: 1})
}
