package puzzles_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/puzzles"
)

// The fuzzer minimises every input that reaches new code before it goes
// on, in a number of runs that grows with the square of the input's
// length, and each run here replays moves and searches mates: inputs of
// kilobytes kept a 60 s run minimising one input in 13 executions. So an
// input is at most maxFuzzBytes long (a header and two or three rows;
// longer ones are skipped), the seeds are one row each, and at most
// maxFuzzConversions rows of an input are converted.
const (
	maxFuzzBytes       = 512
	maxFuzzConversions = 2
)

// FuzzLichessReader feeds the reader arbitrary files. It must never
// panic nor stop early: every row comes back, or an error that is a
// *RowError on a later line than the row before, until io.EOF or an
// error that ends the file. An accepted row replays legally from its
// position, and converting it may refuse it but must not panic.
func FuzzLichessReader(f *testing.F) {
	head := strings.Join(puzzles.LichessHeader, ",") + "\n"
	// One seed a row, under its file's header: every row of the
	// hand-made file, the first eight of the sample.
	for name, rows := range map[string]int{"lichess.csv": 1000, "lichess_sample.csv": 8} {
		lines := strings.SplitAfter(readFile(f, name), "\n")
		for _, row := range lines[1:min(len(lines), 1+rows)] {
			if seed := lines[0] + row; len(seed) <= maxFuzzBytes && strings.TrimSpace(row) != "" {
				f.Add([]byte(seed))
			}
		}
	}
	f.Add([]byte(head + `x,"8/8/8/8/8/8/8/8 w - - 0 1",,,,,,,,` + "\n"))
	f.Add([]byte(head + "q,k7/8/8/8/8/8/8/7K w KQkq e3 0 1,h1h2 a8a7,1,1,1,1,mate,,\n"))
	f.Add([]byte("Themes,Moves,FEN,PuzzleId\r\nmate,g8h8 a1a8,\"6k1/6pp/8/8/8/8/5PPP/RR4K1 b - - 0 31\",a\"b\r\n"))
	f.Add([]byte{0x28, 0xb5, 0x2f, 0xfd, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > maxFuzzBytes {
			return
		}
		lr, err := puzzles.NewLichessReader(bytes.NewReader(data), "fuzz.csv")
		if err != nil {
			return
		}
		defer lr.Close()
		last, converted := 1, 0
		for {
			row, err := lr.Next()
			if err == io.EOF {
				return
			}
			var re *puzzles.RowError
			if err != nil && !errors.As(err, &re) {
				return // the input ends: a broken zstd stream
			}
			line := 0
			if err != nil {
				line = re.Line
			} else {
				line = row.Line
			}
			if line <= last {
				t.Fatalf("line %d after line %d", line, last)
			}
			last = line
			if err != nil {
				continue
			}
			if len(row.Moves) < 2 || row.ID == "" {
				t.Fatalf("accepted row %+v", row)
			}
			if err := row.Replay(); err != nil {
				if !errors.As(err, &re) || re.Line != row.Line {
					t.Fatalf("replay error %v is not a *RowError of line %d", err, row.Line)
				}
				continue
			}
			p, err := engine.ParseFEN(row.Before.FEN(), engine.MustPreset("chess"))
			if err != nil {
				t.Fatalf("the start %s does not read back: %v", row.Before.FEN(), err)
			}
			for i, mv := range row.Played {
				if _, err := p.ParseCoord(mv.Coord(p.B)); err != nil {
					t.Fatalf("move %d %s does not replay: %v", i+1, row.Moves[i], err)
				}
				p.Make(mv)
			}
			// Keep the searches tiny, and few.
			if converted < maxFuzzConversions {
				converted++
				puzzles.ConvertLichess(row, puzzles.ConvertOptions{MateNodes: 2000})
			}
		}
	})
}
