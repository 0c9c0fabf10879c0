package main

import (
	"encoding/json"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/verify"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// TestOneAnswerEverywhere verifies every shipped mode the way the build
// does and asks the CLI about the same mode file: the best moves and the
// principal variation the page shows must be those `thinchess solve
// --json MODE` prints (exactly solved modes) or the line `thinchess mate`
// prints (modes proven by mate search), move for move.
func TestOneAnswerEverywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("verifies the whole shipped site")
	}
	root := filepath.Join("..", "..")
	s, errs := mode.Load(root)
	if err := errs.Err(); err != nil {
		t.Fatal(err)
	}
	results, _, verrs := verify.Verify(s, verify.DefaultOptions)
	if err := verrs.Err(); err != nil {
		t.Fatal(err)
	}
	exact, mate := 0, 0
	for _, m := range s.Modes {
		v := results[m.ID]
		file := filepath.Join(root, filepath.FromSlash(m.Path))
		switch v.Method {
		case solver.Exact:
			exact++
			code, out, stderr := runCLI("solve", "--json", file)
			if code != 0 {
				t.Errorf("%s: solve exits %d: %s", m.Path, code, stderr)
				continue
			}
			var got struct{ Best, PV []string }
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("%s: %v", m.Path, err)
			}
			if !slices.Equal(got.Best, v.Best) {
				t.Errorf("%s: solve's best %v, the page's %v", m.Path, got.Best, v.Best)
			}
			if !slices.Equal(got.PV, v.PV) {
				t.Errorf("%s: solve's PV %v, the page's %v", m.Path, got.PV, v.PV)
			}
		case solver.ByMateSearch:
			if v.MateIn == 0 {
				continue
			}
			mate++
			code, out, stderr := runCLI("mate", strconv.Itoa(v.MateIn), file)
			if code != 0 {
				t.Errorf("%s: mate exits %d: %s", m.Path, code, stderr)
				continue
			}
			want := "line: " + m.Start.FormatLine(parseLine(t, m, v.PV))
			if !strings.Contains(out, want+"\n") {
				t.Errorf("%s: mate prints\n%s\nwant the page's %s", m.Path, out, want)
			}
		}
	}
	if exact < 100 || mate < 3 {
		t.Errorf("compared %d exact and %d mate-search modes: the shipped site has more", exact, mate)
	}
}

// parseLine reads a line of SAN moves from the mode's start.
func parseLine(t *testing.T, m *mode.Mode, sans []string) []engine.Move {
	t.Helper()
	moves, err := m.Start.ParseLine(strings.Join(sans, " "))
	if err != nil {
		t.Fatalf("%s: PV %v: %v", m.Path, sans, err)
	}
	return moves
}
