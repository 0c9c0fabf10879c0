// Package filetree writes and reads small folders of files for tests: a
// site's sources written from a map, a build's output read back into one.
package filetree

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// Write writes files (slash path → content) under a new temporary
// folder of t and returns the folder.
func Write(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Read returns every file under dir by slash path, but those named in
// skip (slash paths inside dir).
func Read(t testing.TB, dir string, skip ...string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		if rel = filepath.ToSlash(rel); slices.Contains(skip, rel) {
			return nil
		}
		data, err := os.ReadFile(p)
		out[rel] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
