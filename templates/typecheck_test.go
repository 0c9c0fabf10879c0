package templates

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
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

// wantError marks a line of a fixture that must fail tsc: // want TSnnnn.
var wantError = regexp.MustCompile(`// want (TS\d+)`)

// tscError is an error tsc reports: file(line,col): error TSnnnn.
var tscError = regexp.MustCompile(`(?m)^(?:.*/)?([a-z]+\.js)\((\d+),\d+\): error (TS\d+)`)

// TestEngineCallsTyped holds the engine's calls typed end to end: tsc
// checks the fixtures of testdata/calls against the engine protocol's
// generated types (static/types/wire-protocol.d.ts, from wire.Calls), and
// good.js, which calls the engine as the pages do, must pass while
// every line of wrong.js marked // want TSnnnn (a wrong argument, a
// call of no name, a field the answer does not have) must fail with
// that error, and no other line. TestTypeCheck checks the real modules.
func TestEngineCallsTyped(t *testing.T) {
	if testing.Short() {
		t.Skip("the type check is skipped with -short")
	}
	t.Parallel()
	tsc := needTool(t, "tsc", "the engine calls' type check", "npm install -g typescript@5")
	want := map[string]string{} // "wrong.js:10" → "TS2345"
	for _, f := range []string{"good.js", "wrong.js"} {
		b, err := os.ReadFile(filepath.Join("testdata", "calls", f))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			if m := wantError.FindStringSubmatch(line); m != nil {
				want[f+":"+strconv.Itoa(i+1)] = m[1]
			}
		}
	}
	if len(want) < 5 {
		t.Fatalf("wrong.js marks %d wrong calls, want at least 5", len(want))
	}
	decls, _ := filepath.Glob("static/types/*.d.ts")
	for _, f := range decls {
		if _, err := os.ReadFile(f); err != nil { // for go test's cache
			t.Fatal(err)
		}
	}
	out, err := exec.Command(tsc, "--noEmit", "-p", filepath.Join("testdata", "calls")).CombinedOutput()
	if err == nil {
		t.Fatalf("tsc passes wrong.js: the engine's calls are not typed")
	}
	got := map[string]string{}
	for _, m := range tscError.FindAllStringSubmatch(string(out), -1) {
		got[m[1]+":"+m[2]] = m[3]
	}
	for at, code := range want {
		if got[at] != code {
			t.Errorf("%s: tsc reports %q, want %s", at, got[at], code)
		}
	}
	for at, code := range got {
		if want[at] == "" {
			t.Errorf("%s: an error %s no line marks", at, code)
		}
	}
	if t.Failed() {
		t.Logf("tsc --noEmit -p testdata/calls:\n%s", out)
	}
}
