package puzzles_test

import (
	"encoding/csv"
	"errors"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/puzzles"
)

// FuzzParseLichessRow feeds the row parser CSV lines. It must never
// panic; a row it accepts has ten fields, a legal start and moves that
// replay legally from it, and a row it rejects gets a *RowError.
func FuzzParseLichessRow(f *testing.F) {
	for _, line := range strings.Split(readTestdata(f), "\n")[1:] {
		if line != "" {
			f.Add(line)
		}
	}
	f.Add(`x,"8/8/8/8/8/8/8/8 w - - 0 1",,,,,,,,`)
	f.Add(`q,k7/8/8/8/8/8/8/7K w KQkq e3 0 1,h1h2 a8a7,1,1,1,1,mate,,`)
	f.Fuzz(func(t *testing.T, line string) {
		r := csv.NewReader(strings.NewReader(line))
		r.FieldsPerRecord = -1
		rec, err := r.Read()
		if err != nil {
			return
		}
		row, err := puzzles.ParseLichessRow(1, 2, rec)
		if err != nil {
			var re *puzzles.RowError
			if !errors.As(err, &re) || re.Row != 1 || re.Line != 2 {
				t.Fatalf("error %v is not a *RowError of row 1, line 2", err)
			}
			return
		}
		if len(row.Moves) < 2 || len(row.Played) != len(row.Moves) || row.ID == "" {
			t.Fatalf("accepted row %+v", row)
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
		// Converting may refuse the row, but must not panic; keep the
		// searches tiny.
		puzzles.ConvertLichess(row, puzzles.ImportOptions{MateNodes: 2000})
	})
}
