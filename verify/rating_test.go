package verify

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/solver/mate"
)

// The rating model's figures on the held-out 30% of the sample, as
// measured when the coefficients were fitted; TestRatingModel fails when
// a refit does worse by more than the margins.
const (
	heldOutSpearman = 0.599
	heldOutMAE      = 185.5
	spearmanMargin  = 0.02
	maeMargin       = 5.0
)

// ratingSample is a mate puzzle of the lichess sample: its id, its real
// rating and the features of its proof.
type ratingSample struct {
	id     string
	rating float64
	f      features
}

// sampleFile is the real lichess sample, kept with the importer's tests.
var sampleFile = filepath.Join("..", "puzzles", "testdata", "lichess_sample.csv")

// samplePuzzles converts every mate puzzle of the lichess sample as the
// importer does, and returns them with their rows; rows the importer
// cannot prove are left out.
func samplePuzzles(tb testing.TB) ([]*puzzles.Puzzle, []*puzzles.LichessRow) {
	tb.Helper()
	f, err := os.Open(sampleFile)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	lr, err := puzzles.NewLichessReader(f, "lichess_sample.csv")
	if err != nil {
		tb.Fatal(err)
	}
	defer lr.Close()
	var rows []*puzzles.LichessRow
	for {
		r, err := lr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			continue // one id was mangled by a spreadsheet; not a mate row
		}
		if n, err := r.MateIn(); n > 0 && err == nil {
			rows = append(rows, r)
		}
	}
	converted := par.Map(rows, func(r *puzzles.LichessRow) *puzzles.Puzzle {
		pz, err := puzzles.ConvertLichess(r, puzzles.ConvertOptions{})
		if err != nil {
			return nil
		}
		return pz
	})
	var pzs []*puzzles.Puzzle
	var kept []*puzzles.LichessRow
	for i, pz := range converted {
		if pz != nil {
			pzs, kept = append(pzs, pz), append(kept, rows[i])
		}
	}
	return pzs, kept
}

// loadRatingSample measures the proof of every mate puzzle of the
// lichess sample as the build does: with the mate search of the claim's
// length and the build's node budget, slower wins included.
func loadRatingSample(tb testing.TB) []ratingSample {
	tb.Helper()
	pzs, rows := samplePuzzles(tb)
	measured := par.Map(pzs, func(pz *puzzles.Puzzle) features {
		f, ok := measure(sampleOracle(pz), pz.Start, pz.Side, pz.Line, slowerWinNodes)
		if !ok {
			tb.Errorf("%s: proven by the importer but not measured", pz.ID)
		}
		return f
	})
	out := make([]ratingSample, len(pzs))
	for i, f := range measured {
		out[i] = ratingSample{rows[i].ID, float64(rows[i].Rating), f}
	}
	return out
}

// sampleOracle is the oracle the build verifies a converted puzzle with.
func sampleOracle(pz *puzzles.Puzzle) *mate.Oracle {
	return mate.NewOracle(pz.Side, pz.MateIn, mate.Options{MaxNodes: int64(DefaultOptions.MateNodes)})
}

// inTraining splits the sample: a puzzle is fitted on when the FNV-1a
// hash (32 bits) of its lichess id is below 7 modulo 10, else held out.
func inTraining(id string) bool {
	h := fnv.New32a()
	h.Write([]byte(id))
	return h.Sum32()%10 < 7
}

// leastSquares returns b minimising Σ (y − b₀ − Σ bᵢ xᵢ)², solving the
// normal equations by Gaussian elimination with partial pivoting.
func leastSquares(xs [][]float64, ys []float64) ([]float64, error) {
	k := len(xs[0]) + 1
	a := make([][]float64, k) // the augmented matrix [XᵀX | Xᵀy]
	for i := range a {
		a[i] = make([]float64, k+1)
	}
	row := make([]float64, k)
	for n, x := range xs {
		row[0] = 1
		copy(row[1:], x)
		for i := range k {
			for j := range k {
				a[i][j] += row[i] * row[j]
			}
			a[i][k] += row[i] * ys[n]
		}
	}
	for c := range k {
		p := c
		for r := c + 1; r < k; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		if math.Abs(a[c][c]) < 1e-9 {
			return nil, fmt.Errorf("term %d is a combination of the others on this sample", c)
		}
		for r := range k {
			if r != c {
				m := a[r][c] / a[c][c]
				for j := c; j <= k; j++ {
					a[r][j] -= m * a[c][j]
				}
			}
		}
	}
	b := make([]float64, k)
	for i := range b {
		b[i] = a[i][k] / a[i][i]
	}
	return b, nil
}

// ranks returns the rank of each value from 1, ties sharing their mean
// rank.
func ranks(v []float64) []float64 {
	idx := make([]int, len(v))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmpFloat(v[a], v[b]) })
	r := make([]float64, len(v))
	for i := 0; i < len(idx); {
		j := i
		for j+1 < len(idx) && v[idx[j+1]] == v[idx[i]] {
			j++
		}
		for k := i; k <= j; k++ {
			r[idx[k]] = float64(i+j)/2 + 1
		}
		i = j + 1
	}
	return r
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// pearson is the correlation of a and b; NaN when either is constant.
func pearson(a, b []float64) float64 {
	var ma, mb float64
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	ma /= float64(len(a))
	mb /= float64(len(b))
	var sab, saa, sbb float64
	for i := range a {
		sab += (a[i] - ma) * (b[i] - mb)
		saa += (a[i] - ma) * (a[i] - ma)
		sbb += (b[i] - mb) * (b[i] - mb)
	}
	return sab / math.Sqrt(saa*sbb)
}

// spearman is the rank correlation of a and b.
func spearman(a, b []float64) float64 { return pearson(ranks(a), ranks(b)) }

// meanAbsError is the mean of |a − b|.
func meanAbsError(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += math.Abs(a[i] - b[i])
	}
	return s / float64(len(a))
}

// minerRating is the old rule, 600 + 400 × difficulty, with the
// difficulty the miner grades a puzzle with (puzzles.Grade), fed with
// the same proof's features.
func minerRating(f *features) float64 {
	line := 0
	for _, n := range f.plausible {
		line += n
	}
	return float64(600 + 400*puzzles.Grade(f.mateIn, f.quietKey, f.plausible[0], line))
}

// TestRatingModel refits the rating model on the training part of the
// lichess sample and checks that the coefficients in rating.go are that
// fit (to their one decimal) and that the held-out figures have not
// fallen. Run it with -v for the figures beside the baselines and the
// constants to paste after a deliberate change.
func TestRatingModel(t *testing.T) {
	sample := loadRatingSample(t)
	var train, held []ratingSample
	for _, s := range sample {
		if inTraining(s.id) {
			train = append(train, s)
		} else {
			held = append(held, s)
		}
	}
	var xs [][]float64
	var ys []float64
	mean := 0.0
	for _, s := range train {
		xs = append(xs, s.f.ratingTerms())
		ys = append(ys, s.rating)
		mean += s.rating
	}
	mean /= float64(len(train))
	b, err := leastSquares(xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"ratingIntercept", "ratingMateIn", "ratingLegal", "ratingPlausible", "ratingMaterial", "ratingCaptureKey"}
	var consts strings.Builder
	for i, c := range b {
		fmt.Fprintf(&consts, "\t%s = %.1f\n", names[i], c)
	}
	t.Logf("fitted on %d puzzles (held out %d of %d):\n%s", len(train), len(held), len(sample), consts.String())
	for i, c := range b {
		if math.Abs(c-ratingCoefficients[i]) > 0.05+1e-9 {
			t.Errorf("%s is %.1f in rating.go, the fit gives %.4f: paste the constants above", names[i], ratingCoefficients[i], c)
		}
	}

	// The calibration: deciles of the fitted outputs against deciles of
	// the real ratings, on the training part.
	var outs, reals []float64
	for _, s := range train {
		y := b[0]
		for i, x := range s.f.ratingTerms() {
			y += b[i+1] * x
		}
		outs, reals = append(outs, y), append(reals, s.rating)
	}
	slices.Sort(outs)
	slices.Sort(reals)
	var knots strings.Builder
	for q := 0; q <= 10; q++ {
		k := int(math.Round(float64(q) / 10 * float64(len(outs)-1)))
		fmt.Fprintf(&knots, "{%.1f, %.1f}, ", outs[k], reals[k])
		if q < len(ratingKnots) && (math.Abs(outs[k]-ratingKnots[q][0]) > 0.05+1e-9 || math.Abs(reals[k]-ratingKnots[q][1]) > 0.05+1e-9) {
			t.Errorf("rating knot %d is %v in rating.go, the fit gives {%.4f, %.4f}: paste the knots logged", q, ratingKnots[q], outs[k], reals[k])
		}
	}
	t.Logf("knots:\n%s", knots.String())

	real := make([]float64, len(held))
	model, constant, oldDefault, oldMiner := make([]float64, len(held)), make([]float64, len(held)), make([]float64, len(held)), make([]float64, len(held))
	for i, s := range held {
		real[i] = s.rating
		model[i] = float64(estimateRating(&s.f))
		constant[i] = mean
		oldDefault[i] = 1000 // 600 + 400 × 1, the difficulty of a pack line without one
		oldMiner[i] = minerRating(&s.f)
	}
	rho, mae := spearman(model, real), meanAbsError(model, real)
	linear := make([]float64, len(held))
	for i, s := range held {
		linear[i] = linearRating(&s.f)
	}
	t.Logf("held out: model Spearman %.3f, MAE %.1f; before calibration Spearman %.3f, MAE %.1f", rho, mae, spearman(linear, real), meanAbsError(linear, real))
	t.Logf("held out: spread (standard deviation) of the estimates %.0f, of the real ratings %.0f, before calibration %.0f", stdDev(model), stdDev(real), stdDev(linear))
	t.Logf("held out: old rule with the miner's grade Spearman %.3f, MAE %.1f", spearman(oldMiner, real), meanAbsError(oldMiner, real))
	t.Logf("held out: old rule with the default difficulty (1000) MAE %.1f", meanAbsError(oldDefault, real))
	t.Logf("held out: the training mean (%.0f) MAE %.1f", mean, meanAbsError(constant, real))
	if rho < heldOutSpearman-spearmanMargin {
		t.Errorf("held-out Spearman %.3f, below the %.3f measured (margin %.2f)", rho, heldOutSpearman, spearmanMargin)
	}
	if mae > heldOutMAE+maeMargin {
		t.Errorf("held-out MAE %.1f, above the %.1f measured (margin %.0f)", mae, heldOutMAE, maeMargin)
	}
}

// stdDev is the standard deviation of xs.
func stdDev(xs []float64) float64 {
	m := 0.0
	for _, x := range xs {
		m += x
	}
	m /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - m) * (x - m)
	}
	return math.Sqrt(v / float64(len(xs)))
}

// TestLeastSquares recovers an exact linear relation and refuses a
// term that is a copy of another.
func TestLeastSquares(t *testing.T) {
	xs := [][]float64{{1, 2}, {2, 1}, {3, 5}, {4, 3}, {0, 1}}
	var ys []float64
	for _, x := range xs {
		ys = append(ys, 7+2*x[0]-3*x[1])
	}
	b, err := leastSquares(xs, ys)
	if err != nil {
		t.Fatal(err)
	}
	for i, want := range []float64{7, 2, -3} {
		if math.Abs(b[i]-want) > 1e-9 {
			t.Errorf("b%d = %v, want %v", i, b[i], want)
		}
	}
	if _, err := leastSquares([][]float64{{1, 1}, {2, 2}, {3, 3}}, []float64{1, 2, 3}); err == nil {
		t.Error("collinear terms: no error")
	}
	if got := spearman([]float64{1, 2, 2, 5}, []float64{10, 20, 20, 30}); math.Abs(got-1) > 1e-12 {
		t.Errorf("spearman of monotone data with ties = %v, want 1", got)
	}
}

// samplePack writes the sample's puzzles as a pack of a new site and
// loads it; with keep unset a line loses its rating and themes.
func samplePack(tb testing.TB, pzs []*puzzles.Puzzle, keep func(i int) (rating, themes bool)) *mode.Site {
	tb.Helper()
	var lines []string
	for i, pz := range pzs {
		l := pz.PackLine()
		if rating, themes := keep(i); !rating || !themes {
			if !rating {
				l.Rating = 0
			}
			if !themes {
				l.Themes = nil
			}
		}
		data, err := json.Marshal(l)
		if err != nil {
			tb.Fatal(err)
		}
		lines = append(lines, string(data))
	}
	src := tb.TempDir()
	writePack(tb, src, lines)
	s, errs := mode.Load(src)
	if len(errs.Errors()) > 0 {
		tb.Fatal(errs)
	}
	return s
}

// TestEstimatedRatingAsBuilt verifies puzzles of the lichess sample as
// pack lines, the way the build does, and checks that a line without a
// rating gets the estimate of its features as the calibration measures
// them, and one without themes the themes of its proof; a line with
// both is not measured at all.
func TestEstimatedRatingAsBuilt(t *testing.T) {
	pzs, _ := samplePuzzles(t)
	pzs = pzs[:60]
	s := samplePack(t, pzs, func(i int) (bool, bool) { return i%3 != 2, i%3 == 0 })
	results, _, verrs := Verify(s, DefaultOptions)
	if len(verrs) > 0 {
		t.Fatal(verrs)
	}
	for i, pz := range pzs {
		v := results[pz.ID]
		if v == nil || !v.Verified {
			t.Fatalf("%s: not verified: %+v", pz.ID, v)
		}
		f, _ := measure(sampleOracle(pz), pz.Start, pz.Side, pz.Line, slowerWinNodes)
		wantRating, wantThemes := estimateRating(&f), proofThemes(&f, pz.Start)
		switch i % 3 {
		case 0: // rated, with themes
			wantRating, wantThemes = 0, nil
		case 1: // rated, without themes
			wantRating = 0
		}
		if v.EstimatedRating != wantRating || !slices.Equal(v.Themes, wantThemes) {
			t.Errorf("%s: estimated rating %d, themes %v; want %d, %v", pz.ID, v.EstimatedRating, v.Themes, wantRating, wantThemes)
		}
	}
}

// BenchmarkVerifyLichessSample verifies the sample's mate puzzles as the
// build verifies a pack (on every core, no cache), with their ratings
// and themes (nothing measured), with ratings only (themes measured) and
// with neither (the rating's features too, slower wins included), and
// reports puzzles per second. The exact-solving budget is kept small so
// that the figures compare mate-search verification with and without
// the features: the build's attempts to solve a puzzle exactly (up to
// 1,000,000 states, and most 8×8 puzzles fail at once) come on top.
func BenchmarkVerifyLichessSample(b *testing.B) {
	pzs, _ := samplePuzzles(b)
	opt := DefaultOptions
	opt.MaxStates = 1000
	for _, c := range []struct {
		name           string
		rating, themes bool
	}{{"rated", true, true}, {"themes", true, false}, {"unrated", false, false}} {
		b.Run(c.name, func(b *testing.B) {
			s := samplePack(b, pzs, func(int) (bool, bool) { return c.rating, c.themes })
			b.ResetTimer()
			for range b.N {
				Verify(s, opt)
			}
			b.ReportMetric(float64(b.N*len(pzs))/b.Elapsed().Seconds(), "puzzles/s")
		})
	}
}
