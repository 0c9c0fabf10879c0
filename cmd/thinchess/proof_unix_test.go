//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// A pack header's table naming a mode with no exact table is an error at
// the key, exit 1, and build publishes nothing; a pack's unproven puzzle
// is an error unless its header says unverified: true, then a warning.
// Every kind of source that is /dev/zero (behind a link) or a named pipe
// is refused at once, with what it is (issue 31).
func TestUnprovenAndOddSources(t *testing.T) {
	gardner, err := os.ReadFile("../../modes/minichess/gardner-5x5.md")
	if err != nil {
		t.Fatal(err)
	}
	line := `{"id":"f1","start":"x,x,x,x,x/x,x,x,x,x/wp,wk,x,x,x/x,x,x,x,x/x,bk,bq,x,bq:w","result":"white-wins","mate_in":3,"solution":"1. Ka4"}` + "\n"
	draw := `{"id":"d1","start":"x,x,x,x,x/x,x,x,x,x/wp,wk,x,x,x/x,x,x,x,x/x,bk,bq,x,bq:w","result":"draw","solution":"1. Ka4"}` + "\n"
	src := writeSite(t, map[string]string{
		"modes/minichess/gardner-5x5.md": string(gardner),
		"packs/false.md":                 "---\ntitle: \"False claims\"\nvariant: gardner\ntable: gardner-5x5\n---\n",
		"packs/false.jsonl":              line,
	})
	t.Chdir(src)
	out := filepath.Join(t.TempDir(), "public")
	table := "packs/false.md:4:8: table gardner-5x5: the mode gardner-5x5 has no exact table: 20 pieces of 12 kinds on a 5×5 board do not fit the exact solver's 64-bit state key (101 bits needed); the pack's puzzles cannot be proven against it"
	for _, c := range []cliCase{
		{name: "table with no exact table", args: []string{"check", "--no-cache"}, code: 1, err: []string{table}, noErr: []string{"warning"}},
		{name: "build with it", args: []string{"build", "--no-cache", "--out", out}, code: 1, err: []string{table}},
	} {
		c.check(t)
	}
	if _, err := os.Stat(out); err == nil {
		t.Errorf("build published %s", out)
	}
	os.WriteFile("packs/false.md", []byte("---\ntitle: \"False claims\"\nvariant: gardner\ntable: \"\"\n---\n"), 0o644)
	cliCase{name: "empty table", args: []string{"check", "--no-cache"}, code: 1,
		err: []string{"packs/false.md:4:8: table is empty: name the mode whose exact table proves the puzzles, or leave the key out"}}.check(t)

	os.WriteFile("packs/false.jsonl", []byte(draw), 0o644)
	os.WriteFile("packs/false.md", []byte("---\ntitle: \"False claims\"\nvariant: gardner\n---\n"), 0o644)
	cliCase{name: "unproven", args: []string{"check", "--no-cache"}, code: 1,
		err: []string{"packs/false.jsonl:1:89: claim not verified: ", "a pack ships a puzzle the build cannot prove only when its header says unverified: true"}}.check(t)
	os.WriteFile("packs/false.md", []byte("---\ntitle: \"False claims\"\nvariant: gardner\nunverified: true\n---\n"), 0o644)
	cliCase{name: "unproven, allowed", args: []string{"check", "--no-cache"}, code: 0,
		err: []string{"packs/false.jsonl:1:89: warning: claim not verified: "}}.check(t)
	os.Remove("packs/false.md")
	os.Remove("packs/false.jsonl")
	os.RemoveAll("modes/minichess") // a large mode, verified on every run

	for _, kind := range []struct{ name, want string }{
		{"/dev/zero", "a character device (a link to /dev/zero), not a regular file"},
		{"fifo", "a named pipe (FIFO), not a regular file"},
	} {
		for _, c := range []struct{ file, want string }{
			{"modes/x/odd.md", "modes/x/odd.md: "},
			{"content/odd.md", "content/odd.md: "},
			{"packs/odd.md", "packs/odd.md: "},
			{"packs/q.jsonl", "packs/q.md:1:1: the pack's puzzles q.jsonl: "},
			{"site.yaml", "site.yaml: "},
		} {
			os.MkdirAll(filepath.Dir(c.file), 0o755)
			os.WriteFile("packs/q.md", []byte("---\ntitle: Q\n---\n"), 0o644)
			if kind.name == "fifo" {
				err = syscall.Mkfifo(c.file, 0o644)
			} else {
				err = os.Symlink(kind.name, c.file)
			}
			if err != nil {
				t.Fatal(err)
			}
			cliCase{name: c.file + " as " + kind.name, args: []string{"check", "--no-cache"}, code: 1, err: []string{c.want + kind.want}}.check(t)
			os.Remove(c.file)
		}
		cert := filepath.Join(t.TempDir(), "c.tctb")
		if kind.name == "fifo" {
			syscall.Mkfifo(cert, 0o644)
		} else {
			os.Symlink(kind.name, cert)
		}
		cliCase{name: "prove --check of " + kind.name, args: []string{"prove", "--variant", "1d", "--check", cert, "k/n/r/1/1/R/N/K w - - 0 1"}, code: 1,
			err: []string{"thinchess prove: " + cert + ": " + kind.want}}.check(t)
	}
}
