//go:build unix

package publish

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
)

// TestWriteKilled kills a write (a child process running writeFiles)
// after each of its steps, by both ways of swapping: the output folder
// then holds the old site or the new one, whole, and the next write
// leaves no temporary folder.
func TestWriteKilled(t *testing.T) {
	if os.Getenv("THINCHESS_KILL_AT") != "" {
		return // the child's own run of this test: see TestWriteKilledChild
	}
	oldSite := map[string][]byte{"index.html": []byte("old"), "a.txt": []byte("a")}
	newSite := map[string][]byte{"index.html": []byte("new"), "b.txt": []byte("b")}
	for _, exch := range []string{"1", "0"} {
		for _, step := range []string{"written", "old moved", "swapped"} {
			if exch == "1" && step == "old moved" {
				continue // the exchange has no such step
			}
			dir := t.TempDir()
			out := filepath.Join(dir, "public")
			if err := Write(out, oldSite); err != nil {
				t.Fatal(err)
			}
			cmd := exec.Command(os.Args[0], "-test.run=^TestWriteKilledChild$")
			cmd.Env = append(os.Environ(), "THINCHESS_KILL_AT="+step, "THINCHESS_KILL_OUT="+out, "THINCHESS_EXCHANGE="+exch)
			err := cmd.Run()
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
				t.Fatalf("exchange %s, step %q: the child was not killed: %v", exch, step, err)
			}
			// The next build repairs and sweeps; before it, a reader
			// may find the old site moved aside only in the
			// two-rename window ("old moved").
			if step != "old moved" {
				got := readTree(t, out)
				if !equalTree(got, oldSite) && !equalTree(got, newSite) {
					t.Errorf("exchange %s, killed after %q: the output holds %v", exch, step, got)
				}
			}
			if err := Write(out, newSite); err != nil {
				t.Fatal(err)
			}
			if got := readTree(t, out); !equalTree(got, newSite) {
				t.Errorf("exchange %s, killed after %q: the next write gave %v", exch, step, got)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".public*")); len(left) > 0 {
				t.Errorf("exchange %s, killed after %q: temporary folders left: %v", exch, step, left)
			}
		}
	}
	// Killed between the two renames, the old site is put back by the
	// next start even before writing.
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	Write(out, oldSite)
	cmd := exec.Command(os.Args[0], "-test.run=^TestWriteKilledChild$")
	cmd.Env = append(os.Environ(), "THINCHESS_KILL_AT=old moved", "THINCHESS_KILL_OUT="+out, "THINCHESS_EXCHANGE=0")
	cmd.Run()
	if _, err := os.Stat(out); err == nil {
		t.Fatal("the kill came after the output was back: the test misses its step")
	}
	recoverOutput(out)
	if got := readTree(t, out); !equalTree(got, oldSite) {
		t.Errorf("recovered output %v, want the old site", got)
	}
}

// TestWriteKilledChild is the child of TestWriteKilled: it writes a new
// site and kills itself after the step named in THINCHESS_KILL_AT.
func TestWriteKilledChild(t *testing.T) {
	at := os.Getenv("THINCHESS_KILL_AT")
	if at == "" {
		t.Skip("run by TestWriteKilled")
	}
	useExchange = os.Getenv("THINCHESS_EXCHANGE") == "1"
	writeStep = func(step string) {
		if step == at {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {}
		}
	}
	Write(os.Getenv("THINCHESS_KILL_OUT"), map[string][]byte{"index.html": []byte("new"), "b.txt": []byte("b")})
	t.Fatal("the write ended without reaching its step")
}

func equalTree(a, b map[string][]byte) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if string(b[k]) != string(v) {
			return false
		}
	}
	return true
}
