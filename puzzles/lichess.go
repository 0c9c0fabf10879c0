package puzzles

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/engine"
)

// LichessHeader is the header of the lichess puzzle database CSV
// (https://database.lichess.org/#puzzles).
var LichessHeader = []string{"PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation", "Popularity", "NbPlays", "Themes", "GameUrl", "OpeningTags"}

// LichessRow is one row of the lichess puzzle database. FEN is the
// position before the opponent's move Moves[0]; the solver's moves
// follow, alternating with the opponent's, in coordinate notation (UCI).
type LichessRow struct {
	// Row is the row's number among the data rows (from 1) and Line the
	// line of the file it starts on.
	Row, Line int

	ID    string
	FEN   string
	Moves []string

	Rating, RatingDeviation, Popularity, NbPlays int

	Themes      []string
	GameURL     string
	OpeningTags []string

	// Before is FEN as a position and Played the moves of Moves, each
	// checked legal in turn.
	Before *engine.Position
	Played []engine.Move
}

// HasTheme reports whether the row lists theme t.
func (r *LichessRow) HasTheme(t string) bool {
	for _, x := range r.Themes {
		if x == t {
			return true
		}
	}
	return false
}

// RowError is a problem with one row of a puzzle CSV: which row, on which
// line, which puzzle (when its id could be read) and which field.
type RowError struct {
	Row, Line int
	ID        string
	// Field is the CSV column ("FEN", "Moves", …), or empty when the row
	// as a whole is wrong.
	Field string
	Err   error
}

func (e *RowError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "row %d (line %d", e.Row, e.Line)
	if e.ID != "" {
		fmt.Fprintf(&b, ", puzzle %s", e.ID)
	}
	b.WriteString(")")
	if e.Field != "" {
		fmt.Fprintf(&b, ": field %s", e.Field)
	}
	fmt.Fprintf(&b, ": %v", e.Err)
	return b.String()
}

func (e *RowError) Unwrap() error { return e.Err }

// LichessReader reads rows of a lichess puzzle CSV one at a time. A bad
// row is reported as a *RowError and reading goes on with the next.
type LichessReader struct {
	r   *csv.Reader
	row int
}

// NewLichessReader reads and checks the header line of r.
func NewLichessReader(r io.Reader) (*LichessReader, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1
	cr.ReuseRecord = false
	head, err := cr.Read()
	if err == io.EOF {
		return nil, errors.New("empty file: want the header " + strings.Join(LichessHeader, ","))
	}
	if err != nil {
		return nil, fmt.Errorf("header: %v", err)
	}
	if len(head) > 0 {
		head[0] = strings.TrimPrefix(head[0], "\ufeff")
	}
	if strings.Join(head, ",") != strings.Join(LichessHeader, ",") {
		return nil, fmt.Errorf("header %q: want %s", strings.Join(head, ","), strings.Join(LichessHeader, ","))
	}
	return &LichessReader{r: cr}, nil
}

// Next returns the next row. At the end it returns io.EOF; a malformed
// row comes back as a *RowError, and the row after it can still be read.
func (lr *LichessReader) Next() (*LichessRow, error) {
	rec, err := lr.r.Read()
	if err == io.EOF {
		return nil, io.EOF
	}
	lr.row++
	line, _ := lr.r.FieldPos(0)
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, &RowError{Row: lr.row, Line: pe.StartLine, Err: pe.Err}
		}
		return nil, &RowError{Row: lr.row, Line: line, Err: err}
	}
	return ParseLichessRow(lr.row, line, rec)
}

// ParseLichessRow reads the fields of one data row: it checks that there
// are ten, that the id is letters and digits, that FEN is a legal
// standard-chess position, that Moves are at least two moves in
// coordinate notation each legal in turn, and that the counts are
// integers. Errors are *RowError values naming row, line and field.
func ParseLichessRow(row, line int, rec []string) (*LichessRow, error) {
	fail := func(id, field string, format string, args ...any) error {
		return &RowError{Row: row, Line: line, ID: id, Field: field, Err: fmt.Errorf(format, args...)}
	}
	if len(rec) != len(LichessHeader) {
		return nil, fail("", "", "%d fields, want %d (%s)", len(rec), len(LichessHeader), strings.Join(LichessHeader, ","))
	}
	r := &LichessRow{Row: row, Line: line, ID: strings.TrimSpace(rec[0]), FEN: strings.TrimSpace(rec[1]), GameURL: strings.TrimSpace(rec[8])}
	if r.ID == "" {
		return nil, fail("", "PuzzleId", "empty")
	}
	for _, c := range r.ID {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return nil, fail("", "PuzzleId", "%q: want letters and digits only", r.ID)
		}
	}
	ints := []struct {
		name string
		text string
		dst  *int
	}{
		{"Rating", rec[3], &r.Rating}, {"RatingDeviation", rec[4], &r.RatingDeviation},
		{"Popularity", rec[5], &r.Popularity}, {"NbPlays", rec[6], &r.NbPlays},
	}
	for _, f := range ints {
		n, err := strconv.Atoi(strings.TrimSpace(f.text))
		if err != nil {
			return nil, fail(r.ID, f.name, "%q is not an integer", f.text)
		}
		*f.dst = n
	}
	r.Themes = strings.Fields(rec[7])
	r.OpeningTags = strings.Fields(rec[9])

	p, err := engine.ParseFEN(r.FEN, engine.MustPreset("chess"))
	if err != nil {
		return nil, fail(r.ID, "FEN", "%v", err)
	}
	if p.B.W != 8 || p.B.H != 8 {
		return nil, fail(r.ID, "FEN", "%d files × %d ranks: lichess puzzles are on 8×8", p.B.W, p.B.H)
	}
	r.Before = p
	r.Moves = strings.Fields(rec[2])
	if len(r.Moves) < 2 {
		return nil, fail(r.ID, "Moves", "%d move(s): want the opponent's move and at least one reply", len(r.Moves))
	}
	q := *p
	for i, text := range r.Moves {
		mv, err := q.ParseCoord(text)
		if err != nil {
			return nil, fail(r.ID, "Moves", "move %d %q: %v", i+1, text, err)
		}
		r.Played = append(r.Played, mv)
		q.Make(mv)
	}
	return r, nil
}
