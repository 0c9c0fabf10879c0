package verify

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// TestVerifyWithCertificate checks a mode too large for the budget: not
// verified without a certificate, solved exactly from a good one, and an
// error on a damaged one.
func TestVerifyWithCertificate(t *testing.T) {
	text, err := os.ReadFile("../modes/1d-chess/1d-12.md")
	if err != nil {
		t.Fatal(err)
	}
	src := t.TempDir()
	dir := filepath.Join(src, "modes", "1d-chess")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "1d-12.md"), text, 0o644); err != nil {
		t.Fatal(err)
	}
	s, errs := mode.Load(src)
	if len(errs.Errors()) > 0 {
		t.Fatal(errs)
	}
	certs := filepath.Join(src, "certificates")
	opt := Options{MaxStates: 1000, MateNodes: 10_000, Cache: &Cache{Dir: t.TempDir()}, Certificates: certs}
	verifyOne := func() (*Verification, mode.ErrorList) {
		results, _, errs := Verify(s, opt)
		return results["1d-12"], errs
	}

	v, errs := verifyOne()
	if v.Method != solver.Unverified || !strings.Contains(errs.Error(), "claim not verified") {
		t.Fatalf("without a certificate: %+v, %v", v, errs)
	}

	start := s.Modes[0].Start
	tab, err := solver.Solve(start, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := tab.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	key, err := solver.CertificateKey(start)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(certs, 0o755); err != nil {
		t.Fatal(err)
	}
	cert := filepath.Join(certs, key+".tctb")
	if err := os.WriteFile(cert, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for run := range 2 { // the second run answers from the cache
		v, errs = verifyOne()
		if len(errs) > 0 || v.Method != solver.Exact || !v.Verified || v.Value != engine.Drawn || v.States != 457752 || v.Certificate != key+".tctb" {
			t.Fatalf("run %d with the certificate: %+v, %v", run, v, errs)
		}
	}

	data[len(data)-1] ^= 1
	if err := os.WriteFile(cert, data, 0o644); err != nil {
		t.Fatal(err)
	}
	v, errs = verifyOne()
	if v.Method == solver.Exact || !strings.Contains(errs.Error(), "of this start is refused: the certificate is wrong") {
		t.Fatalf("with a damaged certificate: %+v, %v", v, errs)
	}
}
