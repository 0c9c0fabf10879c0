package site

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/verify"
)

// A build that writes a folder streams its packs, as a check does: it
// reads and verifies their puzzles a batch at a time and keeps of each
// a record (puzzleRecord), the play table it loads, and its
// verification in a spill file beside the output. Its chunks are then
// made a chunk at a time from the records, each puzzle read back from
// its pack's data file by offset with its verification from the spill
// file, and written into the output as they are made: the build's
// memory does not grow with the packs (but by a record a puzzle).

// spillName is the spill file's name in the build's stage, which it
// leaves before the stage becomes the output.
const spillName = ".thinchess-spill"

// streamedPacks are the puzzles of a build's packs as it streamed them.
type streamedPacks struct {
	src   string
	spill *os.File
	w     *bufio.Writer
	size  int64
	err   error
	packs map[*mode.Pack]*streamedPack
	// tables are the output paths of the puzzles' play tables, and play
	// their bytes, each table once: byArt finds a table the puzzles of a
	// pack share, byPath one that has the same bytes.
	tables []string
	play   map[string][]byte
	byArt  map[*verify.Artifacts]int32
	byPath map[string]int32
}

// streamedPack is one pack as streamed: its records, in the order of
// its data file, and its first puzzle, for thumbnails and the trainer's
// page.
type streamedPack struct {
	data   *os.File // the data file, open for reading lines back
	recs   []puzzleRecord
	first  *mode.Mode
	firstV *verify.Verification
	// firstTable is the first puzzle's play table, "" for none.
	firstTable string
}

// newStreamedPacks starts the streamed packs of the site in src, with
// their spill file in the folder dir.
func newStreamedPacks(src, dir string) (*streamedPacks, error) {
	f, err := os.Create(filepath.Join(dir, spillName))
	if err != nil {
		return nil, err
	}
	return &streamedPacks{src: src, spill: f, w: bufio.NewWriterSize(f, 1<<20), packs: map[*mode.Pack]*streamedPack{},
		play: map[string][]byte{}, byArt: map[*verify.Artifacts]int32{}, byPath: map[string]int32{}}, nil
}

// keep returns the function that keeps each verified puzzle of p
// (verify.PackStream.Each). The data file is opened now, to read lines
// back later; when it cannot be, the read of the pack reports why.
func (s *streamedPacks) keep(p *mode.Pack) func(*mode.Mode, *verify.Verification, *verify.Artifacts, []byte) {
	sp := &streamedPack{}
	s.packs[p] = sp
	if f, err := os.Open(filepath.Join(s.src, filepath.FromSlash(p.DataPath))); err == nil {
		sp.data = f
	}
	return func(m *mode.Mode, v *verify.Verification, a *verify.Artifacts, data []byte) {
		rec := newRecord(m, v)
		rec.line, rec.off, rec.size = int32(m.Origin.Line), m.Origin.Offset, int32(m.Origin.Size)
		rec.table = s.table(a)
		rec.voff = s.size
		rec.vsize = int32(s.save(v, data))
		if sp.first == nil {
			sp.first, sp.firstV = m, v
			if rec.table > 0 {
				sp.firstTable = s.tables[rec.table-1]
			}
		}
		sp.recs = append(sp.recs, rec)
	}
}

// table returns 1 + the index of the play table of artifacts a, 0 when
// there is none, adding it when it is new.
func (s *streamedPacks) table(a *verify.Artifacts) int32 {
	if a == nil || len(a.Play) == 0 {
		return 0
	}
	if t, ok := s.byArt[a]; ok {
		return t
	}
	name := tablePath(a.Play)
	t, ok := s.byPath[name]
	if !ok {
		s.tables = append(s.tables, name)
		s.play[name] = a.Play
		t = int32(len(s.tables))
		s.byPath[name] = t
	}
	s.byArt[a] = t
	return t
}

// save appends a puzzle's verification to the spill file, as the cache
// encodes it (data) or, when it is not kept there, encoded here, and
// returns its length.
func (s *streamedPacks) save(v *verify.Verification, data []byte) int {
	if data == nil {
		var err error
		if data, err = json.Marshal(spilled{V: v}); err != nil && s.err == nil {
			s.err = err
		}
	}
	if _, err := s.w.Write(data); err != nil && s.err == nil {
		s.err = err
	}
	s.size += int64(len(data))
	return len(data)
}

// spilled is what the renderer reads of a verification in the spill
// file: the field V of what the cache keeps (the rest, the tables, it
// has from the records).
type spilled struct {
	V *verify.Verification
}

// finish ends the writing of the spill file, for reading it back (a
// nil s has none).
func (s *streamedPacks) finish() error {
	if s == nil {
		return nil
	}
	if err := s.w.Flush(); err != nil && s.err == nil {
		s.err = err
	}
	if s.err != nil {
		return fmt.Errorf("the build's spill file: %w", s.err)
	}
	return nil
}

// close closes the files and removes the spill file.
func (s *streamedPacks) close() {
	if s == nil {
		return
	}
	for _, sp := range s.packs {
		if sp.data != nil {
			sp.data.Close()
		}
	}
	s.spill.Close()
	os.Remove(s.spill.Name())
}

// views reads the puzzles of the records part of pack p back, each from
// its line with its verification, and returns their views for a chunk.
// A line that no longer holds its puzzle (the file changed during the
// build) is an error.
func (s *streamedPacks) views(r *renderer, p *mode.Pack, part []puzzleRecord) ([]*modeView, error) {
	sp := s.packs[p]
	if sp == nil || sp.data == nil {
		return nil, fmt.Errorf("render: %s: the pack's puzzles were not read", p.DataPath)
	}
	views := make([]*modeView, len(part))
	var line, ver []byte
	for i := range part {
		rec := &part[i]
		line = grow(line, int(rec.size))
		ver = grow(ver, int(rec.vsize))
		if err := readAt(sp.data, line, rec.off); err != nil {
			return nil, fmt.Errorf("render: %s:%d: reading the puzzle again: %v", p.DataPath, rec.line, err)
		}
		if err := readAt(s.spill, ver, rec.voff); err != nil {
			return nil, fmt.Errorf("render: the build's spill file: %v", err)
		}
		m, errs := p.ParseLine(int(rec.line), line)
		if m == nil || m.ID != rec.id {
			return nil, fmt.Errorf("render: %s:%d: the line changed during the build (%v); build again", p.DataPath, rec.line, errs)
		}
		m.Origin.Offset, m.Origin.Size = rec.off, int(rec.size)
		var sv spilled
		if err := json.Unmarshal(ver, &sv); err != nil || sv.V == nil {
			return nil, fmt.Errorf("render: %s:%d: the puzzle's verification in the spill file: %v", p.DataPath, rec.line, err)
		}
		sv.V.Key = rec.keyText()
		table := ""
		if rec.table > 0 {
			table = s.tables[rec.table-1]
		}
		mv, err := r.viewOf(m, sv.V, nil, table)
		if err != nil {
			return nil, err
		}
		views[i] = mv
	}
	return views, nil
}

// grow returns b with length n, reusing its array when it is long
// enough.
func grow(b []byte, n int) []byte {
	if cap(b) >= n {
		return b[:n]
	}
	return make([]byte, n)
}

// readAt fills b from f at off.
func readAt(f *os.File, b []byte, off int64) error {
	n, err := f.ReadAt(b, off)
	if n == len(b) {
		return nil
	}
	if err == nil {
		err = errors.New("short read")
	}
	return err
}
