package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const lichessCSV = "../../puzzles/testdata/lichess.csv"

// TestImportCommand converts the hand-made rows of the puzzles package's
// test data: good rows are written and listed, bad rows reported with
// their id and reason, and the files pass check.
func TestImportCommand(t *testing.T) {
	src := t.TempDir()
	out := filepath.Join(src, "modes", "lichess")
	code, stdout, stderr := runThinchess("import", "lichess", lichessCSV, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{
		"lichess-tm1-two.md: puzzle tm1Two, white mates in 1\n",
		"lichess-t-long3.md: puzzle tLong3, white mates in 3; the recorded defence 41... Rc8 is not a longest one; replaced by Rb8",
		"10 row(s) read: 4 converted into " + out + ", 6 reported, 0 without the themes",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	for _, want := range []string{
		"puzzle tFalse2): field Themes: claim mateIn2 is too long: White mates in 1",
		"puzzle tSlow1): field Moves:",
		"puzzle tNoMate): field Themes:",
		"puzzle tBadFen): field FEN:",
		"puzzle tBadUci): field Moves:",
		"puzzle tIllegal): field Moves:",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if n := len(mdFiles(t, out)); n != 4 {
		t.Errorf("%d files, want 4", n)
	}
	if code, stdout, stderr := runThinchess("check", "--src", src, "--no-cache"); code != 0 {
		t.Fatalf("check: exit %d: %s%s", code, stdout, stderr)
	}
}

func TestImportCommandThemes(t *testing.T) {
	out := t.TempDir()
	code, stdout, stderr := runThinchess("import", "lichess", "--themes", "mateIn2,mateIn3", lichessCSV, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "3 converted") || strings.Contains(stdout, "tm1Two") {
		t.Errorf("stdout %q", stdout)
	}
}

func TestImportCommandNothing(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.csv")
	head := "PuzzleId,FEN,Moves,Rating,RatingDeviation,Popularity,NbPlays,Themes,GameUrl,OpeningTags\n"
	if err := os.WriteFile(bad, []byte(head+"x1,8/8 w - - 0 1,a1a2 a3a4,1,1,1,1,mate,,\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	code, _, stderr := runThinchess("import", "lichess", bad, "--out", out)
	if code != 1 || !strings.Contains(stderr, "row 1 (line 2, puzzle x1): field FEN:") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("the output folder was created with nothing to write")
	}
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"import"}, 2, "want the source"},
		{[]string{"import", "chesscom", bad}, 2, "want the source"},
		{[]string{"import", "lichess", filepath.Join(dir, "missing.csv")}, 1, "no such file"},
		{[]string{"import", "lichess", "--limit", "-1", bad}, 2, "--limit"},
	}
	for _, tt := range tests {
		code, _, stderr := runThinchess(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, stderr, tt.code, tt.want)
		}
	}
}
