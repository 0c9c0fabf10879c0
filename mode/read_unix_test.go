//go:build unix

package mode

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSourceKinds checks that every kind of source (a mode, a page, a
// pack's header and puzzles, site.yaml) that is a symbolic link to
// /dev/zero or a named pipe is refused at once with what it is, rather
// than read until memory runs out or waiting for a writer forever.
func TestSourceKinds(t *testing.T) {
	sources := []string{"modes/x/m.md", "content/page.md", "packs/p.md", "packs/q.jsonl", "site.yaml"}
	for _, kind := range []struct{ name, want string }{
		{"/dev/zero", "a character device (a link to /dev/zero), not a regular file"},
		{"fifo", "a named pipe (FIFO), not a regular file"},
	} {
		for _, src := range sources {
			dir := writeTree(t, map[string]string{"packs/q.md": "---\ntitle: Q\n---\n", "packs/q.jsonl": ""})
			p := filepath.Join(dir, filepath.FromSlash(src))
			os.MkdirAll(filepath.Dir(p), 0o755)
			os.Remove(p)
			var err error
			if kind.name == "fifo" {
				err = syscall.Mkfifo(p, 0o644)
			} else {
				err = os.Symlink(kind.name, p)
			}
			if err != nil {
				t.Fatal(err)
			}
			got := loadWithin(t, dir, 10*time.Second)
			where := src + ": "
			if src == "packs/q.jsonl" {
				where = "packs/q.md:1:1: the pack's puzzles q.jsonl: "
			}
			if !strings.Contains(got, where+kind.want) {
				t.Errorf("%s as %s: errors\n%s\nwant %q", src, kind.name, got, where+kind.want)
			}
		}
	}
	p := filepath.Join(t.TempDir(), "m.md")
	syscall.Mkfifo(p, 0o644)
	if _, errs := LoadModeFile(p); !strings.Contains(errs.Error(), "a named pipe (FIFO), not a regular file") {
		t.Errorf("LoadModeFile of a named pipe: %v", errs)
	}
}

// loadWithin loads the site in dir and returns its errors, failing the
// test when it takes longer than d (a read that blocks).
func loadWithin(t *testing.T, dir string, d time.Duration) string {
	t.Helper()
	done := make(chan string, 1)
	go func() {
		_, errs := Load(dir)
		done <- errs.Error()
	}()
	select {
	case got := <-done:
		return got
	case <-time.After(d):
		t.Fatalf("Load(%s) did not return within %v", dir, d)
		return ""
	}
}
