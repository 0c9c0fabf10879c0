package site

import (
	"github.com/thinchess/thinchess/drill"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site/chunks"
	"github.com/thinchess/thinchess/verify"
)

// This file makes the data pages' scripts read (package wire) from the
// build's domain types: each wire value is made here, in one place, and
// holds what its page needs, no more.

// facts says how much of a verification a script gets.
type facts uint8

const (
	// pageFacts is everything proven: the mode page shows it.
	pageFacts facts = iota
	// entryFacts is what an authored puzzle's chunk entry needs: the
	// page's facts without the rating estimate and the themes, which are
	// the entry's own rating and themes.
	entryFacts
	// proofFacts is what a pack puzzle's entry needs: the proof (method,
	// value, distance, an exact solve's split of values), not the report
	// of it (best moves, principal variation, note, graph size).
	proofFacts
)

// modeData returns the mode's data for a page whose root prefix is root,
// with the facts f of its verification.
func (r *renderer) modeData(mv *modeView, root string, f facts) wire.Mode {
	d := wire.Mode{
		ID: mv.ID, Title: mv.Title, Variant: mv.Variant, Game: mv.game,
		Start: mv.StartText, FEN: mv.FEN, Code: mv.Code, W: mv.W, H: mv.H,
		Promotion: mv.promotions, Difficulty: mv.Difficulty, Opponent: mv.Opponent, Drills: drill.Of(mv.Mode),
	}
	if mv.Origin.Kind == mode.FromFile {
		d.URL = root + "modes/" + mv.ID + "/" // a pack's puzzle has no page
	}
	if d.Promotion == nil {
		d.Promotion = []string{}
	}
	if d.Opponent == "" {
		d.Opponent = "perfect"
	}
	if mv.OverAtOnce() {
		d.Opponent = "human"
	}
	if mv.table != "" {
		d.Table = root + mv.table
	}
	if c := mv.Mode.Claim; c != nil {
		d.Claim = &wire.Claim{Result: c.Result.String(), MateIn: c.MateIn}
	}
	if mv.V != nil {
		d.Verification = verificationData(mv.V, f)
	}
	if p := mv.Mode.Puzzle; p != nil {
		d.Puzzle = &wire.Puzzle{Side: p.Side.String(), Task: mv.Puzzle.Task, Solution: p.Solution, Hints: []wire.Hint{}}
		if mv.V != nil {
			d.Puzzle.Tree = treeData(mv.V.Tree)
			if dg := mv.V.Danger; dg != nil {
				d.Puzzle.Danger = &wire.Danger{Move: dg.Move, Reply: dg.Reply, ReplySAN: dg.ReplySAN, WinIn: dg.WinIn}
			}
		}
		for _, h := range p.Hints {
			d.Puzzle.Hints = append(d.Puzzle.Hints, wire.Hint{Text: h.Text, Squares: h.Squares, Move: h.Move})
		}
	}
	return d
}

// verificationData returns the facts f of v.
func verificationData(v *verify.Verification, f facts) *wire.Verification {
	d := &wire.Verification{
		Method: v.Method.String(), Verified: v.Verified, Value: v.Value.String(), DTM: v.DTM, MateIn: v.MateIn,
		WhiteWins: v.WhiteWins, BlackWins: v.BlackWins, Draws: v.Draws, Certificate: v.Certificate,
	}
	if f != proofFacts {
		d.Best, d.PV, d.Note, d.States, d.Edges = v.Best, v.PV, v.Note, v.States, v.Edges
	}
	if f == pageFacts {
		d.EstimatedRating, d.Themes = v.EstimatedRating, v.Themes
	}
	return d
}

// treeData returns a puzzle's solution tree, or nil.
func treeData(t *verify.TreeNode) *wire.TreeNode {
	if t == nil {
		return nil
	}
	d := &wire.TreeNode{FEN: t.FEN, Accept: t.Accept, Reply: t.Reply, SAN: t.SAN, End: t.End}
	if t.Next != nil {
		d.Next = make(map[string]*wire.TreeNode, len(t.Next))
		for mv, n := range t.Next {
			d.Next[mv] = treeData(n)
		}
	}
	return d
}

// puzzleEntry returns the chunk entry of a puzzle of pack.
func (r *renderer) puzzleEntry(mv *modeView, pack string) wire.PuzzleEntry {
	m := mv.Mode
	f := entryFacts
	if m.Origin.Kind == mode.FromPack {
		f = proofFacts
	}
	e := wire.PuzzleEntry{Mode: r.modeData(mv, "", f), Pack: pack, Family: chunks.Family(mv.Start.B), Kind: chunks.Kind(m)}
	e.Rating, e.Estimated = chunks.Rating(m, mv.V)
	in := m.Info
	e.Themes, e.Last, e.Notes = in.Themes, in.Last, in.Notes
	if len(e.Themes) == 0 && mv.V != nil {
		e.Themes = mv.V.Themes
	}
	if in.Task != "" && e.Puzzle != nil {
		e.Puzzle.Task = in.Task
	}
	if in.URL != "" || in.Plays > 0 {
		e.Source = &wire.Source{URL: in.URL, Plays: in.Plays, Popularity: in.Popularity, RatingDeviation: in.RatingDeviation}
	}
	return e
}
