package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runThinchess(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func mdFiles(t *testing.T, dir string) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestMineCommand mines a shipped mode by id into a scratch source folder,
// re-mines fewer (the stale files go, a file of someone else stays) and
// checks the result with the check command.
func TestMineCommand(t *testing.T) {
	src := t.TempDir()
	out := filepath.Join(src, "modes", "mined-1d-gardner-8")
	code, stdout, stderr := runThinchess("mine", "1d-gardner-8", "--src", "../..", "--out", out, "--count", "6")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "1d-gardner-8: 1237 states") || !strings.Contains(stdout, "wrote 6 puzzle(s)") {
		t.Errorf("stdout %q", stdout)
	}
	if n := len(mdFiles(t, out)); n != 6 {
		t.Fatalf("%d files, want 6", n)
	}
	other := filepath.Join(out, "1d-gardner-8-m9-99.md")
	if err := os.WriteFile(other, []byte("---\ntitle: by hand\n---\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runThinchess("mine", "--count", "3", "1d-gardner-8", "--src", "../..", "--out", out); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	files := mdFiles(t, out)
	if len(files) != 4 {
		t.Fatalf("files %v: want 3 mined and the one written by hand", files)
	}
	os.Remove(other)
	if code, stdout, stderr := runThinchess("check", "--src", src, "--no-cache"); code != 0 {
		t.Fatalf("check: exit %d: %s%s", code, stdout, stderr)
	}
}

// TestMineCommandFile mines a mode named by its file, with the default
// output folder under --src.
func TestMineCommandFile(t *testing.T) {
	src := t.TempDir()
	code, stdout, stderr := runThinchess("mine", filepath.Join("..", "..", "modes", "1d-chess", "1d-rooks-6.md"), "--src", src, "--max-dtm", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	files := mdFiles(t, filepath.Join(src, "modes", "mined-1d-rooks-6"))
	if len(files) == 0 {
		t.Fatalf("no files; stdout %q", stdout)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"category: mined-1d-rooks-6\n", "variant: 1d\n", "  mate_in: 1\n", "```line\n"} {
			if !strings.Contains(string(data), want) {
				t.Errorf("%s lacks %q", f, want)
			}
		}
	}
}

// TestMineCommandRules mines a mode file with rule overrides: the mined
// files repeat them, written as the source writes them, and pass check.
func TestMineCommandRules(t *testing.T) {
	dir := t.TempDir()
	mode := filepath.Join(dir, "thin", "pawn-two-files.md")
	text := "---\ntitle: \"Two files: king and pawn\"\nsummary: \"test\"\nvariant: chess\nrules:\n  promotion: [q, r]\n  fifty_move: false\nstart: \"x,bk/x,x/x,x/x,wp/x,x/wk,x:w\"\n---\nBody.\n"
	if err := os.MkdirAll(filepath.Dir(mode), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(mode, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "site")
	if code, _, stderr := runThinchess("mine", mode, "--src", src, "--count", "4"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	files := mdFiles(t, filepath.Join(src, "modes", "mined-pawn-two-files"))
	if len(files) != 4 {
		t.Fatalf("%d files, want 4", len(files))
	}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		if !strings.Contains(string(data), "variant: chess\nrules:\n  promotion: [q, r]\n  fifty_move: false\nstart: ") {
			t.Errorf("%s does not repeat the source's rules:\n%s", f, data)
		}
	}
	if code, stdout, stderr := runThinchess("check", "--src", src, "--no-cache"); code != 0 {
		t.Fatalf("check: exit %d: %s%s", code, stdout, stderr)
	}
}

func TestMineCommandErrors(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"mine"}, 2, "want one MODE"},
		{[]string{"mine", "a", "b"}, 2, "want one MODE"},
		{[]string{"mine", "--count", "0", "1d-rooks-6"}, 2, "--count must be positive"},
		{[]string{"mine", "--min-dtm", "5", "--max-dtm", "3", "1d-rooks-6"}, 2, "--min-dtm ≤ --max-dtm"},
		{[]string{"mine", "--bogus", "1d-rooks-6"}, 2, "flag provided but not defined"},
		{[]string{"mine", "no-such-mode", "--src", "../.."}, 1, `no mode "no-such-mode"`},
		{[]string{"mine", "missing/file.md"}, 1, "no such file"},
		{[]string{"mine", "1d-12", "--src", "../..", "--max-states", "1000"}, 1, "state space too large"},
	}
	for _, tt := range tests {
		code, _, stderr := runThinchess(tt.args...)
		if code != tt.code || !strings.Contains(stderr, tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, stderr, tt.code, tt.want)
		}
	}
}

// TestShippedPacksReproducible re-runs the command each shipped mined
// pack names in its files and wants the same files, byte for byte: a pack
// that no longer matches its source mode, the solver or the miner must be
// mined again. The 1×12 pack (a 457,752-state solve) is skipped with
// -short.
func TestShippedPacksReproducible(t *testing.T) {
	dirs, err := filepath.Glob(filepath.Join("..", "..", "modes", "mined-*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 {
		t.Skip("no mined packs shipped")
	}
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			shipped := mdFiles(t, dir)
			if len(shipped) == 0 {
				t.Fatal("empty pack")
			}
			data, err := os.ReadFile(shipped[0])
			if err != nil {
				t.Fatal(err)
			}
			_, rest, _ := strings.Cut(string(data), "\n# Generated by thinchess mine ")
			cmdline, _, ok := strings.Cut(rest, "; edit the generator")
			if !ok {
				t.Fatalf("%s does not name the command that made it", shipped[0])
			}
			args := strings.Fields(cmdline)
			if testing.Short() && args[0] == "1d-12" {
				t.Skip("the 1×12 table is large; skipped with -short")
			}
			out := t.TempDir()
			if code, _, stderr := runThinchess(append([]string{"mine", "--src", "../..", "--out", out}, args...)...); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			again := mdFiles(t, out)
			if len(again) != len(shipped) {
				t.Fatalf("%d files mined again, %d shipped", len(again), len(shipped))
			}
			for i := range shipped {
				a, _ := os.ReadFile(shipped[i])
				b, _ := os.ReadFile(again[i])
				if filepath.Base(shipped[i]) != filepath.Base(again[i]) || !bytes.Equal(a, b) {
					t.Errorf("%s differs from what thinchess mine %s writes now", shipped[i], cmdline)
				}
			}
		})
	}
}
