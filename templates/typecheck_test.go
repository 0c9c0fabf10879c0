package templates

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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
// module escapes TestTypeCheck. A vendored library (vendor-*.js, built
// minified from its npm package) is checked otherwise: it starts with a
// licence comment (/*! …) naming its licence file in templates/, which
// exists, and a declaration file beside it (vendor-*.d.ts) types what the
// modules import of it. It needs no tsc.
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
		if strings.HasPrefix(filepath.Base(f), "vendor-") {
			checkVendored(t, f, string(first))
			continue
		}
		if strings.TrimSpace(string(first)) != "// @ts-check" {
			t.Errorf("%s: the first line is not // @ts-check, so tsc does not check it", f)
		}
	}
}

// licenceFile finds the licence file a vendored module's banner names.
var licenceFile = regexp.MustCompile(`templates/(LICENSE-[a-z0-9-]+)`)

// checkVendored checks a vendored module: its first line is a licence
// banner naming a licence file that exists, and its types are declared
// beside it.
func checkVendored(t *testing.T, f, first string) {
	t.Helper()
	m := licenceFile.FindStringSubmatch(first)
	if !strings.HasPrefix(first, "/*! ") || m == nil {
		t.Errorf("%s: a vendored module starts with its licence, /*! NAME VERSION … see templates/LICENSE-NAME */", f)
	} else if _, err := os.Stat(m[1]); err != nil {
		t.Errorf("%s names its licence %s: %v", f, m[1], err)
	}
	if _, err := os.Stat(strings.TrimSuffix(f, ".js") + ".d.ts"); err != nil {
		t.Errorf("%s: no declaration file beside it for tsc (%v)", f, err)
	}
}
