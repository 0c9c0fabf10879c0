package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/solver/search"
)

func init() {
	register("match", "play the engine against a random or greedy opponent", runMatch)
}

const matchUsage = `usage: thinchess match [--games N] [--movetime D] [--nodes N] [--opponent random|greedy|both] [--variant V] [--starts FILE] [--verbose] [POSITION...]

Plays N games from each start position between the engine and a weak
opponent, the colours alternating (the engine has White in the first
game), and prints wins, draws and losses from the engine's side. Games end
by the rules (mate, stalemate, insufficient material, race, fifty-move
rule, threefold repetition) or at the move cap, which counts as a draw and
is reported in the "capped" column. "random" plays uniformly random legal
moves; "greedy" captures the most valuable piece it can, else moves at
random; "both" plays a match against each.
Starts come from the POSITION arguments (each one argument: quote a FEN)
and from --starts FILE, whose lines read "name | variant | position".

flags:
`

func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("match", matchUsage, stdout, stderr)
	games := number(fs, "games", 10, 1, 1_000_000, "`N` games per start and opponent")
	movetime := duration(fs, "movetime", 20*time.Millisecond, 0, time.Hour, "the engine's `time` per move, 0 for none")
	nodes := number(fs, "nodes", int64(0), 0, maxNodesLimit, "the engine's budget of `N` nodes per move, 0 for none (with --movetime 0 games are reproducible)")
	opponent := fs.String("opponent", "both", "random, greedy or both")
	variant := fs.String("variant", "", "rule preset of the POSITION arguments: "+strings.Join(engine.Presets, ", ")+" (default: 1d on one-file boards, chess otherwise)")
	startsFile := fs.String("starts", "", "a file of start positions, one a line: name | variant | position")
	maxPlies := number(fs, "max-plies", search.DefaultMaxPlies, 1, 100_000, "move cap of `N` plies; a capped game is a draw")
	seed := fs.Uint64("seed", 1, "seed of the opponent's random choices")
	workers := number(fs, "workers", 1, 1, 1024, "`N` games played at once")
	verbose := fs.Bool("verbose", false, "print the moves of every game the engine did not win")
	positions, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	var opponents []string
	switch *opponent {
	case search.OpponentRandom, search.OpponentGreedy:
		opponents = []string{*opponent}
	case "both":
		opponents = []string{search.OpponentRandom, search.OpponentGreedy}
	default:
		return fs.usageError("--opponent %q: want random, greedy or both", *opponent)
	}
	if *movetime == 0 && *nodes == 0 {
		return fs.usageError("give the engine a budget: --movetime or --nodes")
	}
	var starts []search.MatchStart
	if *startsFile != "" {
		f, err := os.Open(*startsFile)
		if err != nil {
			fmt.Fprintf(stderr, "thinchess match: %v\n", err)
			return 1
		}
		starts, err = search.ParseMatchStarts(f)
		f.Close()
		if err != nil {
			fmt.Fprintf(stderr, "thinchess match: %s: %s\n", printable.Quote(*startsFile), printable.Escape(err.Error()))
			return 1
		}
	}
	for _, text := range positions {
		p, err := parseVariantPosition(*variant, text)
		if err != nil {
			fmt.Fprintf(stderr, "thinchess match: %v\n", err)
			return 1
		}
		starts = append(starts, search.MatchStart{Name: text, Variant: p.R.Preset, Position: p})
	}
	if len(starts) == 0 {
		return fs.usageError("no start position: give POSITION arguments or --starts FILE")
	}

	// Rows are printed as each match ends, so the columns are sized up
	// front.
	width := len("start")
	for _, st := range starts {
		width = max(width, len(st.Name))
	}
	row := func(name, variant, opp string, games, w, d, l, c int, secs string) {
		fmt.Fprintf(stdout, "%-*s  %-9s  %-8s  %5d  %4d  %5d  %6d  %6d  %7s\n", width, name, variant, opp, games, w, d, l, c, secs)
	}
	fmt.Fprintf(stdout, "%-*s  %-9s  %-8s  %5s  %4s  %5s  %6s  %6s  %7s\n", width, "start", "variant", "opponent", "games", "wins", "draws", "losses", "capped", "seconds")
	var total [4]int
	for _, st := range starts {
		for _, opp := range opponents {
			res, err := search.PlayMatch(st.Position, search.MatchOptions{
				Games:    *games,
				Opponent: opp,
				Limits:   search.Limits{Time: *movetime, Nodes: *nodes},
				MaxPlies: *maxPlies,
				Seed:     *seed,
				Workers:  *workers,
			})
			if err != nil {
				fmt.Fprintf(stderr, "thinchess match: %v\n", err)
				return 1
			}
			row(st.Name, st.Position.R.Preset, opp, *games, res.Wins, res.Draws, res.Losses, res.Capped, fmt.Sprintf("%.1f", res.Elapsed.Seconds()))
			if *verbose {
				for i, g := range res.Games {
					if g.Outcome != "win" {
						fmt.Fprintf(stdout, "  game %d, engine %s: %s (%s): %s\n", i+1, g.EngineColor, g.Outcome, g.Reason, st.Position.FormatLine(g.Moves))
					}
				}
			}
			total[0] += res.Wins
			total[1] += res.Draws
			total[2] += res.Losses
			total[3] += res.Capped
		}
	}
	row("total", "", "", total[0]+total[1]+total[2], total[0], total[1], total[2], total[3], "")
	return 0
}
