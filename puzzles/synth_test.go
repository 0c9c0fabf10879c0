package puzzles_test

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestSynthesizeLichess writes a large lichess puzzle CSV for measuring
// the importer: the sample's rows repeated with fresh ids (seven base-62
// digits) up to THINCHESS_SYNTH_ROWS rows (default 5,000,000), into the
// file THINCHESS_SYNTH names. It is skipped unless THINCHESS_SYNTH is
// set:
//
//	THINCHESS_SYNTH=/tmp/big.csv go test ./puzzles -run TestSynthesizeLichess
//	zstd -T2 /tmp/big.csv
//	/usr/bin/time -v thinchess import lichess /tmp/big.csv.zst --sample 1000 --seed 1 --out /tmp/site
func TestSynthesizeLichess(t *testing.T) {
	path := os.Getenv("THINCHESS_SYNTH")
	if path == "" {
		t.Skip("set THINCHESS_SYNTH to the file to write")
	}
	n := 5_000_000
	if s := os.Getenv("THINCHESS_SYNTH_ROWS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			t.Fatal(err)
		}
	}
	lines := strings.Split(strings.TrimSpace(readFile(t, "lichess_sample.csv")), "\n")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriterSize(f, 1<<20)
	w.WriteString(lines[0] + "\n")
	const digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	var id [7]byte
	for i := 0; i < n; i++ {
		for k, j := i, 0; j < len(id); j++ {
			id[j] = digits[k%62]
			k /= 62
		}
		row := lines[1+i%(len(lines)-1)]
		w.Write(id[:])
		w.WriteString(row[strings.IndexByte(row, ','):])
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d rows to %s", n, path)
}
