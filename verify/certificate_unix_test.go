//go:build unix

package verify

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/thinchess/thinchess/mode"
)

// TestCertificateKinds checks that a certificate, or its record, that is
// a symbolic link to /dev/zero or a named pipe is refused at once with
// what it is, by the records' reader and by the verification of the mode
// whose start it would prove; and that a certificate padded past what its
// header's counts need is refused before it is read.
func TestCertificateKinds(t *testing.T) {
	text, err := os.ReadFile("../modes/1d-chess/1d-12.md")
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "modes", "1d-chess"), 0o755)
	os.WriteFile(filepath.Join(src, "modes", "1d-chess", "1d-12.md"), text, 0o644)
	s, errs := mode.Load(src)
	if len(errs.Errors()) > 0 {
		t.Fatal(errs)
	}
	key, _ := CertificateKey(s.Modes[0].Start)
	certs := filepath.Join(src, "certificates")
	os.MkdirAll(certs, 0o755)
	cert := filepath.Join(certs, key+".tctb")
	small, _ := os.ReadFile("../certificates/45da9a34c4ca21dd.tctb")
	for _, c := range []struct {
		name, want string
		make       func(string) error
	}{
		{"/dev/zero", "a character device (a link to /dev/zero), not a regular file", func(p string) error { return os.Symlink("/dev/zero", p) }},
		{"a named pipe", "a named pipe (FIFO), not a regular file", func(p string) error { return syscall.Mkfifo(p, 0o644) }},
		{"padded", "the file is 100493 bytes, but its header's counts of states need from 204 to 1430", func(p string) error {
			return os.WriteFile(p, append(append([]byte{}, small...), make([]byte, 100_000)...), 0o644)
		}},
	} {
		for _, p := range []string{cert, filepath.Join(certs, key+".json")} {
			os.Remove(cert)
			os.Remove(filepath.Join(certs, key+".json"))
			if c.name == "padded" && strings.HasSuffix(p, ".json") {
				continue
			}
			if err := c.make(p); err != nil {
				t.Fatal(err)
			}
			if strings.HasSuffix(p, ".tctb") {
				os.WriteFile(filepath.Join(certs, key+".json"), []byte(`{"key":"`+key+`","certificate":{"file":"`+key+`.tctb"}}`), 0o644)
			}
			got := within(t, func() string {
				_, errs := ReadCertificates(certs, nil)
				return errs.Error()
			})
			if want := filepath.Base(p) + ": " + c.want; !strings.Contains(got, want) {
				t.Errorf("%s as %s: ReadCertificates says %q, want %q", filepath.Base(p), c.name, got, want)
			}
			if strings.HasSuffix(p, ".json") {
				continue
			}
			got = within(t, func() string {
				_, _, errs := Verify(s, Options{MaxStates: 1000, MateNodes: 10_000, Certificates: certs})
				return errs.Error()
			})
			if want := "is refused: " + c.want; !strings.Contains(got, want) {
				t.Errorf("%s as %s: Verify says %q, want %q", filepath.Base(p), c.name, got, want)
			}
		}
	}
}

// within runs f, failing the test when it takes more than ten seconds
// (a read that blocks).
func within(t *testing.T, f func() string) string {
	t.Helper()
	done := make(chan string, 1)
	go func() { done <- f() }()
	select {
	case s := <-done:
		return s
	case <-time.After(10 * time.Second):
		t.Fatal("did not return within 10 s")
		return ""
	}
}
