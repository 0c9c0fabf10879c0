package verify

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"sync"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/bounded"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// CertificateKey names what a certificate of start proves: 16 hex
// digits of the SHA-256 of solver.Identity (the solver version, the state
// and the board and rules), the name of its files in a certificate
// folder.
func CertificateKey(start *engine.Position) (string, error) {
	id, err := solver.Identity(start)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:])[:16], nil
}

// certIndex is a certificate folder as one Verify run sees it: the names
// of its certificates, listed once, and the SHA-256 of each, read once
// and only for a mode whose start it proves. With no certificates, the
// modes (a corpus of puzzles among them) cost nothing.
type certIndex struct {
	dir   string
	files map[string]*certFile // by key
}

type certFile struct {
	once sync.Once
	sum  string // "" when it cannot be read
	err  error  // why it cannot be read
}

func newCertIndex(dir string) *certIndex {
	x := &certIndex{dir: dir, files: map[string]*certFile{}}
	if dir == "" {
		return x
	}
	names, _ := filepath.Glob(filepath.Join(dir, "*.tctb"))
	for _, n := range names {
		x.files[strings.TrimSuffix(filepath.Base(n), ".tctb")] = &certFile{}
	}
	return x
}

// find returns the certificate of m's start and its SHA-256, or "", ""
// when there is none; a certificate that cannot be read has its path,
// no sum and the error.
func (x *certIndex) find(m *mode.Mode) (path, sum string, err error) {
	if x == nil || len(x.files) == 0 || m.Start == nil || m.Rules.Bans {
		return "", "", nil
	}
	key, err := CertificateKey(m.Start)
	f := x.files[key]
	if err != nil || f == nil {
		return "", "", nil
	}
	path = filepath.Join(x.dir, key+".tctb")
	f.once.Do(func() {
		var data []byte
		if data, f.err = ReadCertificate(path); f.err == nil {
			s := sha256.Sum256(data)
			f.sum = hex.EncodeToString(s[:])
		}
	})
	return path, f.sum, f.err
}

// ReadCertificate reads a certificate file: a regular file (a named pipe
// or a device is refused before it is opened) whose size is what its
// header's counts of states need (see solver.TableBytes), checked
// before the rest is read.
func ReadCertificate(name string) ([]byte, error) {
	f, fi, err := bounded.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	prefix := make([]byte, solver.TableHeaderBytes)
	n, err := io.ReadFull(f, prefix)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil, err
	}
	prefix = prefix[:n]
	lo, hi, err := solver.TableBytes(prefix)
	if err != nil {
		return nil, err
	}
	if size := fi.Size(); size < lo || size > hi {
		return nil, fmt.Errorf("the file is %d bytes, but its header's counts of states need from %d to %d: truncated, padded or not this table", size, lo, hi)
	}
	rest, err := bounded.Read(f, name, fi.Size()-int64(n), hi-int64(n))
	if err != nil {
		return nil, err
	}
	return append(prefix, rest...), nil
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
	path, sum, err := opt.certs.find(m)
	if path == "" {
		return nil, nil, ""
	}
	key := Key("certificate", solver.Version, sum, m.Start.FEN(), fmt.Sprintf("%+v", *m.Rules))
	var data []byte
	if err == nil {
		data, err = ReadCertificate(path)
	}
	var t *solver.Table
	if err == nil {
		if _, ok := opt.Cache.Get("certificates", key); ok {
			t, err = solver.UnmarshalTable(data, m.Start)
		} else if t, err = solver.VerifyCertificate(data, m.Start); err == nil {
			opt.Cache.Put("certificates", key, []byte(sum))
		}
	}
	if err != nil {
		p := m.At("claim")
		if m.Claim == nil {
			p = m.At("start")
		}
		errs.Add(m.Path, p.Line, p.Col, "the certificate %s of this start is refused: %s", path, bounded.Reason(err))
		return nil, nil, ""
	}
	st := t.Stats()
	v.Method = solver.Exact
	v.setCounts(st)
	v.Certificate = filepath.Base(path)
	return t, nil, fmt.Sprintf("exact table from the certificate %s: %d states, %d edges, every entry verified", v.Certificate, st.States, st.Edges)
}

// certificateSum is part of a mode's cache key: a new or changed
// certificate verifies the mode again.
func certificateSum(m *mode.Mode, opt Options) string {
	_, sum, _ := opt.certs.find(m)
	return sum
}

// SolveResult is what `thinchess solve --json` prints, and the result in
// a certificate's record: the start's value for its side to move and the
// counts of its table.
type SolveResult struct {
	Result    string    `json:"result"`
	Winner    string    `json:"winner"`
	DTM       int       `json:"dtm"`
	States    int       `json:"states"`
	Edges     int       `json:"edges"`
	WhiteWins int       `json:"white_wins"`
	BlackWins int       `json:"black_wins"`
	Draws     int       `json:"draws"`
	Terminals Terminals `json:"terminals"`
	Best      []string  `json:"best"`
	PV        []string  `json:"pv"`
	Seconds   float64   `json:"seconds"`
}

// Terminals counts the terminal states by kind.
type Terminals struct {
	Mate         int `json:"mate"`
	Stalemate    int `json:"stalemate"`
	Insufficient int `json:"insufficient"`
	Race         int `json:"race"`
}

// CertificateRecord is KEY.json, written by `thinchess prove` beside the
// certificate KEY.tctb: what was solved, the result, and how (time,
// memory, machine, command).
type CertificateRecord struct {
	Position string         `json:"position"`
	Title    string         `json:"title,omitempty"`
	Variant  string         `json:"variant"`
	Rules    map[string]any `json:"rules,omitempty"`
	// Mode is the id of the mode file solved, "" for a position.
	Mode          string          `json:"mode,omitempty"`
	Key           string          `json:"key"`
	Result        SolveResult     `json:"result"`
	PeakMemory    int64           `json:"peak_memory_bytes"`
	BytesPerState float64         `json:"bytes_per_state"`
	Machine       Machine         `json:"machine"`
	Command       string          `json:"command"`
	Solved        string          `json:"solved"`
	Certificate   CertificateFile `json:"certificate"`
}

// Machine is where a certificate was made.
type Machine struct {
	CPU   string `json:"cpu"`
	Cores int    `json:"cores"`
	OS    string `json:"os"`
	Go    string `json:"go"`
}

// CertificateFile names a certificate and its content.
type CertificateFile struct {
	File   string `json:"file"`
	Bytes  int    `json:"bytes"`
	SHA256 string `json:"sha256"`
}

// Proven is a record of the certificate folder as the build found it.
type Proven struct {
	Path string // the record's file
	CertificateRecord
	// Present is true when the certificate is in the folder; Verified
	// when the build verified it (for a mode's start: through the mode)
	// and found the record's counts in it.
	Present, Verified bool
}

// ReadCertificates reads the records of a certificate folder (sorted by
// file name) and verifies each present certificate of a position without
// rule overrides against its record: a certificate that fails, or whose
// table disagrees with its record, is an error of the record. Records of
// modes are left to the modes' verification. A missing folder has no
// records.
func ReadCertificates(dir string, cache *Cache) ([]Proven, mode.ErrorList) {
	var errs mode.ErrorList
	names, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var out []Proven
	for _, name := range names {
		data, err := bounded.ReadFile(name, mode.MaxFileBytes)
		if err != nil {
			errs.Add(name, 0, 0, "%s", bounded.Reason(err))
			continue
		}
		var rec CertificateRecord
		if err := json.Unmarshal(data, &rec); err != nil {
			line, col := jsonPlace(data, err)
			errs.Add(name, line, col, "not a certificate record: %v", err)
			continue
		}
		pr := Proven{Path: name, CertificateRecord: rec}
		cert := filepath.Join(dir, rec.Certificate.File)
		if rec.Certificate.File != rec.Key+".tctb" {
			errs.Add(name, 1, 1, "the record's certificate is %q, want %q (the record's key)", rec.Certificate.File, rec.Key+".tctb")
			continue
		}
		cdata, err := ReadCertificate(cert)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs.Add(cert, 0, 0, "%s", bounded.Reason(err))
			continue
		}
		pr.Present = err == nil
		if pr.Present && rec.Mode == "" && len(rec.Rules) == 0 {
			if err := verifyRecord(&rec, cdata, cache); err != nil {
				errs.Add(name, 1, 1, "%v", err)
				continue
			}
			pr.Verified = true
		}
		out = append(out, pr)
	}
	return out, errs
}

// verifyRecord verifies a certificate of a position under its variant's
// preset and checks the record's counts against it (once per certificate
// and record: the result is cached by their hashes).
func verifyRecord(rec *CertificateRecord, data []byte, cache *Cache) error {
	r, err := engine.Preset(rec.Variant)
	if err != nil {
		return fmt.Errorf("variant: %v", err)
	}
	start, err := engine.Parse(rec.Position, r)
	if err != nil {
		return fmt.Errorf("position: %v", err)
	}
	if key, err := CertificateKey(start); err != nil || key != rec.Key {
		return fmt.Errorf("the record's key %s is not the key of its position (%s)", rec.Key, key)
	}
	sum := sha256.Sum256(data)
	recJSON, _ := json.Marshal(rec)
	key := Key("certificate-record", solver.Version, hex.EncodeToString(sum[:]), string(recJSON))
	if _, ok := cache.Get("certificates", key); ok {
		return nil
	}
	t, err := solver.VerifyCertificate(data, start)
	if err != nil {
		return fmt.Errorf("the certificate %s is refused: %v", rec.Certificate.File, err)
	}
	st := t.Stats()
	v, dtm, _ := t.Probe(start)
	const counts = "%s, %d, %d, %d, %d, %d, %d"
	got := fmt.Sprintf(counts, v, dtm, st.States, st.Edges, st.WhiteWins, st.BlackWins, st.Draws)
	res := rec.Result
	if want := fmt.Sprintf(counts, res.Result, res.DTM, res.States, res.Edges, res.WhiteWins, res.BlackWins, res.Draws); got != want {
		return fmt.Errorf("the record says %s (value, dtm, states, edges, white wins, black wins, draws), its certificate %s", want, got)
	}
	cache.Put("certificates", key, []byte("ok"))
	return nil
}

// jsonPlace finds the line and column of a JSON decoding error.
func jsonPlace(data []byte, err error) (line, col int) {
	off := -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = int(se.Offset)
	case errors.As(err, &te):
		off = int(te.Offset)
	}
	if off < 0 {
		return 1, 1
	}
	line, col = 1, 1
	for _, b := range data[:min(off, len(data))] {
		if b == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

// CheckRecords compares the record of each mode the build solved itself
// with the build's table: a record whose counts or distance differ (made
// by another solver, or edited) is an error of the record.
func CheckRecords(proven []Proven, results map[string]*Verification) mode.ErrorList {
	var errs mode.ErrorList
	for _, pr := range proven {
		v := results[pr.Mode]
		if pr.Mode == "" || v == nil || v.Method != solver.Exact || v.Certificate != "" {
			continue
		}
		const counts = "dtm %d, %d states, %d moves, %d won by White, %d by Black, %d drawn"
		res := pr.Result
		got := fmt.Sprintf(counts, v.DTM, v.States, v.Edges, v.WhiteWins, v.BlackWins, v.Draws)
		if want := fmt.Sprintf(counts, res.DTM, res.States, res.Edges, res.WhiteWins, res.BlackWins, res.Draws); got != want {
			errs.Add(pr.Path, 1, 1, "the record says %s; the build's table of the mode %s has %s", want, pr.Mode, got)
		}
	}
	return errs
}
