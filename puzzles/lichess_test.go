package puzzles_test

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/site"
)

// readRows reads every row of a lichess CSV, converting the good ones.
// It returns the puzzles, and each error keyed by puzzle id (or by
// "line N" when the id is unknown).
func readRows(t *testing.T, text string) (map[string]*puzzles.Puzzle, map[string]error) {
	t.Helper()
	lr, err := puzzles.NewLichessReader(strings.NewReader(text), "lichess.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer lr.Close()
	out := map[string]*puzzles.Puzzle{}
	errs := map[string]error{}
	for {
		row, err := lr.Next()
		if err == io.EOF {
			return out, errs
		}
		if err == nil {
			if pz, cerr := puzzles.ConvertLichess(row, puzzles.ConvertOptions{}); cerr == nil {
				out[row.ID] = pz
				continue
			} else {
				err = cerr
			}
		}
		var re *puzzles.RowError
		if !errors.As(err, &re) {
			t.Fatalf("error %v is not a *RowError", err)
		}
		key := re.ID
		if key == "" {
			key = "line " + strconv.Itoa(re.Line)
		}
		errs[key] = err
	}
}

func readFile(t testing.TB, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestConvertLichess converts the hand-made rows of testdata/lichess.csv:
// each either becomes a puzzle with the expected start, claim, line and
// pack fields, or is reported with file, line, field and reason.
func TestConvertLichess(t *testing.T) {
	got, errs := readRows(t, readFile(t, "lichess.csv"))
	converted := []struct {
		id, start, side, solution, task, last string
		mateIn                                int
		note                                  string
	}{
		{"tm1Two", "7k/6pp/8/8/8/8/5PPP/RR4K1 w - - 1 32", "white", "32. Ra8#", "Black has just played 31... Kh8. White to play and mate in 1 move.", "g8h8", 1, ""},
		{"tm2Rook", "3r3k/6pp/8/8/8/8/4RPPP/4R1K1 w - - 5 28", "white", "28. Re8+ Rxe8 29. Rxe8#", "Black has just played 27... Rd8. White to play and mate in 2 moves.", "d7d8", 2, ""},
		{"tm2Fork", "7k/6pp/8/4r3/8/6r1/2R1QPPP/6K1 w - - 3 36", "white", "36. Rc8+ Re8 37. Qxe8#", "Black has just played 35... Rg3. White to play and mate in 2 moves.", "g6g3", 2, ""},
		{"tLong3", "7k/1r4pp/8/8/8/2r4R/Q4PPP/6K1 w - - 1 41", "white", "41. Qa8+ Rb8 42. Qxb8+ Rc8 43. Qxc8#", "Black has just played 40... Rc3. White to play and mate in 3 moves.", "c4c3", 3,
			"Changed on import, after checking with the mate search. The recorded defence 41... Rc8 is not a longest one; replaced by Rb8, and the line goes on with the fastest mate."},
	}
	for _, c := range converted {
		pz := got[c.id]
		if pz == nil {
			t.Errorf("%s: not converted: %v", c.id, errs[c.id])
			continue
		}
		if pz.StartText != c.start || pz.MateIn != c.mateIn || pz.SolutionText() != c.solution || pz.Side.String() != c.side {
			t.Errorf("%s: start %q, mate in %d, side %s, solution %q; want %q, %d, %s, %q",
				c.id, pz.StartText, pz.MateIn, pz.Side, pz.SolutionText(), c.start, c.mateIn, c.side, c.solution)
		}
		l := pz.PackLine()
		if l.ID != "lichess-"+c.id || l.Title != "" || l.Task != c.task || l.Last != c.last || l.Solution != c.solution {
			t.Errorf("%s: pack line id %q, title %q, task %q, last %q", c.id, l.ID, l.Title, l.Task, l.Last)
		}
		if !strings.HasPrefix(l.URL, "https://example.org/hand-made/") || l.Rating == 0 || l.RatingDeviation == 0 || l.Plays == 0 || !slices.Contains(l.Themes, "mate") {
			t.Errorf("%s: the line lacks the row's data: %+v", c.id, l)
		}
		if (c.note == "") != (pz.Notes == "") || !strings.Contains(pz.Notes, c.note) || strings.Contains(pz.Notes, "http") {
			t.Errorf("%s: notes %q, want %q", c.id, pz.Notes, c.note)
		}
		if len(l.Hints) != 2 || l.Hints[1].Move == "" {
			t.Errorf("%s: hints %+v", c.id, l.Hints)
		}
	}
	reported := []struct {
		id, field string
		wants     []string
		disproved bool
	}{
		{"tFalse2", "Themes", []string{"lichess.csv:6: puzzle tFalse2: Themes: claim mateIn2 is too long: White mates in 1"}, true},
		{"tSlow1", "Moves", []string{"lichess.csv:7: puzzle tSlow1: Moves: move 2 a1a7 (32. Ra7) does not keep the mate in 1", "Ra8#, Rb8#"}, true},
		{"tNoMate", "Themes", []string{"lichess.csv:8: ", "no mate or mateInN theme"}, false},
		{"tBadFen", "FEN", []string{"lichess.csv:9: puzzle tBadFen: FEN: ", "8 files × 7 ranks"}, false},
		{"tBadUci", "Moves", []string{"lichess.csv:10: puzzle tBadUci: Moves: move 2 \"e2e9\"", "off the 8×8 board"}, false},
		{"tIllegal", "Moves", []string{"lichess.csv:11: puzzle tIllegal: Moves: move 2 \"e1e5\""}, false},
	}
	for _, r := range reported {
		err := errs[r.id]
		if err == nil {
			t.Errorf("%s: converted, want it reported", r.id)
			continue
		}
		var re *puzzles.RowError
		if !errors.As(err, &re) || re.Field != r.field {
			t.Errorf("%s: %v: want field %s", r.id, err, r.field)
		}
		for _, w := range r.wants {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s: %q lacks %q", r.id, err, w)
			}
		}
		if errors.Is(err, puzzles.ErrDisproved) != r.disproved {
			t.Errorf("%s: disproved %v, want %v", r.id, errors.Is(err, puzzles.ErrDisproved), r.disproved)
		}
	}
	if n := len(got) + len(errs); n != len(converted)+len(reported) {
		t.Errorf("%d rows seen, want %d", n, len(converted)+len(reported))
	}
}

// TestImportedPackPassesCheck writes the converted rows as a pack of a
// scratch site and runs the site's verifier: each claim is proven by
// mate search, and the trainer's solution tree accepts every mating
// final move (Ra8# and Rb8#; Qxe8# and Rxe8#).
func TestImportedPackPassesCheck(t *testing.T) {
	dir := t.TempDir()
	lr, err := puzzles.NewLichessReader(strings.NewReader(readFile(t, "lichess.csv")), "lichess.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer lr.Close()
	diff, err := puzzles.WritePack(dir, "lichess", lichessHeader, packLines(puzzles.ImportLichess(lr, puzzles.ImportOptions{})))
	if err != nil {
		t.Fatal(err)
	}
	if diff.Added != 4 {
		t.Fatalf("diff %+v, want 4 added", diff)
	}
	sum, errs, err := site.Build(site.BuildOptions{Src: dir, CheckOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Error(e)
	}
	if sum.Packs != 1 || sum.Verified != 4 || sum.MateSearch != 4 {
		t.Errorf("%d packs, %d verified by %d mate searches, want 1, 4 and 4", sum.Packs, sum.Verified, sum.MateSearch)
	}
	accepts := func(id string, plies int) []string {
		v := sum.Results[id]
		if v == nil || v.Tree == nil {
			t.Fatalf("%s: no solution tree", id)
		}
		n := v.Tree
		for i := 0; i < plies; i++ {
			key := n.Reply
			if key == "" {
				key = n.Accept[0]
			}
			n = n.Next[key]
		}
		return n.Accept
	}
	if got := accepts("lichess-tm1Two", 0); !slices.Equal(got, []string{"a1a8", "b1b8"}) {
		t.Errorf("mate in 1: the trainer accepts %v, want a1a8 and b1b8", got)
	}
	if got := accepts("lichess-tm2Fork", 2); !slices.Equal(got, []string{"e2e8", "c8e8"}) {
		t.Errorf("mate in 2: the trainer accepts %v at the end, want e2e8 and c8e8 (canonical order: e2 before c8)", got)
	}
}

func TestLichessReaderErrors(t *testing.T) {
	head := strings.Join(puzzles.LichessHeader, ",") + "\n"
	tests := []struct {
		name, text, want string
	}{
		{"empty file", "", "x.csv: empty file: want a header naming at least PuzzleId, FEN, Moves, Themes"},
		{"blank lines only", "\n\n", "x.csv: empty file"},
		{"no required columns", "id,fen\n", "x.csv:1: the header has no column PuzzleId, FEN, Moves, Themes"},
		{"no Themes", "PuzzleId,FEN,Moves,Rating\n", "x.csv:1: the header has no column Themes: want a header naming at least PuzzleId, FEN, Moves, Themes (found \"PuzzleId,FEN,Moves,Rating\")"},
		{"control bytes in the header", "Puzzle\x1b[2JId,FEN\x07\n", `x.csv:1: the header has no column PuzzleId, FEN, Moves, Themes: want a header naming at least PuzzleId, FEN, Moves, Themes (found "Puzzle\x1b[2JId,FEN\a")`},
		{"long header cut", strings.Repeat("é", 150) + "\n", `(found "` + strings.Repeat("é", 100) + `"…)`},
		{"rating below 0", head + "abc,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,-500,1,1,1,mate,,\n", "x.csv:2: puzzle abc: Rating: rating -500: want 0 to 4000"},
		{"rating above 4000", head + "abc,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,4001,1,1,1,mate,,\n", "x.csv:2: puzzle abc: Rating: rating 4001: want 0 to 4000"},
		{"negative deviation", head + "abc,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,1500,-3,1,1,mate,,\n", "x.csv:2: puzzle abc: RatingDeviation: rating deviation -3: want 0 to 500"},
		{"negative plays", head + "abc,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,1500,80,1,-1,mate,,\n", "x.csv:2: puzzle abc: NbPlays: plays -1: want 0 or more"},
		{"popularity above 100", head + "abc,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,1500,80,101,1,mate,,\n", "x.csv:2: puzzle abc: Popularity: popularity 101: want -100 to 100"},
		{"column twice", "PuzzleId,FEN,Moves,Themes,FEN\n", "x.csv:1: column FEN appears twice"},
		{"stray quote in header", "PuzzleId,F\"EN\n", "x.csv:1: column 11: bare \" in non-quoted-field"},
		{"too few fields", head + "abc,8/8/8/8/8/8/8/8 w - - 0 1,e2e4\n", "x.csv:2: puzzle abc: 3 fields, want 10 as in the header"},
		{"too many fields", head + "abc,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,1,1,1,1,mate,,,extra\n", "x.csv:2: puzzle abc: 11 fields, want 10"},
		{"bad rating", head + "abc,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,high,1,1,1,mate,,\n", "x.csv:2: puzzle abc: Rating: \"high\" is not an integer"},
		{"bad id", head + "a-b,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,1,1,1,1,mate,,\n", "x.csv:2: PuzzleId: \"a-b\": want letters and digits"},
		{"empty id", head + ",7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,1,1,1,1,mate,,\n", "x.csv:2: PuzzleId: empty"},
		{"one move", head + "abc,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2,1,1,1,1,mate,,\n", "x.csv:2: puzzle abc: Moves: 1 move(s)"},
		{"stray quote", head + "abc,\"7k/8,x\n", "x.csv:2: column 12: extraneous or missing \" in quoted-field"},
		{"bare quote", head + "abc,7k\"/8,x\n", "x.csv:2: column 7: bare \" in non-quoted-field"},
		{"line too long", head + strings.Repeat("x", puzzles.MaxLineBytes+1) + "\n", "x.csv:2: line longer than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lr, err := puzzles.NewLichessReader(strings.NewReader(tt.text), "x.csv")
			if err == nil {
				_, err = lr.Next()
				lr.Close()
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestLichessReaderByName reads a header in another order, with a column
// the reader does not know (DailyDate) and without the optional ones.
func TestLichessReaderByName(t *testing.T) {
	text := "\ufeffThemes,DailyDate,Moves,FEN,PuzzleId\r\n" +
		"mate mateIn1,2024-01-01,g8h8 a1a8,6k1/6pp/8/8/8/8/5PPP/RR4K1 b - - 0 31,tm1Two\r\n"
	got, errs := readRows(t, text)
	if len(errs) > 0 {
		t.Fatalf("errors %v", errs)
	}
	pz := got["tm1Two"]
	if pz == nil || pz.SolutionText() != "32. Ra8#" || pz.Rating != 0 || pz.URL != "" || pz.Last != "g8h8" {
		t.Fatalf("puzzle %+v", pz)
	}
	// The real sample carries DailyDate after the ten columns.
	lr, err := puzzles.NewLichessReader(strings.NewReader(readFile(t, "lichess_sample.csv")), "sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer lr.Close()
	row, err := lr.Next()
	if err != nil || row.ID != "005YX" || row.Rating != 1964 || row.Plays != 35 || row.URL != "https://lichess.org/zbi5w5Qy#49" || row.Line != 2 {
		t.Errorf("first row %+v, err %v", row, err)
	}
}

// TestLichessReaderGoesOn checks that a bad row does not stop the rows
// after it: not a short row, and not a stray quote, which encoding/csv
// alone would read on to the end of the file as one quoted field.
func TestLichessReaderGoesOn(t *testing.T) {
	good := "tm1Two,6k1/6pp/8/8/8/8/5PPP/RR4K1 b - - 0 31,g8h8 a1a8,612,80,95,1200,mate mateIn1,,\n"
	text := strings.Join(puzzles.LichessHeader, ",") + "\n" +
		"bad,1,2\n" +
		"\n" +
		"q1,\"6k1/6pp/8,g8h8 a1a8,1,1,1,1,mate,,\n" +
		good +
		`"q2","6k1/6pp/8/8/8/8/5PPP/RR4K1 b - - 0 31","g8h8 a1a8",1,1,1,1,"mate, mateIn1",,` + "\n"
	lr, err := puzzles.NewLichessReader(strings.NewReader(text), "x.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer lr.Close()
	var lines []int
	for {
		row, err := lr.Next()
		if err == io.EOF {
			break
		}
		var re *puzzles.RowError
		if err != nil && !errors.As(err, &re) {
			t.Fatalf("line %d: %v is not a *RowError", re.Line, err)
		}
		if err != nil {
			lines = append(lines, -re.Line)
			continue
		}
		lines = append(lines, row.Line)
		if row.Line == 5 && (row.ID != "tm1Two" || row.Row != 3) || row.Line == 6 && strings.Join(row.Themes, " ") != "mate, mateIn1" {
			t.Errorf("row %+v", row)
		}
	}
	if want := []int{-2, -4, 5, 6}; !slices.Equal(lines, want) {
		t.Errorf("lines %v, want %v (negative: reported)", lines, want)
	}
}

// TestLichessReaderZstd reads the sample compressed with zstd, named
// like any file: the reader knows zstd by its magic bytes.
func TestLichessReaderZstd(t *testing.T) {
	plain := readFile(t, "lichess_sample.csv")
	var z bytes.Buffer
	enc, err := zstd.NewWriter(&z)
	if err != nil {
		t.Fatal(err)
	}
	enc.Write([]byte(plain))
	enc.Close()
	ids := func(r io.Reader) []string {
		lr, err := puzzles.NewLichessReader(r, "sample")
		if err != nil {
			t.Fatal(err)
		}
		defer lr.Close()
		var out []string
		for {
			row, err := lr.Next()
			if err == io.EOF {
				return out
			}
			if err == nil {
				out = append(out, row.ID)
			}
		}
	}
	a, b := ids(strings.NewReader(plain)), ids(&z)
	if len(a) != 1198 || !slices.Equal(a, b) {
		t.Errorf("%d rows plain, %d compressed, want 1198 of each, the same", len(a), len(b))
	}
	// A broken stream ends the file with an error that is not a row's.
	broken := append([]byte{0x28, 0xb5, 0x2f, 0xfd}, "not zstd at all"...)
	lr, err := puzzles.NewLichessReader(bytes.NewReader(broken), "broken.zst")
	if err == nil {
		_, err = lr.Next()
		lr.Close()
	}
	var re *puzzles.RowError
	if err == nil || err == io.EOF || errors.As(err, &re) {
		t.Errorf("broken zstd: %v, want a read error", err)
	}
}
