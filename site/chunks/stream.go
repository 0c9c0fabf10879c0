package chunks

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site/publish"
	"github.com/thinchess/thinchess/verify"
)

// SpillName is the spill file's name in the folder NewStream is given (a
// build's stage, which it leaves before the stage becomes the output).
const SpillName = ".thinchess-spill"

// Stream is the puzzles of a build's packs as it streamed them: of each
// verified puzzle a record, the play table it loads, and its
// verification in a spill file. A build reads and verifies its packs a
// batch at a time, keeping each puzzle (Keep), then makes its chunks a
// chunk at a time from the records, each puzzle read back from its
// pack's data file by offset with its verification from the spill file
// (Read).
type Stream struct {
	src   string
	spill *os.File
	w     *bufio.Writer
	size  int64
	err   error
	packs map[*mode.Pack]*Streamed
	// tables are the output paths of the puzzles' play tables, and play
	// their bytes, each table once: byArt finds a table the puzzles of a
	// pack share, byPath one that has the same bytes.
	tables []string
	play   map[string][]byte
	byArt  map[*verify.Artifacts]int32
	byPath map[string]int32
}

// Streamed is one pack as streamed: its records, in the order of its
// data file, and its first puzzle, for thumbnails and the trainer's
// page.
type Streamed struct {
	data    *os.File // the data file, open for reading lines back
	Records []Record
	// First is the pack's first puzzle in its file (nil when it has
	// none), with its verification and its play table's output path
	// ("" for none).
	First      *mode.Mode
	FirstV     *verify.Verification
	FirstTable string
}

// Puzzle is a puzzle read back from a stream: the mode of its line, its
// verification and its play table's output path ("" for none).
type Puzzle struct {
	Mode  *mode.Mode
	V     *verify.Verification
	Table string
}

// NewStream starts the stream of the packs of the site in src, with its
// spill file in the folder dir.
func NewStream(src, dir string) (*Stream, error) {
	f, err := os.Create(filepath.Join(dir, SpillName))
	if err != nil {
		return nil, err
	}
	return &Stream{src: src, spill: f, w: bufio.NewWriterSize(f, 1<<20), packs: map[*mode.Pack]*Streamed{},
		play: map[string][]byte{}, byArt: map[*verify.Artifacts]int32{}, byPath: map[string]int32{}}, nil
}

// Pack is pack p as streamed, nil when s (which may be nil) did not
// stream it.
func (s *Stream) Pack(p *mode.Pack) *Streamed {
	if s == nil {
		return nil
	}
	return s.packs[p]
}

// Tables are the play tables of the streamed puzzles, each once, by
// their output path (TablePath).
func (s *Stream) Tables() map[string][]byte { return s.play }

// Keep returns the function that keeps each verified puzzle of p
// (verify.PackStream.Each), with the cache's encoding of its
// verification (data; nil when the cache does not keep it). The data
// file is opened now, to read lines back later; when it cannot be, the
// read of the pack reports why.
func (s *Stream) Keep(p *mode.Pack) func(*mode.Mode, *verify.Verification, *verify.Artifacts, []byte) {
	sp := &Streamed{}
	s.packs[p] = sp
	if f, err := os.Open(filepath.Join(s.src, filepath.FromSlash(p.DataPath))); err == nil {
		sp.data = f
	}
	return func(m *mode.Mode, v *verify.Verification, a *verify.Artifacts, data []byte) {
		rec := NewRecord(m, v, m.Origin.Line)
		rec.off, rec.size = m.Origin.Offset, int32(m.Origin.Size)
		rec.table = s.table(a)
		rec.voff = s.size
		rec.vsize = int32(s.save(v, data))
		if sp.First == nil {
			sp.First, sp.FirstV = m, v
			if rec.table > 0 {
				sp.FirstTable = s.tables[rec.table-1]
			}
		}
		sp.Records = append(sp.Records, rec)
	}
}

// TablePath is the output path of a play table: named by its content
// alone, so that a table several modes or puzzles share is written once.
func TablePath(play []byte) string {
	return "assets/tables/" + publish.Hash(play)[:16] + ".play"
}

// table returns 1 + the index of the play table of artifacts a, 0 when
// there is none, adding it when it is new.
func (s *Stream) table(a *verify.Artifacts) int32 {
	if a == nil || len(a.Play) == 0 {
		return 0
	}
	if t, ok := s.byArt[a]; ok {
		return t
	}
	name := TablePath(a.Play)
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
func (s *Stream) save(v *verify.Verification, data []byte) int {
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

// spilled is what Read reads of a verification in the spill file: the
// field V of what the cache keeps (the rest, the tables, it has from
// the records).
type spilled struct {
	V *verify.Verification
}

// Finish ends the writing of the spill file, for reading it back (a
// nil s has none).
func (s *Stream) Finish() error {
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

// Close closes the files and removes the spill file (a nil s has none).
func (s *Stream) Close() {
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

// Read reads the puzzles of the records part of pack p back, each from
// its line with its verification. A line that no longer holds its
// puzzle (the file changed during the build) is an error.
func (s *Stream) Read(p *mode.Pack, part []Record) ([]Puzzle, error) {
	sp := s.Pack(p)
	if sp == nil || sp.data == nil {
		return nil, fmt.Errorf("render: %s: the pack's puzzles were not read", p.DataPath)
	}
	puzzles := make([]Puzzle, len(part))
	var line, ver []byte
	for i := range part {
		rec := &part[i]
		line = grow(line, int(rec.size))
		ver = grow(ver, int(rec.vsize))
		if err := readAt(sp.data, line, rec.off); err != nil {
			return nil, fmt.Errorf("render: %s:%d: reading the puzzle again: %v", p.DataPath, rec.Line, err)
		}
		if err := readAt(s.spill, ver, rec.voff); err != nil {
			return nil, fmt.Errorf("render: the build's spill file: %v", err)
		}
		m, errs := p.ParseLine(int(rec.Line), line)
		if m == nil || m.ID != rec.ID {
			return nil, fmt.Errorf("render: %s:%d: the line changed during the build (%v); build again", p.DataPath, rec.Line, errs)
		}
		m.Origin.Offset, m.Origin.Size = rec.off, int(rec.size)
		var sv spilled
		if err := json.Unmarshal(ver, &sv); err != nil || sv.V == nil {
			return nil, fmt.Errorf("render: %s:%d: the puzzle's verification in the spill file: %v", p.DataPath, rec.Line, err)
		}
		sv.V.Key = rec.Key()
		puzzles[i] = Puzzle{Mode: m, V: sv.V}
		if rec.table > 0 {
			puzzles[i].Table = s.tables[rec.table-1]
		}
	}
	return puzzles, nil
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
