package puzzles_test

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/site"
)

// readRows reads every row of a lichess CSV, converting the good ones.
// It returns the puzzles with their notes, and each error as text, keyed
// by puzzle id (or by "row N" when the id is unknown).
func readRows(t *testing.T, text string) (map[string]*puzzles.Puzzle, map[string][]string, map[string]error) {
	t.Helper()
	lr, err := puzzles.NewLichessReader(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*puzzles.Puzzle{}
	notes := map[string][]string{}
	errs := map[string]error{}
	for {
		row, err := lr.Next()
		if err == io.EOF {
			return out, notes, errs
		}
		if err != nil {
			var re *puzzles.RowError
			if !errors.As(err, &re) {
				t.Fatalf("error %v is not a *RowError", err)
			}
			key := re.ID
			if key == "" {
				key = "row " + strconv.Itoa(re.Row)
			}
			errs[key] = err
			continue
		}
		pz, n, err := puzzles.ConvertLichess(row, puzzles.ImportOptions{})
		if err != nil {
			errs[row.ID] = err
			continue
		}
		out[row.ID], notes[row.ID] = pz, n
	}
}

func readTestdata(t testing.TB) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "lichess.csv"))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestConvertLichess converts the hand-made rows of testdata/lichess.csv:
// each either becomes a puzzle with the expected start, claim and line,
// or is reported with the row, the field and the reason.
func TestConvertLichess(t *testing.T) {
	got, notes, errs := readRows(t, readTestdata(t))
	converted := []struct {
		id, modeID, start, side, solution string
		mateIn                            int
		note                              string
	}{
		{"tm1Two", "lichess-tm1-two", "7k/6pp/8/8/8/8/5PPP/RR4K1 w - - 1 32", "white", "32. Ra8#", 1, ""},
		{"tm2Rook", "lichess-tm2-rook", "3r3k/6pp/8/8/8/8/4RPPP/4R1K1 w - - 5 28", "white", "28. Re8+ Rxe8 29. Rxe8#", 2, ""},
		{"tm2Fork", "lichess-tm2-fork", "7k/6pp/8/4r3/8/6r1/2R1QPPP/6K1 w - - 3 36", "white", "36. Rc8+ Re8 37. Qxe8#", 2, ""},
		{"tLong3", "lichess-t-long3", "7k/1r4pp/8/8/8/2r4R/Q4PPP/6K1 w - - 1 41", "white", "41. Qa8+ Rb8 42. Qxb8+ Rc8 43. Qxc8#", 3,
			"the recorded defence 41... Rc8 is not a longest one; replaced by Rb8"},
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
		if pz.ID != c.modeID {
			t.Errorf("%s: mode id %s", c.id, pz.ID)
		}
		joined := strings.Join(notes[c.id], "; ")
		if (c.note == "") != (joined == "") || !strings.Contains(joined, c.note) {
			t.Errorf("%s: notes %q, want %q", c.id, joined, c.note)
		}
		md := string(pz.Markdown())
		for _, want := range []string{"title: \"Lichess puzzle " + c.id + "\"", "lichess.org puzzle database (CC0)", "https://example.org/hand-made/", "```line\n" + c.solution + "\n```"} {
			if !strings.Contains(md, want) {
				t.Errorf("%s: the file lacks %q", c.id, want)
			}
		}
	}
	reported := []struct {
		id, field string
		wants     []string
		disproved bool
	}{
		{"tFalse2", "Themes", []string{"row 5 (line 6, puzzle tFalse2)", "claim mateIn2 is too long: White mates in 1"}, true},
		{"tSlow1", "Moves", []string{"row 6 (line 7", "move 2 a1a7 (32. Ra7) does not keep the mate in 1", "Ra8#, Rb8#"}, true},
		{"tNoMate", "Themes", []string{"row 7 (line 8", "no mate or mateInN theme"}, false},
		{"tBadFen", "FEN", []string{"row 8 (line 9, puzzle tBadFen): field FEN:", "8 files × 7 ranks"}, false},
		{"tBadUci", "Moves", []string{"row 9 (line 10, puzzle tBadUci): field Moves: move 2 \"e2e9\"", "off the 8×8 board"}, false},
		{"tIllegal", "Moves", []string{"row 10 (line 11, puzzle tIllegal): field Moves: move 2 \"e1e5\""}, false},
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

// TestImportedFilesPassCheck writes the converted rows into a scratch
// source folder and runs the site's verifier: each claim is proven by
// mate search, and the trainer's solution tree accepts every mating
// final move (Ra8# and Rb8#; Qxe8# and Rxe8#).
func TestImportedFilesPassCheck(t *testing.T) {
	got, _, _ := readRows(t, readTestdata(t))
	var ps []*puzzles.Puzzle
	for _, pz := range got {
		ps = append(ps, pz)
	}
	dir := t.TempDir()
	if _, err := puzzles.WriteFiles(filepath.Join(dir, "modes", "lichess"), ps); err != nil {
		t.Fatal(err)
	}
	sum, errs, err := site.Build(site.BuildOptions{Src: dir, CheckOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range errs {
		t.Error(e)
	}
	if sum.Verified != len(ps) || sum.MateSearch != len(ps) {
		t.Errorf("%d verified by %d mate searches, want %d", sum.Verified, sum.MateSearch, len(ps))
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
	if got := accepts("lichess-tm1-two", 0); !slices.Equal(got, []string{"a1a8", "b1b8"}) {
		t.Errorf("mate in 1: the trainer accepts %v, want a1a8 and b1b8", got)
	}
	if got := accepts("lichess-tm2-fork", 2); !slices.Equal(got, []string{"e2e8", "c8e8"}) {
		t.Errorf("mate in 2: the trainer accepts %v at the end, want e2e8 and c8e8 (canonical order: e2 before c8)", got)
	}
}

func TestLichessReaderErrors(t *testing.T) {
	head := strings.Join(puzzles.LichessHeader, ",") + "\n"
	tests := []struct {
		name, text, want string
	}{
		{"empty file", "", "empty file"},
		{"wrong header", "id,fen\n", "header \"id,fen\""},
		{"too few fields", head + "abc,8/8/8/8/8/8/8/8 w - - 0 1,e2e4\n", "row 1 (line 2): 3 fields, want 10"},
		{"bad rating", head + "abc,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,high,1,1,1,mate,,\n", "row 1 (line 2, puzzle abc): field Rating: \"high\" is not an integer"},
		{"bad id", head + "a-b,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2 h8h7,1,1,1,1,mate,,\n", "field PuzzleId: \"a-b\""},
		{"one move", head + "abc,7k/8/8/8/8/8/8/K7 w - - 0 1,a1a2,1,1,1,1,mate,,\n", "field Moves: 1 move(s)"},
		{"bare quote", head + "abc,\"7k/8,x\n", "row 1 (line 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lr, err := puzzles.NewLichessReader(strings.NewReader(tt.text))
			if err == nil {
				_, err = lr.Next()
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestLichessReaderGoesOn checks that a bad row does not stop the rows
// after it.
func TestLichessReaderGoesOn(t *testing.T) {
	text := strings.Join(puzzles.LichessHeader, ",") + "\n" +
		"bad,1,2\n" +
		"tm1Two,6k1/6pp/8/8/8/8/5PPP/RR4K1 b - - 0 31,g8h8 a1a8,612,80,95,1200,mate mateIn1,,\n"
	lr, err := puzzles.NewLichessReader(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lr.Next(); err == nil {
		t.Fatal("the short row was read")
	}
	row, err := lr.Next()
	if err != nil || row.ID != "tm1Two" || row.Row != 2 || row.Line != 3 {
		t.Fatalf("row %+v, err %v", row, err)
	}
	if _, err := lr.Next(); err != io.EOF {
		t.Errorf("at the end: %v, want io.EOF", err)
	}
}
