package templates

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestTypeCheck runs TypeScript's checker over the front end's modules
// (tsc --noEmit -p static): each module typed with JSDoc and opted in by
// // @ts-check is checked against the types it declares and imports. It
// skips, saying why, when tsc is not on PATH, except in CI (CI set),
// where a missing tsc is a failure; .ci/run installs it from npm.
func TestTypeCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("the type check is skipped with -short")
	}
	t.Parallel() // a process of its own, beside the type check or the unit tests
	tsc := needTool(t, "tsc", "the front end's type check", "npm install -g typescript@5")
	readModules(t)
	out, err := exec.Command(tsc, "--noEmit", "-p", "static").CombinedOutput()
	if err != nil {
		t.Fatalf("tsc --noEmit -p static: %v\n%s", err, out)
	}
}

// TestEveryModuleTypeChecked requires every module the site can ship
// (static/js/*.js but the Node tests, and the classic scripts of static/)
// to opt in to the type check with // @ts-check on its first line, so no
// module escapes TestTypeCheck. It needs no tsc.
func TestEveryModuleTypeChecked(t *testing.T) {
	mods, _ := filepath.Glob("static/js/*.js")
	classic, _ := filepath.Glob("static/*.js")
	for _, f := range append(mods, classic...) {
		if strings.HasSuffix(f, ".test.js") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := bytes.Cut(b, []byte("\n"))
		if strings.TrimSpace(string(first)) != "// @ts-check" {
			t.Errorf("%s: the first line is not // @ts-check, so tsc does not check it", f)
		}
	}
}
