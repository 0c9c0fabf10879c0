package verify

import (
	"math"
	"slices"
	"strconv"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// The rating model: a puzzle's estimated rating is a linear function of
// ratingTerms, with these coefficients. They were fitted by ordinary
// least squares on the real ratings of the lichess sample's mate puzzles
// (puzzles/testdata/lichess_sample.csv, each proven by mate search and
// measured as the build measures a puzzle), on the 70% whose fnv1a32
// hash of PuzzleId is below 7 mod 10; the other 30% are held out.
// TestRatingModel refits them and fails when they drift; run it with -v
// to see the fit, the held-out figures and the constants to paste here.
const (
	ratingIntercept = 977.7
	// ratingMateIn multiplies ln(the solver's moves to mate).
	ratingMateIn = 185.6
	// ratingLegal multiplies the mean over the solver's turns of
	// ln(its legal moves).
	ratingLegal = -98.0
	// ratingPlausible multiplies the mean over the solver's turns of
	// ln(1 + its plausible wrong moves).
	ratingPlausible = 229.0
	// ratingMaterial multiplies ln(1 + the material on the board, in
	// pawns).
	ratingMaterial = -23.2
	// ratingCaptureKey is added when the key move captures.
	ratingCaptureKey = -83.6
)

// ratingCoefficients are the model's coefficients in the order of
// ratingTerms, after the intercept.
var ratingCoefficients = []float64{ratingIntercept, ratingMateIn, ratingLegal, ratingPlausible, ratingMaterial, ratingCaptureKey}

// Estimated ratings are kept within the range of real puzzle ratings.
const minEstimate, maxEstimate = 400, 3000

// ratingTerms are the model's inputs made from a puzzle's features, in
// the order of ratingCoefficients (after the intercept). They were
// chosen by five-fold cross-validation on the training part alone;
// adding the sacrifice flag, the moves that keep the result or the
// number of pieces changed its Spearman correlation by less than 0.01.
// The board's size and a quiet key move are measured but left out, as
// least squares cannot weigh them: the calibration puzzles are all on 64
// squares and one of 592 has a quiet key move. None has a slower win
// among its wrong moves either (lichess keeps puzzles whose other moves
// do not win), so the plausible term is weighed on checks and captures.
func (f *features) ratingTerms() []float64 {
	captured := 0.0
	if f.captureKey {
		captured = 1
	}
	return []float64{
		math.Log(float64(max(f.mateIn, 1))),
		meanLog(f.legal, 0),
		meanLog(f.plausible, 1),
		math.Log(1 + float64(f.material)),
		captured,
	}
}

// meanLog is the mean of ln(x+add) over xs, 0 when there are none.
func meanLog(xs []int, add float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += math.Log(float64(x) + add)
	}
	return s / float64(len(xs))
}

// ratingKnots calibrate the linear model's output (the first of each
// pair) to a rating (the second): the deciles of the model's outputs on
// the training part of the sample, paired with the deciles of those
// puzzles' real ratings. Least squares pulls every estimate towards the
// mean (the held-out outputs' standard deviation is 137 against the real
// ratings' 276); this monotone map keeps their order (and so the
// Spearman correlation) and gives them the spread real ratings have
// (280), for a held-out mean error of 185.5 instead of 167.7. Beyond the
// last knot the last piece is extended: the sample's hardest mates rate
// 2,196, so estimates above that are extrapolations.
// TestRatingModel refits the knots with the coefficients.
var ratingKnots = [][2]float64{
	{466.7, 400.0}, {688.8, 543.0}, {744.1, 603.0}, {787.6, 700.0}, {824.7, 788.0}, {866.4, 861.0},
	{902.0, 913.0}, {936.3, 970.0}, {975.2, 1062.0}, {1026.6, 1153.0}, {1248.2, 2196.0},
}

// linearRating is the linear model's output for features f.
func linearRating(f *features) float64 {
	y := ratingCoefficients[0]
	for i, x := range f.ratingTerms() {
		y += ratingCoefficients[i+1] * x
	}
	return y
}

// calibrate maps a linear output through ratingKnots, piecewise
// linearly, extending the first and last pieces beyond the knots.
func calibrate(y float64, knots [][2]float64) float64 {
	n := len(knots)
	i := 1
	for i < n-1 && y > knots[i][0] {
		i++
	}
	a, b := knots[i-1], knots[i]
	if b[0] == a[0] {
		return b[1]
	}
	return a[1] + (y-a[0])*(b[1]-a[1])/(b[0]-a[0])
}

// estimateRating is the model's rating of a puzzle with features f,
// calibrated, rounded and kept within [minEstimate, maxEstimate].
func estimateRating(f *features) int {
	y := calibrate(linearRating(f), ratingKnots)
	return min(max(int(math.Round(y)), minEstimate), maxEstimate)
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
// nothing more; one with a rating only is measured without the mate
// searches for slower wins, which only the rating needs.
func describePuzzle(m *mode.Mode, o solver.Oracle, v *Verification, line []engine.Move) {
	needRating := m.Info.Rating == 0
	needThemes := len(m.Info.Themes) == 0
	if !needRating && !needThemes {
		return
	}
	var slowerNodes int64
	if needRating {
		slowerNodes = slowerWinNodes
	}
	f, ok := measure(o, m.Start, m.Puzzle.Side, line, slowerNodes)
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
