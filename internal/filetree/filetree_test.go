package filetree

import (
	"maps"
	"testing"
)

// What Write writes, Read reads back, but the files it skips.
func TestWriteRead(t *testing.T) {
	files := map[string]string{"site.yaml": "title: T\n", "modes/x/g.md": "---\n", "a/b/c/d.txt": ""}
	dir := Write(t, files)
	got := Read(t, dir, "site.yaml")
	want := map[string][]byte{"modes/x/g.md": []byte("---\n"), "a/b/c/d.txt": {}}
	if !maps.EqualFunc(got, want, func(a, b []byte) bool { return string(a) == string(b) }) {
		t.Errorf("read %q, want %q", got, want)
	}
	if len(Read(t, dir)) != 3 {
		t.Errorf("read without skipping: %d files, want 3", len(Read(t, dir)))
	}
}
