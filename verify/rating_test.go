package verify

import (
	"encoding/json"
	"math"
	"path/filepath"
	"slices"
	"testing"

	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/solver/mate"
)

// sampleFile is the real lichess sample, kept with the importer's tests.
var sampleFile = filepath.Join("..", "puzzles", "testdata", "lichess_sample.csv")

// samplePuzzles converts every mate puzzle of the lichess sample as the
// importer does, and returns them with their rows; rows the importer
// cannot prove are left out.
func samplePuzzles(tb testing.TB) ([]*puzzles.Puzzle, []*puzzles.LichessRow) {
	tb.Helper()
	var rows []*puzzles.LichessRow
	for _, r := range sampleRows(tb) {
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

// sampleOracle is the oracle the build verifies a converted puzzle with.
func sampleOracle(pz *puzzles.Puzzle) *mate.Oracle {
	return mate.NewOracle(pz.Side, pz.MateIn, mate.Options{MaxNodes: int64(DefaultOptions.MateNodes)})
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

// TestSpearman checks the rank correlation on ties.
func TestSpearman(t *testing.T) {
	if got := spearman([]float64{1, 2, 2, 5}, []float64{10, 20, 20, 30}); math.Abs(got-1) > 1e-12 {
		t.Errorf("spearman of monotone data with ties = %v, want 1", got)
	}
	if got := spearman([]float64{1, 2, 3}, []float64{3, 2, 1}); math.Abs(got+1) > 1e-12 {
		t.Errorf("spearman of reversed data = %v, want -1", got)
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
// with neither (the rating's ordeal measured too), and
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
