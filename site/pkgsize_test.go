package site

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxPackageLines is the most lines of non-test, non-generated Go a
// package may hold (issue 35): a larger package holds more than one idea.
const maxPackageLines = 4000

// oversized are the packages still over maxPackageLines, each with the
// ceiling it may not pass while it is split: a ratchet that only goes
// down. A package that falls under maxPackageLines must leave the list.
// None is left: site, solver and engine were split in issue 35.
var oversized = map[string]int{}

// TestPackagesAreSmall counts the lines of each package of the module (a
// folder of Go files, test and generated files apart) and fails on one
// over maxPackageLines, or over its ceiling in oversized.
func TestPackagesAreSmall(t *testing.T) {
	lines := map[string]int{}
	fset := token.NewFileSet()
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != ".." && (name == "testdata" || name == "node_modules" || name == "bench" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, path, src, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			return err
		}
		if ast.IsGenerated(f) {
			return nil
		}
		pkg := filepath.ToSlash(strings.TrimPrefix(filepath.Dir(path), "../"))
		lines[pkg] += bytes.Count(src, []byte("\n"))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) < 20 {
		t.Fatalf("counted %d packages: is the walk reading the module?", len(lines))
	}
	for pkg, n := range lines {
		limit, listed := oversized[pkg]
		switch {
		case listed && n <= maxPackageLines:
			t.Errorf("%s: %d lines, under %d now: take it out of oversized", pkg, n, maxPackageLines)
		case listed && n > limit:
			t.Errorf("%s: %d lines, over its ceiling of %d: split it rather than grow it", pkg, n, limit)
		case !listed && n > maxPackageLines:
			t.Errorf("%s: %d lines of Go, over %d: split it into packages named for what they hold", pkg, n, maxPackageLines)
		}
	}
	for pkg := range oversized {
		if _, ok := lines[pkg]; !ok {
			t.Errorf("oversized lists %s, which has no Go files", pkg)
		}
	}
}
