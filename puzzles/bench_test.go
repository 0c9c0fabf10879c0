package puzzles_test

import (
	"io"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/puzzles"
)

// BenchmarkLichessReader reads the sample's rows (without chess: Next
// only), as the importer's reading goroutine does; b.N rows.
func BenchmarkLichessReader(b *testing.B) {
	lines := strings.SplitAfter(readFile(b, "lichess_sample.csv"), "\n")
	head, rows := lines[0], strings.Join(lines[1:], "")
	text := head + strings.Repeat(rows, 20)
	b.SetBytes(int64(len(text)) / int64(20*(len(lines)-2)))
	b.ReportAllocs()
	b.ResetTimer()
	for n := 0; n < b.N; {
		lr, err := puzzles.NewLichessReader(strings.NewReader(text), "bench")
		if err != nil {
			b.Fatal(err)
		}
		for ; n < b.N; n++ {
			if _, err := lr.Next(); err == io.EOF {
				break
			}
		}
		lr.Close()
	}
}
