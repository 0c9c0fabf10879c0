package verify

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// tableSite writes a site with the mode rnr (1-D, nine squares, solved
// exactly), a pack whose header is header and whose lines are lines.
func tableSite(t *testing.T, header string, lines []string) string {
	t.Helper()
	src := t.TempDir()
	write := func(rel, text string) {
		path := filepath.Join(src, rel)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("modes/1d/rnr.md", "---\ntitle: RNR\nvariant: 1d\nstart: \"bk,br,bn,br,x,wr,wn,wr,wk:w\"\nclaim:\n  result: white-wins\n---\nBody.\n")
	write("packs/p.md", header)
	write("packs/p.jsonl", strings.Join(lines, "\n")+"\n")
	return src
}

// Puzzles of a pack with a table are proven by lookups in the named
// mode's table: they share its artifacts, a hold's tree ends held with
// its theme, and a start the game never reaches is an error at the
// puzzle's start.
func TestPackTable(t *testing.T) {
	lines := []string{
		// A win for White in the game of rnr, found by thinchess mine.
		`{"id":"w1","start":"x,bk,bn,br,x,wr,x,wk,x:w","result":"white-wins","mate_in":2,"solution":"1. Rxa6 Ka9 2. Rxa7#"}`,
		// Four moves keep the draw (Ra3, Ra4, Na3, Na7): a puzzle may not
		// have two answers.
		`{"id":"two","start":"x,bk,x,br,wn,x,x,wr,wk:w","result":"draw","solution":"1. Ra3"}`,
		// Not a position of the game: a queen appears from nowhere.
		`{"id":"bad","start":"bk,bq,bn,br,x,wn,wr,wn,wk:w","result":"draw","solution":"1. Nxa6"}`,
	}
	src := tableSite(t, "---\ntitle: P\nvariant: 1d\ntable: rnr\n---\n", lines)
	s, errs := mode.Load(src)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if s.Packs[0].TableMode == nil || s.Packs[0].TableMode.ID != "rnr" {
		t.Fatalf("table mode %v", s.Packs[0].TableMode)
	}
	facts, arts, verrs := Verify(s, Options{MaxStates: 100_000, MateNodes: 100_000})
	if arts["rnr"] == nil || arts["w1"] != arts["rnr"] {
		t.Errorf("the puzzle does not share the mode's artifacts")
	}
	var msgs []string
	for _, e := range verrs.Errors() {
		msgs = append(msgs, e.Error())
	}
	if len(msgs) != 2 || !strings.HasPrefix(msgs[0], "packs/p.jsonl:2:") || !strings.Contains(msgs[0], "right answers") ||
		!strings.HasPrefix(msgs[1], "packs/p.jsonl:3:") || !strings.Contains(msgs[1], "not a position of the game of rnr") {
		t.Errorf("errors %q, want two answers at line 2 and a start not in the game at line 3", msgs)
	}
	if v := facts["w1"]; v == nil || !v.Verified || v.Method != solver.Exact || v.MateIn != 2 {
		t.Errorf("w1: %+v", v)
	}
}

// A hold puzzle's tree ends as held once its line is played, and the
// build gives it its theme and a rating.
func TestPackTableHold(t *testing.T) {
	// Black to move; Ka8 alone keeps the draw (found by thinchess mine;
	// the verification fails on any other move).
	hold := `{"id":"h1","start":"x,x,bk,br,wn,x,x,wr,wk:b","result":"draw","solution":"1... Ka8"}`
	src := tableSite(t, "---\ntitle: P\nvariant: 1d\ntable: rnr\n---\n", []string{hold})
	s, errs := mode.Load(src)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	facts, _, verrs := Verify(s, Options{MaxStates: 100_000, MateNodes: 100_000})
	if len(verrs) > 0 {
		t.Fatal(verrs)
	}
	v := facts["h1"]
	if v == nil || !v.Verified || !slices.Contains(v.Themes, HoldTheme) || v.EstimatedRating == 0 {
		t.Fatalf("h1: %+v", v)
	}
	n := v.Tree
	for n != nil && n.End == "" {
		var next *TreeNode
		for _, c := range n.Next {
			next = c
		}
		n = next
	}
	if n == nil || n.End != HeldEnd {
		t.Errorf("the tree does not end held")
	}
}

// A table key naming no mode is an error at the key.
func TestPackTableUnknownMode(t *testing.T) {
	src := tableSite(t, "---\ntitle: P\nvariant: 1d\ntable: nowhere\n---\n", []string{`{"id":"x","start":"x,bk,bn,br,x,wr,x,wk,x:w","result":"white-wins","solution":"1. Rxa6"}`})
	_, errs := mode.Load(src)
	if len(errs) != 1 || errs[0].Error() != `packs/p.md:4:8: table "nowhere": no mode under modes/ has that id` {
		t.Errorf("errors %v", errs)
	}
}

// A table key naming a mode with no exact table is an error at the key,
// never a warning of each puzzle: Gardner's 5×5 start does not fit the
// solver's key (found at once), and rnr's game is over a small packs'
// limit (found by enumerating it the first time, then remembered by the
// cache). The puzzles are then not proven, and not kept as proven.
func TestPackTableNotExact(t *testing.T) {
	gardner := tableSite(t, "---\ntitle: P\nvariant: gardner\ntable: g5\n---\n",
		[]string{`{"id":"x","start":"x,x,x,x,x/x,x,x,x,x/wp,wk,x,x,x/x,x,x,x,x/x,bk,bq,x,bq:w","result":"white-wins","mate_in":3,"solution":"1. Ka4"}`})
	os.MkdirAll(filepath.Join(gardner, "modes", "mini"), 0o755)
	os.WriteFile(filepath.Join(gardner, "modes", "mini", "g5.md"), []byte("---\ntitle: G\nvariant: gardner\nstart: \"rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1\"\n---\n"), 0o644)
	rnr := tableSite(t, "---\ntitle: P\nvariant: 1d\ntable: rnr\n---\n",
		[]string{`{"id":"w1","start":"x,bk,bn,br,x,wr,x,wk,x:w","result":"white-wins","mate_in":2,"solution":"1. Rxa6 Ka9 2. Rxa7#"}`})
	cache := &Cache{Dir: t.TempDir()}
	for _, c := range []struct {
		name, src, want string
	}{
		{"gardner", gardner, "packs/p.md:4:8: table g5: the mode g5 has no exact table: 20 pieces of 12 kinds on a 5×5 board do not fit the exact solver's 64-bit state key (101 bits needed); the pack's puzzles cannot be proven against it"},
		{"rnr", rnr, "packs/p.md:4:8: table rnr: the mode rnr has no exact table: it reaches more than 500 states, the most a pack's table may have; the pack's puzzles"},
		{"rnr again", rnr, "packs/p.md:4:8: table rnr: the mode rnr has no exact table: it reaches more than 500 states, the most a pack's table may have (found by an earlier run); the pack's puzzles"},
	} {
		s, errs := mode.Load(c.src)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		facts, _, verrs := Verify(s, Options{MaxStates: 100, MateNodes: 100_000, PackTableStates: 500, Cache: cache})
		got := verrs.Errors()
		if len(got) != 1 || !strings.HasPrefix(got[0].Error(), c.want) {
			t.Errorf("%s: errors %v, want one starting %q", c.name, got, c.want)
		}
		if strings.Contains(verrs.Error(), "not verified") {
			t.Errorf("%s: a warning of a puzzle besides the error at the key: %v", c.name, verrs)
		}
		for _, m := range s.Packs[0].Puzzles {
			if v := facts[m.ID]; v == nil || v.Verified || v.Method != solver.Unverified {
				t.Errorf("%s: puzzle %s: %+v", c.name, m.ID, v)
			}
		}
	}
}

// A pack's puzzle the build cannot prove (a draw claimed in a game too
// large to solve, which mate search cannot prove) is an error, unless the
// pack's header says unverified: true: then a warning, and the puzzle
// is not verified. The cache does not keep the warning past the key.
func TestPackUnverified(t *testing.T) {
	line := `{"id":"d","start":"x,bk,bn,br,x,wr,x,wk,x:w","result":"draw","solution":"1. Rxa6"}`
	cache := &Cache{Dir: t.TempDir()}
	for _, c := range []struct{ header, want string }{
		{"---\ntitle: P\nvariant: 1d\n---\n", "packs/p.jsonl:1:56: claim not verified: "},
		{"---\ntitle: P\nvariant: 1d\nunverified: true\n---\n", "packs/p.jsonl:1:56: warning: claim not verified: "},
		{"---\ntitle: P\nvariant: 1d\n---\n", "packs/p.jsonl:1:56: claim not verified: "},
	} {
		s, errs := mode.Load(tableSite(t, c.header, []string{line}))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		facts, _, verrs := Verify(s, Options{MaxStates: 100, MateNodes: 1000, Cache: cache})
		var got []string
		for _, e := range verrs {
			if e.Path == "packs/p.jsonl" {
				got = append(got, e.Error())
			}
		}
		if len(got) != 1 || !strings.HasPrefix(got[0], c.want) {
			t.Errorf("%q: %q, want one starting %q", c.header, got, c.want)
		}
		if v := facts["d"]; v == nil || v.Verified {
			t.Errorf("%q: %+v", c.header, v)
		}
	}
}
