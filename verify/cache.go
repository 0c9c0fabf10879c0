package verify

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
)

// Cache keeps solver results on disk between builds, keyed by a hash of
// everything the result depends on (position, rules, solver version and
// limits), so rebuilding an unchanged site re-solves nothing.
type Cache struct {
	Dir string
	// Hits and Misses count lookups, for the build summary; kindMisses
	// counts the misses of each kind.
	Hits, Misses int
	kindMisses   map[string]int
	mu           sync.Mutex
}

// DefaultCacheDir is the user's cache folder for thinchess.
func DefaultCacheDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "thinchess")
	}
	return filepath.Join(os.TempDir(), "thinchess-cache")
}

// Key hashes the parts of a cache key.
func Key(parts ...string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// Get returns the cached bytes under kind/key.
func (c *Cache) Get(kind, key string) ([]byte, bool) {
	if c == nil || c.Dir == "" {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(c.Dir, kind, key))
	c.count(kind, err == nil)
	return data, err == nil
}

// MissesOf counts the lookups of one kind that missed: for "verify", the
// modes and puzzles verified afresh.
func (c *Cache) MissesOf(kind string) int {
	if c == nil {
		return 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.kindMisses[kind]
}

// Put stores bytes under kind/key, atomically. Failures are ignored: a
// cache that cannot be written only costs time.
func (c *Cache) Put(kind, key string, data []byte) {
	if c == nil || c.Dir == "" {
		return
	}
	writeAtomic(filepath.Join(c.Dir, kind), key, data)
}

// writeAtomic writes data to dir/name through a temporary file renamed
// into place, so that readers see the old file or the new one, never a
// part; it reports whether it did.
func writeAtomic(dir, name string, data []byte) bool {
	if os.MkdirAll(dir, 0o755) != nil {
		return false
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return false
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr != nil || cerr != nil || os.Rename(f.Name(), filepath.Join(dir, name)) != nil {
		os.Remove(f.Name())
		return false
	}
	return true
}

// Bundles keep many results in one file, for packs: reading 100,000
// small files costs seconds where one file costs milliseconds. A bundle
// is a folder of the cache holding one file per writer: "all", written
// by a build with exactly the current results, and "shard-K-of-N",
// written by `check --shard K/N` with that shard's share. Reading merges
// them all; writing "all" removes the shards' files it has merged.
const bundleMagic = "thinchess bundle 1\n"

// AllLabel names the bundle file of a whole build.
const AllLabel = "all"

// LoadBundle returns the entries of every file of the bundle name, by
// key, and how many files it read. A damaged file counts as empty.
func (c *Cache) LoadBundle(name string) (map[string][]byte, int) {
	entries := map[string][]byte{}
	n := 0
	for _, p := range c.bundlePaths(name) {
		if data, err := os.ReadFile(p); err == nil && decodeBundle(data, entries) {
			n++
		}
	}
	return entries, n
}

// bundlePaths lists the files of bundle name, not the temporary ones
// being written.
func (c *Cache) bundlePaths(name string) []string {
	if c == nil || c.Dir == "" {
		return nil
	}
	dir := filepath.Join(c.Dir, "bundles", name)
	files, _ := os.ReadDir(dir)
	var paths []string
	for _, f := range files {
		if !strings.HasPrefix(f.Name(), ".") {
			paths = append(paths, filepath.Join(dir, f.Name()))
		}
	}
	return paths
}

// SaveBundle writes the entries as the bundle file label of bundle name,
// atomically; writing AllLabel also removes the bundle's other files.
// Failures are ignored, as with Put.
func (c *Cache) SaveBundle(name, label string, entries map[string][]byte) {
	if c == nil || c.Dir == "" {
		return
	}
	keys := make([]string, 0, len(entries))
	for k := range entries {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	buf := []byte(bundleMagic)
	for _, k := range keys {
		buf = binary.AppendUvarint(buf, uint64(len(k)))
		buf = append(buf, k...)
		buf = binary.AppendUvarint(buf, uint64(len(entries[k])))
		buf = append(buf, entries[k]...)
	}
	if !writeAtomic(filepath.Join(c.Dir, "bundles", name), label, buf) || label != AllLabel {
		return
	}
	for _, p := range c.bundlePaths(name) {
		if filepath.Base(p) != AllLabel {
			os.Remove(p)
		}
	}
}

// decodeBundle adds the entries of one bundle file to entries; it
// reports false, adding nothing, when the file is damaged.
func decodeBundle(data []byte, entries map[string][]byte) bool {
	rest, ok := bytes.CutPrefix(data, []byte(bundleMagic))
	if !ok {
		return false
	}
	found := map[string][]byte{}
	for len(rest) > 0 {
		var k, v []byte
		if k, rest, ok = cutField(rest); !ok {
			return false
		}
		if v, rest, ok = cutField(rest); !ok {
			return false
		}
		found[string(k)] = v
	}
	maps.Copy(entries, found)
	return true
}

// cutField splits a length-prefixed field off the front of data.
func cutField(data []byte) (field, rest []byte, ok bool) {
	n, w := binary.Uvarint(data)
	if w <= 0 || n > uint64(len(data)-w) {
		return nil, nil, false
	}
	return data[w : w+int(n)], data[w+int(n):], true
}

// count records a lookup of kind as a hit or a miss.
func (c *Cache) count(kind string, hit bool) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if hit {
		c.Hits++
		return
	}
	c.Misses++
	if c.kindMisses == nil {
		c.kindMisses = map[string]int{}
	}
	c.kindMisses[kind]++
}
