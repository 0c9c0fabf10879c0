package publish

import (
	"os"
	"path/filepath"
	"testing"
)

// readTree returns every file under dir by slash path, but the marker
// of a build's output (OutputMarker, which TestWriteMarks tests).
func readTree(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if !d.IsDir() && p != filepath.Join(dir, OutputMarker) {
			rel, _ := filepath.Rel(dir, p)
			data, _ := os.ReadFile(p)
			out[filepath.ToSlash(rel)] = data
		}
		return nil
	})
	return out
}
