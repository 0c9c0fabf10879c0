package puzzles

import (
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
)

// Puzzle is a puzzle ready to be written as one line of a pack (see
// mode.PackLine). Its variant and rules are the pack's.
type Puzzle struct {
	// ID is the puzzle's id, unique in the site.
	ID string
	// Title, when empty, is the pack's title and the id.
	Title string
	// Start is the puzzle's position and StartText how the line writes it
	// (a position code or a FEN).
	Start     *engine.Position
	StartText string
	// Difficulty is 1 to 5, or 0 to grade the rating.
	Difficulty int
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
	// Task is the sentence that sets the puzzle; Notes say more about it
	// (how it was found, what was changed). Both are plain text.
	Task, Notes string

	// What the puzzle's source says of it: its rating, popularity and
	// play count on lichess.org, its themes and opening, the game it
	// comes from (a URL, kept as data), and the move that led to the
	// start in coordinates.
	mode.PuzzleMeta
}

// SolutionText returns the solution line in SAN with move numbers, or
// under Ban Chess as the action log of bans and moves.
func (p *Puzzle) SolutionText() string {
	if p.Start.R.Bans {
		return engine.FormatActions(p.Start, p.Line)
	}
	return p.Start.FormatLine(p.Line)
}

// PackLine returns the puzzle as a line of a pack.
func (p *Puzzle) PackLine() *mode.PackLine {
	l := &mode.PackLine{
		ID: p.ID, Title: p.Title, Start: p.StartText, Result: p.Result.String(), MateIn: p.MateIn,
		Solution: p.SolutionText(), Task: p.Task, Notes: p.Notes, Difficulty: p.Difficulty, PuzzleMeta: p.PuzzleMeta,
	}
	for _, h := range p.Hints {
		l.Hints = append(l.Hints, mode.PackHint{Text: h.Text, Squares: h.Squares, Move: h.Move})
	}
	return l
}
