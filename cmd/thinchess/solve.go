package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"runtime/metrics"
	"strings"
	"time"

	"github.com/thinchess/thinchess/cmd/thinchess/internal/pacing"
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/verify"
)

func init() {
	registerOwnPacing("solve", "solve a position exactly: value, distance to mate, best moves", runSolve)
}

const solveUsage = `usage: thinchess solve [--variant V] [--bans] [--json] [--max-states N] POSITION

Solves POSITION (a FEN, a position code or a mode file, whose variant and
rules apply) exactly: enumerates every
state reachable from it under the variant's rules and finds the value of
each by retrograde analysis. Repetition is a draw; the fifty-move rule is
ignored. --variant defaults to 1d on one-file boards and chess otherwise.

The result is for the side to move; dtm is the distance to mate in plies
under best play (the winner mating as fast as it can, the loser holding
out as long as it can), -1 for a draw. --json prints one object with the
fields result, winner, dtm, states, edges, white_wins, black_wins, draws,
terminals, best (every optimal first move, SAN), pv (SAN) and seconds.
Solves that take more than a second report progress on stderr.

flags:
`

func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("solve", solveUsage, stdout, stderr)
	variant := fs.String("variant", "", "rule preset: "+strings.Join(engine.Presets, ", ")+" (default: 1d on one-file boards, chess otherwise)")
	asJSON := fs.Bool("json", false, "print the result as JSON")
	maxStates := number(fs, "max-states", solver.DefaultMaxStates, 1, maxStatesLimit, "give up when more than `N` states are reachable")
	bans := fs.Bool("bans", false, "Ban Chess: solve with bans (implied by a FEN with the seventh field ply[:banned])")
	rest, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	position := strings.Join(rest, " ") // an unquoted FEN is several arguments
	if position == "" {
		return fs.usageError("missing POSITION (a FEN, a position code or a mode file)")
	}
	p, err := readPosition("solve", *variant, *bans, position)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if p.R.Bans {
		return runSolveBans(p, *maxStates, *asJSON, stdout, stderr)
	}
	began := time.Now()
	defer pacing.Resume()
	t, err := solveTable("solve", p, *maxStates, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	seconds := time.Since(began).Seconds()

	res := newSolveResult(t, p, seconds)
	st := t.Stats()

	if *asJSON {
		out, err := json.Marshal(res)
		if err != nil {
			fmt.Fprintf(stderr, "thinchess solve: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s\n", out)
		return 0
	}
	b := p.B
	fmt.Fprintf(stdout, "%s (%d×%d, %s), %s to move\n", p.FEN(), b.W, b.H, p.R.Preset, p.Side)
	fmt.Fprintf(stdout, "result:    %s\n", describe(t, p))
	if st := p.Status(); st.IsOver() {
		fmt.Fprintf(stdout, "the game is over: %s\n", st)
	} else {
		fmt.Fprintf(stdout, "best:      %s\n", strings.Join(res.Best, " "))
		fmt.Fprintf(stdout, "line:      %s\n", p.FormatLine(solver.PV(t, p, solver.PVLength)))
	}
	fmt.Fprintf(stdout, "states:    %d reachable, %d moves between them\n", st.States, st.Edges)
	fmt.Fprintf(stdout, "values:    %d won by White, %d won by Black, %d drawn\n", st.WhiteWins, st.BlackWins, st.Draws)
	fmt.Fprintf(stdout, "terminals: %d mate, %d stalemate, %d insufficient material, %d race\n",
		res.Terminals.Mate, res.Terminals.Stalemate, res.Terminals.Insufficient, res.Terminals.Race)
	fmt.Fprintf(stdout, "solved in %.3f s\n", seconds)
	return 0
}

// newSolveResult is the result of solving p: its value, the table's
// counts, the best moves and the principal variation.
func newSolveResult(t *solver.Table, p *engine.Position, seconds float64) verify.SolveResult {
	v, dtm, _ := t.Probe(p)
	st := t.Stats()
	res := verify.SolveResult{
		Result: v.String(), Winner: "none", DTM: dtm,
		States: st.States, Edges: st.Edges, WhiteWins: st.WhiteWins, BlackWins: st.BlackWins, Draws: st.Draws,
		Terminals: verify.Terminals{
			Mate:         st.Terminals[solver.Mate],
			Stalemate:    st.Terminals[solver.Stalemate],
			Insufficient: st.Terminals[solver.Insufficient],
			Race:         st.Terminals[solver.Race],
		},
		Best:    []string{},
		Seconds: seconds,
	}
	switch v {
	case solver.Win:
		res.Winner = p.Side.String()
	case solver.Loss:
		res.Winner = p.Side.Other().String()
	}
	for _, m := range t.BestMoves(p) {
		res.Best = append(res.Best, p.SAN(m))
	}
	res.PV = p.SANLine(solver.PV(t, p, solver.PVLength))
	return res
}

// describe says the value of p in its table in words.
func describe(t *solver.Table, p *engine.Position) string {
	v, dtm, _ := t.Probe(p)
	return v.Outcome(p.Side).Describe(p.R.Goal, engine.MateIn(v == solver.Win, dtm), dtm)
}

// solveTable solves p, reporting progress on stderr once the solve has
// run for a second (then at most once a second).
func solveTable(cmd string, p *engine.Position, maxStates int, stderr io.Writer) (*solver.Table, error) {
	var last time.Duration
	reported := false
	// A small solve runs without the garbage collector's pacing, which
	// would collect heaps of a few megabytes over and over: 7% of the
	// 1x12's 100 ms, in six collections under 16 MB. The solver collects
	// the large arrays it drops itself; once the heap passes pacedAbove,
	// pacing is back on for the garbage it does not track (without it the
	// 1x16's peak rose from 0.20 to 0.34 GB). The commands that solve
	// leave pacing off from the program's start (see package pacing); the
	// caller turns it back on (pacing.Resume) once it is done with the
	// table: solve after printing its few lines, since a collection due
	// at once on a heap of a few megabytes would only delay the exit.
	const pacedAbove = 64 << 20
	debug.SetGCPercent(-1)
	paced := false
	heap := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	opt := solver.Options{MaxStates: maxStates, Progress: func(pr solver.Progress) {
		if !paced {
			if metrics.Read(heap); heap[0].Value.Uint64() > pacedAbove {
				pacing.Resume()
				paced = true
			}
		}
		if pr.Elapsed < time.Second || pr.Elapsed-last < time.Second {
			return
		}
		last, reported = pr.Elapsed, true
		switch pr.Phase {
		case "enumerate":
			fmt.Fprintf(stderr, "thinchess %s: %5.1f s  enumerating: %d states, %d moves, %d plies deep\n",
				cmd, pr.Elapsed.Seconds(), pr.States, pr.Edges, pr.Depth)
		case "index":
			fmt.Fprintf(stderr, "thinchess %s: %5.1f s  indexed %d states\n", cmd, pr.Elapsed.Seconds(), pr.States)
		default:
			fmt.Fprintf(stderr, "thinchess %s: %5.1f s  solving: %d of %d states resolved, distance %d\n",
				cmd, pr.Elapsed.Seconds(), pr.Resolved, pr.States, pr.Depth)
		}
	}}
	t, err := solver.Solve(p, opt)
	if reported {
		fmt.Fprintf(stderr, "thinchess %s: done\n", cmd)
	}
	if errors.Is(err, solver.ErrTooLarge) {
		return nil, fmt.Errorf("thinchess %s: %v (raise --max-states to try harder)", cmd, err)
	}
	if err != nil {
		return nil, fmt.Errorf("thinchess %s: %v", cmd, err)
	}
	return t, nil
}
