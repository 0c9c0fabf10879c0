package main

import (
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/cmd/thinchess/internal/pacing"
	"github.com/thinchess/thinchess/internal/filetree"
)

// TestMain turns the collector's pacing on, which package pacing holds
// off from the start: the tests call commands' functions without run,
// which would turn it on.
func TestMain(m *testing.M) {
	// A child started by a test as the CLI itself (a UCI opponent).
	if os.Getenv("THINCHESS_TEST_AS_CLI") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	pacing.Resume()
	os.Exit(m.Run())
}

// Mode files for the tests: one whose claim holds, one whose claim is
// false (line 5, column 11).
const (
	goodMode = "---\ntitle: \"G\"\nstart: \"bk,bn,br,x,x,wr,wn,wk:w\"\nclaim:\n  result: white-wins\n  mate_in: 6\n---\nBody.\n"
	badMode  = "---\ntitle: \"Bad\"\nstart: \"bk,bn,br,x,x,wr,wn,wk:w\"\nclaim:\n  result: draw\n---\n"
)

// writeSite writes files (slash paths to contents) under a new folder
// and returns it.
func writeSite(t *testing.T, files map[string]string) string { return filetree.Write(t, files) }

// cliCase is one run of the command and what it must print.
type cliCase struct {
	name string
	args []string
	code int
	// out and err are substrings stdout and stderr must hold; noOut and
	// noErr are substrings they must not.
	out, err     []string
	noOut, noErr []string
	// quiet wants nothing on stdout.
	quiet bool
}

func (c cliCase) check(t *testing.T) {
	t.Helper()
	code, out, errs := runCLI(c.args...)
	if code != c.code {
		t.Errorf("%s: %q: exit %d, want %d\nstdout: %s\nstderr: %s", c.name, c.args, code, c.code, out, errs)
	}
	for _, w := range c.out {
		if !strings.Contains(out, w) {
			t.Errorf("%s: stdout lacks %q:\n%s", c.name, w, out)
		}
	}
	for _, w := range c.err {
		if !strings.Contains(errs, w) {
			t.Errorf("%s: stderr lacks %q:\n%s", c.name, w, errs)
		}
	}
	for _, w := range c.noOut {
		if strings.Contains(out, w) {
			t.Errorf("%s: stdout has %q:\n%s", c.name, w, out)
		}
	}
	for _, w := range c.noErr {
		if strings.Contains(errs, w) {
			t.Errorf("%s: stderr has %q:\n%s", c.name, w, errs)
		}
	}
	if c.quiet && out != "" {
		t.Errorf("%s: stdout %q, want nothing", c.name, out)
	}
}

// check never passes without checking something: a missing file, a file
// that is not a mode, a folder that is not a site are errors that name
// the path (issue 12).
func TestCheckFailsLoudly(t *testing.T) {
	src := writeSite(t, map[string]string{
		"modes/x/g.md":       goodMode,
		"modes/y/bad.md":     badMode,
		"README.md":          "# A site\n",
		"content/a.md":       "---\ntitle: A\n---\nText.\n",
		"modes/empty/.gi":    "",
		"inner/modes/z/g.md": goodMode,
	})
	t.Chdir(src)
	verified := "verified"
	for _, c := range []cliCase{
		{name: "missing file", args: []string{"check", "--no-cache", "modes/x/does-not-exist.md"}, code: 1,
			err: []string{"check: modes/x/does-not-exist.md: no such file"}, noOut: []string{verified}},
		{name: "not a mode file", args: []string{"check", "--no-cache", "README.md"}, code: 1,
			err: []string{"check: README.md: not a mode or pack file"}, noOut: []string{verified}},
		{name: "a page is not a mode", args: []string{"check", "--no-cache", "content/a.md"}, code: 1,
			err: []string{"content/a.md: not a mode or pack file"}},
		{name: "folder without modes", args: []string{"check", "--no-cache", "modes/empty"}, code: 1,
			err: []string{"modes/empty: no mode or pack files in this folder"}},
		{name: "outside the source folder", args: []string{"check", "--no-cache", "--src", "inner", "modes/x/g.md"}, code: 1,
			err: []string{"check: modes/x/g.md: not in the source folder inner (give --src the site folder that holds it)"}},
		{name: "not a site folder", args: []string{"check", "--no-cache", "--src", "modes", "x/g.md"}, code: 1,
			err: []string{"check: modes is not a site folder: it holds none of modes/, content/, packs/ and site.yaml; the site folder is .: run there or give --src ."}},
		{name: "no source folder", args: []string{"check", "--src", "/nonexistent"}, code: 1,
			err: []string{"check: source folder /nonexistent does not exist"}, noOut: []string{verified}},
		{name: "source folder is a file", args: []string{"check", "--src", "README.md"}, code: 1,
			err: []string{"source folder README.md is a file"}},
		{name: "one good file", args: []string{"check", "--no-cache", "modes/x/g.md"}, code: 0,
			out: []string{"check: 1 mode(s) verified"}},
		{name: "a folder", args: []string{"check", "--no-cache", "modes/x"}, code: 0,
			out: []string{"check: 1 mode(s) verified"}},
		{name: "named from the source folder", args: []string{"check", "--no-cache", "--src", src, "modes/x/g.md"}, code: 0,
			out: []string{"check: 1 mode(s) verified"}},
	} {
		c.check(t)
	}

	// From inside modes/x/ the current folder is not the site: say
	// where the site is instead of checking nothing.
	t.Chdir(filepath.Join(src, "modes", "x"))
	cliCase{name: "inside modes/x", args: []string{"check", "--no-cache", "g.md"}, code: 1,
		err:   []string{"check: the current folder is not a site folder", "the site folder is " + filepath.Join("..", "..") + ": run there or give --src " + filepath.Join("..", "..")},
		noOut: []string{verified}}.check(t)
	cliCase{name: "inside modes/x with --src", args: []string{"check", "--no-cache", "g.md", "--src", "../.."}, code: 0,
		out: []string{"check: 1 mode(s) verified"}}.check(t)
}

// build refuses to publish an empty site unless --allow-empty, and
// never builds from a folder that does not exist.
func TestEmptySiteIsRefused(t *testing.T) {
	empty := t.TempDir()
	t.Chdir(empty)
	out := filepath.Join(t.TempDir(), "public")
	for _, c := range []cliCase{
		{name: "no source folder", args: []string{"build", "--src", "/nonexistent", "--out", out}, code: 1,
			err: []string{"build: source folder /nonexistent does not exist"}},
		{name: "no source folder, allow empty", args: []string{"build", "--src", "/nonexistent", "--out", out, "--allow-empty"}, code: 1,
			err: []string{"source folder /nonexistent does not exist"}},
		{name: "empty folder", args: []string{"build", "--out", out}, code: 1,
			err: []string{"the current folder is not a site folder", "refusing to publish an empty site (--allow-empty publishes it anyway)"}},
	} {
		c.check(t)
		if _, err := os.Stat(out); err == nil {
			t.Fatalf("%s: the refused build wrote %s", c.name, out)
		}
	}

	// A site folder with nothing in it: site.yaml alone.
	os.WriteFile("site.yaml", []byte("title: Nothing yet\n"), 0o644)
	cliCase{name: "site.yaml only", args: []string{"build", "--out", out}, code: 1,
		err: []string{"build: the current folder has no modes, content pages or packs: refusing to publish an empty site"}}.check(t)
	if _, err := os.Stat(out); err == nil {
		t.Fatalf("the refused build wrote %s", out)
	}
	cliCase{name: "allowed", args: []string{"build", "--out", out, "--allow-empty", "-q"}, code: 0, quiet: true}.check(t)
	if _, err := os.Stat(filepath.Join(out, "index.html")); err != nil {
		t.Errorf("--allow-empty wrote no site: %v", err)
	}
}

// Flags may come after the positional arguments in every command, and
// stray arguments are usage errors.
func TestFlagsAnywhere(t *testing.T) {
	src := writeSite(t, map[string]string{"modes/y/bad.md": badMode})
	t.Chdir(src)
	t.Setenv("GITHUB_WORKSPACE", "")
	usage := "usage: thinchess "
	for _, c := range []cliCase{
		{name: "check FILE --format github", args: []string{"check", "modes/y/bad.md", "--no-cache", "--format", "github"}, code: 1,
			out: []string{"::error file=modes/y/bad.md,line=5,col=11::claim result draw is false"}},
		{name: "build OUT", args: []string{"build", "out"}, code: 2,
			err: []string{`thinchess build: unexpected argument "out"`, usage + "build", "Run 'thinchess help build' for details."}},
		{name: "serve extra --addr", args: []string{"serve", "extra", "--addr", "127.0.0.1:0"}, code: 2,
			err: []string{`thinchess serve: unexpected argument "extra"`, usage + "serve"}},
		{name: "new mode NAME extra", args: []string{"new", "mode", "a/b", "c/d"}, code: 2,
			err: []string{`unexpected argument "c/d"`, usage + "new"}},
		{name: "new without what", args: []string{"new", "--src", "."}, code: 2,
			err: []string{"want what to write: new mode <category>/<id>"}},
		{name: "version extra", args: []string{"version", "now"}, code: 2,
			err: []string{`unexpected argument "now"`}},
		{name: "unknown flag", args: []string{"check", "--colour"}, code: 2,
			err: []string{"thinchess check: flag provided but not defined: -colour", usage + "check"}},
	} {
		c.check(t)
	}
	cliCase{name: "new mode NAME --title", args: []string{"new", "mode", "x/late-flags", "--title", "Late flags"}, code: 0,
		out: []string{"wrote " + filepath.Join("modes", "x", "late-flags.md")}}.check(t)
	if data, err := os.ReadFile(filepath.Join("modes", "x", "late-flags.md")); err != nil || !strings.Contains(string(data), `title: "Late flags"`) {
		t.Errorf("the --title after the name was ignored: %s %v", data, err)
	}
}

// Error paths are relative to the current folder in text and to the
// repository's root in annotations, wherever the site lives.
func TestErrorPaths(t *testing.T) {
	repo := writeSite(t, map[string]string{"docs/site/modes/y/bad.md": badMode})
	abs := filepath.Join(repo, "docs", "site")
	msg := ":5:11: claim result draw is false"
	t.Chdir(repo)
	t.Setenv("GITHUB_WORKSPACE", "")
	for _, c := range []cliCase{
		{name: "relative --src", args: []string{"check", "--no-cache", "--src", "docs/site"}, code: 1,
			err: []string{filepath.Join("docs", "site", "modes", "y", "bad.md") + msg}},
		{name: "absolute --src inside the current folder", args: []string{"check", "--no-cache", "--src", abs}, code: 1,
			err: []string{filepath.Join("docs", "site", "modes", "y", "bad.md") + msg}, noErr: []string{abs}},
		{name: "github from the current folder", args: []string{"check", "--no-cache", "--src", "docs/site", "--format", "github"}, code: 1,
			out: []string{"::error file=docs/site/modes/y/bad.md,line=5,col=11::"}},
		{name: "build", args: []string{"build", "--src", "docs/site", "--out", filepath.Join(t.TempDir(), "p")}, code: 1,
			err: []string{filepath.Join("docs", "site", "modes", "y", "bad.md") + msg}},
	} {
		c.check(t)
	}
	// In CI the command may run in the site's folder; annotations
	// still name files from the repository's root.
	t.Chdir(abs)
	t.Setenv("GITHUB_WORKSPACE", repo)
	cliCase{name: "github from GITHUB_WORKSPACE", args: []string{"check", "--no-cache", "--format", "github"}, code: 1,
		out: []string{"::error file=docs/site/modes/y/bad.md,line=5,col=11::"}}.check(t)
	cliCase{name: "text in the site folder", args: []string{"check", "--no-cache"}, code: 1,
		err: []string{filepath.Join("modes", "y", "bad.md") + msg}}.check(t)
	// A folder whose name would end the file property.
	odd := writeSite(t, map[string]string{"a,line=9/modes/y/bad.md": badMode})
	t.Chdir(odd)
	t.Setenv("GITHUB_WORKSPACE", odd)
	cliCase{name: "escaped file property", args: []string{"check", "--no-cache", "--src", "a,line=9", "--format", "github"}, code: 1,
		out: []string{"::error file=a%2Cline=9/modes/y/bad.md,line=5,col=11::"}}.check(t)
}

// Every numeric flag rejects nonsense with a usage error that names the
// flag and the range.
func TestNumericFlags(t *testing.T) {
	pos := "bk,bn,br,x,x,wr,wn,wk:w"
	tests := []struct {
		args []string
		want string // the flag and its range
	}{
		{[]string{"solve", "--max-states", "-5", pos}, "-max-states: want a whole number from 1 to 2,000,000,000"},
		{[]string{"solve", pos, "--max-states", "0"}, "-max-states: want a whole number from 1 to 2,000,000,000"},
		{[]string{"graph", "--max-states", "99999999999", pos}, "-max-states: want a whole number from 1 to 2,000,000,000"},
		{[]string{"perft", "--depth", "65", pos}, "-depth: want a whole number from 1 to 64"},
		{[]string{"mate", "--nodes", "0", "2", pos}, "-nodes: want a whole number from 1 to 1,000,000,000,000"},
		{[]string{"mate", "101", pos}, `N "101": want a number of moves from 0 to 100`},
		{[]string{"match", "--games", "0", pos}, "-games: want a whole number from 1 to 1,000,000"},
		{[]string{"match", "--workers", "0", pos}, "-workers: want a whole number from 1 to 1,024"},
		{[]string{"match", "--movetime", "-1s", pos}, "-movetime: want a duration from 0s to 1h0m0s"},
		{[]string{"match", "--max-plies", "0", pos}, "-max-plies: want a whole number from 1 to 100,000"},
		{[]string{"match", "--nodes", "-1", pos}, "-nodes: want a whole number from 0 to 1,000,000,000,000"},
		{[]string{"mine", "--max-states", "0", "m"}, "-max-states: want a whole number from 1 to 2,000,000,000"},
		{[]string{"mine", "--max-puzzle-states", "-1", "m"}, "-max-puzzle-states: want a whole number from 0 to 2,000,000,000"},
		{[]string{"mine", "--max-dtm", "20000", "m"}, "-max-dtm: want a whole number from 0 to 10,000"},
		{[]string{"import", "lichess", "f.csv", "--nodes", "0"}, "-nodes: want a whole number from 1 to 1,000,000,000,000"},
		{[]string{"import", "lichess", "f.csv", "--min-rating", "-1"}, "-min-rating: want a whole number from 0 to 4,000"},
		{[]string{"import", "lichess", "f.csv", "--max-rating", "9000"}, "-max-rating: want a whole number from 0 to 4,000"},
		{[]string{"import", "lichess", "f.csv", "--min-popularity", "101"}, "-min-popularity: want a whole number from -100 to 100"},
		{[]string{"import", "lichess", "f.csv", "--limit", "-1"}, "-limit: want a whole number from 0 to 1,000,000,000"},
		{[]string{"import", "lichess", "f.csv", "--sample", "-1"}, "-sample: want a whole number from 0 to 1,000,000,000"},
		{[]string{"import", "lichess", "f.csv", "--min-rating", "2000", "--max-rating", "1000"}, "--min-rating 2000 is more than --max-rating 1000"},
		{[]string{"build", "--max-states", "-5"}, "-max-states: want a whole number from 1 to 2,000,000,000"},
		{[]string{"check", "--max-states", "1e9"}, "-max-states: want a whole number from 1 to 2,000,000,000"},
		{[]string{"serve", "--max-states", "0"}, "-max-states: want a whole number from 1 to 2,000,000,000"},
		{[]string{"build", "--base-url", "user.github.io/repo"}, `-base-url: "user.github.io/repo" is not an absolute URL`},
	}
	for _, tt := range tests {
		code, out, errs := runCLI(tt.args...)
		if code != 2 || out != "" || !strings.Contains(errs, tt.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", tt.args, code, out, errs, tt.want)
		}
	}
	// In range, the numbers work: 1,000 states are too few for the
	// position, which the solver says.
	cliCase{name: "in range", args: []string{"solve", pos, "--max-states", "1_000"}, code: 1,
		err: []string{"raise --max-states"}}.check(t)
}

// Help goes to stdout with exit 0 for every command and form; usage
// errors exit 2.
func TestHelpAndVersion(t *testing.T) {
	var names []string
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		for _, args := range [][]string{{name, "--help"}, {name, "-h"}, {"help", name}} {
			code, out, errs := runCLI(args...)
			if code != 0 || !strings.HasPrefix(out, "usage: thinchess "+name) || errs != "" {
				t.Errorf("%q: exit %d, stderr %q, stdout %.60q…; want 0 and the help on stdout", args, code, errs, out)
			}
		}
	}
	for _, c := range []cliCase{
		{name: "help", args: []string{"help"}, code: 0, out: []string{"commands:", "version"}},
		{name: "--help", args: []string{"--help"}, code: 0, out: []string{"commands:"}},
		{name: "no command", args: nil, code: 2, err: []string{"usage: thinchess <command>"}},
		{name: "unknown command", args: []string{"bulid"}, code: 2, err: []string{`unknown command "bulid"`}},
		{name: "help for an unknown command", args: []string{"help", "bulid"}, code: 2, err: []string{`unknown command "bulid"`}},
		{name: "version", args: []string{"version"}, code: 0, out: []string{"thinchess ", "revision: ", "go:       go1."}},
		{name: "new help has the flags", args: []string{"help", "new"}, code: 0, out: []string{"-title title"}},
		{name: "ranges in the help", args: []string{"solve", "-h"}, code: 0, out: []string{"(1 to 2,000,000,000) (default 134217728)"}},
	} {
		c.check(t)
	}
}

// versionText reports what the build information holds.
func TestVersionText(t *testing.T) {
	vcs := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123456789abcdef01234567"},
		{Key: "vcs.time", Value: "2026-01-02T03:04:05Z"},
		{Key: "vcs.modified", Value: "true"},
	}}
	tests := []struct {
		name string
		info *debug.BuildInfo
		want string
	}{
		{"from a repository", vcs, "thinchess v1.2.0\nrevision: 0123456789abcdef0123456789abcdef01234567 (modified)\ntime:     2026-01-02T03:04:05Z\ngo:       go1.26.0 linux/amd64\n"},
		{"go install", &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.0"}},
			"thinchess v1.2.0\nrevision: unknown (the build recorded no version-control information)\ngo:       go1.26.0 linux/amd64\n"},
		{"no build information", nil, "thinchess (unknown)\nrevision: unknown (the build recorded no version-control information)\ngo:       go1.25.0 linux/amd64\n"},
	}
	for _, tt := range tests {
		if got := versionText(tt.info, "go1.25.0", "linux/amd64"); got != tt.want {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

// -q leaves only errors and warnings.
func TestQuiet(t *testing.T) {
	src := writeSite(t, map[string]string{"modes/x/g.md": goodMode})
	bad := writeSite(t, map[string]string{"modes/y/bad.md": badMode})
	for _, c := range []cliCase{
		{name: "check -q", args: []string{"check", "-q", "--no-cache", "--src", src}, code: 0, quiet: true},
		{name: "check --quiet with an error", args: []string{"check", "--quiet", "--no-cache", "--src", bad}, code: 1,
			err: []string{"bad.md:5:11: claim result draw is false", "check: 1 error(s)"}, quiet: true},
		{name: "build -q", args: []string{"build", "-q", "--src", src, "--out", filepath.Join(t.TempDir(), "p")}, code: 0, quiet: true},
		{name: "build -q with an error", args: []string{"build", "-q", "--src", bad, "--out", filepath.Join(t.TempDir(), "p")}, code: 1,
			err: []string{"bad.md:5:11: claim result draw is false"}, quiet: true},
	} {
		c.check(t)
	}
}
