package templates

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/internal/testscope"
)

// TestNodeUnitTests runs the front end's unit tests (static/js/*.test.js,
// on the modules of pure helpers) with Node's built-in test runner, all
// in one process (testdata/alltests.mjs); the full run (package
// testscope) runs them again a process a file (node --test), as a
// developer does. It skips, saying why, when node is not on PATH, except
// in CI (CI set), where a missing node is a failure.
func TestNodeUnitTests(t *testing.T) {
	if testing.Short() {
		t.Skip("the Node unit tests are skipped with -short")
	}
	t.Parallel() // a process of its own, beside the type check or the unit tests
	node := needTool(t, "node", "the front end's unit tests", "install Node 20 or later")
	readModules(t)
	runs := [][]string{{filepath.Join("testdata", "alltests.mjs"), "static/js/"}}
	if testscope.Full() {
		runs = append(runs, []string{"--test", "static/js/"})
	}
	for _, args := range runs {
		out, err := exec.Command(node, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("node %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		if !bytes.Contains(out, []byte("\n# fail 0\n")) {
			t.Fatalf("node %s: no \"# fail 0\" in its report:\n%s", strings.Join(args, " "), out)
		}
		if testing.Verbose() {
			t.Logf("%s", out)
		}
	}
}

// readModules reads every front-end module and the type-check config:
// reading them tells go test's cache about them, so a test run is
// cached only while no module and no test has changed.
func readModules(t *testing.T) {
	t.Helper()
	files, err := filepath.Glob("static/js/*js")
	if err != nil || len(files) == 0 {
		t.Fatalf("the front end's modules: %v", err)
	}
	more, _ := filepath.Glob("static/*.js*")
	for _, f := range append(files, more...) {
		if _, err := os.ReadFile(f); err != nil {
			t.Fatal(err)
		}
	}
}

// needTool returns the path of a program the test runs (for what), and
// skips the test, saying how to install it, when it is not on PATH,
// except in CI (CI set), where a missing program is a failure.
func needTool(t *testing.T, name, what, install string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("%s: %s is required in CI and not on PATH: %v", what, name, err)
		}
		t.Skipf("skipping %s: %v (%s)", what, err, install)
	}
	return p
}
