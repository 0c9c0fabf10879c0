package site

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// hintCount is what testdata/hintcount.mjs counts of one kind of puzzle.
type hintCount struct {
	Puzzles  int `json:"puzzles"`
	Turns    int `json:"turns"`
	Bare     int `json:"bare"`
	Authored int `json:"authored"`
	Danger   int `json:"danger"`
	BanTurns int `json:"banTurns"`
	BanHints int `json:"banHints"`
}

// Every shipped puzzle, of every kind, has hints at every turn of its
// tree where the player acts, as the trainer makes them (hints.js) from
// the built chunks: the piece and its square at a move, the opponent's
// move to ban at a ban, and first, at a hold's start, the danger of its
// tempting wrong move.
func TestEveryShippedPuzzleHasHints(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the shipped site")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skipf("skipping: node is not on PATH (install Node 20 or later): %v", err)
	}
	dir := shippedSite(t)
	chunks, _ := filepath.Glob(filepath.Join(dir, "assets", "puzzles", "*.json"))
	args := []string{filepath.Join("testdata", "hintcount.mjs"), filepath.Join("..", "templates", "static", "js", "hints.js")}
	for _, c := range chunks {
		base := filepath.Base(c)
		if !strings.HasPrefix(base, "index.") && !strings.HasPrefix(base, "ids-") {
			args = append(args, c)
		}
	}
	if len(args) < 3 {
		t.Fatalf("no chunk of puzzles in %s", dir)
	}
	out, err := exec.Command(node, args...).Output()
	if err != nil {
		t.Fatalf("node %s: %v", strings.Join(args[:2], " "), err)
	}
	var got struct {
		Kinds   map[string]hintCount `json:"kinds"`
		Missing []string             `json:"missing"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("hintcount.mjs printed %q: %v", out, err)
	}
	for _, kind := range []string{"mate", "race", "hold", "ban"} {
		c := got.Kinds[kind]
		t.Logf("%s: %d puzzles (%d with hints of their own), %d turns, %d without hints; %d with a danger; %d ban turns, %d with a ban hint", kind, c.Puzzles, c.Authored, c.Turns, c.Bare, c.Danger, c.BanTurns, c.BanHints)
		if c.Puzzles == 0 {
			t.Errorf("no %s puzzle in the shipped chunks", kind)
		}
		if c.Bare > 0 {
			t.Errorf("%d %s puzzles lack a hint at some turn (first: %v)", c.Bare, kind, got.Missing)
		}
		if c.BanHints != c.BanTurns {
			t.Errorf("%s: %d of %d turns where the player bans name the move to ban", kind, c.BanHints, c.BanTurns)
		}
	}
	// An author's hints come first where there are some.
	if h := got.Kinds["hold"]; h.Danger != h.Puzzles-h.Authored {
		t.Errorf("%d of %d holds without hints of their author's start with the danger of a wrong move", h.Danger, h.Puzzles-h.Authored)
	}
	if got.Kinds["ban"].BanTurns == 0 {
		t.Errorf("no Ban puzzle asks for a ban: the ban hint is untested")
	}
}
