package verify

import (
	"math"
	"slices"
	"strconv"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// Estimated ratings are kept within the range of real puzzle ratings.
const minEstimate, maxEstimate = 400, 3000

// estimateRating is the bounded solvers' rating of a puzzle with
// features f (see solvers.go), rounded.
func estimateRating(f *features) int {
	return int(math.Round(solvers.rating(&f.ordeal)))
}

// proofThemes names, in lichess's spellings where lichess has one, what
// the proof shows about a won puzzle from start: the mate's length
// (mateIn1 … mateIn5, mate beyond; mate under Ban Chess, where distances
// count bans; none under the race goal), oneMove, onlyMove (at some turn
// of the solver with a choice, one move alone keeps the proven result),
// quietMove (the key move neither checks nor captures), capture,
// sacrifice, promotion, zugzwang and ban.
func proofThemes(f *features, start *engine.Position) []string {
	var themes []string
	add := func(ok bool, t string) {
		if ok {
			themes = append(themes, t)
		}
	}
	if start.R.Goal == engine.GoalCheckmate {
		switch {
		case start.R.Bans || f.mateIn > 5:
			themes = append(themes, "mate")
		default:
			themes = append(themes, "mateIn"+strconv.Itoa(f.mateIn))
		}
	}
	only := false
	for i, n := range f.keeping {
		only = only || n == 1 && f.legal[i] > 1
	}
	add(f.mateIn == 1, "oneMove")
	add(only, "onlyMove")
	add(f.quietKey, "quietMove")
	add(f.captureKey, "capture")
	add(f.sacrifice, "sacrifice")
	add(f.promotion, "promotion")
	add(f.zugzwang, "zugzwang")
	add(start.R.Bans, "ban")
	return themes
}

// describePuzzle sets the estimated rating and the themes of a verified
// puzzle whose side wins, from its proof: the rating when the puzzle has
// none of its own, the themes when it has none. A puzzle with both costs
// nothing more. Neither needs the mate searches for slower wins (the
// bounded solvers see a slower win fail when they see the fastest), so
// none is run.
func describePuzzle(m *mode.Mode, o solver.Oracle, v *Verification, line []engine.Move) {
	needRating := m.Info.Rating == 0
	needThemes := len(m.Info.Themes) == 0
	if !needRating && !needThemes {
		return
	}
	f, ok := measure(o, m.Start, m.Puzzle.Side, line, 0)
	if !ok {
		return
	}
	if needRating {
		v.EstimatedRating = estimateRating(&f)
	}
	if needThemes {
		v.Themes = slices.Clip(proofThemes(&f, m.Start))
	}
}
