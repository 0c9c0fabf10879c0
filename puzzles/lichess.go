package puzzles

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/klauspost/compress/zstd"
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/mode"
)

// LichessHeader is the header of the lichess puzzle database CSV
// (https://database.lichess.org/#puzzles). The reader finds columns by
// name: it needs PuzzleId, FEN, Moves and Themes, uses the others when
// present and ignores columns it does not know (some copies carry
// DailyDate).
var LichessHeader = []string{"PuzzleId", "FEN", "Moves", "Rating", "RatingDeviation", "Popularity", "NbPlays", "Themes", "GameUrl", "OpeningTags"}

// lichessRequired are the columns a puzzle cannot do without.
var lichessRequired = []string{"PuzzleId", "FEN", "Moves", "Themes"}

// The columns the reader knows, as indexes into LichessReader.col.
const (
	colID = iota
	colFEN
	colMoves
	colRating
	colRatingDeviation
	colPopularity
	colPlays
	colThemes
	colURL
	colOpenings
	numCols
)

// MaxLineBytes bounds a line of the CSV: real rows are well under a
// kilobyte, and a longer line is reported and skipped rather than held
// in memory.
const MaxLineBytes = 1 << 20

// zstdMagic starts every zstd frame.
var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// LichessRow is one row of the lichess puzzle database. FEN is the
// position before the opponent's move Moves[0]; the solver's moves
// follow, alternating with the opponent's, in coordinate notation (UCI).
type LichessRow struct {
	// File is the name of the file the row was read from, Line the line
	// it is on and Row its number among the data rows (from 1).
	File      string
	Line, Row int

	ID    string
	FEN   string
	Moves []string

	// The columns Rating, RatingDeviation, Popularity, NbPlays (Plays),
	// Themes, GameUrl (URL) and OpeningTags (Openings); the counts are 0
	// when the file has no such column. Last is empty: the row's first
	// move leads to the puzzle's start.
	mode.PuzzleMeta

	// Before is FEN as a position and Played the moves of Moves, each
	// checked legal in turn; Replay sets both.
	Before *engine.Position
	Played []engine.Move
}

// HasTheme reports whether the row lists theme t.
func (r *LichessRow) HasTheme(t string) bool { return slices.Contains(r.Themes, t) }

// RowError is a problem with one row of a puzzle CSV: on which line,
// which puzzle (when its id could be read) and which field. Its text is
// "FILE:LINE: puzzle ID: FIELD: message".
type RowError struct {
	File      string
	Line, Row int
	ID        string
	// Field is the CSV column ("FEN", "Moves", …), or empty when the row
	// as a whole is wrong.
	Field string
	Err   error
}

// Error is "FILE:LINE: puzzle ID: FIELD: what is wrong"; the file's
// name and the row's id are quoted when they hold what does not print,
// and the rest escaped (see package printable): both come from outside.
func (e *RowError) Error() string {
	var b strings.Builder
	if e.File != "" {
		fmt.Fprintf(&b, "%s:%d: ", printable.Quote(e.File), e.Line)
	} else {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	if e.ID != "" {
		fmt.Fprintf(&b, "puzzle %s: ", printable.Quote(e.ID))
	}
	if e.Field != "" {
		fmt.Fprintf(&b, "%s: ", printable.Escape(e.Field))
	}
	b.WriteString(printable.Escape(e.Err.Error()))
	return b.String()
}

func (e *RowError) Unwrap() error { return e.Err }

// LichessReader reads rows of a lichess puzzle CSV one at a time, plain
// or zstd-compressed. A bad row is reported as a *RowError and reading
// goes on with the next line; any other error (the input cannot be read
// or decompressed) ends the file.
//
// Each line is read on its own: a stray quote spoils its line and no
// other. Lines without a quote (every row of the real database) are
// split at commas; lines with one are read by encoding/csv, so quoted
// fields work as in any CSV, and a malformed one is reported with its
// column.
type LichessReader struct {
	name   string
	br     *bufio.Reader
	zr     *zstd.Decoder // nil for plain text
	col    [numCols]int  // the index of each known column, or -1
	fields int           // the number of columns of the header
	line   int           // lines read so far
	row    int           // data rows read so far
	buf    []byte
}

// NewLichessReader reads and checks the header line of r, which is the
// CSV or its zstd compression (found by the magic bytes, whatever the
// file is called). The name is what errors call the file. Close the
// reader when done.
func NewLichessReader(r io.Reader, name string) (*LichessReader, error) {
	lr := &LichessReader{name: name, br: bufio.NewReaderSize(r, 1<<16)}
	if magic, _ := lr.br.Peek(len(zstdMagic)); bytes.Equal(magic, zstdMagic) {
		// A stream's window is at most 8 MiB at the usual levels and 128
		// MiB with --long; refusing larger ones keeps memory bounded. Two
		// blocks in flight let decompression run beside the parsing.
		zr, err := zstd.NewReader(lr.br, zstd.WithDecoderMaxWindow(128<<20), zstd.WithDecoderConcurrency(2))
		if err != nil {
			return nil, fmt.Errorf("%s: zstd: %v", name, err)
		}
		lr.zr, lr.br = zr, bufio.NewReaderSize(zr, 1<<16)
	}
	if err := lr.readHeader(); err != nil {
		lr.Close()
		return nil, err
	}
	return lr, nil
}

// Close releases the decompressor, if any. It does not close the
// underlying reader.
func (lr *LichessReader) Close() {
	if lr.zr != nil {
		lr.zr.Close()
		lr.zr = nil
	}
}

func (lr *LichessReader) readHeader() error {
	want := "want a header naming at least " + strings.Join(lichessRequired, ", ")
	var head []string
	for head == nil {
		text, err := lr.readLine()
		if err != nil && err != io.EOF {
			if re, ok := err.(*RowError); ok {
				return re
			}
			return fmt.Errorf("%s: %v", lr.name, err)
		}
		if len(bytes.TrimSpace(text)) > 0 {
			var rerr *RowError
			head, rerr = lr.split(string(bytes.TrimPrefix(text, []byte("\ufeff"))))
			if rerr != nil {
				return rerr
			}
		} else if err == io.EOF {
			return fmt.Errorf("%s: empty file: %s", lr.name, want)
		}
	}
	for i := range lr.col {
		lr.col[i] = -1
	}
	for i, h := range head {
		k := slices.Index(LichessHeader, strings.TrimSpace(h))
		if k < 0 {
			continue // a column we do not know, such as DailyDate
		}
		if lr.col[k] >= 0 {
			return fmt.Errorf("%s:%d: column %s appears twice", lr.name, lr.line, LichessHeader[k])
		}
		lr.col[k] = i
	}
	var missing []string
	for _, name := range lichessRequired {
		if lr.col[slices.Index(LichessHeader, name)] < 0 {
			missing = append(missing, name)
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("%s:%d: the header has no column %s: %s (found %s)", lr.name, lr.line, strings.Join(missing, ", "), want, quoteShort(strings.Join(head, ",")))
	}
	lr.fields = len(head)
	return nil
}

// readLine returns the next line without its line end, and io.EOF with
// the last one (which may be empty). The bytes are valid until the next
// call. A line longer than MaxLineBytes is skipped and reported.
func (lr *LichessReader) readLine() ([]byte, error) {
	lr.line++
	lr.buf = lr.buf[:0]
	long := false
	for {
		chunk, err := lr.br.ReadSlice('\n')
		if !long && len(lr.buf)+len(chunk) > MaxLineBytes {
			long, lr.buf = true, lr.buf[:0]
		}
		if !long {
			if err == nil && len(lr.buf) == 0 {
				return trimEOL(chunk), nil // the usual case: no copy
			}
			lr.buf = append(lr.buf, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if long {
			if err == io.EOF {
				lr.buf = lr.buf[:0]
			}
			if err != nil && err != io.EOF {
				return nil, err
			}
			return nil, &RowError{File: lr.name, Line: lr.line, Err: fmt.Errorf("line longer than %d bytes: not a puzzle row", MaxLineBytes)}
		}
		return trimEOL(lr.buf), err
	}
}

func trimEOL(b []byte) []byte {
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}

// split cuts a line into fields: at commas when it has no quote, else as
// encoding/csv reads it (LazyQuotes off), reporting a malformed quote
// with its column.
func (lr *LichessReader) split(line string) ([]string, *RowError) {
	if !strings.Contains(line, `"`) {
		return strings.Split(line, ","), nil
	}
	cr := csv.NewReader(strings.NewReader(line))
	cr.FieldsPerRecord = -1
	rec, err := cr.Read()
	if err == nil {
		if _, err2 := cr.Read(); err2 != io.EOF {
			err = errors.New("more than one record on the line")
		}
	}
	if err != nil {
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			err = fmt.Errorf("column %d: %v", pe.Column, pe.Err)
		}
		return nil, &RowError{File: lr.name, Line: lr.line, Err: err}
	}
	return rec, nil
}

// Next returns the next row. At the end it returns io.EOF; a malformed
// row comes back as a *RowError, and the row after it can still be read.
// Next checks what it can without chess: the number of fields, the id,
// the counts and that Moves has at least two moves; Replay checks the
// position and the moves.
func (lr *LichessReader) Next() (*LichessRow, error) {
	for {
		text, err := lr.readLine()
		if err != nil && err != io.EOF {
			if re, ok := err.(*RowError); ok {
				lr.row++
				re.Row = lr.row
			}
			return nil, err
		}
		if len(bytes.TrimSpace(text)) == 0 {
			if err == io.EOF {
				return nil, io.EOF
			}
			continue // csv skips blank lines too
		}
		lr.row++
		rec, rerr := lr.split(string(text))
		if rerr != nil {
			rerr.Row = lr.row
			return nil, rerr
		}
		return lr.parse(rec)
	}
}

// parse reads the fields of one data row.
func (lr *LichessReader) parse(rec []string) (*LichessRow, error) {
	r := &LichessRow{File: lr.name, Line: lr.line, Row: lr.row}
	field := func(c int) string {
		if lr.col[c] < 0 || lr.col[c] >= len(rec) {
			return ""
		}
		return strings.TrimSpace(rec[lr.col[c]])
	}
	if id := field(colID); validID(id) {
		r.ID = id
	}
	fail := func(field, format string, args ...any) error {
		return &RowError{File: r.File, Line: r.Line, Row: r.Row, ID: r.ID, Field: field, Err: fmt.Errorf(format, args...)}
	}
	if len(rec) != lr.fields {
		return nil, fail("", "%d fields, want %d as in the header", len(rec), lr.fields)
	}
	if r.ID == "" {
		if id := field(colID); id != "" {
			return nil, fail("PuzzleId", "%q: want letters and digits only (at most 50)", id)
		}
		return nil, fail("PuzzleId", "empty")
	}
	r.FEN = field(colFEN)
	r.URL = field(colURL)
	ints := []struct {
		col int
		dst *int
	}{{colRating, &r.Rating}, {colRatingDeviation, &r.RatingDeviation}, {colPopularity, &r.Popularity}, {colPlays, &r.Plays}}
	for _, f := range ints {
		if lr.col[f.col] < 0 {
			continue
		}
		text := field(f.col)
		n, err := strconv.Atoi(text)
		if err != nil {
			return nil, fail(LichessHeader[f.col], "%q is not an integer", text)
		}
		*f.dst = n
	}
	if key, err := r.PuzzleMeta.Check(); err != nil {
		return nil, fail(statsColumns[key], "%v", err)
	}
	r.Themes = strings.Fields(field(colThemes))
	r.Openings = strings.Fields(field(colOpenings))
	r.Moves = strings.Fields(field(colMoves))
	if len(r.Moves) < 2 {
		return nil, fail("Moves", "%d move(s): want the opponent's move and at least one reply", len(r.Moves))
	}
	return r, nil
}

// quoteShort quotes text read from a file for an error message, as Go
// source (so that no control byte reaches the terminal), and cuts it
// after 200 bytes.
func quoteShort(s string) string {
	const max = 200
	if len(s) <= max {
		return strconv.Quote(s)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "…"
}

// statsColumns names the columns of the statistics PuzzleMeta.Check
// names as in a pack line.
var statsColumns = map[string]string{"rating": "Rating", "rating_deviation": "RatingDeviation", "popularity": "Popularity", "plays": "NbPlays"}

// validID reports whether id is a lichess puzzle id: letters and digits.
// Pack ids allow 64 characters, and "lichess-" takes 8.
func validID(id string) bool {
	if id == "" || len(id) > 50 {
		return false
	}
	for i := 0; i < len(id); i++ {
		c := id[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// Replay reads the row's FEN, which must be a legal standard-chess
// position on 8×8, and plays Moves from it, each in coordinate notation
// and legal in turn; it sets Before and Played. Errors are *RowError
// values naming the field.
func (r *LichessRow) Replay() error {
	fail := func(field, format string, args ...any) error {
		return &RowError{File: r.File, Line: r.Line, Row: r.Row, ID: r.ID, Field: field, Err: fmt.Errorf(format, args...)}
	}
	p, err := engine.ParseFEN(r.FEN, engine.MustPreset("chess"))
	if err != nil {
		return fail("FEN", "%v", err)
	}
	if p.B.W != 8 || p.B.H != 8 {
		return fail("FEN", "%d files × %d ranks: lichess puzzles are on 8×8", p.B.W, p.B.H)
	}
	q := *p
	played := make([]engine.Move, 0, len(r.Moves))
	for i, text := range r.Moves {
		mv, err := q.ParseCoord(text)
		if err != nil {
			return fail("Moves", "move %d %q: %v", i+1, text, err)
		}
		played = append(played, mv)
		q.Make(mv)
	}
	r.Before, r.Played = p, played
	return nil
}
