package mode

import (
	"bufio"
	"bytes"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"path"
	"path/filepath"

	"github.com/thinchess/thinchess/internal/bounded"
	"github.com/thinchess/thinchess/internal/par"
)

// A pack's data file is read a batch of lines at a time, never whole:
// the memory a read takes does not grow with the pack (a million lines
// cost what a few thousand do), and a shard of a check reads only its
// own share of the bytes.

// BatchLines is how many lines of a pack a read parses at once, on every
// core, before it hands the puzzles on.
const BatchLines = 4096

// ReadOptions say what ReadPuzzles reads and where its problems go.
type ReadOptions struct {
	// Shard K of Shards (from 1), when Shards > 1, reads only the lines
	// that start in the K-th Shards-th of the file's bytes: the shards
	// of a file hold each of its lines once.
	Shard, Shards int
	// Memo, when not nil, gives back the puzzles a recent load parsed
	// from the same lines (see LoadMemo).
	Memo *Memo
	// IDs, when not nil, are the puzzle ids read so far: a puzzle whose
	// id is among them is an error and left out, and each id read joins
	// them. Only a read of the whole file may have it.
	IDs *IDSet
	// Errs keeps the problems, of reading and those fn returns.
	Errs *Bounded
}

// ReadPuzzles reads the puzzles of the span of p's data file under src,
// BatchLines lines at a time, parses each batch on every core and calls
// fn with its puzzles in file order. The problems of reading and those
// fn returns for the batch go to opt.Errs, with lines numbered from the
// start of the file: a shard that starts later counts the lines before it
// only when a problem needs its line number, so a shard without problems
// reads its share alone. A puzzle's Origin.Line counts from the shard's
// first line. ReadPuzzles returns the lines read, and an error only
// when the file cannot be opened or read (also reported at the pack's
// header).
func (p *Pack) ReadPuzzles(src string, opt ReadOptions, fn func(batch []*Mode) ErrorList) (int, error) {
	name := filepath.Join(src, filepath.FromSlash(p.DataPath))
	// Refused before it is opened: a named pipe, a device, a socket (even
	// behind a symbolic link), which could block or never end.
	f, _, err := bounded.Open(name)
	if err != nil {
		return 0, p.readError(err, opt.Errs)
	}
	defer f.Close()
	r := &packReader{p: p, f: f, opt: opt, base: -1, key: opt.Memo.keys(p)}
	if r.in, r.from, err = shardReader(f, opt.Shard, opt.Shards); err != nil {
		return 0, p.readError(err, opt.Errs)
	}
	for {
		lines, err := r.batch()
		if err != nil {
			return r.n, p.readError(err, opt.Errs)
		}
		if lines == nil {
			return r.n, nil
		}
		puzzles, errs := r.parse(lines)
		errs = append(errs, fn(puzzles)...)
		if err := r.number(errs); err != nil {
			return r.n, p.readError(err, opt.Errs)
		}
		opt.Errs.Add(errs)
	}
}

// readError reports a file that cannot be read at the pack's header, as
// the error it returns.
func (p *Pack) readError(err error, errs *Bounded) error {
	e := &Error{Path: p.Path, Line: 1, Col: 1, Msg: fmt.Sprintf("the pack's puzzles %s: %s", path.Base(p.DataPath), sourceError(err, "", 0))}
	errs.Add(ErrorList{e})
	return e
}

// shardReader returns a reader of shard k of n of f's lines (all of
// them when n ≤ 1), from the first line that starts in its share of the
// bytes to the end of the last, and where that first line starts.
func shardReader(f *os.File, k, n int) (io.Reader, int64, error) {
	if n <= 1 {
		return f, 0, nil
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	size := fi.Size()
	from, err := lineStart(f, size*int64(k-1)/int64(n), size)
	if err != nil {
		return nil, 0, err
	}
	to, err := lineStart(f, size*int64(k)/int64(n), size)
	if err != nil {
		return nil, 0, err
	}
	return io.NewSectionReader(f, from, max(0, to-from)), from, nil
}

// lineStart returns where the first line of f that starts at byte at or
// later starts (size when none does): at, when the byte before it ends
// a line, else just after the next end of a line.
func lineStart(f *os.File, at, size int64) (int64, error) {
	if at <= 0 {
		return 0, nil
	}
	buf := make([]byte, 64<<10)
	for off := at - 1; off < size; {
		n, err := f.ReadAt(buf, off)
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return off + int64(i) + 1, nil
		}
		off += int64(n)
		if err == io.EOF {
			break
		}
		if err != nil {
			return 0, err
		}
	}
	return size, nil
}

// packReader is one ReadPuzzles under way.
type packReader struct {
	p   *Pack
	f   *os.File
	opt ReadOptions
	in  io.Reader
	br  *bufio.Reader
	// from is where the span's first line starts in the file.
	from int64
	// n is the lines read so far; base the lines of the file before the
	// span (-1 until a problem needs it).
	n, base int
	// pos is where the next line starts in the file.
	pos int64
	key func([]byte) lineKey
}

// batchLine is one line of a batch: its number in the span (from 1),
// where its text starts in the file, and its bytes, or how long it was
// when too long to keep.
type batchLine struct {
	n    int
	off  int64
	text []byte
	long int
}

// batch reads the next BatchLines lines (nil at the end of the span).
// A line longer than MaxLineBytes is read to its end but not kept.
func (r *packReader) batch() ([]batchLine, error) {
	if r.br == nil {
		r.br = bufio.NewReaderSize(r.in, MaxLineBytes+2)
	}
	var lines []batchLine
	var arena []byte
	for len(lines) < BatchLines {
		text, err := r.br.ReadSlice('\n')
		long := 0
		for err == bufio.ErrBufferFull {
			long += len(text)
			text, err = r.br.ReadSlice('\n')
		}
		if len(text) == 0 && err == io.EOF {
			break
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		r.n++
		off := r.from + r.pos
		r.pos += int64(long + len(text))
		if r.n == 1 && r.from == 0 {
			trimmed := trimBOM(text)
			off += int64(len(text) - len(trimmed))
			text = trimmed
		}
		text = bytes.TrimRight(text, "\r\n")
		switch {
		case long > 0:
			lines = append(lines, batchLine{n: r.n, off: off, long: long + len(text)})
		case len(bytes.TrimSpace(text)) > 0:
			start := len(arena)
			arena = append(arena, text...)
			lines = append(lines, batchLine{n: r.n, off: off, text: arena[start:len(arena):len(arena)]})
		}
		if err == io.EOF {
			break
		}
	}
	return lines, nil // nil only at the end: blank lines do not fill a batch
}

// parse turns a batch's lines into puzzles on every core, leaving out
// lines with errors and, with opt.IDs, puzzles whose id was read before.
func (r *packReader) parse(lines []batchLine) ([]*Mode, ErrorList) {
	p, memo := r.p, r.opt.Memo
	type parsed struct {
		m    *Mode
		key  lineKey
		errs ErrorList
	}
	done := make([]parsed, len(lines))
	par.Each(len(lines), func(i int) {
		l, d := lines[i], &done[i]
		if l.long > 0 || len(l.text) > MaxLineBytes {
			d.errs.Add(p.DataPath, l.n, 0, "the line is %d bytes: a puzzle's line may be at most %d (64 KiB)", max(l.long, len(l.text)), MaxLineBytes)
			return
		}
		d.key = r.key(l.text)
		if old := memo.find(p, l.text, d.key); old != nil {
			d.m = p.reuse(old, l.n)
		} else {
			d.m = p.parseLine(l.n, l.text, &d.errs)
		}
		if d.m != nil {
			d.m.Origin.Offset, d.m.Origin.Size = l.off, len(l.text)
		}
	})
	var puzzles []*Mode
	var errs ErrorList
	for _, d := range done {
		errs = append(errs, d.errs...)
		if d.m == nil {
			continue
		}
		if r.opt.IDs != nil && !r.opt.IDs.add(d.m, &errs) {
			continue
		}
		puzzles = append(puzzles, d.m)
		if memo != nil {
			memo.lines.Put(d.key, d.m)
		}
	}
	return puzzles, errs
}

// number turns the lines of the data file's problems, counted from the
// span's first line, into lines of the file, counting the lines before
// the span the first time a problem needs it.
func (r *packReader) number(errs ErrorList) error {
	if len(errs) == 0 {
		return nil
	}
	if r.base < 0 {
		n, err := countLines(r.f, r.from)
		if err != nil {
			return err
		}
		r.base = n
	}
	for _, e := range errs {
		if e.Path == r.p.DataPath && e.Line > 0 {
			e.Line += r.base
		}
	}
	return nil
}

// ParseLine parses text, the line n (from 1) of p's data file, as
// ReadPuzzles does, and returns its puzzle, or nil and its problems: a
// build reads a puzzle again by the offset and size ReadPuzzles gave it
// (Origin.Offset, Origin.Size), instead of keeping it.
func (p *Pack) ParseLine(n int, text []byte) (*Mode, ErrorList) {
	var errs ErrorList
	m := p.parseLine(n, text, &errs)
	return m, errs
}

// countLines counts the lines of f before byte at, where a line starts.
func countLines(f *os.File, at int64) (int, error) {
	buf := make([]byte, 1<<20)
	n := 0
	for off := int64(0); off < at; {
		k, err := f.ReadAt(buf[:min(int64(len(buf)), at-off)], off)
		n += bytes.Count(buf[:k], []byte{'\n'})
		off += int64(k)
		if err != nil && off < at {
			return 0, err
		}
	}
	return n, nil
}

// IDSet is the puzzle ids a load has read, by a 64-bit hash of each and
// where it was read: about 16 bytes an id, not the ids themselves. Two
// ids that share a hash (about one chance in 10^7 among ten million) are
// taken for the same.
type IDSet struct {
	seed  maphash.Seed
	modes map[string]string // the modes' ids and their paths
	at    map[uint64]idAt
	packs []*Pack
}

// idAt is where an id was read: a line of the data file of packs[pack].
type idAt struct {
	pack int32
	line int32
}

// NewIDSet returns a set holding the ids of modes.
func NewIDSet(modes []*Mode) *IDSet {
	s := &IDSet{seed: maphash.MakeSeed(), modes: map[string]string{}, at: map[uint64]idAt{}}
	for _, m := range modes {
		s.modes[m.ID] = m.Path
	}
	return s
}

// add adds the id of m, a puzzle of a pack read whole, and reports true,
// or reports false after adding an error when the id was read before.
func (s *IDSet) add(m *Mode, errs *ErrorList) bool {
	if prev, ok := s.modes[m.ID]; ok {
		errs.Add(m.Path, m.Origin.Line, m.At("id").Col, "duplicate puzzle id %q: the mode %s has it too", m.ID, prev)
		return false
	}
	h := maphash.String(s.seed, m.ID)
	if prev, ok := s.at[h]; ok {
		errs.Add(m.Path, m.Origin.Line, m.At("id").Col, "duplicate puzzle id %q: %s:%d has it too", m.ID, s.packs[prev.pack].DataPath, prev.line)
		return false
	}
	p := m.Origin.Pack
	if len(s.packs) == 0 || s.packs[len(s.packs)-1] != p {
		s.packs = append(s.packs, p)
	}
	s.at[h] = idAt{pack: int32(len(s.packs) - 1), line: int32(m.Origin.Line)}
	return true
}
