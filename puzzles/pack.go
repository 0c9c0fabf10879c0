package puzzles

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/thinchess/thinchess/internal/bounded"
	"github.com/thinchess/thinchess/mode"
)

// Diff says what writing a pack changed, puzzle by puzzle id: a puzzle
// is added when the pack did not have its id, changed when its line is
// not the same, removed when the new pack lacks it.
type Diff struct {
	Added, Changed, Removed, Unchanged int
	// Taken are the puzzles left out because a mode file, or an earlier
	// line of the same pack, has their id (at most MaxTaken of them;
	// TakenCount counts them all).
	Taken      []Taken
	TakenCount int
}

// Taken is a puzzle left out of a pack: its id and the file that has the
// id already.
type Taken struct{ ID, Path string }

// MaxTaken bounds Diff.Taken.
const MaxTaken = 100

// Written is the number of puzzles the pack holds.
func (d *Diff) Written() int { return d.Added + d.Changed + d.Unchanged }

// ErrNoPuzzles is returned by WritePack when no puzzle is left to write;
// the pack is then left as it was.
var ErrNoPuzzles = errors.New("no puzzles to write")

var packIDRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// CheckPackID returns an error unless id may name a pack: lower-case
// letters, digits and dashes. WritePack checks it; a command checks it
// too, before its long work.
func CheckPackID(id string) error {
	if !packIDRE.MatchString(id) {
		return fmt.Errorf("pack id %q: want lower-case letters, digits and dashes", id)
	}
	return nil
}

// WritePack writes the puzzles of lines as the pack id of the site in
// dir: dir/packs/ID.jsonl, one puzzle per line in the order of lines, and
// dir/packs/ID.md from h when there is no such file yet (an existing
// header is an author's, and kept, but for its comment naming the
// command that made the puzzles, which follows h.Generator). The data file is written to a
// temporary file beside it and renamed into place at the end, so it is
// never seen half-written, and memory holds a hash of each puzzle's id
// and line, not the lines.
//
// A puzzle whose id a mode file under dir/modes has, or an earlier line
// has, is left out and listed in the diff. An error from lines stops the
// writing and leaves the pack as it was; so does a pack with no puzzle
// (ErrNoPuzzles).
func WritePack(dir, id string, h mode.PackHeader, lines iter.Seq2[*mode.PackLine, error]) (*Diff, error) {
	if err := CheckPackID(id); err != nil {
		return nil, err
	}
	packs := filepath.Join(dir, "packs")
	data := filepath.Join(packs, id+".jsonl")
	modes, err := modeFiles(dir)
	if err != nil {
		return nil, err
	}
	pw := &packWriter{id: id, modes: modes, seed: maphash.MakeSeed(), ids: map[uint64]uint64{}}
	if err := readPackIDs(data, pw.old); err != nil {
		return nil, err
	}
	f, err := createPackTemp(packs, id)
	if err != nil {
		return nil, err
	}
	defer os.Remove(f.Name()) // a no-op once renamed
	w := bufio.NewWriterSize(f, 1<<20)
	d, err := pw.write(w, lines)
	if err != nil {
		f.Close()
		return nil, err
	}
	if d.Written() == 0 {
		f.Close()
		return d, ErrNoPuzzles
	}
	if err := closePackTemp(f, w); err != nil {
		return nil, err
	}
	if err := writePackHeader(filepath.Join(packs, id+".md"), h); err != nil {
		return nil, err
	}
	if err := os.Rename(f.Name(), data); err != nil {
		return nil, err
	}
	return d, nil
}

// packWriter is the state of WritePack while it writes the lines.
//
// ids maps the hash of each puzzle id to the hash of its line in the old
// pack, whose two lowest bits say whether the old pack has the id and
// whether the new one has (inOld, inNew). Hashes rather than ids and
// lines keep a pack of millions in a few tens of megabytes; two ids of
// one hash (about one chance in 10⁷ for 3 million ids) would show up as
// a puzzle left out, never as a wrong line.
type packWriter struct {
	id    string            // the pack's
	modes map[string]string // mode file by puzzle id
	seed  maphash.Seed
	ids   map[uint64]uint64
}

// The low bits of packWriter.ids's values.
const (
	inOld = 1
	inNew = 2
)

// old records a line of the old pack.
func (pw *packWriter) old(id string, line []byte) {
	pw.ids[maphash.String(pw.seed, id)] = maphash.Bytes(pw.seed, line)&^3 | inOld
}

// write writes lines to w, but for those whose id is taken, and returns
// what that changed from the old pack. An error from lines stops it.
func (pw *packWriter) write(w *bufio.Writer, lines iter.Seq2[*mode.PackLine, error]) (*Diff, error) {
	d := &Diff{}
	take := func(id, path string) {
		if len(d.Taken) < MaxTaken {
			d.Taken = append(d.Taken, Taken{id, path})
		}
		d.TakenCount++
	}
	for l, err := range lines {
		if err != nil {
			return nil, err
		}
		if path, ok := pw.modes[l.ID]; ok {
			take(l.ID, path)
			continue
		}
		key := maphash.String(pw.seed, l.ID)
		e := pw.ids[key]
		if e&inNew != 0 {
			take(l.ID, filepath.ToSlash(filepath.Join("packs", pw.id+".jsonl")))
			continue
		}
		line := l.Encode()
		switch {
		case e&inOld == 0:
			d.Added++
		case e&^3 != maphash.Bytes(pw.seed, line)&^3:
			d.Changed++
		default:
			d.Unchanged++
		}
		pw.ids[key] = e | inNew
		w.Write(line)
		w.WriteByte('\n')
	}
	for _, e := range pw.ids {
		if e&3 == inOld {
			d.Removed++
		}
	}
	return d, nil
}

// createPackTemp creates the folder packs if need be, removes the
// temporary files of pack id that earlier runs left, and returns a new
// temporary file for the pack's data beside its data file, locked.
func createPackTemp(packs, id string) (*os.File, error) {
	if err := os.MkdirAll(packs, 0o755); err != nil {
		return nil, err
	}
	sweepTemps(packs, id, time.Now())
	f, err := os.CreateTemp(packs, "."+id+".jsonl.*.tmp")
	if err != nil {
		return nil, err
	}
	if err := lockTemp(f); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return f, nil
}

// closePackTemp flushes w to f, makes f readable by all, syncs and
// closes it.
func closePackTemp(f *os.File, w *bufio.Writer) error {
	err := w.Flush()
	if err == nil {
		err = f.Chmod(0o644)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writePackHeader writes the pack's header file from h when there is
// none; an existing one is an author's, and stays, but for the comment
// naming the command that made the puzzles, which follows h.Generator.
func writePackHeader(header string, h mode.PackHeader) error {
	old, err := bounded.ReadFile(header, mode.MaxFileBytes)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return WriteFileAtomic(header, mode.FormatPackHeader(h))
	case err != nil:
		return err
	}
	if next, ok := replaceGenerator(old, h.Generator); ok {
		return WriteFileAtomic(header, next)
	}
	return nil
}

// generatorPrefix starts the comment of a generated header that names
// the command (see mode.FormatPackHeader).
const generatorPrefix = "# Generated by "

// replaceGenerator returns header with its generator comment naming
// generator, and whether that changed anything: a header without the
// comment (an author's) is left as it is.
func replaceGenerator(header []byte, generator string) ([]byte, bool) {
	if generator == "" {
		return nil, false
	}
	lines := strings.SplitAfter(string(header), "\n")
	if len(lines) < 2 || !strings.HasPrefix(lines[1], generatorPrefix) {
		return nil, false
	}
	_, rest, ok := strings.Cut(lines[1], ";")
	if !ok {
		return nil, false
	}
	next := generatorPrefix + generator + ";" + rest
	if next == lines[1] {
		return nil, false
	}
	lines[1] = next
	return []byte(strings.Join(lines, "")), true
}

// modeFiles returns the ids of the mode files under dir/modes (a mode's
// id is its file name) with their paths relative to dir.
func modeFiles(dir string) (map[string]string, error) {
	ids := map[string]string{}
	root := filepath.Join(dir, "modes")
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			if path == root && errors.Is(err, fs.ErrNotExist) {
				return filepath.SkipDir
			}
			return err
		}
		if !e.IsDir() && strings.HasSuffix(e.Name(), ".md") {
			rel, _ := filepath.Rel(dir, path)
			ids[strings.TrimSuffix(e.Name(), ".md")] = filepath.ToSlash(rel)
		}
		return nil
	})
	return ids, err
}

// readPackIDs calls f with the id and the line of every puzzle of an
// existing pack data file; lines without an id, and lines longer than a
// pack line may be (mode.MaxLineBytes), are skipped. A missing file has
// no puzzles; a named pipe or a device is refused.
func readPackIDs(path string, f func(id string, line []byte)) error {
	file, _, err := bounded.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer file.Close()
	r := bufio.NewReaderSize(file, mode.MaxLineBytes+2)
	for {
		line, err := r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			for err == bufio.ErrBufferFull {
				_, err = r.ReadSlice('\n')
			}
			line = nil
		}
		if line = bytes.TrimSpace(line); len(line) > 0 {
			line = bytes.Clone(line)
			var l struct{ ID string }
			if json.Unmarshal(line, &l) == nil && l.ID != "" {
				f(l.ID, line)
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// WriteFileAtomic writes data to path through a temporary file beside it
// (hidden, so that serve's watcher ignores it), so that a reader never
// sees half of the file and a failure leaves the old one.
func WriteFileAtomic(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name())
	err = lockTemp(f)
	if err == nil {
		_, err = f.Write(data)
	}
	if err == nil {
		err = f.Chmod(0o644)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
