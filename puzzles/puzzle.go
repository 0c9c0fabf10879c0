package puzzles

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
)

// Puzzle is a puzzle mode ready to be written as a mode file.
type Puzzle struct {
	// ID is the file name without ".md".
	ID       string
	Title    string
	Category string
	Summary  string
	// Variant is the rule preset and Rules its overrides, exactly as in
	// the source.
	Variant string
	Rules   []mode.Rule
	// Start is the puzzle's position and StartText how the file writes it
	// (a position code or a FEN).
	Start      *engine.Position
	StartText  string
	Difficulty int
	Icon       string
	Weight     int
	// Result is white-wins or black-wins, and MateIn the winner's moves to
	// mate.
	Result engine.Outcome
	MateIn int
	// Side is the player's side: the side to move at the start.
	Side engine.Color
	// Line is the solution: the attacker's fastest mate against the
	// longest defence, from Start to the mate.
	Line  []engine.Move
	Hints []mode.Hint
	// Challenge and Notes are Markdown paragraphs: Challenge under
	// "## Challenge", Notes after the solution's line block.
	Challenge string
	Notes     string
	// Generator, when not empty, names the command that wrote the file;
	// the front matter starts with it as a comment.
	Generator string
}

// SolutionText returns the solution line in SAN with move numbers.
func (p *Puzzle) SolutionText() string { return p.Start.FormatLine(p.Line) }

// Markdown returns the mode file: YAML front matter and a body with a
// challenge and the solution as a checked line block.
func (p *Puzzle) Markdown() []byte {
	var body strings.Builder
	body.WriteString("## Challenge\n\n")
	body.WriteString(strings.TrimSpace(p.Challenge))
	body.WriteString("\n\n## Solution\n\n```line\n")
	body.WriteString(p.SolutionText())
	body.WriteString("\n```\n")
	if n := strings.TrimSpace(p.Notes); n != "" {
		body.WriteString("\n" + n + "\n")
	}
	return mode.Format(&mode.File{
		Generator: p.Generator, Title: p.Title, Category: p.Category, Summary: p.Summary,
		Variant: p.Variant, Rules: p.Rules, Start: p.StartText, Difficulty: p.Difficulty,
		Icon: p.Icon, Weight: p.Weight, Opponent: "perfect",
		Claim:  &mode.Claim{Result: p.Result, MateIn: p.MateIn},
		Puzzle: &mode.Puzzle{Side: p.Side, Solution: p.SolutionText(), Hints: p.Hints},
		Body:   body.String(),
	})
}

// WriteFiles writes each puzzle to dir/<ID>.md, creating dir, and returns
// the paths written. Files are written whole: a file that already exists
// is replaced.
func WriteFiles(dir string, ps []*Puzzle) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for _, p := range ps {
		path := filepath.Join(dir, p.ID+".md")
		tmp := path + ".tmp"
		if err := os.WriteFile(tmp, p.Markdown(), 0o644); err != nil {
			return paths, err
		}
		if err := os.Rename(tmp, path); err != nil {
			os.Remove(tmp)
			return paths, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}
