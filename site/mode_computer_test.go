package site

import (
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/verify"
)

// A mode page says the value a certificate's record proves when the
// build does not prove one, as the Solved page says it, and calls its
// computer perfect only where an exact table answers.
func TestModeCertificateAndComputer(t *testing.T) {
	start, err := engine.Parse("x,bk/x,bb/x,bn/x,br/x,x/x,x/wr,x/wn,x/wb,x/wk,x:w", engine.MustPreset("chess"))
	if err != nil {
		t.Fatal(err)
	}
	key, err := verify.CertificateKey(start)
	if err != nil {
		t.Fatal(err)
	}
	record := func(mode string, present, verified bool) verify.Proven {
		pr := verify.Proven{Present: present, Verified: verified}
		pr.Mode, pr.Key = mode, "0000000000000000"
		pr.Result.Result, pr.Result.Winner, pr.Result.DTM, pr.Result.States = "draw", "none", -1, 54859106
		pr.Certificate.File = "38d7c64bd4ecc9d5.tctb"
		return pr
	}
	byKey := record("", false, false)
	byKey.Key = key
	tests := []struct {
		name   string
		proven []verify.Proven
		v      *verify.Verification
		want   string // "" for no certificate
	}{
		{"record of the mode, not in the repository", []verify.Proven{record("thin-2x10", false, false)}, &verify.Verification{Method: solver.Unverified},
			"Draw with best play, proven by the certificate 38d7c64bd4ecc9d5.tctb (54,859,106 positions; its record, not verified by this build: the certificate is not in the repository)."},
		{"record of the start's key", []verify.Proven{byKey}, nil,
			"Draw with best play, proven by the certificate 38d7c64bd4ecc9d5.tctb (54,859,106 positions; its record, not verified by this build: the certificate is not in the repository)."},
		{"verified", []verify.Proven{record("thin-2x10", true, true)}, nil,
			"Draw with best play, proven by the certificate 38d7c64bd4ecc9d5.tctb (54,859,106 positions; verified by this build)."},
		{"another mode's record", []verify.Proven{record("thin-2x8", true, true)}, nil, ""},
		{"solved by the build", []verify.Proven{record("thin-2x10", true, true)}, &verify.Verification{Method: solver.Exact}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &renderer{opt: RenderOptions{Proven: tt.proven}}
			m := &mode.Mode{ID: "thin-2x10", Start: start}
			got := ""
			if pr := r.certificateOf(m, tt.v); pr != nil {
				got = certificateValue(pr)
			}
			if got != tt.want {
				t.Errorf("got %q\nwant %q", got, tt.want)
			}
		})
	}
	r := &renderer{tables: map[string]string{"gardner": "assets/tables/x.play"}}
	bans := engine.MustPreset("1d")
	bans.Bans = true
	for _, c := range []struct {
		m    *mode.Mode
		want bool
	}{
		{&mode.Mode{ID: "gardner", Rules: engine.MustPreset("1d")}, true},
		{&mode.Mode{ID: "thin-2x10", Rules: engine.MustPreset("chess")}, false},
		{&mode.Mode{ID: "ban-1d-12", Rules: bans}, true},
	} {
		if got := r.exactPlay(c.m); got != c.want {
			t.Errorf("%s: exact play %v, want %v", c.m.ID, got, c.want)
		}
	}
}
