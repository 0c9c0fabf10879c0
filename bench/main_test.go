package main

import (
	"fmt"
	"runtime"
	"testing"
)

// referenceCounts are chessprogramming.org's perft counts for depths
// 1, 2, … of the benchmark positions.
var referenceCounts = map[string][]uint64{
	"start":    {20, 400, 8902, 197281, 4865609},
	"kiwipete": {48, 2039, 97862, 4085603},
}

// TestPeerPerftIsCorrect makes sure the peer's perft, as we drive it,
// counts the reference numbers at every depth up to the benchmark's, on
// one goroutine and on several; so does ours. Otherwise the speed
// comparison would mean nothing.
func TestPeerPerftIsCorrect(t *testing.T) {
	for _, c := range benchCases {
		peer, err := peerPosition(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		ours, err := ourPosition(c.fen)
		if err != nil {
			t.Fatal(err)
		}
		want := referenceCounts[c.name]
		if len(want) != c.depth || want[c.depth-1] != c.nodes {
			t.Fatalf("%s: reference counts %v do not end at depth %d with %d", c.name, want, c.depth, c.nodes)
		}
		for i, n := range want {
			depth := i + 1
			if testing.Short() && n > 200_000 {
				break
			}
			if got := peerPerft(peer, depth); got != n {
				t.Errorf("%s: peer perft(%d) = %d, want %d", c.name, depth, got, n)
			}
			if got := peerPerftParallel(peer, depth, 2); got != n {
				t.Errorf("%s: peer parallel perft(%d) = %d, want %d", c.name, depth, got, n)
			}
			if got := ourPerft(ours, depth, 1); got != n {
				t.Errorf("%s: thinchess perft(%d) = %d, want %d", c.name, depth, got, n)
			}
		}
	}
}

// BenchmarkPerft runs both programs on each position, single-threaded and
// on every CPU, and reports nodes/s; compare the pairs of the same run.
func BenchmarkPerft(b *testing.B) {
	for _, c := range benchCases {
		for _, threads := range []int{1, runtime.NumCPU()} {
			b.Run(fmt.Sprintf("%s/threads=%d/thinchess", c.name, threads), func(b *testing.B) {
				p, err := ourPosition(c.fen)
				if err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					if n := ourPerft(p, c.depth, threads); n != c.nodes {
						b.Fatalf("counted %d, want %d", n, c.nodes)
					}
				}
				b.ReportMetric(float64(c.nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
			})
			b.Run(fmt.Sprintf("%s/threads=%d/peer", c.name, threads), func(b *testing.B) {
				p, err := peerPosition(c.fen)
				if err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					if n := peerPerftParallel(p, c.depth, threads); n != c.nodes {
						b.Fatalf("counted %d, want %d", n, c.nodes)
					}
				}
				b.ReportMetric(float64(c.nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
			})
		}
	}
}
