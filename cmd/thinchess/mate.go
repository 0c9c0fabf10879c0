package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/mate"
	"github.com/thinchess/thinchess/solver/terms"
)

func init() {
	register("mate", "prove or refute a forced mate in N moves", runMate)
}

const mateUsage = `usage: thinchess mate [--variant V] [--attacker white|black] [--nodes N] [--tree] [--json] N POSITION

Proves or refutes "the attacker mates in at most N moves" from POSITION (a
FEN, a position code or a mode file) by a bounded AND/OR search, and prints the
shortest mate, every first move that mates within N (each with its own
distance) and a main line (the attacker's fastest mate against the
longest defence). Under the race goal, winning the race counts as mate.
--attacker defaults to the side to move. --json prints the result object
(fields fen, attacker, max_moves, found, moves, plies, no_mate_within,
first [{san, coord, moves}], tree, undecided, nodes); --tree adds the
solution tree (every defence, every optimal attacker move). The exit
status is 0 when the question is decided either way and 1 when the node
budget ran out first (undecided) or on an error.

flags:
`

func runMate(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mate", mateUsage, stdout, stderr)
	variant := fs.String("variant", "", "rule preset: "+strings.Join(engine.Presets, ", ")+" (default: 1d on one-file boards, chess otherwise)")
	attackerName := fs.String("attacker", "", "the side that mates: white or black (default: the side to move)")
	nodes := number(fs, "nodes", int64(mate.DefaultNodes), 1, maxNodesLimit, "node budget of the proof: `N` nodes")
	tree := fs.Bool("tree", false, "include the solution tree in --json output")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	rest, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	if len(rest) < 2 {
		return fs.usageError("want N and a POSITION")
	}
	n, err := strconv.Atoi(rest[0])
	if err != nil || n < 0 || n > terms.MaxMateMoves {
		return fs.usageError("N %q: want a number of moves from 0 to %d", rest[0], terms.MaxMateMoves)
	}
	p, err := readPosition("mate", *variant, false, strings.Join(rest[1:], " "))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	attacker := p.Side
	switch *attackerName {
	case "":
	case "white":
		attacker = engine.White
	case "black":
		attacker = engine.Black
	default:
		return fs.usageError("--attacker %q: want white or black", *attackerName)
	}
	opt := mate.Options{MaxNodes: *nodes}
	if !*tree {
		// The text output needs only the main line, which a tree with
		// one answer per attacker node holds; JSON without --tree needs
		// none.
		opt.MaxTreeNodes = 2000
		if *asJSON {
			opt.MaxTreeNodes = -1
		}
	}
	start := time.Now()
	res, err := mate.Search(p, attacker, n, opt)
	if res == nil {
		fmt.Fprintf(stderr, "thinchess mate: %v\n", err)
		return 1
	}
	if *asJSON {
		if !*tree {
			res.Tree = nil
		}
		out, merr := json.Marshal(res)
		if merr != nil {
			fmt.Fprintf(stderr, "thinchess mate: %v\n", merr)
			return 1
		}
		fmt.Fprintf(stdout, "%s\n", out)
	} else {
		var line []engine.Move
		if res.Found {
			o := mate.NewOracle(attacker, n, mate.Options{MaxNodes: *nodes})
			line = solver.PV(o, p, solver.PVLength)
		}
		printMate(stdout, p, res, line, time.Since(start))
	}
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mate: %v\n", err)
		return 1
	}
	return 0
}

// printMate writes a mate-search result for people.
func printMate(w io.Writer, p *engine.Position, res *mate.Result, line []engine.Move, took time.Duration) {
	who := strings.ToUpper(res.Attacker[:1]) + res.Attacker[1:]
	switch {
	case res.Undecided && res.NoMateWithin > 0:
		fmt.Fprintf(w, "undecided: the node budget ran out; proven only that %s has no mate in %d or fewer moves\n", who, res.NoMateWithin)
	case res.Undecided:
		fmt.Fprintf(w, "undecided: the node budget ran out before anything was proven\n")
	case !res.Found:
		fmt.Fprintf(w, "%s has no forced mate in %d or fewer moves (proven)\n", who, res.MaxMoves)
	case res.Moves == 0:
		fmt.Fprintf(w, "%s has already won: the side to move is mated\n", who)
	default:
		fmt.Fprintf(w, "%s mates in %d (%d plies), proven\n", who, res.Moves, res.Plies)
		var first []string
		for _, m := range res.First {
			first = append(first, fmt.Sprintf("%s (%d)", m.SAN, m.Moves))
		}
		if len(first) > 0 {
			fmt.Fprintf(w, "first moves mating within %d: %s\n", res.MaxMoves, strings.Join(first, ", "))
		}
		if len(line) > 0 {
			fmt.Fprintf(w, "line: %s\n", p.FormatLine(line))
		}
	}
	fmt.Fprintf(w, "%d nodes in %.3f s\n", res.Nodes, took.Seconds())
}

// parseVariantPosition reads a FEN or position code under a preset, or under the
// default preset for the board's width when variant is empty.
func parseVariantPosition(variant, text string) (*engine.Position, error) {
	var rules *engine.Rules
	if variant != "" {
		var err error
		if rules, err = engine.Preset(variant); err != nil {
			return nil, err
		}
	}
	return engine.Parse(text, rules)
}
