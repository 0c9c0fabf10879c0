//go:build unix

package bounded

import (
	"path/filepath"
	"syscall"
	"testing"
)

// makeFIFO makes a named pipe in dir and returns its name.
func makeFIFO(t *testing.T, dir string) string {
	name := filepath.Join(dir, "pipe.md")
	if err := syscall.Mkfifo(name, 0o644); err != nil {
		t.Fatal(err)
	}
	return name
}
