package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/verify"
)

func init() {
	register("mine", "write only-move puzzles mined from a mode's exact table", runMine)
}

const mineUsage = `usage: thinchess mine MODE [--count N] [--min-dtm D] [--max-dtm D] [--max-puzzle-states N] [--out DIR] [--src DIR]

Solves the start of MODE (a mode id under --src, or the path of a mode
file) exactly and writes puzzle mode files of positions where the side to
move mates and, along the main line (the fastest mate against the longest
defence), every move of the winner is the only one that mates as fast.
Mirror images count once. Puzzles are graded 1..5 by the mate's length, a
quiet first move and the number of tempting wrong moves, and taken in turn
from each difficulty. Distances are in plies, as solve reports them: a
mate in n moves is 2n-1 plies. Files are named <mode>-m<mate in>-<nn>.md;
earlier files of the same miner and mode in DIR are replaced.

flags:
`

func runMine(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("mine", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, mineUsage)
		fs.PrintDefaults()
	}
	src := fs.String("src", ".", "source `folder` holding modes/ (for a MODE given by id)")
	out := fs.String("out", "", "output `folder` (default: SRC/modes/mined-<mode id>)")
	count := fs.Int("count", puzzles.DefaultCount, "how many puzzles to write")
	minDTM := fs.Int("min-dtm", 0, "least distance to mate in `plies` (0: no bound)")
	maxDTM := fs.Int("max-dtm", 0, "greatest distance to mate in `plies` (0: no bound)")
	maxStates := fs.Int("max-states", verify.DefaultOptions.MaxStates, "largest state space of MODE to solve")
	puzzleStates := fs.Int("max-puzzle-states", 0, "skip puzzles whose own state space, which the build solves, is larger (0: no bound)")
	rest, err := argsWithFlagsAnywhere(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(rest) != 1 {
		fmt.Fprintln(stderr, "thinchess mine: want one MODE (a mode id or a mode file)")
		fs.Usage()
		return 2
	}
	if *count <= 0 || *minDTM < 0 || *maxDTM < 0 || *puzzleStates < 0 || (*maxDTM > 0 && *minDTM > *maxDTM) {
		fmt.Fprintln(stderr, "thinchess mine: --count must be positive, and the distance bounds at least 0 with --min-dtm ≤ --max-dtm")
		return 2
	}
	from, err := loadMode(*src, rest[0])
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %v\n", err)
		return 1
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
	res, err := puzzles.Mine(sourceOf(from), puzzles.MineOptions{
		Count: *count, MinDTM: *minDTM, MaxDTM: *maxDTM,
		MaxStates: *maxStates, MaxPuzzleStates: *puzzleStates,
		Generator: strings.Join(gen, " "),
	})
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %v\n", err)
		return 1
	}
	dir := *out
	if dir == "" {
		dir = filepath.Join(*src, "modes", "mined-"+from.ID)
	}
	if err := removeStale(dir, from.ID, res.Puzzles); err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %v\n", err)
		return 1
	}
	paths, err := puzzles.WriteFiles(dir, res.Puzzles)
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %v\n", err)
		return 1
	}
	st := res.Stats
	fmt.Fprintf(stdout, "%s: %d states, %d wins for the side to move, %d only-move lines, %d mirror images dropped, %d distinct\n",
		from.ID, st.States, st.Wins, st.OnlyMove, st.Mirrored, st.Distinct)
	fmt.Fprintf(stdout, "distinct by difficulty 1..5: %d %d %d %d %d\n", st.ByDifficulty[1], st.ByDifficulty[2], st.ByDifficulty[3], st.ByDifficulty[4], st.ByDifficulty[5])
	if st.TooLarge > 0 {
		fmt.Fprintf(stdout, "skipped %d over --max-puzzle-states %d\n", st.TooLarge, *puzzleStates)
	}
	fmt.Fprintf(stdout, "wrote %d puzzle(s) to %s\n", len(paths), dir)
	for _, p := range paths {
		fmt.Fprintln(stdout, " ", p)
	}
	return 0
}

// loadMode finds a mode by id under src, or reads the mode file at arg.
// A file is loaded from a scratch source folder holding only it, under a
// folder of the same name as its own, so its category comes out the same.
func loadMode(src, arg string) (*mode.Mode, error) {
	if !strings.HasSuffix(arg, ".md") && !strings.ContainsAny(arg, `/\`) {
		s, errs := mode.Load(src)
		for _, m := range s.Modes {
			if m.ID == arg {
				if e := errsFor(errs, m.Path); e != "" {
					return nil, fmt.Errorf("mode %s does not load:\n%s", arg, e)
				}
				return m, nil
			}
		}
		return nil, fmt.Errorf("no mode %q under %s", arg, filepath.Join(src, "modes"))
	}
	data, err := os.ReadFile(arg)
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

// removeStale deletes files the miner wrote earlier for the same mode in
// dir that the new set does not rewrite, so the folder holds exactly the
// new pack. Only files named <mode>-m<n>-<nn>.md whose front matter says
// they were generated by thinchess mine are touched.
func removeStale(dir, id string, keep []*puzzles.Puzzle) error {
	names, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil
	}
	if err != nil {
		return err
	}
	kept := map[string]bool{}
	for _, p := range keep {
		kept[p.ID+".md"] = true
	}
	re := regexp.MustCompile(`^` + regexp.QuoteMeta(id) + `-m[0-9]+-[0-9]+\.md$`)
	for _, e := range names {
		if e.IsDir() || kept[e.Name()] || !re.MatchString(e.Name()) {
			continue
		}
		path := filepath.Join(dir, e.Name())
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if strings.HasPrefix(string(data), "---\n# Generated by thinchess mine ") {
			if err := os.Remove(path); err != nil {
				return err
			}
		}
	}
	return nil
}
