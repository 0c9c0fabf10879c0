package mode

import (
	"strings"
	"testing"
)

// TestByteOrderMark checks that a leading UTF-8 byte order mark, which
// some editors write, is not part of a pack's first line, a mode's front
// matter or site.yaml: each loads as without it, and a pack's columns
// count from after it.
func TestByteOrderMark(t *testing.T) {
	const bom = "\ufeff"
	dir := writeTree(t, map[string]string{
		"site.yaml":     bom + "title: With a mark\n",
		"modes/x/m.md":  bom + "---\ntitle: \"M\"\nstart: \"bk,bn,x,wk:w\"\n---\n",
		"packs/p.md":    bom + packHeader,
		"packs/p.jsonl": bom + `{"id":"a","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","solution":"1. Ra8#"}` + "\n" + bom + `{"id":"b"}` + "\n",
	})
	s, errs := Load(dir)
	if got := errs.Error(); got != `packs/p.jsonl:2:1: not a JSON object: invalid character 'ï' looking for beginning of value` {
		// A mark past the first line is a mistake, and named.
		t.Errorf("errors:\n%s", got)
	}
	if s.Config.Title != "With a mark" || len(s.Modes) != 1 || len(s.Packs) != 1 || len(s.Packs[0].Puzzles) != 1 {
		t.Fatalf("loaded %+v, %d modes, %d packs", s.Config, len(s.Modes), len(s.Packs))
	}
	if at := s.Packs[0].Puzzles[0].At("start"); at != (Pos{1, 20}) {
		t.Errorf("start of the first line at %v, want 1:20 (counted from after the mark)", at)
	}
}

// TestHeaderKeys checks a pack header's table and unverified keys: an
// empty table is an error at its value, and unverified is true or false.
func TestHeaderKeys(t *testing.T) {
	for _, c := range []struct{ header, want string }{
		{"---\ntitle: P\ntable: \"\"\n---\n", `packs/p.md:3:8: table is empty: name the mode whose exact table proves the puzzles, or leave the key out`},
		{"---\ntitle: P\ntable:\n---\n", `packs/p.md:3:7: table must be a string, not empty`},
		{"---\ntitle: P\nunverified: yes please\n---\n", `packs/p.md:3:13: unverified must be true or false, not "yes please"`},
		{"---\ntitle: P\nunverified: true\n---\n", ""},
	} {
		dir := writeTree(t, map[string]string{"packs/p.md": c.header, "packs/p.jsonl": ""})
		s, errs := Load(dir)
		if got := errs.Error(); got != c.want {
			t.Errorf("%q: errors %q, want %q", c.header, got, c.want)
		}
		if c.want == "" && (len(s.Packs) != 1 || !s.Packs[0].Unverified) {
			t.Errorf("%q: packs %+v, want one unverified", c.header, s.Packs)
		}
	}
}

// TestControlCharacters checks that a text value holding a control
// character, written as a YAML escape, is an error at the value.
func TestControlCharacters(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"modes/x/m.md":    "---\ntitle: \"\\e[31mRed\"\nstart: \"bk,bn,x,wk:w\"\n---\n",
		"content/page.md": "---\ntitle: Page\nsummary: \"ring \\a\"\n---\n",
		"site.yaml":       "title: \"\\x9b2J\"\n",
	})
	_, errs := Load(dir)
	want := []string{
		`content/page.md:3:10: summary has the control character U+0007 (BEL) at byte 6: write text, not escapes`,
		`modes/x/m.md:2:8: title has the control character U+001B (ESC) at byte 1: write text, not escapes`,
		`site.yaml:1:8: title has the control character U+009B at byte 1: write text, not escapes`,
	}
	if got := errs.Error(); got != strings.Join(want, "\n") {
		t.Errorf("errors\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
}
