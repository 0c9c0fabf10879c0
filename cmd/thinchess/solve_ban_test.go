package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/verify"
)

// TestSolveBans checks solve on Ban Chess positions: with --bans, and
// implied by a FEN's seventh field.
func TestSolveBans(t *testing.T) {
	code, out, errs := runCLI("solve", "--json", "--bans", "bk,bn,br,x,x,wr,wn,wk:w")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res verify.SolveResult
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Result != "draw" || res.States != 3033 || strings.Join(res.Best, " ") != "b:a2a4 b:a3a4 b:a3a5 b:a3a6" {
		t.Errorf("Gardner 1×8 with bans: %+v", res)
	}
	code, out, errs = runCLI("solve", "R6k/7p/8/8/8/8/8/6K1 b - - 0 1 1")
	if code != 0 || !strings.Contains(out, "White wins in 1 plies") || !strings.Contains(out, "best:      b:h8g7") {
		t.Errorf("forced-ban mate: exit %d\n%s%s", code, out, errs)
	}
	if code, _, errs := runCLI("solve", "k/n/r/1/1/R/N/K w - - 0 1 1"); code != 1 || !strings.Contains(errs, "ply 1: with white to move the ply must be even") {
		t.Errorf("bad seventh field: exit %d, %s", code, errs)
	}
}
