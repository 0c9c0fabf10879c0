package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/mode"
)

// check of a pack of many bad lines prints the first problems and the
// total, and keeps no more than mode.KeptPerFile of them: with
// --format github too.
func TestCheckCountsErrors(t *testing.T) {
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "packs"), 0o755)
	os.WriteFile(filepath.Join(src, "packs", "g.md"), []byte("---\ntitle: G\n---\n"), 0o644)
	os.WriteFile(filepath.Join(src, "packs", "g.jsonl"), []byte(strings.Repeat("garbage\n\n", 3000)), 0o644)
	for format, last := range map[string]string{"text": "g.jsonl:39:1: not a JSON object", "github": "g.jsonl,line=39,col=1::not a JSON object"} {
		var out, errb bytes.Buffer
		if code := run([]string{"check", "--src", src, "--no-cache", "-q", "--format", format}, &out, &errb); code != 1 {
			t.Fatalf("%s: exit %d, want 1: %s", format, code, errb.String())
		}
		printed := out.String() + errb.String()
		if !strings.Contains(errb.String(), "check: 3000 error(s) in 0 mode(s) and 1 pack(s) of 0 puzzle(s)") {
			t.Errorf("%s: the summary does not give the total:\n%s", format, errb.String())
		}
		if n := strings.Count(printed, "\n"); n != mode.ShownPerFile+2 {
			t.Errorf("%s: %d lines printed, want %d problems, one for the rest and the summary:\n%s", format, n, mode.ShownPerFile, printed)
		}
		if !strings.Contains(printed, "and 2980 more problems in this file") || !strings.Contains(printed, last) {
			t.Errorf("%s:\n%s", format, printed)
		}
	}
}
