package site

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// layers ranks the module's packages in the order of the pipeline: a
// package may import only packages of a lower rank. Rank 0 holds leaves
// any package may use. docs/architecture.md's "Layout" section gives the same
// order.
var layers = map[string]int{
	"cmd/thinchess":      10,
	"cmd/thinchess-wasm": 10,
	"devserver":          9,
	// The CLI's own leaf: it must initialise before most packages (see
	// its documentation), so it imports nothing but runtime/debug.
	"cmd/thinchess/internal/pacing": 0,
	"site":                          8,
	"site/chunks":                   7,
	"verify":                        6,
	"explore":                       6,
	"puzzles":                       6,
	"bridge":                        6,
	"mode":                          5,
	"uci":                           6,
	"solver/search":                 5,
	"solver/mate":                   4,
	"solver/ban":                    4,
	"solver/keyspace":               2,
	"solver":                        3,
	"engine":                        1,
	"engine/game":                   2,
	"internal/par":                  0,
	"internal/memo":                 0,
	"internal/bounded":              0,
	"internal/wire":                 0,
	"internal/wire/dts":             0,
	"internal/printable":            0,
	"internal/testscope":            0,
	"internal/filetree":             0,
	"internal/glicko":               0,
	"internal/outpath":              1,
	"solver/terms":                  0,
	"internal/ucitest":              0,
	"internal/wasmbuild":            0,
	"internal/wasmbuild/generate":   1,
	"internal/rulesdata":            2,
	"templates":                     0,
	"site/jslink":                   0,
	"site/picture":                  2,
	"site/publish":                  1,
	"site/markdown":                 0,
	"site/themes":                   0,
	"site/hintcost":                 1,
	"site/firstload":                0,
	"site/wasmengine":               1,
	"drill":                         6,
}

const module = "github.com/thinchess/thinchess"

// TestImportsGoDownward lists every package's imports (natively and for
// the browser build) and fails if one imports a package of its own rank
// or above, or if a package has no rank.
func TestImportsGoDownward(t *testing.T) {
	for _, env := range [][]string{nil, {"GOOS=js", "GOARCH=wasm"}} {
		cmd := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./...")
		cmd.Dir = ".."
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %v: %v", env, err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			fields := strings.Fields(line)
			pkg := strings.TrimPrefix(strings.TrimPrefix(fields[0], module), "/")
			rank, ok := layers[pkg]
			if !ok {
				t.Errorf("package %s has no layer: add it to layers and to docs/architecture.md", pkg)
				continue
			}
			for _, imp := range fields[1:] {
				dep, inModule := strings.CutPrefix(imp, module+"/")
				if !inModule {
					continue
				}
				if r, ok := layers[dep]; ok && r >= rank {
					t.Errorf("%s (layer %d) imports %s (layer %d): imports must go down cmd → site → verify, explore, puzzles → mode → solver → engine", pkg, rank, dep, r)
				}
			}
		}
	}
}
