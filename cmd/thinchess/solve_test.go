package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/cmd/thinchess/internal/pacing"
	"github.com/thinchess/thinchess/verify"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestSolveCommandJSON checks every field of solve --json on positions
// whose values testdata of the solver pins down.
func TestSolveCommandJSON(t *testing.T) {
	tests := []struct {
		args                    []string
		result, winner          string
		dtm, states, edges      int
		white, black, draws     int
		mate, stalemate, insuff int
		race                    int
		best                    []string
		pvLen                   int
		pvEnd                   string
	}{
		// Gardner's 1-D chess: White mates in 6.
		{[]string{"--json", "bk,bn,br,x,x,wr,wn,wk:w"}, "win", "white", 11, 1237, 2672, 290, 322, 625, 139, 40, 36, 0, []string{"Na4"}, 11, "#"},
		// The same as a FEN, split over arguments, flags last.
		{append(strings.Fields("k/n/r/1/1/R/N/K w - - 0 1"), "--json", "--variant", "1d"), "win", "white", 11, 1237, 2672, 290, 322, 625, 139, 40, 36, 0, []string{"Na4"}, 11, "#"},
		// Mate on the board: the side to move has lost.
		{[]string{"--json", "bk,x,wr,wk:b"}, "loss", "white", 0, 1, 0, 1, 0, 0, 1, 0, 0, 0, []string{}, 0, ""},
		// Hexapawn: the second player wins.
		{[]string{"--variant", "race", "--json", "bp,bp,bp/x,x,x/wp,wp,wp:w"}, "loss", "black", 6, 135, 162, -1, -1, -1, 0, 0, 0, -1, nil, 6, ""},
		// A draw: the rook is stuck behind its king.
		{[]string{"--json", "bk,x,x,wk,wr:w"}, "draw", "none", -1, 2, 1, 0, 0, 2, 0, 1, 0, 0, []string{"Ka3"}, 1, ""},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errs := runCLI(append([]string{"solve"}, tt.args...)...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, errs)
			}
			var raw map[string]json.RawMessage
			if err := json.Unmarshal([]byte(out), &raw); err != nil {
				t.Fatalf("output %q: %v", out, err)
			}
			for _, k := range []string{"result", "winner", "dtm", "states", "edges", "white_wins", "black_wins", "draws", "terminals", "best", "pv", "seconds"} {
				if _, ok := raw[k]; !ok {
					t.Errorf("output lacks %q: %s", k, out)
				}
			}
			var res verify.SolveResult
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatal(err)
			}
			if res.Result != tt.result || res.Winner != tt.winner || res.DTM != tt.dtm || res.States != tt.states || res.Edges != tt.edges {
				t.Errorf("got %s/%s in %d, %d states, %d edges; want %s/%s in %d, %d states, %d edges",
					res.Result, res.Winner, res.DTM, res.States, res.Edges, tt.result, tt.winner, tt.dtm, tt.states, tt.edges)
			}
			if tt.white >= 0 && (res.WhiteWins != tt.white || res.BlackWins != tt.black || res.Draws != tt.draws) {
				t.Errorf("white %d, black %d, draws %d; want %d, %d, %d", res.WhiteWins, res.BlackWins, res.Draws, tt.white, tt.black, tt.draws)
			}
			if res.WhiteWins+res.BlackWins+res.Draws != res.States {
				t.Errorf("wins and draws add up to %d, not %d states", res.WhiteWins+res.BlackWins+res.Draws, res.States)
			}
			if tt.race >= 0 && (res.Terminals != verify.Terminals{Mate: tt.mate, Stalemate: tt.stalemate, Insufficient: tt.insuff, Race: tt.race}) {
				t.Errorf("terminals %+v", res.Terminals)
			}
			if tt.best != nil && strings.Join(res.Best, " ") != strings.Join(tt.best, " ") {
				t.Errorf("best %q, want %q", res.Best, tt.best)
			}
			if res.Best == nil || res.PV == nil {
				t.Errorf("best or pv is null: %s", out)
			}
			if len(res.PV) != tt.pvLen || (tt.pvEnd != "" && !strings.HasSuffix(res.PV[len(res.PV)-1], tt.pvEnd)) {
				t.Errorf("pv %q: want %d plies ending in %q", res.PV, tt.pvLen, tt.pvEnd)
			}
			if res.Seconds < 0 {
				t.Errorf("seconds %g", res.Seconds)
			}
		})
	}
}

// TestSolveCommandText checks the human-readable output.
func TestSolveCommandText(t *testing.T) {
	code, out, errs := runCLI("solve", "bk,bn,br,x,x,wr,wn,wk:w")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, want := range []string{
		"k/n/r/1/1/R/N/K w - - 0 1 (1×8, 1d), white to move",
		"result:    White wins: mate in 6 (11 plies)",
		"best:      Na4",
		"line:      1. Na4 ",
		"6. Rxa5#",
		"states:    1237 reachable, 2672 moves between them",
		"values:    290 won by White, 322 won by Black, 625 drawn",
		"terminals: 139 mate, 40 stalemate, 36 insufficient material, 0 race",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runCLI("solve", "bk,x,wr,wk:b")
	if code != 0 || !strings.Contains(out, "White has won") || !strings.Contains(out, "the game is over: checkmate") {
		t.Errorf("mated position: exit %d\n%s", code, out)
	}
}

// TestSolveCommandErrors checks exit codes and messages for bad input.
func TestSolveCommandErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "missing POSITION"},
		{[]string{"--bogus", "bk,x,wk:w"}, 2, "flag provided but not defined"},
		{[]string{"bk,x,wk"}, 1, "bad position"},
		{[]string{"bk,x,bk,wk:w"}, 1, "kings"},
		{[]string{"--variant", "shogi", "bk,x,wk:w"}, 1, "unknown variant"},
		{[]string{"--variant", "1d", "k4/5/5/5/K4 w - - 0 1"}, 1, "one file wide"},
		{[]string{"--max-states", "100", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"}, 1, "--max-states"},
	} {
		code, out, errs := runCLI(append([]string{"solve"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errs, tt.want) || out != "" {
			t.Errorf("solve %q: exit %d, stdout %q, stderr %q; want exit %d and %q", tt.args, code, out, errs, tt.code, tt.want)
		}
	}
	if code, _, _ := runCLI("solve", "--help"); code != 0 {
		t.Errorf("solve --help: exit %d", code)
	}
}

// TestSolveProgress checks that a solve reports progress on stderr only
// when it runs for more than a second.
func TestSolveProgress(t *testing.T) {
	var errb bytes.Buffer
	p, err := readPosition("solve", "", false, "bk,bn,br,x,x,wr,wn,wk:w")
	if err != nil {
		t.Fatal(err)
	}
	defer pacing.Resume() // solveTable leaves it to its caller
	if _, err := solveTable("solve", p, 0, &errb); err != nil {
		t.Fatal(err)
	}
	if errb.Len() != 0 {
		t.Errorf("a quick solve printed %q", errb.String())
	}
}

// TestSolvePacing checks that the commands that solve run with the
// collector's pacing off, as the program starts, and turn it back on to
// what it was when they are done, on every path (solving with bans,
// checking a certificate); and that the others turn it on.
func TestSolvePacing(t *testing.T) {
	for _, tc := range []struct {
		args  []string
		owned bool
	}{
		{[]string{"solve", "--json", "bk,bn,br,x,x,wr,wn,wk:w"}, true},
		{[]string{"solve", "--json", "--bans", "bk,bn,br,x,x,wr,wn,wk:w"}, true},
		{[]string{"graph", "bk,bn,br,x,x,wr,wn,wk:w"}, true},
		{[]string{"prove", "--check", filepath.Join("..", "..", "certificates", "0ada01aece2a4842.tctb"), "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"}, true},
		{[]string{"version"}, false},
		{[]string{"nosuchcommand"}, false},
	} {
		if got := commands[tc.args[0]].ownPacing; got != tc.owned {
			t.Errorf("%s: ownPacing %v, want %v", tc.args[0], got, tc.owned)
		}
		old := debug.SetGCPercent(-1)
		if code, _, errs := runCLI(tc.args...); code != 0 && tc.args[0] != "nosuchcommand" {
			t.Fatalf("%s: exit %d: %s", tc.args[0], code, errs)
		}
		if got := debug.SetGCPercent(old); got != old {
			t.Errorf("%s: the collector's percentage is %d after the command, want %d", tc.args[0], got, old)
		}
	}
}
