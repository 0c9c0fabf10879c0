package verify

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// TestVerifyBanChess checks that a Ban Chess mode is solved exactly with
// its bans in the state: the value, the state count, the first actions
// (Black's bans, in the action log) and a false claim refused.
func TestVerifyBanChess(t *testing.T) {
	modeText, err := os.ReadFile("../modes/ban-chess/ban-1d-gardner-8.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ claim, wantErr string }{
		{"result: draw", ""},
		{"result: white-wins", "claim result white-wins is false: the start is a draw"},
	} {
		src := t.TempDir()
		dir := filepath.Join(src, "modes", "ban-chess")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		text := strings.Replace(string(modeText), "result: draw", tc.claim, 1)
		if err := os.WriteFile(filepath.Join(dir, "ban-1d-gardner-8.md"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		s, errs := mode.Load(src)
		if len(errs.Errors()) > 0 {
			t.Fatal(errs)
		}
		results, _, verrs := Verify(s, Options{MaxStates: 1_000_000, MateNodes: 100_000, Cache: &Cache{Dir: t.TempDir()}})
		if tc.wantErr != "" {
			if !strings.Contains(verrs.Error(), tc.wantErr) {
				t.Errorf("claim %s: errors %v, want %q", tc.claim, verrs, tc.wantErr)
			}
			continue
		}
		if len(verrs.Errors()) > 0 {
			t.Fatal(verrs)
		}
		v := results["ban-1d-gardner-8"]
		if v == nil || v.Method != solver.Exact || v.Value != engine.Drawn || v.States != 3033 || !v.Verified {
			t.Fatalf("verification %+v", v)
		}
		if want := []string{"b:a2a4", "b:a3a4", "b:a3a5", "b:a3a6"}; !slices.Equal(v.Best, want) {
			t.Errorf("best %v, want %v", v.Best, want)
		}
	}
}
