package site

import (
	"fmt"

	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/verify"
)

// What a mode page says about its computer and about a value that only
// a certificate proves.

// exactPlay reports whether the computer of m answers from an exact
// table: the mode's own (shipped with the page), or, under Ban Chess,
// the one the engine solves at its first action.
func (r *renderer) exactPlay(m *mode.Mode) bool { return exactTable(m, r.tables[m.ID]) }

// exactTable is exactPlay of m with the play table table ("" for none).
func exactTable(m *mode.Mode, table string) bool {
	return table != "" || (m.Rules != nil && m.Rules.Bans)
}

// certificateOf returns the certificate record of m's start when the
// build did not solve it exactly itself (the Solved page's row of a
// record that names the mode, or whose key is its start's), nil when
// there is none.
func (r *renderer) certificateOf(m *mode.Mode, v *verify.Verification) *verify.Proven {
	if (v != nil && v.Method == solver.Exact) || m.Start == nil || m.Puzzle != nil {
		return nil
	}
	key, _ := verify.CertificateKey(m.Start)
	for i := range r.opt.Proven {
		pr := &r.opt.Proven[i]
		if pr.Mode == m.ID || (key != "" && pr.Key == key) {
			return pr
		}
	}
	return nil
}

// certificateValue is the value a certificate's record proves, and where
// it comes from, as the Solved page says it: "Draw with best play,
// proven by the certificate 38d7….tctb (54,859,106 positions; its
// record, not verified by this build: the certificate is not in the
// repository)."
func certificateValue(pr *verify.Proven) string {
	how := "verified by this build"
	switch {
	case pr.Verified:
	case pr.Present:
		how = "its record; the certificate is here but this build did not verify it (thinchess prove --check does)"
	default:
		how = "its record, not verified by this build: the certificate is not in the repository"
	}
	return fmt.Sprintf("%s, proven by the certificate %s (%s positions; %s).", recordValue(pr), pr.Certificate.File, thousands(pr.Result.States), how)
}
