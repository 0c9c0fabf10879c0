package site

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteReplaces writes a site over a previous one: changed files get
// their new bytes, unchanged ones keep theirs, removed ones disappear, and
// no temporary folder is left behind.
func TestWriteReplaces(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	first := map[string][]byte{"index.html": []byte("one"), "a/b.txt": []byte("same"), "gone.txt": []byte("x")}
	if err := writeFiles(out, first); err != nil {
		t.Fatal(err)
	}
	second := map[string][]byte{"index.html": []byte("two!"), "a/b.txt": []byte("same"), "new.txt": []byte("n")}
	if err := writeFiles(out, second); err != nil {
		t.Fatal(err)
	}
	got := readTree(t, out)
	if len(got) != len(second) {
		t.Errorf("wrote %d files, want %d: %v", len(got), len(second), got)
	}
	for name, want := range second {
		if string(got[name]) != string(want) {
			t.Errorf("%s = %q, want %q", name, got[name], want)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".public*")); len(left) > 0 {
		t.Errorf("temporary folders left: %v", left)
	}
	if err := writeFiles(out, map[string][]byte{"../escape.txt": []byte("no")}); err == nil {
		t.Error("a path outside the output folder was accepted")
	}
	if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
		t.Errorf("a refused write damaged the output: %v", err)
	}
}
