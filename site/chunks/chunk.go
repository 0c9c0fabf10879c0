package chunks

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"iter"
	"maps"
	"slices"
	"strconv"

	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site/publish"
	"github.com/thinchess/thinchess/verify"
)

// Chunk is one chunk of puzzles: its bytes (nil once a build wrote them
// into its output), its size, its entry in the index (with its URL) and
// the play tables its puzzles load.
type Chunk struct {
	Data   []byte
	Size   int
	Index  wire.ChunkIndex
	Tables []string
}

// Make returns chunk number n (from 0) of a pack, given the entries of
// its puzzles in order, with its entry in the index: its URL (named by
// its bytes), its ratings, and its puzzles' families, kinds, themes and
// tables.
func Make(pack string, n int, entries wire.Chunk) (*Chunk, error) {
	c := &Chunk{Index: wire.ChunkIndex{Pack: pack, N: len(entries), Lo: entries[0].Rating, Hi: entries[len(entries)-1].Rating, Themes: map[string]int{}, Kinds: map[string]int{}}}
	fam, tables := map[string]bool{}, map[string]bool{}
	for i := range entries {
		e := &entries[i]
		fam[e.Family] = true
		c.Index.Kinds[e.Kind]++
		for _, t := range e.Themes {
			c.Index.Themes[t]++
		}
		if e.Table != "" {
			tables[e.Table] = true
		}
	}
	c.Index.Families, c.Tables = sortedKeys(fam), sortedKeys(tables)
	data, err := json.Marshal(entries)
	if err != nil {
		return nil, fmt.Errorf("render: puzzles of %s: %v", pack, err)
	}
	c.Data, c.Size = data, len(data)
	c.Index.URL = publish.HashedName(fmt.Sprintf("assets/puzzles/%s-%d.json", pack, n+1), data)
	return c, nil
}

// Key identifies what chunk n of pack p is made from: the pack's header
// and each puzzle's verification key (which covers its line, the limits
// and the binary). It is empty for the authored puzzles (p nil), and
// when a puzzle has no verification.
func Key(p *mode.Pack, n int, part []Record) string {
	if p == nil {
		return ""
	}
	parts := []string{"chunk", verify.BinaryHash(), p.Path, p.HeaderText(), strconv.Itoa(n)}
	for i := range part {
		k := part[i].Key()
		if k == "" {
			return ""
		}
		parts = append(parts, k)
	}
	return verify.Key(parts...)
}

// Cached is the chunk an earlier build kept in cache under key (Key), or
// nil: a warm build reads a pack's chunks instead of making them again
// (the trees, tables and ratings of a pack's puzzles take about a
// millisecond a puzzle).
func Cached(cache *verify.Cache, key string) *Chunk {
	if key == "" {
		return nil
	}
	data, ok := cache.Get("chunks", key)
	if !ok {
		return nil
	}
	var cc cachedJSON
	if json.Unmarshal(data, &cc) != nil || len(cc.Data) == 0 {
		return nil
	}
	return &Chunk{Data: cc.Data, Size: len(cc.Data), Index: cc.Index, Tables: cc.Tables}
}

// Save keeps chunk c in cache under its key.
func Save(cache *verify.Cache, key string, c *Chunk) {
	if key == "" || c == nil {
		return
	}
	if data, err := json.Marshal(cachedJSON{Data: c.Data, Index: c.Index, Tables: c.Tables}); err == nil {
		cache.Put("chunks", key, data)
	}
}

// cachedJSON is a chunk as the cache keeps it.
type cachedJSON struct {
	Data   []byte          `json:"data"` // as written, byte for byte
	Index  wire.ChunkIndex `json:"index"`
	Tables []string        `json:"tables"`
}

// idsPerBucket sets the number of id buckets: about this many ids each.
const idsPerBucket = 2000

// File is an output file: its path and its bytes.
type File struct {
	Name string
	Data []byte
}

// Buckets returns the id buckets of total puzzles, given each puzzle's
// id and the number of its chunk in the index: about idsPerBucket ids
// each, a power of two of them, each puzzle in bucket IDBucket of its
// id. Each bucket's map is made only while it is encoded.
func Buckets(total int, ids iter.Seq2[string, int]) ([]File, error) {
	buckets := make([][]idChunk, max(1, ceilPow2(total/idsPerBucket)))
	for id, chunk := range ids {
		b := IDBucket(id, len(buckets))
		buckets[b] = append(buckets[b], idChunk{id, chunk})
	}
	files := make([]File, len(buckets))
	for i, ids := range buckets {
		b := make(wire.IDBucket, len(ids))
		for _, ic := range ids {
			b[ic.id] = ic.chunk
		}
		buckets[i] = nil
		data, err := json.Marshal(b)
		if err != nil {
			return nil, err
		}
		files[i] = File{publish.HashedName(fmt.Sprintf("assets/puzzles/ids-%d.json", i), data), data}
	}
	return files, nil
}

// idChunk is a puzzle id and the number of its chunk in the index.
type idChunk struct {
	id    string
	chunk int
}

// IDBucket is the id bucket of a puzzle id among n: FNV-1a (32 bits) of
// its bytes modulo n. The trainer computes the same over the id's
// characters, which are ASCII.
func IDBucket(id string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(id))
	return int(h.Sum32() % uint32(n))
}

// ceilPow2 is the least power of two at least n (1 for n ≤ 1).
func ceilPow2(n int) int {
	p := 1
	for p < n {
		p *= 2
	}
	return p
}

// sortedKeys returns the keys of m in order, an empty list (not nil)
// when there are none: the wire types' lists are never null.
func sortedKeys(m map[string]bool) []string {
	keys := slices.AppendSeq(make([]string, 0, len(m)), maps.Keys(m))
	slices.Sort(keys)
	return keys
}
