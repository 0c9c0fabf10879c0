package templates

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// maxModuleLines is the most lines a JavaScript file of static/ may
// have, tests and type declarations included: a longer one holds more
// than one thing, and is split along a seam into modules named for what
// they hold (board.js gave its fitting to boardfit.js).
const maxModuleLines = 600

// TestModuleLines checks every JavaScript file of static/ against
// maxModuleLines.
func TestModuleLines(t *testing.T) {
	n := 0
	err := fs.WalkDir(FS, "static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !(strings.HasSuffix(path, ".js") || strings.HasSuffix(path, ".ts")) {
			return err
		}
		b, err := fs.ReadFile(FS, path)
		if err != nil {
			return err
		}
		n++
		lines := strings.Count(string(b), "\n")
		if len(b) > 0 && b[len(b)-1] != '\n' {
			lines++
		}
		if lines > maxModuleLines {
			t.Errorf("%s has %d lines, more than %d: split it along a seam into modules named for what they hold", filepath.ToSlash(path), lines, maxModuleLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if n < 50 {
		t.Errorf("found %d JavaScript files under static/, want the front end's", n)
	}
}
