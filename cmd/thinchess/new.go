package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/outpath"
	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/verify"
)

func init() {
	register("new", "scaffold a mode file that passes check (new mode <category>/<id>), or a starter site (new site DIR)", runNew)
}

var slugRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

const newHelp = `usage: thinchess new mode <category>/<id> [--src DIR] [--start POSITION] [--variant V] [--title TITLE]
       thinchess new site [--shards N] DIR

Writes SRC/modes/<category>/<id>.md: a mode file whose claim (result and
mate_in) is what the solver proves for the start position, with the best
line as a line block, so that check passes as written. The category and
the id are lower-case letters, digits and dashes. An existing file is
never overwritten.

new site DIR writes a starter site into DIR (new or empty): site.yaml,
a first mode, an about page, a README and a GitHub Actions workflow that
installs this version of thinchess, builds the site and deploys it to
GitHub Pages (set the repository's Pages source to "GitHub Actions").
With --shards N (2 to 256) the workflow proves the puzzles on N machines
at once (check --shard K/N on each) before the build: for packs of
hundreds of thousands of puzzles (docs/ci-shards.md).

flags:
`

func runNew(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("new", newHelp, stdout, stderr)
	src := fs.String("src", ".", "source `folder`")
	start := fs.String("start", "bk,bn,br,x,x,wr,wn,wk:w", "start `position` (position code or FEN)")
	variant := fs.String("variant", "", "rule `preset` (default: 1d on one-file boards, chess otherwise)")
	title := fs.String("title", "", "the mode's `title`")
	shards := fs.Int("shards", 1, "new site: prove the puzzles on `N` machines in the workflow (check --shard K/N)")
	rest, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	switch {
	case *shards < 1 || *shards > maxShards:
		return fs.usageError("--shards %d: want 1 to %d (GitHub Actions runs at most %d jobs of a matrix)", *shards, maxShards, maxShards)
	case len(rest) == 2 && rest[0] == "site":
		return newSite(rest[1], *shards, stdout, stderr)
	case len(rest) == 0 || rest[0] != "mode":
		return fs.usageError("want what to write: new mode <category>/<id>, or new site DIR")
	case len(rest) == 1:
		return fs.usageError("want the mode's <category>/<id>")
	case len(rest) > 2:
		return fs.usageError("unexpected argument %q after %s", rest[2], rest[1])
	}
	name := rest[1]
	cat, id, ok := strings.Cut(name, "/")
	if !ok || !slugRE.MatchString(cat) || !slugRE.MatchString(id) {
		return fs.usageError("want <category>/<id> in lower-case letters, digits and dashes, got %q", name)
	}
	var rules *engine.Rules
	if *variant != "" {
		r, err := engine.Preset(*variant)
		if err != nil {
			fmt.Fprintf(stderr, "new mode: %v\n", err)
			return 1
		}
		rules = r
	}
	pos, err := engine.Parse(*start, rules)
	if err != nil {
		fmt.Fprintf(stderr, "new mode: --start: %v\n", err)
		return 1
	}
	path := filepath.Join(*src, "modes", cat, id+".md")
	if err := outpath.InFolder(*src, path); err != nil {
		fmt.Fprintf(stderr, "new mode: %v\n", err)
		return 2
	}
	if _, err := os.Lstat(path); err == nil {
		fmt.Fprintf(stderr, "new mode: %s already exists; not overwriting it\n", printable.Quote(path))
		return 1
	}
	if *title == "" {
		*title = strings.ToUpper(id[:1]) + strings.ReplaceAll(id[1:], "-", " ")
	}
	text := scaffold(*title, cat, *start, pos, *variant, mode.ScaffoldSummary)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		fmt.Fprintf(stderr, "new mode: %v\n", err)
		return 1
	}
	if err := writeNew(path, text); err != nil {
		fmt.Fprintf(stderr, "new mode: %v\n", err)
		return 1
	}
	checkArgs := path
	if filepath.Clean(*src) != "." {
		checkArgs = "--src " + *src + " " + path
	}
	fmt.Fprintf(stdout, "wrote %s\ncheck it with: thinchess check %s\n", printable.Quote(path), checkArgs)
	return 0
}

// writeNew writes data to a new file p: an existing file, or a symbolic
// link at p (a dangling one too), is an error, never written through.
func writeNew(p string, data []byte) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(p)
	}
	return err
}

// scaffold writes a mode file whose claim is what the solver proves.
func scaffold(title, cat, start string, pos *engine.Position, variant, summary string) []byte {
	f := &mode.File{
		Title: title, Category: cat, Summary: summary,
		Variant: variant, Start: start, Difficulty: 2,
	}
	var body strings.Builder
	body.WriteString("## Challenge\n\nSay what the player should try to do here.\n\n")
	t, err := solver.Solve(pos, solver.Options{MaxStates: verify.DefaultOptions.MaxStates})
	switch {
	case err == nil:
		val, dtm, _ := t.Probe(pos)
		f.Claim = &mode.Claim{Result: val.Outcome(pos.Side)}
		switch val {
		case solver.Win:
			f.Claim.MateIn = (dtm + 1) / 2
		case solver.Loss:
			f.Claim.MateIn = dtm / 2
		}
		if pv := solver.PV(t, pos, 12); len(pv) > 0 {
			body.WriteString("## Best play\n\nThe build checks this line against the solver:\n\n```line\n")
			body.WriteString(pos.FormatLine(pv))
			body.WriteString("\n```\n")
		}
	case errors.Is(err, solver.ErrTooLarge):
		body.WriteString("The position is too large to solve exactly; add a claim with mate_in to have it checked by mate search.\n\n")
	}
	f.Body = body.String()
	return mode.Format(f)
}
