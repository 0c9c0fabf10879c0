package verify

import (
	"encoding/json"
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
	key, err := CertificateKey(start)
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

// TestReadCertificates checks the records of a certificate folder: a good
// one verified, one without its certificate kept as a record, and damaged
// ones refused with their file and place.
func TestReadCertificates(t *testing.T) {
	dir := t.TempDir()
	const pos = "bk,bn,br,x,x,wr,wn,wk:w"
	start, err := engine.Parse(pos, engine.MustPreset("1d"))
	if err != nil {
		t.Fatal(err)
	}
	tab, err := solver.Solve(start, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, _ := tab.MarshalBinary()
	key, _ := CertificateKey(start)
	st := tab.Stats()
	v, dtm, _ := tab.Probe(start)
	rec := CertificateRecord{
		Position: start.FEN(), Variant: "1d", Key: key,
		Result:      SolveResult{Result: v.String(), Winner: "white", DTM: dtm, States: st.States, Edges: st.Edges, WhiteWins: st.WhiteWins, BlackWins: st.BlackWins, Draws: st.Draws},
		Certificate: CertificateFile{File: key + ".tctb", Bytes: len(data)},
	}
	write := func(name string, v any) {
		b, err := json.MarshalIndent(v, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(key+".json", rec)
	os.WriteFile(filepath.Join(dir, key+".tctb"), data, 0o644)
	cache := &Cache{Dir: t.TempDir()}
	got, errs := ReadCertificates(dir, cache)
	if len(errs) > 0 || len(got) != 1 || !got[0].Present || !got[0].Verified {
		t.Fatalf("a good record: %+v, %v", got, errs)
	}

	// Without its certificate the record stays, unverified.
	os.Remove(filepath.Join(dir, key+".tctb"))
	got, errs = ReadCertificates(dir, cache)
	if len(errs) > 0 || len(got) != 1 || got[0].Present || got[0].Verified {
		t.Fatalf("a record without its certificate: %+v, %v", got, errs)
	}

	os.WriteFile(filepath.Join(dir, key+".tctb"), data, 0o644)
	wrong := rec
	wrong.Result.Draws++
	write(key+".json", wrong)
	if _, errs = ReadCertificates(dir, cache); !strings.Contains(errs.Error(), key+".json:1:1: the record says") {
		t.Errorf("a record that disagrees with its certificate: %v", errs)
	}
	write(key+".json", rec)
	os.WriteFile(filepath.Join(dir, "bad.json"), []byte("{\n  \"key\": 3\n}\n"), 0o644)
	if _, errs = ReadCertificates(dir, cache); !strings.Contains(errs.Error(), "bad.json:2:") {
		t.Errorf("a malformed record: %v", errs)
	}
	os.Remove(filepath.Join(dir, "bad.json"))
	data[len(data)-1] ^= 1
	os.WriteFile(filepath.Join(dir, key+".tctb"), data, 0o644)
	if _, errs = ReadCertificates(dir, cache); !strings.Contains(errs.Error(), "is refused: the certificate is wrong") {
		t.Errorf("a damaged certificate: %v", errs)
	}
}

// TestCheckRecords checks a mode's record against the build's table.
func TestCheckRecords(t *testing.T) {
	v := &Verification{Method: solver.Exact, DTM: 11, States: 1237, Edges: 2672, WhiteWins: 290, BlackWins: 322, Draws: 625}
	rec := Proven{Path: "certificates/x.json", CertificateRecord: CertificateRecord{Mode: "gardner", Result: SolveResult{DTM: 11, States: 1237, Edges: 2672, WhiteWins: 290, BlackWins: 322, Draws: 625}}}
	if errs := CheckRecords([]Proven{rec}, map[string]*Verification{"gardner": v}); len(errs) > 0 {
		t.Errorf("a record that agrees: %v", errs)
	}
	rec.Result.Edges++
	errs := CheckRecords([]Proven{rec}, map[string]*Verification{"gardner": v})
	if !strings.Contains(errs.Error(), "certificates/x.json:1:1: the record says dtm 11, 1237 states, 2673 moves") {
		t.Errorf("a record that disagrees: %v", errs)
	}
	if errs := CheckRecords([]Proven{rec}, map[string]*Verification{"gardner": {Method: solver.ByMateSearch}}); len(errs) > 0 {
		t.Errorf("a mode not solved exactly: %v", errs)
	}
}

// TestCertificateKey checks that the key names the state and rules, not
// the move counters or the preset's name.
func TestCertificateKey(t *testing.T) {
	key := func(preset, pos string) string {
		k, err := CertificateKey(mustParse(t, preset, pos))
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	a := key("1d", "k/n/r/1/1/R/N/K w - - 0 1")
	if b := key("1d", "k/n/r/1/1/R/N/K w - - 7 30"); b != a {
		t.Errorf("the move counters changed the key: %s, %s", a, b)
	}
	if b := key("1d", "k/n/r/1/1/R/N/K b - - 0 1"); b == a {
		t.Errorf("the side to move did not change the key")
	}
	if b := key("chess", "k/n/r/1/1/R/N/K w - - 0 1"); b == a {
		t.Errorf("the rules did not change the key")
	}
	if len(a) != 16 {
		t.Errorf("key %q, want 16 hex digits", a)
	}
}

func mustParse(t *testing.T, preset, pos string) *engine.Position {
	t.Helper()
	p, err := engine.Parse(pos, engine.MustPreset(preset))
	if err != nil {
		t.Fatal(err)
	}
	return p
}
