package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/thinchess/thinchess/puzzles"
)

func init() {
	register("import", "convert puzzles from another collection (lichess) into checked modes", runImport)
}

const importUsage = `usage: thinchess import lichess FILE.csv [--themes mateIn1,mateIn2,...] [--out DIR] [--limit N] [--nodes N]

Converts rows of the lichess puzzle database CSV (header PuzzleId,FEN,Moves,
Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags) into
standard-chess puzzle modes. The start is the position after the opponent's
move Moves[0]; the claim is a mate for the side then to move in N moves,
from the row's mateInN theme. Each row is checked with the bounded mate
search the build uses: N must be the shortest mate, the solver's moves must
keep it, and a recorded defence that is not a longest one is replaced by
one (said on stdout). Rows that cannot be read, or whose claim the search
disproves or cannot decide, are reported on stderr and not written. With
--themes, only rows with at least one of the themes are converted. The exit
status is 0 when at least one row was converted and 1 when none was.

flags:
`

func runImport(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, importUsage)
		fs.PrintDefaults()
	}
	themes := fs.String("themes", "", "comma-separated `themes`; keep rows with any of them (default: every row)")
	out := fs.String("out", filepath.Join("modes", "lichess"), "output `folder`")
	limit := fs.Int("limit", 0, "stop after converting `N` rows (0: no limit)")
	nodes := fs.Int64("nodes", puzzles.DefaultMateNodes, "node budget of each mate search")
	rest, err := argsWithFlagsAnywhere(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		return 2
	}
	if len(rest) != 2 || rest[0] != "lichess" {
		fmt.Fprintln(stderr, "thinchess import: want the source (lichess) and a CSV file")
		fs.Usage()
		return 2
	}
	if *limit < 0 || *nodes <= 0 {
		fmt.Fprintln(stderr, "thinchess import: --limit must be at least 0 and --nodes positive")
		return 2
	}
	name := rest[1]
	f, err := os.Open(name)
	if err != nil {
		fmt.Fprintf(stderr, "thinchess import: %v\n", err)
		return 1
	}
	defer f.Close()
	lr, err := puzzles.NewLichessReader(f)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", name, err)
		return 1
	}
	want := map[string]bool{}
	for _, t := range strings.Split(*themes, ",") {
		if t = strings.TrimSpace(t); t != "" {
			want[t] = true
		}
	}
	var converted []*puzzles.Puzzle
	rows, bad, skipped := 0, 0, 0
	for *limit == 0 || len(converted) < *limit {
		row, err := lr.Next()
		if err == io.EOF {
			break
		}
		rows++
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			bad++
			continue
		}
		if len(want) > 0 && !anyTheme(row, want) {
			skipped++
			continue
		}
		pz, notes, err := puzzles.ConvertLichess(row, puzzles.ImportOptions{MateNodes: *nodes})
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", name, err)
			bad++
			continue
		}
		line := fmt.Sprintf("%s: puzzle %s, %s mates in %d", pz.ID+".md", row.ID, strings.ToLower(pz.Side.String()), pz.MateIn)
		if len(notes) > 0 {
			line += "; " + strings.Join(notes, "; ")
		}
		fmt.Fprintln(stdout, line)
		converted = append(converted, pz)
	}
	if len(converted) > 0 {
		if _, err := puzzles.WriteFiles(*out, converted); err != nil {
			fmt.Fprintf(stderr, "thinchess import: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "%d row(s) read: %d converted into %s, %d reported, %d without the themes\n", rows, len(converted), *out, bad, skipped)
	if len(converted) == 0 {
		return 1
	}
	return 0
}

func anyTheme(r *puzzles.LichessRow, want map[string]bool) bool {
	for _, t := range r.Themes {
		if want[t] {
			return true
		}
	}
	return false
}
