package main

import (
	"fmt"
	"io"
	"os"

	"github.com/thinchess/thinchess/uci"
)

func init() {
	register("uci", "run the game-playing searcher as a UCI engine (for cutechess, fastchess, GUIs)", runUCI)
}

const uciHelp = `usage: thinchess uci

Runs the game-playing searcher as an engine of the Universal Chess
Interface on standard input and output, for match runners (cutechess-cli,
fastchess) and chess GUIs. The variant is the UCI_Variant option, by
Fairy-Stockfish's names: chess (the default), gardner, losalamos; and
1d and race, whose boards vary (give their positions with "position
fen", as a FEN or a thinchess position code). Options: UCI_Variant, Hash
(MB, default 16), Move Overhead (ms kept back from every move's time,
default 10). One thread; no pondering. For example:

    cutechess-cli -variant gardner -engine cmd="thinchess" arg=uci \
        -engine cmd=fairy-stockfish -each proto=uci tc=inf st=0.1 …

flags:
`

func runUCI(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("uci", uciHelp, stdout, stderr)
	rest, err := fs.parse(args)
	if err == nil {
		err = fs.noArgs(rest)
	}
	if err != nil {
		return fs.usageExit(err)
	}
	if err := uci.Run(os.Stdin, stdout); err != nil {
		fmt.Fprintf(stderr, "thinchess uci: %v\n", err)
		return 1
	}
	return 0
}
