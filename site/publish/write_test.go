package publish

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/internal/filetree"
)

// TestWriteReplaces writes a site over a previous one: changed files get
// their new bytes, unchanged ones keep theirs, removed ones disappear, and
// no temporary folder is left behind.
func TestWriteReplaces(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	first := map[string][]byte{"index.html": []byte("one"), "a/b.txt": []byte("same"), "gone.txt": []byte("x")}
	if err := Write(out, first); err != nil {
		t.Fatal(err)
	}
	second := map[string][]byte{"index.html": []byte("two!"), "a/b.txt": []byte("same"), "new.txt": []byte("n")}
	if err := Write(out, second); err != nil {
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
	if err := Write(out, map[string][]byte{"../escape.txt": []byte("no")}); err == nil {
		t.Error("a path outside the output folder was accepted")
	}
	if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
		t.Errorf("a refused write damaged the output: %v", err)
	}
}

// TestWriteMarks: a build writes its marker into its output and replaces
// only a folder that is missing, empty or marked; it refuses a file and
// a folder of someone's files, changing nothing (issue 31: an output at
// the site's sources replaced them).
func TestWriteMarks(t *testing.T) {
	dir := t.TempDir()
	site := map[string][]byte{"index.html": []byte("site")}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{filepath.Join(dir, "new"), empty} {
		if err := Write(out, site); err != nil {
			t.Fatalf("%s: %v", out, err)
		}
		if m, err := os.ReadFile(filepath.Join(out, OutputMarker)); err != nil || !strings.Contains(string(m), "thinchess build wrote this folder") {
			t.Errorf("%s: marker %q, %v", out, m, err)
		}
		// Its own output, marked, it replaces.
		if err := Write(out, map[string][]byte{"index.html": []byte("again")}); err != nil {
			t.Errorf("%s: a second write: %v", out, err)
		}
	}

	authors := filepath.Join(dir, "modes")
	if err := os.MkdirAll(filepath.Join(authors, "1d"), 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "site.yaml")
	for p, data := range map[string]string{filepath.Join(authors, "1d/gardner.md"): "a mode", file: "title: x\n"} {
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for out, want := range map[string]string{
		authors: "modes is not empty and holds no .thinchess-output, so a build did not write it",
		file:    "site.yaml is a file, not a folder",
	} {
		err := Write(out, site)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want an error saying %q", out, err, want)
		}
	}
	if data, err := os.ReadFile(filepath.Join(authors, "1d/gardner.md")); err != nil || string(data) != "a mode" {
		t.Errorf("the refused folder changed: %q, %v", data, err)
	}
	if data, err := os.ReadFile(file); err != nil || string(data) != "title: x\n" {
		t.Errorf("the refused file changed: %q, %v", data, err)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
		t.Errorf("a refused write left %v", left)
	}

	// A build made before outputs were marked (its service worker, web
	// manifest, home page and engine) is replaced; the same folder
	// without its engine is not.
	old := filepath.Join(dir, "public")
	for name, data := range map[string]string{"sw.js": "", "manifest.webmanifest": "{}", "index.html": "", "assets/thinchess.0123456789.wasm": "", "assets/app.css": ""} {
		p := filepath.Join(old, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Remove(filepath.Join(old, "assets/thinchess.0123456789.wasm")); err != nil {
		t.Fatal(err)
	}
	if err := Write(old, site); err == nil {
		t.Errorf("a folder that only looks like a site (no engine) was replaced")
	}
	if err := os.WriteFile(filepath.Join(old, "assets/thinchess.0123456789.wasm"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(old, site); err != nil {
		t.Errorf("an older build's output: %v", err)
	}
	if _, err := os.Stat(filepath.Join(old, "sw.js")); err == nil {
		t.Errorf("the older build was not replaced")
	}
}

// readTree returns every file under dir by slash path, but the marker.
func readTree(t *testing.T, dir string) map[string][]byte {
	return filetree.Read(t, dir, OutputMarker)
}
