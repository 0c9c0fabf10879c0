package site

import (
	"math"
	"strconv"

	"github.com/thinchess/thinchess/internal/wire"
)

// The trainer's Hint button says what a hint costs before it is used
// ("Hint (costs 25 points)"), from the player's rating: hintscore.js
// writes it. The trainer's page is drawn with its first puzzle for a
// new player, whose rating is the Glicko-2 start; firstHintLabel writes
// the label that player will read, so that it is in the page from the
// first paint and the panel does not move when the trainer writes it.
// It twins rating.js (update), progress.js (puzzleRD) and hintscore.js
// (hintCost, in Rated); TestBrowserTrainFirstPaint compares the page's
// label with the trainer's.

// glicko is a Glicko-2 rating: the rating, its deviation and volatility.
type glicko struct{ rating, rd, vol float64 }

// The constants of rating.js.
const (
	glickoScale = 173.7178
	glickoEps   = 1e-6
	glickoTau   = 0.75
	glickoMinRD = 45
	glickoMaxRD = 350
)

// glickoStart is a new player's rating (rating.js START).
var glickoStart = glicko{1500, 350, 0.06}

// glickoResult is one game: the opponent's rating and deviation and the
// score (1 a win, 0 a loss).
type glickoResult struct{ rating, rd, score float64 }

// glickoUpdate is rating.js's update: Glickman's Glicko-2 step for one
// rating period, the deviation kept within its bounds when bounded.
func glickoUpdate(p glicko, results []glickoResult, tau float64, bounded bool) glicko {
	mu, phi, sigma := (p.rating-1500)/glickoScale, p.rd/glickoScale, p.vol
	clamp := func(rd float64) float64 {
		if bounded {
			return math.Min(glickoMaxRD, math.Max(glickoMinRD, rd))
		}
		return rd
	}
	if len(results) == 0 {
		return glicko{p.rating, clamp(glickoScale * math.Sqrt(phi*phi+sigma*sigma)), sigma}
	}
	g := func(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }
	var vInv, sum float64
	for _, r := range results {
		muJ, gJ := (r.rating-1500)/glickoScale, g(r.rd/glickoScale)
		e := 1 / (1 + math.Exp(-gJ*(mu-muJ)))
		vInv += gJ * gJ * e * (1 - e)
		sum += gJ * (r.score - e)
	}
	v := 1 / vInv
	delta := v * sum
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A, B := a, 0.0
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > glickoEps {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	vol := math.Exp(A / 2)
	phiStar := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*sum
	return glicko{1500 + glickoScale*muNew, clamp(glickoScale * phiNew), vol}
}

// jsRound is JavaScript's Math.round (halves up).
func jsRound(x float64) float64 { return math.Floor(x + 0.5) }

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
	after := glickoUpdate(glickoStart, []glickoResult{{float64(e.Rating), puzzleRD(e), score}}, glickoTau, true)
	return int(jsRound(after.rating) - jsRound(glickoStart.rating))
}

// firstHintLabel is the Hint button's label a new player reads in Rated
// on puzzle e, when e has hints of its own ("Hint (costs 25 points)"),
// else "" (the trainer writes it: a puzzle's other hints come from its
// proof, which hints.js reads).
func firstHintLabel(e *wire.PuzzleEntry) string {
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
