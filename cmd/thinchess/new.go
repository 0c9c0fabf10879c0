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
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/verify"
)

func init() {
	register("new", "scaffold a mode file that passes check: new mode <category>/<id>", runNew)
}

var slugRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

func runNew(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || args[0] != "mode" {
		fmt.Fprintln(stderr, "usage: thinchess new mode <category>/<id> [--src DIR] [--start POSITION] [--variant V] [--title TITLE]")
		return 2
	}
	fs := newFlagSet("new mode", stderr)
	src := fs.String("src", ".", "source `folder`")
	start := fs.String("start", "bk,bn,br,x,x,wr,wn,wk:w", "start `position` (position code or FEN)")
	variant := fs.String("variant", "", "rule `preset` (default: 1d on one-file boards, chess otherwise)")
	title := fs.String("title", "", "the mode's `title`")
	// Accept the name before or after the flags.
	rest := args[1:]
	var name string
	if len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
		name, rest = rest[0], rest[1:]
	}
	if err := fs.Parse(rest); err != nil {
		return 2
	}
	if name == "" && fs.NArg() == 1 {
		name = fs.Arg(0)
	}
	cat, id, ok := strings.Cut(name, "/")
	if !ok || !slugRE.MatchString(cat) || !slugRE.MatchString(id) {
		fmt.Fprintf(stderr, "new mode: want <category>/<id> in lower-case letters, digits and dashes, got %q\n", name)
		return 2
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
	if _, err := os.Stat(path); err == nil {
		fmt.Fprintf(stderr, "new mode: %s already exists; not overwriting it\n", path)
		return 1
	}
	if *title == "" {
		*title = strings.ToUpper(id[:1]) + strings.ReplaceAll(id[1:], "-", " ")
	}
	text := scaffold(*title, cat, *start, pos, *variant)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		fmt.Fprintf(stderr, "new mode: %v\n", err)
		return 1
	}
	if err := os.WriteFile(path, text, 0o644); err != nil {
		fmt.Fprintf(stderr, "new mode: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s\ncheck it with: thinchess check --src %s %s\n", path, *src, filepath.ToSlash(filepath.Join("modes", cat, id+".md")))
	return 0
}

// scaffold writes a mode file whose claim is what the solver proves.
func scaffold(title, cat, start string, pos *engine.Position, variant string) []byte {
	f := &mode.File{
		Title: title, Category: cat, Summary: "Describe the mode in one sentence.",
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
