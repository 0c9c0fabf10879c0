package verify

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/thinchess/thinchess/internal/testscope"
)

// The population's figures on the held-out 30% of the sample, as
// measured when its constants were fitted; TestRatingModel fails when a
// refit does worse by more than the margins.
const (
	heldOutSpearman = 0.643
	heldOutMAE      = 239.9
	spearmanMargin  = 0.02
	maeMargin       = 5.0
)

// fitStart is where every fit of the population starts.
var fitStart = population{Nodes: 10, NodesPer400: 2, Noise: 2, Check: 1, Capture: 1, Sacrifice: 0}

// inTraining splits the sample: a puzzle is fitted on when the FNV-1a
// hash (32 bits) of its lichess id is below 7 modulo 10, else held out.
func inTraining(id string) bool { return idDigit(id) < 7 }

// idDigit is the FNV-1a hash (32 bits) of a lichess id modulo 10.
func idDigit(id string) int {
	h := fnv.New32a()
	h.Write([]byte(id))
	return int(h.Sum32() % 10)
}

// vector and fromVector convert a population to and from the
// coordinates the fit moves in (the noise as its logarithm).
func (pop population) vector() []float64 {
	return []float64{pop.Nodes, pop.NodesPer400, math.Log(pop.Noise), pop.Check, pop.Capture, pop.Sacrifice}
}

func fromVector(x []float64) population {
	return population{Nodes: x[0], NodesPer400: x[1], Noise: math.Exp(x[2]), Check: x[3], Capture: x[4], Sacrifice: x[5]}
}

// predict rates every sample with pop.
func (pop *population) predict(samples []ratingSample) []float64 {
	out := make([]float64, len(samples))
	for i := range samples {
		out[i] = pop.rating(&samples[i].ordeal)
	}
	return out
}

// realRatings are the samples' real ratings.
func realRatings(samples []ratingSample) []float64 {
	out := make([]float64, len(samples))
	for i, s := range samples {
		out[i] = s.rating
	}
	return out
}

// fitPopulation returns the population, from fitStart, whose ratings
// of samples have the least mean absolute error, by Nelder–Mead. A
// population whose solvers do not get stronger with rating is refused.
func fitPopulation(samples []ratingSample) population {
	real := realRatings(samples)
	loss := func(x []float64) float64 {
		pop := fromVector(x)
		if pop.NodesPer400 <= 0.05 {
			return math.Inf(1)
		}
		return meanAbsError(pop.predict(samples), real)
	}
	return fromVector(nelderMead(loss, fitStart.vector(), 0.5, 600))
}

// nelderMead minimises f from x0 with a starting simplex of step along
// each axis, for at most iters iterations or until the simplex's values
// agree within 0.01: the textbook method (reflection 1, expansion 2,
// contraction and shrink ½). It is deterministic.
func nelderMead(f func([]float64) float64, x0 []float64, step float64, iters int) []float64 {
	n := len(x0)
	pts := make([][]float64, n+1)
	vals := make([]float64, n+1)
	for i := range pts {
		pts[i] = slices.Clone(x0)
		if i > 0 {
			pts[i][i-1] += step
		}
		vals[i] = f(pts[i])
	}
	along := func(c, p []float64, t float64) []float64 {
		x := make([]float64, n)
		for j := range x {
			x[j] = c[j] + t*(p[j]-c[j])
		}
		return x
	}
	for range iters {
		idx := make([]int, n+1)
		for i := range idx {
			idx[i] = i
		}
		slices.SortStableFunc(idx, func(a, b int) int { return cmpFloat(vals[a], vals[b]) })
		sp, sv := make([][]float64, n+1), make([]float64, n+1)
		for i, k := range idx {
			sp[i], sv[i] = pts[k], vals[k]
		}
		pts, vals = sp, sv
		if vals[n]-vals[0] < 0.01 {
			break
		}
		c := make([]float64, n)
		for _, p := range pts[:n] {
			for j := range c {
				c[j] += p[j] / float64(n)
			}
		}
		r := along(c, pts[n], -1)
		fr := f(r)
		switch {
		case fr < vals[0]:
			if e := along(c, pts[n], -2); f(e) < fr {
				pts[n], vals[n] = e, f(e)
			} else {
				pts[n], vals[n] = r, fr
			}
		case fr < vals[n-1]:
			pts[n], vals[n] = r, fr
		default:
			k := along(c, pts[n], 0.5)
			if fk := f(k); fk < vals[n] {
				pts[n], vals[n] = k, fk
				continue
			}
			for i := 1; i <= n; i++ {
				pts[i] = along(pts[0], pts[i], 0.5)
				vals[i] = f(pts[i])
			}
		}
	}
	best := 0
	for i := range vals {
		if vals[i] < vals[best] {
			best = i
		}
	}
	return pts[best]
}

// split divides the sample by idDigit: those whose digit train accepts,
// and the others.
func split(samples []ratingSample, train func(digit int) bool) (in, out []ratingSample) {
	for _, s := range samples {
		if train(idDigit(s.id)) {
			in = append(in, s)
		} else {
			out = append(out, s)
		}
	}
	return in, out
}

// heldOutFigures are the Spearman correlation and the mean absolute
// error of pop's ratings of samples.
func heldOutFigures(pop *population, samples []ratingSample) (rho, mae float64) {
	got, real := pop.predict(samples), realRatings(samples)
	return spearman(got, real), meanAbsError(got, real)
}

// constantsText is pop as Go source to paste into solvers.go.
func constantsText(pop population) string {
	return fmt.Sprintf("population{Nodes: %.2f, NodesPer400: %.2f, Noise: %.2f, Check: %.2f, Capture: %.2f, Sacrifice: %.2f}",
		pop.Nodes, pop.NodesPer400, pop.Noise, pop.Check, pop.Capture, pop.Sacrifice)
}

// TestRatingModel refits the bounded solvers on the training part of the
// lichess sample and checks that solvers (solvers.go) is that fit, to
// its two decimals, and that the held-out figures have not fallen. Run
// it with -v for the figures, by how each row was measured, beside the
// training mean, and the constants to paste after a deliberate change.
func TestRatingModel(t *testing.T) {
	train, held := split(loadOrdeals(t), func(d int) bool { return d < 7 })
	fit := fitPopulation(train)
	t.Logf("fitted on %d rows (held out %d): %s", len(train), len(held), constantsText(fit))
	if got, want := constantsText(solvers), constantsText(fit); got != want {
		t.Errorf("solvers in solvers.go is %s, the fit gives %s: paste it", got, want)
	}
	rho, mae := heldOutFigures(&solvers, held)
	t.Logf("held out: Spearman %.3f, MAE %.1f", rho, mae)
	for _, how := range []string{"mate", "search"} {
		var part []ratingSample
		for _, s := range held {
			if s.how == how {
				part = append(part, s)
			}
		}
		r, m := heldOutFigures(&solvers, part)
		t.Logf("held out, %s rows (%d): Spearman %.3f, MAE %.1f", how, len(part), r, m)
	}
	mean := 0.0
	for _, s := range train {
		mean += s.rating / float64(len(train))
	}
	constant := make([]float64, len(held))
	for i := range constant {
		constant[i] = mean
	}
	t.Logf("held out: the training mean (%.0f) MAE %.1f", mean, meanAbsError(constant, realRatings(held)))
	if rho < heldOutSpearman-spearmanMargin {
		t.Errorf("held-out Spearman %.3f, below the %.3f measured (margin %.2f)", rho, heldOutSpearman, spearmanMargin)
	}
	if mae > heldOutMAE+maeMargin {
		t.Errorf("held-out MAE %.1f, above the %.1f measured (margin %.0f)", mae, heldOutMAE, maeMargin)
	}
}

// TestRatingModelStability refits the population on other splits of
// the sample (training on seven hash digits of ten, a rotation each) and
// on bootstrap resamples of the training part (ten of each in the full
// run of package testscope, three otherwise), and logs the spread
// of the held-out figures and of the constants; it fails when a split's
// held-out Spearman correlation falls below 0.4.
func TestRatingModelStability(t *testing.T) {
	if testing.Short() {
		t.Skip("twenty fits")
	}
	sample := loadOrdeals(t)
	var rhos, maes []float64
	var consts [][]float64
	// Three splits and three resamples by default, ten of each in the
	// full run (package testscope): each fit takes a few seconds.
	fits := 3
	if testscope.Full() {
		fits = 10
	}
	for k := range fits {
		train, held := split(sample, func(d int) bool { return (d-k+10)%10 < 7 })
		fit := fitPopulation(train)
		rho, mae := heldOutFigures(&fit, held)
		t.Logf("split %d: held-out Spearman %.3f, MAE %.1f; %s", k, rho, mae, constantsText(fit))
		if rho < 0.4 {
			t.Errorf("split %d: held-out Spearman %.3f, below 0.4", k, rho)
		}
		rhos, maes = append(rhos, rho), append(maes, mae)
	}
	t.Logf("%d splits: held-out Spearman %s, MAE %s", fits, spread(rhos, 3), spread(maes, 1))
	train, held := split(sample, func(d int) bool { return d < 7 })
	rng := rand.New(rand.NewPCG(32, 1))
	rhos, maes = nil, nil
	for b := range fits {
		resample := make([]ratingSample, len(train))
		for i := range resample {
			resample[i] = train[rng.IntN(len(train))]
		}
		fit := fitPopulation(resample)
		rho, mae := heldOutFigures(&fit, held)
		t.Logf("bootstrap %d: held-out Spearman %.3f, MAE %.1f; %s", b, rho, mae, constantsText(fit))
		rhos, maes = append(rhos, rho), append(maes, mae)
		consts = append(consts, fit.vector())
	}
	t.Logf("%d bootstrap resamples of the training part: held-out Spearman %s, MAE %s", fits, spread(rhos, 3), spread(maes, 1))
	for j, name := range []string{"Nodes", "NodesPer400", "ln Noise", "Check", "Capture", "Sacrifice"} {
		var xs []float64
		for _, c := range consts {
			xs = append(xs, c[j])
		}
		t.Logf("bootstrap %s: %s", name, spread(xs, 2))
	}
}

// spread writes the mean, the standard deviation and the range of xs.
func spread(xs []float64, decimals int) string {
	m := 0.0
	for _, x := range xs {
		m += x / float64(len(xs))
	}
	return fmt.Sprintf("mean %.*f, s.d. %.*f, range %.*f to %.*f", decimals, m, decimals, stdDev(xs), decimals, slices.Min(xs), decimals, slices.Max(xs))
}

// BenchmarkPopulationRating rates every row of the lichess sample with
// the shipped population, as the build rates a puzzle once its ordeal
// is measured, and reports the cost of one rating.
func BenchmarkPopulationRating(b *testing.B) {
	sample := loadOrdeals(b)
	b.ResetTimer()
	for range b.N {
		for i := range sample {
			solvers.rating(&sample[i].ordeal)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(sample))/1000, "µs/puzzle")
}
