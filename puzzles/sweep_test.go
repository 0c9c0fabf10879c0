//go:build unix

package puzzles

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/thinchess/thinchess/mode"
)

// A killed import leaves its temporary behind; the next write of that
// pack removes it, and only it: not a live writer's (locked, or too new
// to have been locked), not another pack's, not a file named otherwise.
func TestWritePackSweepsKilledTemps(t *testing.T) {
	dir := t.TempDir()
	packs := filepath.Join(dir, "packs")
	if err := os.MkdirAll(packs, 0o755); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * staleAfter)
	files := []struct {
		name      string
		old, held bool
		swept     bool
	}{
		{".p.jsonl.123.tmp", true, false, true},
		{".p.md.77.tmp", true, false, true},
		{".p.jsonl.456.tmp", false, false, false}, // just created
		{".p.jsonl.789.tmp", true, true, false},   // a live writer's
		{".other.jsonl.1.tmp", true, false, false},
		{".p.jsonl.abc.tmp", true, false, false},
		{"p.jsonl.1.tmp", true, false, false},
		{".p.jsonl.1.tmp.keep", true, false, false},
	}
	for _, f := range files {
		path := filepath.Join(packs, f.name)
		if err := os.WriteFile(path, []byte("{\"id\":\"half a line"), 0o644); err != nil {
			t.Fatal(err)
		}
		if f.held {
			h, err := os.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			if err := lockTemp(h); err != nil {
				t.Fatal(err)
			}
		}
		if f.old {
			if err := os.Chtimes(path, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	line := &mode.PackLine{ID: "a", Start: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Result: "white-wins", MateIn: 1, Solution: "1. Ra8#"}
	if _, err := WritePack(dir, "p", mode.PackHeader{Title: "P"}, func(yield func(*mode.PackLine, error) bool) { yield(line, nil) }); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(packs)
	var left []string
	for _, e := range entries {
		left = append(left, e.Name())
	}
	for _, f := range files {
		if kept := slices.Contains(left, f.name); kept == f.swept {
			t.Errorf("%s: kept %v, want swept %v", f.name, kept, f.swept)
		}
	}
	if !slices.Contains(left, "p.jsonl") || !slices.Contains(left, "p.md") {
		t.Errorf("pack not written: %v", left)
	}
}
