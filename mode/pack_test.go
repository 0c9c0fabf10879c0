package mode

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/filetree"
)

// writeTree writes files (slash path → content) under a new folder.
func writeTree(t *testing.T, files map[string]string) string { return filetree.Write(t, files) }

const packHeader = `---
title: "Test mates"
summary: "Two mates."
source: "made for the tests"
licence: CC0
variant: chess
---
Some mates.
`

func TestLoadPack(t *testing.T) {
	lines := []string{
		`{"id":"m1","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","mate_in":1,"solution":"1. Ra8#","rating":1234,"themes":["mateIn1","backRankMate"],"url":"https://example.org/g#1","hints":[{"text":"The back rank.","squares":["a8"]}]}`,
		``,
		`{"id":"m2","title":"Named","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","solution":"1. Ra8#","difficulty":4}`,
	}
	dir := writeTree(t, map[string]string{
		"packs/test-mates.md":    packHeader,
		"packs/test-mates.jsonl": strings.Join(lines, "\n") + "\n",
	})
	s, errs := Load(dir)
	if len(errs) > 0 {
		t.Fatalf("errors: %v", errs)
	}
	if len(s.Packs) != 1 {
		t.Fatalf("%d packs, want 1", len(s.Packs))
	}
	p := s.Packs[0]
	if p.ID != "test-mates" || p.Title != "Test mates" || p.Licence != "CC0" || p.DataPath != "packs/test-mates.jsonl" || !strings.Contains(string(p.Body), "Some mates.") {
		t.Errorf("pack %+v", p)
	}
	if len(p.Puzzles) != 2 {
		t.Fatalf("%d puzzles, want 2", len(p.Puzzles))
	}
	m := p.Puzzles[0]
	if m.ID != "m1" || m.Title != "Mate in 1 · Test mates" || m.Path != "packs/test-mates.jsonl" || m.Origin.Line != 1 || m.Difficulty != 2 {
		t.Errorf("first puzzle %+v", m)
	}
	if m.Claim.Result != engine.WhiteWins || m.Claim.MateIn != 1 || m.Puzzle.Side != engine.White || m.Puzzle.Solution != "1. Ra8#" {
		t.Errorf("claim %+v puzzle %+v", m.Claim, m.Puzzle)
	}
	if m.Info.Rating != 1234 || strings.Join(m.Info.Themes, " ") != "mateIn1 backRankMate" || m.Info.URL != "https://example.org/g#1" {
		t.Errorf("info %+v", m.Info)
	}
	if got := m.TextAt("puzzle.solution"); got != (Pos{1, strings.Index(lines[0], `1. Ra8#`) + 1}) {
		t.Errorf("solution at %v", got)
	}
	if got := m.At("puzzle.hints.1.squares"); got.Col != strings.Index(lines[0], `["a8"]`)+1 {
		t.Errorf("hint squares at %v", got)
	}
	if q := p.Puzzles[1]; q.Title != "Named" || q.Origin.Line != 3 || q.Difficulty != 4 {
		t.Errorf("second puzzle %+v", q)
	}
	if len(s.Puzzles()) != 2 || len(s.Checked()) != 2 {
		t.Errorf("Puzzles %d, Checked %d", len(s.Puzzles()), len(s.Checked()))
	}
}

// Every bad line is reported at its line and column, and the good lines
// are kept.
func TestLoadPackErrors(t *testing.T) {
	good := `{"id":"ok","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","solution":"1. Ra8#"}`
	// at is the text the error's column points at (its first
	// occurrence on the line, the line's start when empty, its end for $).
	lines := []struct{ text, at, want string }{
		{good, "", ""},
		{good, `ok"`, `duplicate puzzle id "ok": packs/p.jsonl:1 has it too`},
		{`{"id":"a b","start":"x","result":"white-wins","solution":"x"}`, `a b`, `id "a b": want letters`},
		{`{"id":"c","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","colour":1}`, `colour`, `unknown key "colour"`},
		{`{"id":"d","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","rating":"high"}`, `high"`, `rating must be a number, not a JSON string`},
		{`{"id":"e","start":"6k1/8/8/8/8/8/8/R5K1 w",`, "$", `the line ends inside the JSON object`},
		{`{"id":"f","start":"9k/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x"}`, `9k`, `start: bad FEN`},
		{`{"id":"g","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"mate","solution":"x"}`, `mate"`, `result "mate": want white-wins, black-wins or draw`},
		{`{"id":"h","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins"}`, "", `missing "solution"`},
		{`{"id":"i","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","last":"e2e4"}`, `e2e4`, `last move "e2e4": no piece of black stands on e4`},
		{`[1,2]`, "", `a pack line must be a JSON object, not a JSON array`},
		{`{"id":"j","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","rating":-500}`, `-500`, `rating -500: want 0 to 4000`},
		{`{"id":"k","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","rating":4001}`, `4001`, `rating 4001: want 0 to 4000`},
		{`{"id":"l","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","rating_deviation":-3}`, `-3`, `rating deviation -3: want 0 to 500`},
		{`{"id":"m","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","plays":-1}`, `-1`, `plays -1: want 0 or more`},
		{`{"id":"n","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","popularity":101}`, `101`, `popularity 101: want -100 to 100`},
		{`{"id":"o","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","rating":1500, "rating":900}`, `rating":900`, `key "rating" appears twice`},
		{`{"id":"p","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","hints":[{"text":"a b"},{"text":"c d","text":"e f"}]}`, `text":"e f`, `key "text" appears twice`},
		{`{"id":"q","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","rating":1.5}`, `1.5`, `rating must be a whole number, not 1.5`},
		{`{"id":"r","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","rating":1e400}`, `1e400`, `rating must be a whole number, not 1e400`},
		{`{"id":"s","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","difficulty":2.0}`, `2.0`, `difficulty must be a whole number, not 2.0`},
		{`{"id":"t","title":"\u001b[31mRed","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x"}`, `\u001b`, `title has the control character U+001B (ESC) at byte 1: write text, not escapes`},
		{`{"id":"u","start":"6k1/8/8/8/8/8/8/R5K1 w","result":"white-wins","solution":"x","hints":[{"text":"bell\u0007"}]}`, `bell`, `hint 1 has the control character U+0007 (BEL) at byte 5`},
	}
	var text []string
	for _, l := range lines {
		text = append(text, l.text)
	}
	dir := writeTree(t, map[string]string{
		"packs/p.md":       packHeader,
		"packs/p.jsonl":    strings.Join(text, "\n"),
		"packs/lost.jsonl": good + "\n",
	})
	s, errs := Load(dir)
	got := errs.Error()
	for i, l := range lines {
		if l.want == "" {
			continue
		}
		col := strings.Index(l.text, l.at) + 1
		if l.at == "$" {
			col = len(l.text) + 1
		}
		want := fmt.Sprintf("packs/p.jsonl:%d:%d: %s", i+1, col, l.want)
		if !strings.Contains(got, want) {
			t.Errorf("line %d: no error %q in\n%s", i+1, want, got)
		}
	}
	if !strings.Contains(got, "packs/lost.jsonl: a pack's puzzles without its header") {
		t.Errorf("no error for a data file without a header:\n%s", got)
	}
	if len(s.Packs) != 1 || len(s.Packs[0].Puzzles) != 1 || s.Packs[0].Puzzles[0].ID != "ok" {
		t.Errorf("kept %+v", s.Packs)
	}
}

func TestPackLineEncode(t *testing.T) {
	l := PackLine{ID: "x", Start: "a<b", Result: "white-wins", Solution: "1. Ra8#", PuzzleMeta: PuzzleMeta{Themes: []string{"mate"}}}
	got := string(l.Encode())
	want := `{"id":"x","start":"a<b","result":"white-wins","solution":"1. Ra8#","themes":["mate"]}`
	if got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}

func TestFormatPackHeader(t *testing.T) {
	h := FormatPackHeader(PackHeader{Title: "Mates", Summary: "Some: mates", Licence: "CC0", Variant: "chess", Generator: "thinchess import", Body: "About them."})
	dir := writeTree(t, map[string]string{"packs/mates.md": string(h), "packs/mates.jsonl": ""})
	s, errs := Load(dir)
	if len(errs) > 0 {
		t.Fatalf("%s\n%v", h, errs)
	}
	p := s.Packs[0]
	if p.Title != "Mates" || p.Summary != "Some: mates" || p.Licence != "CC0" || strings.TrimSpace(string(p.Body)) != "About them." {
		t.Errorf("read back %+v from\n%s", p, h)
	}
}

// FuzzPackLine: any line of a pack is either a puzzle or an error at a
// line and column of that line; never a panic.
func FuzzPackLine(f *testing.F) {
	f.Add(`{"id":"m1","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","mate_in":1,"solution":"1. Ra8#","hints":[{"text":"x","squares":["a8"],"move":"Ra8"}]}`)
	f.Add(`{"id":"d","variant":"1d","start":"bk,bn,br,x,x,wr,wn,wk:w","result":"white-wins","solution":"1. Na4","last":"a1a2"}`)
	f.Add(`{"id":"e","start":"6k1/8/8/8/8/8/8/R5K1 w",`)
	f.Add(`[1,2]`)
	f.Add(`{"id":1}`)
	f.Add(`{"hints":[{"text":""}],"id":"h","start":"k/K w","result":"draw","solution":"x"}`)
	f.Add("\ufeff" + `{"id":"b","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","solution":"1. Ra8#"}`)
	f.Add("\ufeff")
	f.Add(`{"id":"r","start":"k/K w","result":"draw","solution":"x","rating":1e400,"title":"\u001b"}`)
	p := &Pack{ID: "p", Path: "packs/p.md", DataPath: "packs/p.jsonl", Title: "P", Variant: "chess", Rules: mustPreset("chess")}
	f.Fuzz(func(t *testing.T, line string) {
		if strings.ContainsAny(line, "\n\r") {
			return
		}
		// As the first line of a file: a byte order mark is not part of it.
		line = string(trimBOM([]byte(line)))
		if len(line) > MaxLineBytes {
			return
		}
		var errs ErrorList
		m := p.parseLine(3, []byte(line), &errs)
		if (m == nil) == (len(errs) == 0) {
			t.Fatalf("puzzle %v with errors %v", m, errs)
		}
		for _, e := range errs {
			if e.Line != 3 || e.Col < 1 || e.Col > len(line)+1 {
				t.Fatalf("error at %d:%d on a line of %d bytes: %v", e.Line, e.Col, len(line), e)
			}
		}
		if m != nil {
			for _, key := range []string{"start", "claim.result", "puzzle.solution", "puzzle.hints.1.move", "nothing"} {
				if pos := m.TextAt(key); pos.Line != 3 || pos.Col < 1 || pos.Col > len(line)+1 {
					t.Fatalf("%s at %v", key, pos)
				}
			}
		}
	})
}

func mustPreset(name string) *engine.Rules {
	r, err := engine.Preset(name)
	if err != nil {
		panic(err)
	}
	return r
}

// LoadMemo reuses the puzzles of unchanged lines and gives what Load
// gives: the same puzzles, lines, positions and errors.
func TestLoadMemo(t *testing.T) {
	m1 := `{"id":"m1","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","mate_in":1,"solution":"1. Ra8#","rating":1234,"hints":[{"text":"The back rank.","squares":["a8"]}]}`
	m2 := `{"id":"m2","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","solution":"1. Ra8#","rating":900}`
	bad := `{"id":"bad","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"a draw","solution":"1. Ra8#"}`
	files := map[string]string{"packs/p.md": packHeader, "packs/p.jsonl": m1 + "\n" + m2 + "\n" + bad + "\n"}
	dir := writeTree(t, files)
	write := func(name, data string) {
		t.Helper()
		if err := os.WriteFile(filepath.Join(dir, "packs", name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	memo := NewMemo()
	load := func() (*Site, map[string]*Mode) {
		t.Helper()
		s, errs := LoadMemo(dir, memo)
		fresh, ferrs := Load(dir)
		if fmt.Sprint(errs) != fmt.Sprint(ferrs) || len(errs) != 1 {
			t.Fatalf("errors with the memo %v, without %v; want the same one", errs, ferrs)
		}
		byID := map[string]*Mode{}
		for i, m := range s.Packs[0].Puzzles {
			f := fresh.Packs[0].Puzzles[i]
			byID[m.ID] = m
			same := m.ID == f.ID && m.Title == f.Title && m.Origin == (Origin{Kind: FromPack, Pack: s.Packs[0], Line: f.Origin.Line, Offset: f.Origin.Offset, Size: f.Origin.Size}) && fmt.Sprint(m.Info) == fmt.Sprint(f.Info) &&
				fmt.Sprint(*m.Puzzle) == fmt.Sprint(*f.Puzzle) && *m.Claim == *f.Claim && m.Start.FEN() == f.Start.FEN() &&
				m.At("puzzle.hints.1.squares") == f.At("puzzle.hints.1.squares") && string(m.Source()) == string(f.Source())
			if !same {
				t.Errorf("puzzle %d with the memo %+v, without %+v", i, m, f)
			}
		}
		return s, byID
	}
	_, first := load()
	m2 = strings.Replace(m2, "900", "950", 1)
	write("p.jsonl", `{"id":"m0","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","solution":"1. Ra8#"}`+"\n\n"+m1+"\n"+bad+"\n"+m2+"\n")
	_, second := load()
	if second["m1"].Start != first["m1"].Start || second["m1"].Origin.Line != 3 {
		t.Errorf("the unchanged line was parsed again, or keeps its old line (%d)", second["m1"].Origin.Line)
	}
	if second["m2"].Start == first["m2"].Start || second["m2"].Info.Rating != 950 {
		t.Errorf("the edited line was not parsed again")
	}
	// A half-written file does not cost the memo what it did not see.
	write("p.jsonl", `{"id":"m0"`)
	LoadMemo(dir, memo)
	write("p.jsonl", m1+"\n"+bad+"\n")
	if _, third := load(); third["m1"].Start != first["m1"].Start {
		t.Errorf("after a half-written file, the line was parsed again")
	}
	// A new header (here its title, part of every puzzle) invalidates.
	write("p.md", strings.Replace(packHeader, "Test mates", "Mates", 1))
	if _, fourth := load(); fourth["m1"].Start == first["m1"].Start || fourth["m1"].Title != "Mate in 1 · Mates" {
		t.Errorf("after the header changed, the line was not parsed again (title %q)", fourth["m1"].Title)
	}
}

// Allowed but most likely a mistake: each gets a warning at its place,
// and the site still loads.
func TestLintWarnings(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"modes/x/lint.md":   "---\ntitle: \"Lint\"\nsummary: \"" + ScaffoldSummary + "\"\nstart: \"bk,bn,x,x,wr,x,x,wk:w\"\npuzzle:\n  side: white\n  solution: \"1. Ra5\"\n  hints:\n    - text: \"Rook\"\n---\n",
		"modes/x/noking.md": "---\ntitle: \"No king\"\nstart: \"bk,bn,x,wr:w\"\n---\n",
		"modes/x/race.md":   "---\ntitle: \"Race\"\nvariant: race\nstart: \"2p/3/P2 w - - 0 1\"\n---\n",
	})
	outside := writeTree(t, map[string]string{
		"out.md":           "---\ntitle: \"Out\"\nstart: \"bk,bn,x,wk:w\"\n---\n",
		"folder/inside.md": "---\ntitle: \"In\"\nstart: \"bk,bn,x,wk:w\"\n---\n",
	})
	if err := os.Symlink(filepath.Join(outside, "out.md"), filepath.Join(dir, "modes", "x", "out.md")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	os.Symlink(filepath.Join(outside, "folder"), filepath.Join(dir, "modes", "linked"))
	s, errs := Load(dir)
	if len(errs.Errors()) > 0 {
		t.Fatalf("errors: %v", errs.Errors())
	}
	var got []string
	for _, w := range errs.Warnings() {
		got = append(got, strings.SplitN(w.Error(), ": ", 2)[0]+": "+strings.SplitN(w.Msg, ":", 2)[0])
	}
	want := []string{
		"modes/linked: a symbolic link to a folder (" + filepath.Join(outside, "folder") + ")",
		"modes/x/lint.md:3:10: the summary is still the scaffold's placeholder",
		"modes/x/lint.md:6:3: a puzzle without a claim",
		"modes/x/lint.md:9:13: hint 1 is one word",
		"modes/x/noking.md:3:8: the start has no white king",
		"modes/x/out.md: a symbolic link to a file outside the source folder (" + filepath.Join(outside, "out.md") + ")",
	}
	errs.Sort()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(s.Modes) != 4 {
		t.Errorf("%d modes loaded, want 4 (the linked file read, the linked folder skipped)", len(s.Modes))
	}
}

// TestJSONKeys reads keys from struct tags as encoding/json writes them.
func TestJSONKeys(t *testing.T) {
	type inner struct {
		B int `json:"b,omitempty"`
		C int
	}
	type named struct {
		X int `json:"x"`
	}
	tests := []struct {
		name string
		t    reflect.Type
		want string
	}{
		{"tags and names", reflect.TypeFor[struct {
			A int `json:"a"`
			B int
			C int `json:"-"`
			d int
		}](), "a B"},
		{"embedded in place", reflect.TypeFor[struct {
			A int `json:"a"`
			inner
			D int `json:"d"`
		}](), "a b C d"},
		{"embedded with a name is one key", reflect.TypeFor[struct {
			named `json:"n"`
		}](), "n"},
		{"a pack line", reflect.TypeFor[PackLine](), "id title variant start result mate_in side solution hints task notes difficulty " +
			"rating rating_deviation popularity plays themes url openings last"},
	}
	for _, tt := range tests {
		if got := strings.Join(jsonKeys(tt.t), " "); got != tt.want {
			t.Errorf("%s: got %s, want %s", tt.name, got, tt.want)
		}
	}
}

// TestPackLineKeysDocumented checks that the authoring guide's table of
// a pack line's keys names every key PackLine reads, and no other.
func TestPackLineKeysDocumented(t *testing.T) {
	guide, err := os.ReadFile("../content/authoring.md")
	if err != nil {
		t.Fatal(err)
	}
	_, table, _ := strings.Cut(string(guide), "| key | meaning |")
	table, _, _ = strings.Cut(table, "\n\n")
	var documented []string
	for line := range strings.Lines(table) {
		first, _, _ := strings.Cut(strings.TrimPrefix(line, "|"), "|")
		for _, m := range regexp.MustCompile("`([a-z_]+)`").FindAllStringSubmatch(first, -1) {
			documented = append(documented, m[1])
		}
	}
	slices.Sort(documented)
	keys := slices.Sorted(slices.Values(packLineKeys))
	if !slices.Equal(documented, keys) {
		t.Errorf("content/authoring.md documents the keys\n%v\nPackLine reads\n%v", documented, keys)
	}
}
