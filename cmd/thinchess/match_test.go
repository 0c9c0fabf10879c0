package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestMatchCommand(t *testing.T) {
	code, out, errs := runMateCmd("match", "--games", "2", "--movetime", "0", "--nodes", "2000",
		"--opponent", "random", "bk,bn,br,x,x,wr,wn,wk:w", "--variant", "1d")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "start") || !strings.HasPrefix(lines[2], "total") || !strings.HasPrefix(lines[3], "Elo ") {
		t.Fatalf("want a header, one row, a total and the Elo line:\n%s", out)
	}
	f := strings.Fields(lines[1])
	// start variant opponent games wins draws losses capped seconds
	if len(f) != 9 || f[1] != "1d" || f[2] != "random" || f[3] != "2" || f[6] != "0" {
		t.Errorf("row %q", lines[1])
	}
}

func TestMatchCommandStartsFile(t *testing.T) {
	opponent, rows := "both", 2
	if testing.Short() {
		opponent, rows = "greedy", 1
	}
	code, out, errs := runMateCmd("match", "--games", "1", "--movetime", "0", "--nodes", "500",
		"--opponent", opponent, "--starts", "../../solver/search/testdata/match_starts.txt")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, name := range []string{"chess", "gardner", "losalamos", "1x8", "1x12", "thin-2x10", "4x6-turned", "octopawn", "hexapawn", "backline"} {
		if strings.Count(out, "\n"+name+" ") != rows {
			t.Errorf("want %d row(s) for %s (--opponent %s):\n%s", rows, name, opponent, out)
		}
	}
}

func TestMatchCommandErrors(t *testing.T) {
	for _, args := range [][]string{
		{"match"},
		{"match", "--opponent", "perfect", "k/1/K w - - 0 1"},
		{"match", "--games", "0", "k/1/K w - - 0 1"},
		{"match", "--movetime", "0", "k/1/K w - - 0 1"},
		{"match", "--opponent", "uci:", "k/1/K w - - 0 1"},
		{"match", "--sprt", "5,0", "k/1/K w - - 0 1"},
		{"match", "--opponent-option", "Hash", "k/1/K w - - 0 1"},
	} {
		if code, _, errs := runMateCmd(args...); code != 2 || errs == "" {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
	if code, _, _ := runMateCmd("match", "--starts", "no/such/file", "--games", "1"); code != 1 {
		t.Errorf("missing starts file: exit %d, want 1", code)
	}
}

// TestMatchAgainstUCIEngine plays thinchess against itself over UCI (this
// test binary started as the CLI, "thinchess uci") from two random
// Gardner openings with both colours, and checks the table, the Elo line
// and an SPRT that cannot decide in four games.
func TestMatchAgainstUCIEngine(t *testing.T) {
	t.Setenv("THINCHESS_TEST_AS_CLI", "1")
	code, out, errs := runMateCmd("match", "--variant", "gardner", "--openings", "2", "--games", "2",
		"--movetime", "20ms", "--opponent", "uci:"+os.Args[0]+" uci", "--opponent-movetime", "20ms",
		"--opponent-option", "Hash=1", "--sprt", "0,10", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 6 || !strings.HasPrefix(lines[3], "total") || !strings.HasPrefix(lines[4], "Elo ") || !strings.HasPrefix(lines[5], "SPRT [0, 10]: undecided") {
		t.Fatalf("want a header, two rows, a total, the Elo line and the SPRT:\n%s", out)
	}
	for _, row := range lines[1:3] {
		f := strings.Fields(row)
		if f[len(f)-8] != "gardner" || f[len(f)-6] != "2" { // … variant opponent games wins draws losses capped seconds
			t.Errorf("row %q: want gardner, %s, 2 games", row, filepath.Base(os.Args[0]))
		}
	}
}
