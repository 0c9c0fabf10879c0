package puzzles

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/mode"
)

// readPackIDs keeps at most a pack line's bound of a line: a longer one
// (a file without line ends) is skipped, not held, and the lines after
// it are read; a symbolic link to /dev/zero is refused, not read.
func TestReadPackIDsBounded(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "p.jsonl")
	long := `{"id":"long","notes":"` + strings.Repeat("x", 2*mode.MaxLineBytes) + `"}`
	os.WriteFile(p, []byte(`{"id":"a"}`+"\n"+long+"\n"+`{"id":"b"}`+"\n"), 0o644)
	var ids []string
	if err := readPackIDs(p, func(id string, _ []byte) { ids = append(ids, id) }); err != nil || strings.Join(ids, ",") != "a,b" {
		t.Errorf("ids %q, %v; want a,b", ids, err)
	}
	zero := filepath.Join(dir, "z.jsonl")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Skip(err)
	}
	if err := readPackIDs(zero, func(string, []byte) {}); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("/dev/zero: %v", err)
	}
}
