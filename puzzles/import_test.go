package puzzles_test

import (
	"errors"
	"io"
	"iter"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/site"
)

var lichessHeader = mode.PackHeader{Title: "Lichess puzzles", Source: "lichess.org puzzle database", Licence: "CC0", Variant: "chess", Generator: "the puzzles tests"}

// packLines turns an import's puzzles into pack lines.
func packLines(pzs iter.Seq2[*puzzles.Puzzle, error]) iter.Seq2[*mode.PackLine, error] {
	return func(yield func(*mode.PackLine, error) bool) {
		for pz, err := range pzs {
			if err != nil {
				yield(nil, err)
				return
			}
			if !yield(pz.PackLine(), nil) {
				return
			}
		}
	}
}

// importSample imports testdata/lichess_sample.csv with opt and returns
// the puzzles, the rows reported and the counts.
func importSample(t *testing.T, opt puzzles.ImportOptions) ([]*puzzles.Puzzle, []*puzzles.RowError, *puzzles.Progress) {
	t.Helper()
	return importText(t, readFile(t, "lichess_sample.csv"), opt)
}

// importText imports a lichess CSV, as importSample does.
func importText(t *testing.T, text string, opt puzzles.ImportOptions) ([]*puzzles.Puzzle, []*puzzles.RowError, *puzzles.Progress) {
	t.Helper()
	lr, err := puzzles.NewLichessReader(strings.NewReader(text), "lichess_sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer lr.Close()
	var reported []*puzzles.RowError
	opt.Report = func(e *puzzles.RowError) { reported = append(reported, e) }
	opt.Progress = &puzzles.Progress{}
	var out []*puzzles.Puzzle
	for pz, err := range puzzles.ImportLichess(lr, opt) {
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, pz)
	}
	return out, reported, opt.Progress
}

func ids(pzs []*puzzles.Puzzle) []string {
	var out []string
	for _, pz := range pzs {
		out = append(out, pz.ID)
	}
	return out
}

// TestImportSample imports the real sample end to end into a scratch
// site: every one of its 592 mate puzzles converts, in the order of the
// file; the one malformed row is reported; the pack loads and passes the
// site's verifier.
func TestImportSample(t *testing.T) {
	got, reported, prog := importSample(t, puzzles.ImportOptions{})
	if len(got) != 592 || prog.Converted.Load() != 592 {
		t.Fatalf("%d converted, want 592", len(got))
	}
	if prog.Read.Load() != 1199 || prog.Malformed.Load() != 1 || prog.Unproven.Load() != 0 || prog.Skipped.Load() != 606 || prog.Filtered.Load() != 0 {
		t.Errorf("read %d, malformed %d, unproven %d, skipped %d, filtered %d; want 1199, 1, 0, 606, 0",
			prog.Read.Load(), prog.Malformed.Load(), prog.Unproven.Load(), prog.Skipped.Load(), prog.Filtered.Load())
	}
	if len(reported) != 1 || !strings.HasPrefix(reported[0].Error(), `lichess_sample.csv:661: PuzzleId: "6E+087"`) {
		t.Errorf("reported %v", reported)
	}
	var want []string
	for _, line := range strings.Split(readFile(t, "lichess_sample.csv"), "\n") {
		if f := strings.Split(line, ","); len(f) > 7 && strings.Contains(f[7], "mate") {
			want = append(want, "lichess-"+f[0])
		}
	}
	if !slices.Equal(ids(got), want) {
		t.Errorf("the puzzles are not the mate rows in the order of the file")
	}
	dir := t.TempDir()
	var lines []*mode.PackLine
	for _, pz := range got {
		lines = append(lines, pz.PackLine())
	}
	if _, err := puzzles.WritePack(dir, "lichess", lichessHeader, seqOf(lines)); err != nil {
		t.Fatal(err)
	}
	s, errs := mode.Load(dir)
	if len(errs) > 0 || len(s.Packs) != 1 || len(s.Packs[0].Puzzles) != 592 {
		t.Fatalf("load: %v", errs)
	}
	if m := s.Packs[0].Puzzles[0]; m.ID != "lichess-00iWt" || m.Info.Rating == 0 || m.Info.URL == "" || m.Info.Last == "" || m.Title != "Mate in 4 · Lichess puzzles" {
		t.Errorf("first puzzle %s: %+v", m.ID, m.Info)
	}
	sum, errs, err := site.Build(site.BuildOptions{Src: dir, CheckOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Error(e)
	}
	if sum.Verified != 592 {
		t.Errorf("%d verified, want 592", sum.Verified)
	}
}

func seqOf(lines []*mode.PackLine) iter.Seq2[*mode.PackLine, error] {
	return func(yield func(*mode.PackLine, error) bool) {
		for _, l := range lines {
			if !yield(l, nil) {
				return
			}
		}
	}
}

func TestImportFilters(t *testing.T) {
	// Every mate puzzle of the sample has popularity 100: make all rows
	// but every tenth less popular.
	lines := strings.Split(readFile(t, "lichess_sample.csv"), "\n")
	for i := 1; i < len(lines); i++ {
		if f := strings.Split(lines[i], ","); len(f) == 11 && i%10 != 0 {
			f[5] = "90"
			lines[i] = strings.Join(f, ",")
		}
	}
	text := strings.Join(lines, "\n")
	pop := 95
	tests := []struct {
		name  string
		opt   puzzles.ImportOptions
		check func(*puzzles.Puzzle) bool
	}{
		{"themes", puzzles.ImportOptions{Themes: []string{"hookMate", "smotheredMate"}}, func(pz *puzzles.Puzzle) bool {
			return slices.Contains(pz.Themes, "hookMate") || slices.Contains(pz.Themes, "smotheredMate")
		}},
		{"ratings", puzzles.ImportOptions{MinRating: 1500, MaxRating: 1600}, func(pz *puzzles.Puzzle) bool { return pz.Rating >= 1500 && pz.Rating <= 1600 }},
		{"popularity", puzzles.ImportOptions{MinPopularity: &pop}, func(pz *puzzles.Puzzle) bool { return pz.Popularity >= 95 }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, prog := importText(t, text, tt.opt)
			if len(got) == 0 || prog.Filtered.Load() == 0 {
				t.Fatalf("%d converted, %d filtered out: the filter proves nothing", len(got), prog.Filtered.Load())
			}
			for _, pz := range got {
				if !tt.check(pz) {
					t.Errorf("%s kept: rating %d, popularity %d, themes %v", pz.ID, pz.Rating, pz.Popularity, pz.Themes)
				}
			}
			if n := prog.Read.Load() - prog.Filtered.Load() - prog.Skipped.Load() - prog.Malformed.Load() - prog.Unproven.Load(); n != int64(len(got)) {
				t.Errorf("the counts do not add up: %d left, %d converted", n, len(got))
			}
		})
	}
	got, _, _ := importSample(t, puzzles.ImportOptions{Limit: 7})
	if len(got) != 7 || got[0].ID != "lichess-00iWt" {
		t.Errorf("limit 7: %v", ids(got))
	}
}

// TestImportUndecided counts rows the search cannot decide apart from
// malformed ones.
func TestImportUndecided(t *testing.T) {
	got, reported, prog := importSample(t, puzzles.ImportOptions{Themes: []string{"mateIn4"}, ConvertOptions: puzzles.ConvertOptions{MateNodes: 50}})
	if prog.Unproven.Load() == 0 || prog.Malformed.Load() != 1 || prog.Unproven.Load()+1 != int64(len(reported)) {
		t.Fatalf("%d converted, %d unproven, %d malformed, %d reported", len(got), prog.Unproven.Load(), prog.Malformed.Load(), len(reported))
	}
	for _, e := range reported {
		if e.Field != "PuzzleId" && (!errors.Is(e, puzzles.ErrUndecided) || !strings.Contains(e.Error(), "not decided")) {
			t.Errorf("reported %v", e)
		}
	}
}

// TestImportSampleDeterministic samples the same rows for the same seed,
// whatever the number of workers, and other rows for another seed.
func TestImportSampleDeterministic(t *testing.T) {
	sample := func(seed uint64) []string {
		got, _, prog := importSample(t, puzzles.ImportOptions{Sample: 40, Seed: seed})
		if prog.Filtered.Load() != 592-40 {
			t.Errorf("seed %d: %d rows left out of the sample, want %d", seed, prog.Filtered.Load(), 592-40)
		}
		return ids(got)
	}
	a := sample(1)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	b := sample(1)
	runtime.GOMAXPROCS(4)
	c := sample(2)
	if len(a) != 40 || !slices.Equal(a, b) {
		t.Errorf("seed 1 twice: %v and %v", a, b)
	}
	if slices.Equal(a, c) || len(c) != 40 {
		t.Errorf("seeds 1 and 2 sample the same rows: %v", c)
	}
	if !slices.IsSorted(a) {
		t.Errorf("the sample is not in the order of the file: %v", a)
	}
	// The sample of the rows the filters keep, and a limit on top.
	got, _, _ := importSample(t, puzzles.ImportOptions{Sample: 10, Seed: 1, Limit: 3, Themes: []string{"mateIn2"}})
	if len(got) != 3 {
		t.Errorf("sample 10, limit 3: %v", ids(got))
	}
	for _, pz := range got {
		if pz.MateIn != 2 {
			t.Errorf("%s: mate in %d", pz.ID, pz.MateIn)
		}
	}
}

// brokenReader gives its text, then fails.
type brokenReader struct{ r io.Reader }

func (b *brokenReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == io.EOF {
		return n, errors.New("the disk broke")
	}
	return n, err
}

// TestImportBrokenInput ends the input with an error: it comes last, and
// a sample is not converted at all.
func TestImportBrokenInput(t *testing.T) {
	text := readFile(t, "lichess_sample.csv")[:20000]
	for _, opt := range []puzzles.ImportOptions{{}, {Sample: 5}} {
		lr, err := puzzles.NewLichessReader(&brokenReader{strings.NewReader(text)}, "broken.csv")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		var last error
		for pz, err := range puzzles.ImportLichess(lr, opt) {
			if last != nil {
				t.Fatalf("sample %d: %v after the error", opt.Sample, pz)
			}
			if err != nil {
				last = err
				continue
			}
			got = append(got, pz.ID)
		}
		lr.Close()
		if last == nil || !strings.Contains(last.Error(), "the disk broke") {
			t.Errorf("sample %d: last error %v", opt.Sample, last)
		}
		if opt.Sample > 0 && len(got) > 0 || opt.Sample == 0 && len(got) == 0 {
			t.Errorf("sample %d: converted %v", opt.Sample, got)
		}
	}
}
