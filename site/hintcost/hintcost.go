// Package hintcost writes the trainer's Hint button label a new player
// reads on the trainer's first puzzle, with what the hint costs:
//
//	label := hintcost.FirstLabel(entry) // "Hint (costs 25 points)"
package hintcost

import (
	"math"
	"strconv"

	"github.com/thinchess/thinchess/internal/glicko"
	"github.com/thinchess/thinchess/internal/wire"
)

// The trainer's Hint button says what a hint costs before it is used
// ("Hint (costs 25 points)"), from the player's rating: hintscore.js
// writes it. The trainer's page is drawn with its first puzzle for a
// new player, whose rating is the Glicko-2 start; FirstLabel writes
// the label that player will read, so that it is in the page from the
// first paint and the panel does not move when the trainer writes it.
// It twins rating.js (update), progress.js (puzzleRD) and hintscore.js
// (hintCost, in Rated); TestBrowserTrainFirstPaint compares the page's
// label with the trainer's.

// puzzleRD is progress.js's: the source's deviation, else 150 for an
// estimated rating and 100 for one read.
func puzzleRD(e *wire.PuzzleEntry) float64 {
	if e.Source != nil && e.Source.RatingDeviation > 0 {
		return float64(e.Source.RatingDeviation)
	}
	if e.Estimated {
		return 150
	}
	return 100
}

// ratingChange is hintscore.js's: the change of a new player's shown
// rating that score at puzzle e brings.
func ratingChange(e *wire.PuzzleEntry, score float64) int {
	after := glicko.Update(glicko.Start, []glicko.Result{{Rating: float64(e.Rating), RD: puzzleRD(e), Score: score}}, glicko.Tau, true)
	return int(jsRound(after.Rating) - jsRound(glicko.Start.Rating))
}

// FirstLabel is the Hint button's label a new player reads in Rated
// on puzzle e, when e has hints of its own ("Hint (costs 25 points)"),
// else "" (the trainer writes it: a puzzle's other hints come from its
// proof, which hints.js reads).
func FirstLabel(e *wire.PuzzleEntry) string {
	if e == nil || e.Puzzle == nil || len(e.Puzzle.Hints) == 0 {
		return ""
	}
	now, then := ratingChange(e, 1), ratingChange(e, 0.5)
	if now <= then {
		return "Hint"
	}
	unit := " points"
	if now-then == 1 {
		unit = " point"
	}
	return "Hint (costs " + strconv.Itoa(now-then) + unit + ")"
}

// jsRound is JavaScript's Math.round (halves up).
func jsRound(x float64) float64 { return math.Floor(x + 0.5) }
