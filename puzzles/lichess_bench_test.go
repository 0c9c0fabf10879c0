package puzzles_test

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/puzzles"
)

var update = flag.Bool("update", false, "rewrite testdata/lichess_sample_mate.txt from the current outcomes")

// sampleMateRows reads the mate puzzles of testdata/lichess_sample.csv:
// the rows whose themes include mate or a mateInN. The file has the
// columns of the lichess export plus one (DailyDate), so it is read by
// header name rather than with NewLichessReader. Rows that do not parse
// are left out.
func sampleMateRows(tb testing.TB) []*puzzles.LichessRow {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", "lichess_sample.csv"))
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
			continue // one id (6E+087) was mangled by a spreadsheet; not a mate row
		}
		if n, err := r.MateIn(); (n > 0 || err != nil) && r.Replay() == nil {
			rows = append(rows, r)
		}
	}
	return rows
}

// convertOutcome converts one row and describes what came of it: the
// puzzle's line and notes, or the error.
func convertOutcome(r *puzzles.LichessRow) string {
	pz, err := puzzles.ConvertLichess(r, puzzles.ConvertOptions{})
	if err != nil {
		return fmt.Sprintf("%s\terror: %v", r.ID, err)
	}
	return fmt.Sprintf("%s\t%s\t%s", r.ID, pz.SolutionText(), pz.Notes)
}

// TestLichessSampleOutcomes converts every mate puzzle of the real
// sample and compares each outcome (line, notes or error) with
// testdata/lichess_sample_mate.txt, so a faster mate search cannot
// quietly change what the importer makes of a row. Run with -update
// to rewrite the file after a deliberate change.
func TestLichessSampleOutcomes(t *testing.T) {
	if testing.Short() {
		t.Skip("converts 592 puzzles")
	}
	rows := sampleMateRows(t)
	got := par.Map(rows, convertOutcome)
	golden := filepath.Join("testdata", "lichess_sample_mate.txt")
	text := strings.Join(got, "\n") + "\n"
	if *update {
		if err := os.WriteFile(golden, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(want) != len(got) {
		t.Fatalf("%d outcomes, want %d", len(got), len(want))
	}
	bad := 0
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("outcome changed:\n got %s\nwant %s", got[i], want[i])
			if bad++; bad == 10 {
				t.Fatal("too many changes")
			}
		}
	}
}

// BenchmarkLichessSample proves the mate puzzles of the real sample the
// way the importer does, on every core, and reports puzzles per second.
func BenchmarkLichessSample(b *testing.B) {
	rows := sampleMateRows(b)
	b.ResetTimer()
	start := time.Now()
	failed := 0
	for range b.N {
		errs := par.Map(rows, func(r *puzzles.LichessRow) error {
			_, err := puzzles.ConvertLichess(r, puzzles.ConvertOptions{})
			return err
		})
		failed = 0
		for _, err := range errs {
			if err != nil {
				failed++
			}
		}
	}
	b.ReportMetric(float64(b.N*len(rows))/time.Since(start).Seconds(), "puzzles/s")
	b.ReportMetric(float64(failed), "rejected")
}
