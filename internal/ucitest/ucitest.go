// Package ucitest drives a UCI engine (Stockfish, Fairy-Stockfish) from
// tests, which use such engines as references that share nothing with
// ours:
//
//	e := ucitest.Start(t, "fairy-stockfish", "/usr/games/fairy-stockfish")
//	e.Send("position startpos")
//	lines, err := e.Until("bestmove")
package ucitest

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// Engine is a UCI engine process.
type Engine struct {
	in    io.WriteCloser
	lines chan string
}

// Start starts the first of paths found (a name on the PATH or a file),
// or skips the test when none is installed, and waits for "uciok". The
// process is stopped when the test ends.
func Start(tb testing.TB, paths ...string) *Engine {
	tb.Helper()
	var path string
	for _, p := range paths {
		if found, err := exec.LookPath(p); err == nil {
			path = found
			break
		}
	}
	if path == "" {
		tb.Skipf("none of %s is installed (.ci/run installs them)", strings.Join(paths, ", "))
	}
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatalf("starting %s: %v", path, err)
	}
	e := &Engine{in: in, lines: make(chan string, 1024)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	tb.Cleanup(func() {
		fmt.Fprintln(in, "quit")
		in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	e.Send("uci")
	if _, err := e.Until("uciok"); err != nil {
		tb.Fatalf("%s: %v", path, err)
	}
	return e
}

// Send writes one command.
func (e *Engine) Send(cmd string) { fmt.Fprintln(e.in, cmd) }

// Until returns the lines the engine prints up to one starting with
// prefix, which is the last; an error when the engine stops or prints
// none within 60 s.
func (e *Engine) Until(prefix string) ([]string, error) {
	var got []string
	timeout := time.After(60 * time.Second)
	for {
		select {
		case line, ok := <-e.lines:
			if !ok {
				return got, fmt.Errorf("the engine stopped before %q; it printed %q", prefix, got)
			}
			got = append(got, line)
			if strings.HasPrefix(line, prefix) {
				return got, nil
			}
		case <-timeout:
			return got, fmt.Errorf("no %q from the engine in 60 s; it printed %q", prefix, got)
		}
	}
}
