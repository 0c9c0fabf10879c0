package main

import (
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
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "start") || !strings.HasPrefix(lines[2], "total") {
		t.Fatalf("want a header, one row and a total:\n%s", out)
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
	} {
		if code, _, errs := runMateCmd(args...); code != 2 || errs == "" {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, errs)
		}
	}
	if code, _, _ := runMateCmd("match", "--starts", "no/such/file", "--games", "1"); code != 1 {
		t.Errorf("missing starts file: exit %d, want 1", code)
	}
}
