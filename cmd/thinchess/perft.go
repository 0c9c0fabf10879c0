package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/thinchess/thinchess/engine"
)

func init() {
	register("perft", "count the leaves of the legal-move tree of a position", runPerft)
}

const perftUsage = `usage: thinchess perft [--variant V] --depth N [--divide] [--json] POSITION

Counts the leaf nodes of the legal-move tree of POSITION (a FEN, a
position code or a mode file, whose variant and rules apply) to depth N, using every CPU. Draws are never adjudicated.
--variant defaults to 1d on one-file boards and chess otherwise.
--divide prints each root move (SAN) with its subtree count, then the total.
--json prints {"depth":…,"nodes":…,"seconds":…} (with --divide, also
"divide": an object from each root move's SAN to its count).

flags:
`

// perftResult is the --json output of perft.
type perftResult struct {
	Depth   int               `json:"depth"`
	Nodes   uint64            `json:"nodes"`
	Seconds float64           `json:"seconds"`
	Divide  map[string]uint64 `json:"divide,omitempty"`
}

func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("perft", perftUsage, stdout, stderr)
	variant := fs.String("variant", "", "rule preset: "+strings.Join(engine.Presets, ", ")+" (default: 1d on one-file boards, chess otherwise)")
	// A count of more than 64 plies overflows 64 bits with any choice
	// of moves.
	depth := number(fs, "depth", 0, 1, 64, "depth of the tree, `N` plies (required)")
	divide := fs.Bool("divide", false, "print the count below each root move")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	rest, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	position := strings.Join(rest, " ") // an unquoted FEN is several arguments
	if position == "" {
		return fs.usageError("missing POSITION (a FEN, a position code or a mode file)")
	}
	if *depth == 0 {
		return fs.usageError("missing --depth N")
	}
	p, err := readPosition("perft", *variant, false, position)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}

	workers := runtime.NumCPU()
	start := time.Now()
	res := perftResult{Depth: *depth}
	if *divide {
		res.Divide = map[string]uint64{}
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			san := p.SAN(m)
			u := p.Make(m)
			n := p.PerftParallel(*depth-1, workers)
			p.Unmake(u)
			res.Divide[san] = n
			res.Nodes += n
		}
	} else {
		res.Nodes = p.PerftParallel(*depth, workers)
	}
	res.Seconds = time.Since(start).Seconds()

	if *asJSON {
		out, err := json.Marshal(res)
		if err != nil {
			fmt.Fprintf(stderr, "thinchess perft: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s\n", out)
		return 0
	}
	if *divide {
		moves := make([]string, 0, len(res.Divide))
		for san := range res.Divide {
			moves = append(moves, san)
		}
		sort.Strings(moves)
		for _, san := range moves {
			fmt.Fprintf(stdout, "%s %d\n", san, res.Divide[san])
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "depth %d: %d nodes in %.3f s (%s nodes/s)\n", res.Depth, res.Nodes, res.Seconds, perftRate(res.Nodes, res.Seconds))
	return 0
}

// perftRate formats nodes per second with a metric suffix: "74.1M".
func perftRate(nodes uint64, seconds float64) string {
	if seconds <= 0 {
		return "-"
	}
	r := float64(nodes) / seconds
	switch {
	case r >= 1e9:
		return fmt.Sprintf("%.1fG", r/1e9)
	case r >= 1e6:
		return fmt.Sprintf("%.1fM", r/1e6)
	case r >= 1e3:
		return fmt.Sprintf("%.1fk", r/1e3)
	}
	return fmt.Sprintf("%.0f", r)
}
