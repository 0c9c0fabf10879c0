package main

import (
	"cmp"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/thinchess/thinchess/internal/bounded"
	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/verify"
)

func init() {
	register("mine", "write only-move puzzles mined from a mode's exact table", runMine)
}

const mineUsage = `usage: thinchess mine MODE [--count N] [--min-dtm D] [--max-dtm D] [--max-puzzle-states N] [--src DIR] [--out DIR] [--pack ID]
       thinchess mine MODE --games N [--seed S] [--count N] [--max-mate-in M] [--max-hold H] [--no-holds] [--no-wins] [--max-puzzle-states N] …

With --games, puzzles come from natural positions instead: N games are
played from MODE's start by players of varied strength (each keeps its
position's value with a random move, and blunders at a rate drawn for the
game), and a puzzle is a position they reach: a win right after the
opponent's mistake where one move alone wins as fast at each turn, or a
drawn position where one move alone keeps the draw ("hold the draw"),
followed while the opponent can set the same problem again. Mirror
images, transpositions, repeated solutions and lines that are another
puzzle's shifted by a move count once. Ids are <pack id>-<hash of the
position>, so they stay when the miner changes; the same seed gives the
same puzzles. The pack (default games-<mode>) names MODE as its table
when the build solves MODE exactly: every puzzle is then proven by a
lookup in that one table. A larger MODE needs --max-puzzle-states, so
that the build proves each puzzle by solving its own game. A Ban Chess
puzzle always proves itself by its own Ban table: one whose table is
over --max-puzzle-states (by default the build's budget, 1,000,000
states) is left out.

Solves the start of MODE (a mode id under --src, or the path of a mode
file) exactly and writes a pack of puzzles: positions where the side to
move mates and, along the main line (the fastest mate against the longest
defence), every move of the winner is the only one that mates as fast.
Mirror images count once. Puzzles are graded 1..5 by the mate's length, a
quiet first move and the number of tempting wrong moves, and taken in turn
from each difficulty. Distances are in plies, as solve reports them: a
mate in n moves is 2n-1 plies. Puzzles are named <mode>-m<mate in>-<nn>.

The pack is OUT/packs/ID.jsonl (ID is mined-<mode> unless --pack says
otherwise), one puzzle per line, with its header OUT/packs/ID.md, which is
written only when missing so that an author's edits stay. Mining again
replaces the pack's puzzles and reports what changed; a puzzle whose id a
mode file under OUT/modes has is left out and reported.

flags:
`

// maxDTMLimit bounds --min-dtm and --max-dtm: no small board has a mate
// of 5,000 moves.
const maxDTMLimit = 10_000

func runMine(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("mine", mineUsage, stdout, stderr)
	src := fs.String("src", ".", "source `folder` holding modes/ (for a MODE given by id)")
	out := fs.String("out", "", "the site `folder` to write the pack into (default: SRC)")
	pack := fs.String("pack", "", "the pack's `id` (default: mined-<mode id>)")
	count := number(fs, "count", puzzles.DefaultCount, 1, 100_000, "write `N` puzzles")
	minDTM := number(fs, "min-dtm", 0, 0, maxDTMLimit, "least distance to mate in `plies`, 0 for no bound")
	maxDTM := number(fs, "max-dtm", 0, 0, maxDTMLimit, "greatest distance to mate in `plies`, 0 for no bound")
	maxStates := number(fs, "max-states", verify.DefaultOptions.MaxStates, 1, maxStatesLimit, "solve MODE only if it has at most `N` states")
	puzzleStates := number(fs, "max-puzzle-states", 0, 0, maxStatesLimit, "skip puzzles whose own state space (which the build solves) has more than `N` states, 0 for no bound")
	var g gameFlags
	numberVar(fs, &g.games, "games", 0, 10_000_000, "mine natural positions from `N` games played from the start (0: mine the whole table)")
	numberVar(fs, &g.seed, "seed", 0, 1<<62, "the games' random `seed`")
	numberVar(fs, &g.maxMateIn, "max-mate-in", 0, 100, "with --games: the longest win kept, in `moves` (0: 10)")
	numberVar(fs, &g.maxHold, "max-hold", 0, 100, "with --games: the longest hold kept, in `moves` (0: 4)")
	numberVar(fs, &g.mateIn1, "max-mate-in-1", 0, 100, "with --games: the largest share of wins in one move, in `percent` (0: 20)")
	fs.BoolVar(&g.noHolds, "no-holds", false, "with --games: no \"hold the draw\" puzzles")
	fs.BoolVar(&g.noWins, "no-wins", false, "with --games: no winning puzzles")
	fs.BoolVar(&g.searcher, "searcher", false, "with --games: the searcher plays the games and the mate prover proves the puzzles (for modes without an exact table)")
	fs.StringVar(&g.after, "after", "", "with --games: skip the puzzles of these packs (comma-separated `ids`, read from SRC): positions, shifts and twins")
	numberVar(fs, &g.nodes, "nodes", 0, 100_000_000, "with --searcher: the searcher's `nodes` per move (0: 3000)")
	numberVar(fs, &g.mateNodes, "mate-nodes", 0, 1_000_000_000, "with --searcher: the mate prover's `nodes` per position (0: 40000)")
	rest, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	if len(rest) != 1 {
		return fs.usageError("want one MODE (a mode id or a mode file), got %d arguments", len(rest))
	}
	if *maxDTM > 0 && *minDTM > *maxDTM {
		return fs.usageError("--min-dtm %d is more than --max-dtm %d", *minDTM, *maxDTM)
	}
	if err := g.check(fs); err != nil {
		return fs.usageExit(err)
	}
	if *pack != "" {
		if err := puzzles.CheckPackID(*pack); err != nil {
			return fs.usageError("--pack: %v", err)
		}
	}
	from, err := loadMode(*src, rest[0])
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %s\n", printable.Escape(err.Error()))
		return 1
	}
	// Every flag is checked before the solve: the pack's id and folder.
	dir, id := cmp.Or(*out, *src), cmp.Or(*pack, "mined-"+from.ID)
	if g.games > 0 {
		id = cmp.Or(*pack, "games-"+from.ID)
	}
	var inputs []string
	if isModeFile(rest[0]) {
		inputs = append(inputs, rest[0])
	}
	if err := checkPackOut("--out", dir, id, siteOutGuards(*src), inputs...); err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %v\n", err)
		return 2
	}
	gen := []string{"thinchess mine", from.ID, fmt.Sprintf("--count %d", *count)}
	if *minDTM > 0 {
		gen = append(gen, fmt.Sprintf("--min-dtm %d", *minDTM))
	}
	if *maxDTM > 0 {
		gen = append(gen, fmt.Sprintf("--max-dtm %d", *maxDTM))
	}
	if *puzzleStates > 0 {
		gen = append(gen, fmt.Sprintf("--max-puzzle-states %d", *puzzleStates))
	}
	source := sourceOf(from)
	if g.games > 0 {
		g.count, g.maxStates, g.puzzleStates, g.out, g.pack, g.src = *count, *maxStates, *puzzleStates, *out, *pack, *src
		if g.out == "" {
			g.out = *src
		}
		return mineGames(source, g, stdout, stderr)
	}
	res, err := puzzles.Mine(source, puzzles.MineOptions{
		Count: *count, MinDTM: *minDTM, MaxDTM: *maxDTM,
		MaxStates: *maxStates, MaxPuzzleStates: *puzzleStates,
	})
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %v\n", err)
		return 1
	}
	diff, err := puzzles.WritePack(dir, id, puzzles.MinedPackHeader(source, strings.Join(gen, " ")), func(yield func(*mode.PackLine, error) bool) {
		for _, pz := range res.Puzzles {
			if !yield(pz.PackLine(), nil) {
				return
			}
		}
	})
	printTaken(stdout, diff)
	data := filepath.Join(dir, "packs", id+".jsonl")
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %s (%s left as it was)\n", printable.Escape(err.Error()), printable.Quote(data))
		return 1
	}
	st := res.Stats
	fmt.Fprintf(stdout, "%s: %d states, %d wins for the side to move, %d only-move lines, %d mirror images dropped, %d distinct\n",
		from.ID, st.States, st.Wins, st.OnlyMove, st.Mirrored, st.Distinct)
	fmt.Fprintf(stdout, "distinct by difficulty 1..5: %d %d %d %d %d\n", st.ByDifficulty[1], st.ByDifficulty[2], st.ByDifficulty[3], st.ByDifficulty[4], st.ByDifficulty[5])
	if st.TooLarge > 0 {
		fmt.Fprintf(stdout, "skipped %d over --max-puzzle-states %d\n", st.TooLarge, *puzzleStates)
	}
	fmt.Fprintf(stdout, "%s: %d puzzle(s): %d added, %d changed, %d removed, %d unchanged\n",
		printable.Quote(data), diff.Written(), diff.Added, diff.Changed, diff.Removed, diff.Unchanged)
	return 0
}

// loadMode finds a mode by id under src, or reads the mode file at arg.
// A file is loaded from a scratch source folder holding only it, under a
// folder of the same name as its own, so its category comes out the same.
func loadMode(src, arg string) (*mode.Mode, error) {
	if !isModeFile(arg) {
		s, errs := mode.Load(src)
		for _, m := range s.Modes {
			if m.ID == arg {
				if e := errsFor(withPaths(errs, src, localPath), localPath(src, m.Path)); e != "" {
					return nil, fmt.Errorf("mode %s does not load:\n%s", arg, e)
				}
				return m, nil
			}
		}
		return nil, fmt.Errorf("no mode %q under %s", arg, filepath.Join(src, "modes"))
	}
	data, err := bounded.ReadFile(arg, mode.MaxFileBytes)
	if err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "thinchess-mine-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	abs, err := filepath.Abs(arg)
	if err != nil {
		return nil, err
	}
	rel := filepath.Join("modes", filepath.Base(filepath.Dir(abs)), filepath.Base(abs))
	if err := os.MkdirAll(filepath.Join(tmp, filepath.Dir(rel)), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, rel), data, 0o644); err != nil {
		return nil, err
	}
	s, errs := mode.Load(tmp)
	if e := errsFor(errs, filepath.ToSlash(rel)); e != "" {
		return nil, fmt.Errorf("%s does not load:\n%s", arg, strings.ReplaceAll(e, filepath.ToSlash(rel), arg))
	}
	if len(s.Modes) != 1 || s.Modes[0].Start == nil {
		return nil, fmt.Errorf("%s: not a mode file", arg)
	}
	return s.Modes[0], nil
}

// isModeFile reports whether mine's MODE argument names a mode file
// rather than a mode id.
func isModeFile(arg string) bool {
	return strings.HasSuffix(arg, ".md") || strings.ContainsAny(arg, `/\`)
}

// errsFor returns the errors (not warnings) reported for path, one a line.
func errsFor(errs mode.ErrorList, path string) string {
	var lines []string
	for _, e := range errs.Errors() {
		if e.Path == path {
			lines = append(lines, e.Error())
		}
	}
	return strings.Join(lines, "\n")
}

// sourceOf describes a loaded mode for the miner.
func sourceOf(m *mode.Mode) puzzles.Source {
	return puzzles.Source{ID: m.ID, Title: m.Title, Variant: m.Variant, Rules: m.Overrides(), Start: m.Start}
}
