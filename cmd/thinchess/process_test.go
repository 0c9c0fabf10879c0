package main

import (
	"bytes"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestProcess runs the built command, for what is about the process:
// exit statuses, which stream gets what, and the build information
// "version" reads from the binary.
func TestProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "thinchess")
	build := exec.Command("go", "build", "-buildvcs=auto", "-o", bin, ".")
	build.Env = append(os.Environ(), "GOFLAGS=")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	run := func(args ...string) (int, string, string) {
		var out, errb bytes.Buffer
		cmd := exec.Command(bin, args...)
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit):
			return exit.ExitCode(), out.String(), errb.String()
		case err != nil:
			t.Fatal(err)
		}
		return 0, out.String(), errb.String()
	}

	t.Run("version", func(t *testing.T) {
		info, err := exec.Command("go", "version", "-m", bin).Output()
		if err != nil {
			t.Fatal(err)
		}
		code, out, _ := run("version")
		if code != 0 || !strings.HasPrefix(out, "thinchess ") || !strings.Contains(out, "\ngo:       go1.") {
			t.Fatalf("exit %d:\n%s", code, out)
		}
		// The revision is the one the toolchain recorded, if any (a
		// git worktree or -buildvcs=false records none).
		if m := regexp.MustCompile(`(?m)^\s+build\s+vcs\.revision=(\S+)`).FindSubmatch(info); m != nil {
			if !strings.Contains(out, "revision: "+string(m[1])) {
				t.Errorf("version does not give the recorded revision %s:\n%s", m[1], out)
			}
		} else if !strings.Contains(out, "revision: unknown") {
			t.Errorf("no revision recorded, yet version prints one:\n%s", out)
		}
	})

	// Package pacing holds the collector off while the packages
	// initialise. It cannot run first: chroma's lexers (2.7 MB) sort
	// before it and initialise earlier. The first cycle is due somewhere
	// between 2.8 and 4 MB of heap as the runtime counts it, whole spans
	// cached per P, so on a busy machine, where the main goroutine moves
	// between Ps, chroma's 2.7 MB can start one before pacing runs (it
	// did, 3 runs of 15 beside three CPU hogs). What the program
	// controls is asserted: what initialises before pacing allocates at
	// most preInitBudget, and no cycle starts after pacing, during the
	// rest of the initialisation or a small solve.
	t.Run("no collection at the start", func(t *testing.T) {
		const preInitBudget = 3 << 20
		for _, args := range [][]string{{"version"}, {"solve", "--json", "bk,bn,br,x,x,wr,wn,wk:w"}} {
			cmd := exec.Command(bin, args...)
			// One P: the heap the runtime counts (whole spans cached per P)
			// then does not depend on how a busy machine moves the main
			// goroutine between Ps (a cycle after pacing was seen once in
			// CI under load with two).
			cmd.Env = append(os.Environ(), "GODEBUG=gctrace=1,inittrace=1", "GOGC=", "GOMAXPROCS=1")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s: %v\n%s", args[0], err, out)
			}
			before, after, err := collectionsAfterPacing(string(out))
			if err != nil {
				t.Fatalf("%s: %v", args[0], err)
			}
			if before > preInitBudget {
				t.Errorf("%s: the packages initialised before pacing allocate %d bytes, over %d: one sorts before cmd/thinchess/internal/pacing and allocates a lot", args[0], before, preInitBudget)
			}
			for _, gc := range after {
				t.Errorf("%s ran a collection after pacing: %s", args[0], gc)
			}
		}
	})

	for _, tt := range []struct {
		name      string
		args      []string
		code      int
		out, errs string // what the streams start with; "" wants one empty
	}{
		{"no command", nil, 2, "", "usage: thinchess <command>"},
		{"--help", []string{"--help"}, 0, "usage: thinchess <command>", ""},
		{"help check", []string{"help", "check"}, 0, "usage: thinchess check", ""},
		{"check -h", []string{"check", "-h"}, 0, "usage: thinchess check", ""},
		{"usage error", []string{"solve", "--max-states", "-5", "x"}, 2, "", "thinchess solve: invalid value"},
		{"no source folder", []string{"check", "--src", "/nonexistent"}, 1, "", "check: source folder /nonexistent does not exist"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := run(tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d", code, tt.code)
			}
			if tt.out == "" && out != "" || !strings.HasPrefix(out, tt.out) {
				t.Errorf("stdout %q, want it to start %q", out, tt.out)
			}
			if tt.errs == "" && errs != "" || !strings.HasPrefix(errs, tt.errs) {
				t.Errorf("stderr %q, want it to start %q", errs, tt.errs)
			}
		})
	}
}

// collectionsAfterPacing reads GODEBUG=inittrace=1,gctrace=1 output:
// the bytes the packages initialised before package pacing allocated, and
// the trace lines of the collections that started after pacing did.
func collectionsAfterPacing(trace string) (before int, after []string, err error) {
	re := regexp.MustCompile(`(?m)^init (\S+) @([0-9.]+) ms, [0-9.]+ ms clock, (\d+) bytes`)
	pacedAt := -1.0
	for _, m := range re.FindAllStringSubmatch(trace, -1) {
		if strings.HasSuffix(m[1], "/cmd/thinchess/internal/pacing") {
			pacedAt, _ = strconv.ParseFloat(m[2], 64)
			break
		}
		n, _ := strconv.Atoi(m[3])
		before += n
	}
	if pacedAt < 0 {
		return 0, nil, errors.New("no init line of package pacing in the trace")
	}
	for _, m := range regexp.MustCompile(`(?m)^gc \d+ @([0-9.]+)s .*$`).FindAllStringSubmatch(trace, -1) {
		// gctrace truncates a cycle's start to the millisecond: one
		// in pacing's millisecond may have started before it.
		if at, _ := strconv.ParseFloat(m[1], 64); math.Round(at*1000) > math.Floor(pacedAt) {
			after = append(after, m[0])
		}
	}
	return before, after, nil
}

// TestCollectionsAfterPacing reads traces as the runtime writes them.
func TestCollectionsAfterPacing(t *testing.T) {
	const inits = "init internal/bytealg @0.008 ms, 0 ms clock, 0 bytes, 0 allocs\n" +
		"init github.com/alecthomas/chroma/v2/lexers @3.1 ms, 20 ms clock, 2737248 bytes, 30000 allocs\n" +
		"init github.com/thinchess/thinchess/cmd/thinchess/internal/pacing @26 ms, 0.009 ms clock, 0 bytes, 0 allocs\n" +
		"init github.com/yuin/goldmark/parser @26.1 ms, 0.2 ms clock, 110336 bytes, 900 allocs\n"
	gc := func(ms string) string {
		return "gc 1 @" + ms + "s 0%: 0.01+0.8+0.004 ms clock, 3->3->0 MB, 8532210231536 MB goal, 0 MB stacks, 0 MB globals, 2 P\n"
	}
	for _, c := range []struct {
		name, trace string
		after       int
		err         bool
	}{
		{"no collection", inits, 0, false},
		{"one during chroma's init", inits + gc("0.012"), 0, false},
		{"one in pacing's millisecond", inits + gc("0.026"), 0, false},
		{"one after pacing", inits + gc("0.031"), 1, false},
		{"no pacing", "init internal/bytealg @0.008 ms, 0 ms clock, 0 bytes, 0 allocs\n", 0, true},
	} {
		before, after, err := collectionsAfterPacing(c.trace)
		switch {
		case (err != nil) != c.err:
			t.Errorf("%s: error %v", c.name, err)
		case !c.err && (before != 2737248 || len(after) != c.after):
			t.Errorf("%s: %d bytes before pacing, after it %q; want 2737248 and %d", c.name, before, after, c.after)
		}
	}
}
