package verify

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/mode"
)

// TestLineBlocks checks which fenced blocks are checked and where their
// lines are reported.
func TestLineBlocks(t *testing.T) {
	tests := []struct {
		name, body string
		want       []blockLine
	}{
		{"backticks", "Text.\n\n```line\n1. Na3 Kb7\n```\n", []blockLine{{"1. Na3 Kb7", 3, 1}}},
		{"tildes and blank lines", "~~~line\n\n  1. e4\n\n1... e5\n~~~\n", []blockLine{{"1. e4", 2, 3}, {"1... e5", 4, 1}}},
		{"other languages", "```go\nx := 1\n```\n```\n1. e4\n```\n", nil},
		{"info must be line alone", "```line extra\n1. e4\n```\n", nil},
		{"in a list", "- item\n\n  ```line\n  1. e4 e5\n  ```\n", []blockLine{{"1. e4 e5", 3, 3}}},
		{"unclosed", "```line\n1. e4\n", []blockLine{{"1. e4", 1, 1}}},
		{"not a fence inside", "````\n```line\n1. e4\n```\n````\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lineBlocks([]byte(tt.body)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}

func TestNearWord(t *testing.T) {
	for _, w := range []string{"lnie", "lin", "lines", "lime", "iline", "ilne"} {
		if !nearWord(w, "line") {
			t.Errorf("%q is one edit from line", w)
		}
	}
	for _, w := range []string{"line", "lisp", "go", "", "elin", "json", "lineup"} {
		if nearWord(w, "line") {
			t.Errorf("%q is not one edit from line", w)
		}
	}
}

// A misspelt line fence is warned of; an illegal line block in a mode
// that cannot be verified is an error (legality needs no solver).
func TestFenceWarningAndUnverifiedBlockError(t *testing.T) {
	src := t.TempDir()
	write := func(name, text string) {
		p := filepath.Join(src, "modes", "x", name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(text), 0o644)
	}
	write("small.md", "---\ntitle: \"Small\"\nstart: \"bk,bn,br,x,x,wr,wn,wk:w\"\n---\nText.\n\n```lnie\n1. Na4\n```\n")
	write("big.md", "---\ntitle: \"Big\"\nstart: \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"\n---\nText.\n\n```line\n1. e4 e5 2. Ke3\n```\n")
	s, errs := mode.Load(src)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	_, _, verrs := Verify(s, Options{MaxStates: 1000, MateNodes: 1000})
	var got []string
	for _, e := range verrs {
		got = append(got, e.Error())
	}
	want := []string{
		"modes/x/big.md:8:13: line block: move 2. Ke3: the king on e1 cannot move to e3",
		"modes/x/small.md:7:1: warning: a fenced block of kind \"lnie\": did you mean \"line\"?",
	}
	if len(got) != len(want) {
		t.Fatalf("diagnostics %q, want %d", got, len(want))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("diagnostic %q, want it to start %q", got[i], want[i])
		}
	}
}
