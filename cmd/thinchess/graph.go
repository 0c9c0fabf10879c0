package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/cmd/thinchess/internal/pacing"
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

func init() {
	registerOwnPacing("graph", "print the reachable state graph of a position as JSON lines", runGraph)
}

const graphUsage = `usage: thinchess graph [--variant V] [--max-states N] POSITION

Solves POSITION (a FEN, a position code or a mode file) exactly, like solve, and prints
every reachable state as one JSON object a line:

  {"fen":…, "terminal":"-"|"mate"|"stalemate"|"insufficient"|"race",
   "value":"W"|"B"|"D", "dtm":…, "next":[fen…]}

value is who wins with best play (White, Black or a draw), dtm the
distance to mate in plies (-1 for a draw), next the states the legal
moves lead to, in canonical move order: by square index (empty for a
terminal state). States
come in the table's order, which depends only on the set of states.
--variant defaults to 1d on one-file boards and chess otherwise.

flags:
`

func runGraph(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("graph", graphUsage, stdout, stderr)
	variant := fs.String("variant", "", "rule preset: "+strings.Join(engine.Presets, ", ")+" (default: 1d on one-file boards, chess otherwise)")
	maxStates := number(fs, "max-states", solver.DefaultMaxStates, 1, maxStatesLimit, "give up when more than `N` states are reachable")
	rest, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	position := strings.Join(rest, " ") // an unquoted FEN is several arguments
	if position == "" {
		return fs.usageError("missing POSITION (a FEN, a position code or a mode file)")
	}
	p, err := readPosition("graph", *variant, false, position)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	t, err := solveTable("graph", p, *maxStates, stderr)
	pacing.Resume() // the solve is done; what follows may allocate a lot
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	w := bufio.NewWriterSize(stdout, 1<<16)
	var line []byte
	for i := range t.Len() {
		line = appendGraphLine(line[:0], t, i)
		if _, err := w.Write(line); err != nil {
			fmt.Fprintf(stderr, "thinchess graph: %v\n", err)
			return 1
		}
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "thinchess graph: %v\n", err)
		return 1
	}
	return 0
}

// appendGraphLine appends state i's JSON line to b. FENs need no JSON
// escaping (letters, digits, "/", "-" and spaces), so it writes them as
// they are.
func appendGraphLine(b []byte, t *solver.Table, i int) []byte {
	v, dtm := t.Entry(i)
	value := "D"
	if v != solver.Draw {
		value = "W"
		if (v == solver.Win) != (t.Side(i) == engine.White) {
			value = "B"
		}
	}
	b = append(b, `{"fen":"`...)
	b = append(b, t.FEN(i)...)
	b = append(b, `","terminal":"`...)
	b = append(b, t.Terminal(i).String()...)
	b = append(b, `","value":"`...)
	b = append(b, value...)
	b = append(b, `","dtm":`...)
	b = strconv.AppendInt(b, int64(dtm), 10)
	b = append(b, `,"next":[`...)
	_, next := t.Successors(i)
	for j, n := range next {
		if j > 0 {
			b = append(b, ',')
		}
		b = append(b, '"')
		b = append(b, t.FEN(n)...)
		b = append(b, '"')
	}
	return append(b, "]}\n"...)
}
