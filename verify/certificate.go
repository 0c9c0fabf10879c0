package verify

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"

	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// certificatePath is where the certificate of m's start would be, or ""
// when there is no certificate folder or the start has no key.
func certificatePath(m *mode.Mode, opt Options) string {
	if opt.Certificates == "" || m.Start == nil || m.Rules.Bans {
		return ""
	}
	key, err := solver.CertificateKey(m.Start)
	if err != nil {
		return ""
	}
	return filepath.Join(opt.Certificates, key+".tctb")
}

// readCertificate reads the certificate of m's start, with its SHA-256;
// nil when there is none.
func readCertificate(m *mode.Mode, opt Options) ([]byte, string) {
	path := certificatePath(m, opt)
	if path == "" {
		return nil, ""
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, ""
	}
	sum := sha256.Sum256(data)
	return data, hex.EncodeToString(sum[:])
}

// certificateHash is part of a mode's cache key: a new or changed
// certificate verifies the mode again.
func certificateHash(m *mode.Mode, opt Options) string {
	_, sum := readCertificate(m, opt)
	return sum
}

// certificateOracle verifies the certificate of m's start, when it has
// one, and answers from its table. A certificate verified once (by its
// hash) is only read the next time, which still enumerates the states.
// It ships nothing to the page: such tables are too large for a browser.
//
// A certificate that fails its verification is an error of the mode (at
// its claim, or its start when it has none): the author asked for a proof
// that is wrong.
func certificateOracle(m *mode.Mode, opt Options, v *Verification, errs *mode.ErrorList) (solver.Oracle, *Artifacts, string) {
	data, sum := readCertificate(m, opt)
	if data == nil {
		return nil, nil, ""
	}
	key := Key("certificate", solver.Version, sum, m.Start.FEN(), fmt.Sprintf("%+v", *m.Rules))
	var t *solver.Table
	var err error
	if _, ok := opt.Cache.Get("certificates", key); ok {
		t, err = solver.UnmarshalTable(data, m.Start)
	} else if t, err = solver.VerifyCertificate(data, m.Start); err == nil {
		opt.Cache.Put("certificates", key, []byte(sum))
	}
	if err != nil {
		p := m.At("claim")
		if m.Claim == nil {
			p = m.At("start")
		}
		errs.Add(m.Path, p.Line, p.Col, "the certificate %s of this start is refused: %v", certificatePath(m, opt), err)
		return nil, nil, ""
	}
	st := t.Stats()
	v.Method = solver.Exact
	v.States, v.Edges = st.States, st.Edges
	v.Certificate = filepath.Base(certificatePath(m, opt))
	return t, nil, fmt.Sprintf("exact table from the certificate %s: %d states, %d edges, every entry verified", v.Certificate, st.States, st.Edges)
}
