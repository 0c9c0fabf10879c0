package verify

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
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
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		c.Misses++
		if c.kindMisses == nil {
			c.kindMisses = map[string]int{}
		}
		c.kindMisses[kind]++
		return nil, false
	}
	c.Hits++
	return data, true
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
	dir := filepath.Join(c.Dir, kind)
	if os.MkdirAll(dir, 0o755) != nil {
		return
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if werr != nil || cerr != nil || os.Rename(f.Name(), filepath.Join(dir, key)) != nil {
		os.Remove(f.Name())
	}
}
