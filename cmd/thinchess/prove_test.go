package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/verify"
)

// TestProveCommand writes a certificate, checks it, and checks that a
// damaged one and one of another position are refused.
func TestProveCommand(t *testing.T) {
	dir := t.TempDir()
	const pos = "bk,bn,br,x,x,wr,wn,wk:w"
	code, out, stderr := runCLI("prove", "--out", dir, pos)
	if code != 0 {
		t.Fatalf("prove: exit %d: %s", code, stderr)
	}
	if !strings.Contains(out, "White wins: mate in 6 (11 plies)") {
		t.Errorf("prove says %q", out)
	}
	jsons, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(jsons) != 1 {
		t.Fatalf("records %v, want one", jsons)
	}
	var rec verify.CertificateRecord
	data, err := os.ReadFile(jsons[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatal(err)
	}
	if r := rec.Result; r.Result != "win" || r.Winner != "white" || r.DTM != 11 || r.States == 0 || r.WhiteWins+r.BlackWins+r.Draws != r.States {
		t.Errorf("record %+v", rec)
	}
	if rec.PeakMemory <= 0 || rec.Machine.Cores <= 0 || !strings.Contains(rec.Command, "thinchess prove") {
		t.Errorf("record: memory %d, machine %+v, command %q", rec.PeakMemory, rec.Machine, rec.Command)
	}
	cert := filepath.Join(dir, rec.Certificate.File)
	if st, err := os.Stat(cert); err != nil || st.Size() != int64(rec.Certificate.Bytes) {
		t.Fatalf("certificate %s: %v", cert, err)
	}
	if code, out, stderr := runCLI("prove", "--check", cert, pos); code != 0 || !strings.Contains(out, "verified") {
		t.Fatalf("check: exit %d: %s%s", code, out, stderr)
	}

	good, _ := os.ReadFile(cert)
	bad := append([]byte(nil), good...)
	bad[len(bad)-1] ^= 1
	damaged := filepath.Join(dir, "damaged.tctb")
	os.WriteFile(damaged, bad, 0o644)
	truncated := filepath.Join(dir, "truncated.tctb")
	os.WriteFile(truncated, good[:len(good)-3], 0o644)
	for _, c := range []struct{ file, pos, want string }{
		{damaged, pos, "the certificate is wrong"},
		{truncated, pos, "bad table data"},
		{cert, "bk,br,bn,x,x,wn,wr,wk:w", "does not belong to this start position"},
		{filepath.Join(dir, "missing.tctb"), pos, "no such file"},
	} {
		code, _, stderr := runCLI("prove", "--check", c.file, c.pos)
		if code != 1 || !strings.Contains(stderr, c.want) {
			t.Errorf("check %s of %s: exit %d, %q; want an error saying %q", filepath.Base(c.file), c.pos, code, stderr, c.want)
		}
	}
}
