package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/par"
)

func init() {
	register("perft", "count the leaves of the legal-move tree of a position", runPerft)
}

const perftUsage = `usage: thinchess perft [--variant V] --depth N [--divide] [--json] [--force] POSITION

Counts the leaf nodes of the legal-move tree of POSITION (a FEN, a
position code or a mode file, whose variant and rules apply) to depth N, using every CPU. Draws are never adjudicated.
--variant defaults to 1d on one-file boards and chess otherwise.
--divide prints each root move (SAN) with its subtree count, then the total.
--json prints {"depth":…,"nodes":…,"seconds":…} (with --divide, also
"divide": an object from each root move's SAN to its count).
A depth whose count, estimated from depths 3 and 4, is over a trillion
nodes is refused unless --force; over a billion, the estimate is printed.

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
	force := fs.Bool("force", false, "count even when the estimate is over a trillion nodes")
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

	// A depth too deep to finish is refused, a long one announced: the
	// count grows by the last level's branching factor.
	if est, from := perftEstimate(p, *depth); est > perftMaxNodes && !*force {
		fmt.Fprintf(stderr, "thinchess perft: depth %d would visit about %.1e nodes (estimated from depths %d and %d), more than %.0e: choose a smaller depth, or add --force\n", *depth, est, from-1, from, perftMaxNodes)
		return 1
	} else if est > perftAnnounce {
		fmt.Fprintf(stderr, "perft: depth %d, about %.1e nodes (estimated); Ctrl+C stops\n", *depth, est)
	}
	start := time.Now()
	res := perftResult{Depth: *depth}
	if *divide {
		res.Divide = map[string]uint64{}
		var buf [engine.MaxMoves]engine.Move
		for _, m := range p.LegalMoves(buf[:0]) {
			san := p.SAN(m)
			u := p.Make(m)
			n := p.PerftParallel(*depth-1, par.Each)
			p.Unmake(u)
			res.Divide[san] = n
			res.Nodes += n
		}
	} else {
		res.Nodes = p.PerftParallel(*depth, par.Each)
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
// perftMaxNodes is the largest estimated count perft runs without
// --force (hours at the engine's speed), perftAnnounce the one from
// which it says what is coming.
const (
	perftMaxNodes = 1e12
	perftAnnounce = 1e9
)

// perftEstimate estimates the count at depth from exact counts at small
// depths (up to 4, which take milliseconds): the last count times the
// last level's growth for each remaining ply. It returns the estimate
// and the deepest depth counted.
func perftEstimate(p *engine.Position, depth int) (float64, int) {
	k := min(depth, 4)
	counts := make([]float64, k+1)
	counts[0] = 1
	for d := 1; d <= k; d++ {
		counts[d] = float64(p.Perft(d))
	}
	if depth == k || counts[k-1] == 0 {
		return counts[k], k
	}
	growth := counts[k] / counts[k-1]
	return counts[k] * math.Pow(growth, float64(depth-k)), k
}

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
