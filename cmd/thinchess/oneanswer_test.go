package main

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/bridge"
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/testscope"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/verify"
)

// TestOneAnswerEverywhere verifies every shipped mode the way the build
// does and asks the CLI and the browser's bridge about the same mode:
// the best moves and the principal variation the page shows must be
// those `thinchess solve --json MODE` prints and the bridge's analysis
// from the mode's table and its exact solve give (exactly solved modes),
// or the line `thinchess mate` prints (modes proven by mate search),
// move for move.
func TestOneAnswerEverywhere(t *testing.T) {
	if testing.Short() {
		t.Skip("verifies the whole shipped site")
	}
	root := filepath.Join("..", "..")
	s, errs := mode.Load(root)
	if err := errs.Err(); err != nil {
		t.Fatal(err)
	}
	// Every mode, and a spread sample of each pack's puzzles: the packs
	// hold tens of thousands, and each is asked of the CLI below. Packs
	// proven against a table larger than a mode's budget are left out:
	// solve refuses their early positions at its default budget.
	for _, p := range s.Packs {
		if p.TableMode != nil && p.TableMode.ID == "thin-2x10" {
			p.Puzzles = nil
			continue
		}
		var kept []*mode.Mode
		step := max(1, len(p.Puzzles)/4)
		if !testscope.Full() {
			step = max(1, len(p.Puzzles))
		}
		for i := 0; i < len(p.Puzzles); i += step {
			kept = append(kept, p.Puzzles[i])
		}
		p.Puzzles = kept
	}
	// Without the full run (package testscope): every third mode file,
	// and one puzzle of each pack whose table mode is among them (or that
	// needs no table): the packs' table modes, solved for their packs, are
	// most of the cost.
	minExact := 100
	if !testscope.Full() {
		var kept []*mode.Mode
		tables := map[*mode.Mode]bool{}
		for i, m := range s.Modes {
			if i%3 == 0 {
				kept = append(kept, m)
				tables[m] = true
			}
		}
		for _, p := range s.Packs {
			if p.TableMode != nil && !tables[p.TableMode] {
				p.Puzzles = nil
			}
		}
		s.Modes, minExact = kept, 15
	}
	results, artifacts, verrs := verify.Verify(s, verify.DefaultOptions)
	if err := verrs.Err(); err != nil {
		t.Fatal(err)
	}
	exact, mate := 0, 0
	for _, m := range s.Checked() {
		v := results[m.ID]
		// A mode file is its own argument; a pack's puzzle is given by its
		// position and variant.
		pos := []string{filepath.Join(root, filepath.FromSlash(m.Path))}
		if m.Origin.Kind == mode.FromPack {
			if len(m.RuleText) > 0 {
				continue
			}
			pos = []string{"--variant", m.Variant, m.Start.FEN()}
		}
		switch v.Method {
		case solver.Exact:
			exact++
			code, out, stderr := runCLI(append([]string{"solve", "--json"}, pos...)...)
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
			if m.Origin.Kind == mode.FromPack && m.Origin.Pack.TableMode != nil {
				// Its table is its pack's (the mode's game), which the
				// bridge loads only for that game's start; the browser
				// plays such puzzles from the play table by position
				// (TestBrowserHoldPuzzle).
				continue
			}
			for _, a := range bridgeAnswers(t, m, artifacts[m.ID]) {
				var best []string
				for _, b := range a.BestMoves {
					best = append(best, actionSAN(b))
				}
				// The page's line names a ban by its squares (the action
				// log's "b:a4a2"); the browser's, as the move it forbids.
				pv := v.PV
				if m.Start.R.Bans {
					pv = m.Start.NamesToWords(v.PV)
				}
				if !slices.Equal(best, v.Best) || !slices.Equal(a.PV, pv) {
					t.Errorf("%s: the browser's %s gives best %v and PV %v, the page %v and %v", m.Path, a.Method, best, a.PV, v.Best, pv)
				}
			}
		case solver.ByMateSearch:
			if v.MateIn == 0 {
				continue
			}
			mate++
			code, out, stderr := runCLI(append([]string{"mate", strconv.Itoa(v.MateIn)}, pos...)...)
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
	if exact < minExact || mate < 3 {
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

// bridgeAnswers asks the browser's bridge about the mode's start: the
// analysis of its game with the build's table loaded (Ban Chess modes
// solve their table in the page) and, for tables, the editor's solve.
func bridgeAnswers(t *testing.T, m *mode.Mode, art *verify.Artifacts) []*bridge.Analysis {
	t.Helper()
	s := bridge.Open(m.Start)
	var out []*bridge.Analysis
	if !m.Start.R.Bans {
		if _, err := s.LoadTable(art.Table); err != nil {
			t.Fatalf("%s: %v", m.Path, err)
		}
		a, err := bridge.SolvePosition(m.Start, 0, 0, nil)
		if err != nil {
			t.Fatalf("%s: %v", m.Path, err)
		}
		out = append(out, a)
	}
	a, err := s.Analyse(0)
	if err != nil {
		t.Fatalf("%s: %v", m.Path, err)
	}
	return append(out, a)
}

// actionSAN is how the page names a best move or ban of the bridge.
func actionSAN(o bridge.Obj) string {
	var san, coord string
	ban := false
	for _, kv := range o {
		switch kv.K {
		case "san":
			san = kv.V.(string)
		case "coord":
			coord = kv.V.(string)
		case "ban":
			ban = true
		}
	}
	if ban {
		return coord
	}
	return san
}
