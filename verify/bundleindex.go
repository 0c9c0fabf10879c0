package verify

import (
	"bufio"
	"encoding/binary"
	"errors"
	"io"
	"maps"
	"os"
)

// A PackStream does not read its pack's bundle into memory, as Verify
// does: a million puzzles' results are about 0.5 GB. It reads where
// each entry lies in the bundle's files (a bundleIndex, about 100 bytes
// an entry) and an entry only when a puzzle asks for it, so that a warm
// check or build of a pack of any length stays within the memory of a
// cold one.

// bundleIndex is where the entries of a bundle's files lie, by key, and
// those files, open for reading entries.
type bundleIndex struct {
	at    map[string]bundleSpan
	files []*os.File
}

// bundleSpan is where one entry's data lies: in files[file], size bytes
// from off.
type bundleSpan struct {
	file int32
	size int32
	off  int64
}

// indexBundle reads where the entries of every file of the bundle name
// lie, as LoadBundle reads the entries, and how many files it read. A
// damaged file counts as empty.
func (c *Cache) indexBundle(name string) (*bundleIndex, int) {
	ix := &bundleIndex{at: map[string]bundleSpan{}}
	for _, p := range c.bundlePaths(name) {
		f, err := os.Open(p)
		if err != nil {
			continue
		}
		found, err := scanBundle(f, int32(len(ix.files)))
		if err != nil {
			f.Close()
			continue
		}
		maps.Copy(ix.at, found)
		ix.files = append(ix.files, f)
	}
	return ix, len(ix.files)
}

// scanBundle returns where the entries of the bundle file f lie, its
// number being file, or an error when f is damaged.
func scanBundle(f *os.File, file int32) (map[string]bundleSpan, error) {
	r := &countingReader{r: bufio.NewReaderSize(f, 1<<20)}
	magic := make([]byte, len(bundleMagic))
	if _, err := io.ReadFull(r, magic); err != nil || string(magic) != bundleMagic {
		return nil, errors.New("not a bundle")
	}
	found := map[string]bundleSpan{}
	for {
		n, err := binary.ReadUvarint(r)
		if err == io.EOF {
			return found, nil
		}
		if err != nil || n > 1<<16 {
			return nil, errors.New("damaged key")
		}
		key := make([]byte, n)
		if _, err := io.ReadFull(r, key); err != nil {
			return nil, err
		}
		size, err := binary.ReadUvarint(r)
		if err != nil || size > 1<<30 {
			return nil, errors.New("damaged entry")
		}
		off := r.n
		if d, err := r.r.Discard(int(size)); err != nil || d != int(size) {
			return nil, errors.New("truncated entry")
		}
		r.n += int64(size)
		found[string(key)] = bundleSpan{file: file, size: int32(size), off: off}
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r *bufio.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

func (c *countingReader) ReadByte() (byte, error) {
	b, err := c.r.ReadByte()
	if err == nil {
		c.n++
	}
	return b, err
}

// get reads the entry key, reporting false when there is none or it
// cannot be read.
func (ix *bundleIndex) get(key string) ([]byte, bool) {
	s, ok := ix.at[key]
	if !ok {
		return nil, false
	}
	data := make([]byte, s.size)
	if n, _ := ix.files[s.file].ReadAt(data, s.off); n != len(data) {
		return nil, false
	}
	return data, true
}

// close closes the files.
func (ix *bundleIndex) close() {
	if ix == nil {
		return
	}
	for _, f := range ix.files {
		f.Close()
	}
}
