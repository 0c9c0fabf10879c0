package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"time"
)

func main() {
	runs := flag.Int("runs", 5, "timed runs of each program on each position; the table shows medians")
	workers := flag.Int("workers", runtime.NumCPU(), "goroutines for the parallel columns")
	flag.Parse()
	if err := compare(os.Stdout, *runs, *workers); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

// measurement is one timed perft: nodes per second.
type measurement func() (float64, error)

// compare times both programs on every case, single-threaded and with
// the given number of workers, runs times each, interleaving the programs
// so that a busy machine slows both alike, and prints a Markdown table of
// the medians.
func compare(w io.Writer, runs, workers int) error {
	fmt.Fprintf(w, "perft, last ply counted in bulk; median nodes/s of %d runs; %s/%s, %d CPUs, %s\n\n",
		runs, runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version())
	fmt.Fprintln(w, "| position | depth | nodes | threads | thinchess | corentings/chess/v2 | ratio |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|")
	for _, c := range benchCases {
		ours, err := ourPosition(c.fen)
		if err != nil {
			return err
		}
		peer, err := peerPosition(c.fen)
		if err != nil {
			return err
		}
		threadCounts := []int{1}
		if workers > 1 {
			threadCounts = append(threadCounts, workers)
		}
		for _, threads := range threadCounts {
			measureOurs := func() (float64, error) {
				return timed(c, func() uint64 { return ourPerft(ours, c.depth, threads) })
			}
			measurePeer := func() (float64, error) {
				return timed(c, func() uint64 { return peerPerftParallel(peer, c.depth, threads) })
			}
			o, p, err := medians(runs, measureOurs, measurePeer)
			if err != nil {
				return err
			}
			fmt.Fprintf(w, "| %s | %d | %d | %d | %s | %s | %.1f× |\n", c.name, c.depth, c.nodes, threads, mega(o), mega(p), o/p)
		}
	}
	return nil
}

// timed runs count once, checks its result against the reference and
// returns nodes per second.
func timed(c benchCase, count func() uint64) (float64, error) {
	start := time.Now()
	n := count()
	secs := time.Since(start).Seconds()
	if n != c.nodes {
		return 0, fmt.Errorf("%s depth %d: counted %d nodes, the reference is %d", c.name, c.depth, n, c.nodes)
	}
	return float64(n) / secs, nil
}

// medians alternates the two measurements runs times and returns the
// median of each.
func medians(runs int, a, b measurement) (float64, float64, error) {
	var as, bs []float64
	for range max(runs, 1) {
		x, err := a()
		if err != nil {
			return 0, 0, err
		}
		y, err := b()
		if err != nil {
			return 0, 0, err
		}
		as, bs = append(as, x), append(bs, y)
	}
	return median(as), median(bs), nil
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// mega formats nodes per second in millions: "63.2M".
func mega(r float64) string { return fmt.Sprintf("%.2fM", r/1e6) }
