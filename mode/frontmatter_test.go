package mode

import "testing"

// TestUnclosedQuote finds the quote a runaway value opens, and nothing in
// YAML whose quotes all close (on their line or, legally, a later one).
func TestUnclosedQuote(t *testing.T) {
	tests := []struct {
		name, text string
		want       Pos
		found      bool
	}{
		{"closed", "title: \"A\"\nsummary: 'B'\n", Pos{}, false},
		{"double", "title: \"A\nstart: \"x\"\n", Pos{1, 8}, true},
		{"single", "title: 'A\n", Pos{1, 8}, true},
		{"second line", "title: \"A\"\nsummary: \"B\n", Pos{2, 10}, true},
		{"escaped quote", "title: \"say \\\"hi\\\"\"\n", Pos{}, false},
		{"escaped quote left open", "title: \"say \\\"\n", Pos{1, 8}, true},
		{"doubled single quote", "title: 'it''s'\n", Pos{}, false},
		{"doubled single quote left open", "title: 'it''s\n", Pos{1, 8}, true},
		{"list item", "hints:\n  - 'x\n", Pos{2, 5}, true},
		{"list item key", "hints:\n  - text: \"x\n", Pos{2, 11}, true},
		{"quote inside a plain value", "title: It's\n", Pos{}, false},
		{"comment", "# \"x\ntitle: A\n", Pos{}, false},
		{"flow list", "squares: [\"a1\", \"b2\"]\n", Pos{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, found := unclosedQuote([]byte(tt.text))
			if found != tt.found || got != tt.want {
				t.Errorf("unclosedQuote = %v, %v; want %v, %v", got, found, tt.want, tt.found)
			}
		})
	}
}

// A quoted value may run over lines: that is valid YAML, and no error.
func TestQuoteOverLines(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"modes/x/m.md": "---\ntitle: \"Two\n  lines\"\nstart: \"bk,x,x,wk:w\"\n---\n",
	})
	s, errs := Load(dir)
	if len(errs) > 0 || len(s.Modes) != 1 || s.Modes[0].Title != "Two lines" {
		t.Errorf("errors %v", errs)
	}
}

// TestMisindented finds the key the parser reports on the line before
// it: the next line, when its indentation lines up with no line above.
func TestMisindented(t *testing.T) {
	tests := []struct {
		name, text string
		line       int // as the parser names it
		want       Pos
		found      bool
	}{
		{"top-level key indented", "title: \"x\"\n start: y\n", 1, Pos{2, 2}, true},
		{"nested key out of line", "claim:\n  result: draw\n mate_in: 2\n", 2, Pos{3, 2}, true},
		{"comments and blank lines skipped", "title: x\n\n# note\n  start: y\n", 1, Pos{4, 3}, true},
		{"next line lines up", "claim:\n  result: draw\ntitle: x\n", 2, Pos{}, false},
		{"last line", "title: x\n", 1, Pos{}, false},
		{"no line named", "title: x\n", 0, Pos{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, found := misindented([]byte(tt.text), tt.line)
			if found != tt.found || got != tt.want {
				t.Errorf("misindented = %v, %v; want %v, %v", got, found, tt.want, tt.found)
			}
		})
	}
}
