package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

const startFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

func runPerftCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(append([]string{"perft"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

// TestPerftCommandJSON checks the node counts that --json reports, with
// the variant given or defaulted from the board's width, and with the
// FEN quoted, split over several arguments, or followed by flags.
func TestPerftCommandJSON(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		depth int
		nodes uint64
	}{
		{"start", []string{"--json", "--depth", "3", startFEN}, 3, 8902},
		{"start unquoted", append([]string{"--depth=2", "--json"}, strings.Fields(startFEN)...), 2, 400},
		{"flags after position", []string{startFEN, "--depth", "1", "--json"}, 1, 20},
		{"kiwipete", []string{"--json", "--depth", "3", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}, 3, 97862},
		{"gardner", []string{"--variant", "gardner", "--depth", "4", "--json", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"}, 4, 4775},
		// The 5×5 board under the default chess rules: pawns may double-step.
		{"gardner board, chess rules", []string{"--depth", "1", "--json", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"}, 1, 7},
		{"1-D default variant", []string{"--depth", "3", "--json", "k/n/r/1/1/R/N/K w - - 0 1"}, 3, 18},
		{"1-D position code", []string{"--depth", "5", "--json", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"}, 5, 68},
		{"2-wide position code", []string{"--depth", "2", "--json", "x,bk/x,bb/x,bn/x,br/x,x/x,x/wr,x/wn,x/wb,x/wk,x:w"}, 2, 107},
		{"race", []string{"--variant", "race", "--depth", "4", "--json", "pppp/4/4/PPPP w - - 0 1"}, 4, 280},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runPerftCLI(tt.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			var res struct {
				Depth   *int     `json:"depth"`
				Nodes   *uint64  `json:"nodes"`
				Seconds *float64 `json:"seconds"`
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatalf("output %q: %v", out, err)
			}
			if res.Depth == nil || res.Nodes == nil || res.Seconds == nil {
				t.Fatalf("output %q lacks depth, nodes or seconds", out)
			}
			if *res.Depth != tt.depth || *res.Nodes != tt.nodes || *res.Seconds < 0 {
				t.Errorf("got depth %d, nodes %d, seconds %g; want depth %d, nodes %d", *res.Depth, *res.Nodes, *res.Seconds, tt.depth, tt.nodes)
			}
		})
	}
}

// TestPerftCommandDivide checks the --divide listing: one line per root
// move in SAN, sorted, then a blank line and the total.
func TestPerftCommandDivide(t *testing.T) {
	// Gardner's 1-D chess at depth 2 (counted by hand in
	// engine/testdata/perft.txt): after Rxa6 Black is stalemated.
	code, out, errs := runPerftCLI("--divide", "--depth", "2", "k/n/r/1/1/R/N/K w - - 0 1")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	want := "Na4 3\nRa4 3\nRa5 2\nRxa6 0\n\ndepth 2: 8 nodes in "
	if !strings.HasPrefix(out, want) {
		t.Errorf("got\n%s\nwant it to start with\n%s", out, want)
	}

	// The start position: 20 root moves, 20 replies each.
	code, out, errs = runPerftCLI("--divide", "--depth", "2", startFEN)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 22 {
		t.Fatalf("got %d lines, want 20 moves, a blank line and the total:\n%s", len(lines), out)
	}
	for _, l := range lines[:20] {
		if !strings.HasSuffix(l, " 20") {
			t.Errorf("line %q: want every root move to have 20 replies", l)
		}
	}
	for _, san := range []string{"Na3 20", "Nf3 20", "e4 20", "h3 20"} {
		if !strings.Contains(out, san+"\n") {
			t.Errorf("output lacks %q:\n%s", san, out)
		}
	}
	if !strings.HasPrefix(lines[21], "depth 2: 400 nodes in ") {
		t.Errorf("total line %q, want depth 2: 400 nodes …", lines[21])
	}

	// --divide with --json: the same counts as an object.
	code, out, errs = runPerftCLI("--divide", "--json", "--depth", "3", "k/n/r/1/1/R/N/K w - - 0 1")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var res struct {
		Nodes  uint64            `json:"nodes"`
		Divide map[string]uint64 `json:"divide"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	var sum uint64
	for _, n := range res.Divide {
		sum += n
	}
	if res.Nodes != 18 || sum != 18 || len(res.Divide) != 4 {
		t.Errorf("got %s; want 18 nodes over 4 root moves", out)
	}
}

// TestPerftCommandPlain checks the human-readable total line.
func TestPerftCommandPlain(t *testing.T) {
	code, out, errs := runPerftCLI("--depth", "4", startFEN)
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if !strings.HasPrefix(out, "depth 4: 197281 nodes in ") || !strings.HasSuffix(out, " nodes/s)\n") {
		t.Errorf("got %q", out)
	}
}

// TestPerftCommandErrors checks that bad input exits 1 and bad usage 2,
// each with a message that says what is wrong.
func TestPerftCommandErrors(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"bad cell", []string{"--depth", "2", "bk,x,zz:w"}, 1, `cell 3 (rank 1): "zz" is not a cell`},
		{"bad FEN", []string{"--depth", "2", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"}, 1, `'X' is not a piece letter`},
		{"not a position", []string{"--depth", "2", "hello"}, 1, "bad position"},
		{"unknown variant", []string{"--variant", "xiangqi", "--depth", "2", startFEN}, 1, `unknown variant "xiangqi"`},
		{"1d on a wide board", []string{"--variant", "1d", "--depth", "2", startFEN}, 1, "variant 1d needs a board one file wide"},
		{"bishop in 1d", []string{"--depth", "2", "k/b/1/K w - - 0 1"}, 1, "variant 1d has no bishops or pawns"},
		{"zero depth", []string{"--depth", "0", startFEN}, 2, `invalid value "0" for flag -depth: want a whole number from 1 to 64`},
		{"negative depth", []string{"--depth", "-3", startFEN}, 2, `invalid value "-3" for flag -depth: want a whole number from 1 to 64`},
		{"absurd depth", []string{"--depth", "99", startFEN}, 2, `invalid value "99" for flag -depth: want a whole number from 1 to 64`},
		{"missing depth", []string{startFEN}, 2, "missing --depth"},
		{"missing position", []string{"--depth", "3"}, 2, "missing POSITION"},
		{"depth not a number", []string{"--depth", "five", startFEN}, 2, `invalid value "five" for flag -depth`},
		{"unknown flag", []string{"--depht", "3", startFEN}, 2, "flag provided but not defined: -depht"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runPerftCLI(tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, errs)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if !strings.Contains(errs, tt.msg) {
				t.Errorf("stderr %q, want it to contain %q", errs, tt.msg)
			}
		})
	}
}

// TestPerftCommandHelp checks that -h prints the usage on stdout and
// succeeds.
func TestPerftCommandHelp(t *testing.T) {
	code, out, errs := runPerftCLI("-h")
	if code != 0 || !strings.HasPrefix(out, "usage: thinchess perft") || errs != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestPositionCommandsReadModeFiles checks that perft, solve, graph and
// mate take a mode file and apply its rules: four-by-six turns pawn
// double steps off, so its tree is smaller than the same FEN's under the
// plain chess preset.
func TestPositionCommandsReadModeFiles(t *testing.T) {
	mode := filepath.Join("..", "..", "modes", "thin-chess", "four-by-six.md")
	fen := "rnkb/pppp/4/4/PPPP/RNKB w - - 0 1"
	nodes := func(args ...string) string {
		t.Helper()
		code, out, stderr := runCLI(append([]string{"perft", "--depth", "3"}, args...)...)
		if code != 0 {
			t.Fatalf("perft %v: exit %d: %s", args, code, stderr)
		}
		return strings.Fields(out)[2]
	}
	if got, plain := nodes(mode), nodes("--variant", "chess", fen); got != "282" || plain != "930" {
		t.Errorf("perft 3: mode file %s nodes, plain chess %s; want 282 and 930", got, plain)
	}
	// Mate search visits one node per legal first move, plus the root.
	if _, out, _ := runCLI("mate", "1", mode); !strings.Contains(out, "\n7 nodes") {
		t.Errorf("mate 1 %s: %q, want 7 nodes (six moves without double steps)", mode, out)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--variant", "chess", mode}, "--variant cannot be used with a mode file"},
		{[]string{"solve", "nonexistent.md"}, "nonexistent.md: no such file or directory"},
		{[]string{"perft", "--depth", "1", filepath.Join("..", "..", "README.md")}, "README.md:1:1: missing front matter"},
	} {
		code, _, stderr := runCLI(tc.args...)
		if code != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 1 and %q", tc.args, code, stderr, tc.want)
		}
	}
}

// A depth that cannot finish is refused with its estimate; a feasible
// one runs.
func TestPerftRefusesHopelessDepth(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	var out, errb bytes.Buffer
	if code := run([]string{"perft", "--depth", "20", start}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "depth 20 would visit about") || !strings.Contains(errb.String(), "--force") {
		t.Errorf("depth 20: exit %d, %q", code, errb.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"perft", "--depth", "3", start}, &out, &errb); code != 0 || !strings.HasPrefix(out.String(), "depth 3: 8902 nodes") {
		t.Errorf("depth 3: exit %d, %q %q", code, out.String(), errb.String())
	}
}
