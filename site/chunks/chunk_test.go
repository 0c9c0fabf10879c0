package chunks

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site/publish"
	"github.com/thinchess/thinchess/verify"
)

// entry is a chunk entry with what Make reads of it.
func entry(id, family, kind string, rating int, table string, themes ...string) wire.PuzzleEntry {
	e := wire.PuzzleEntry{Family: family, Kind: kind, Themes: themes}
	e.ID, e.Rating, e.Table = id, rating, table
	return e
}

// A chunk is its entries' JSON under a name that hashes it, and its
// index entry sums up its puzzles: their number, ratings, families,
// kinds, themes and tables.
func TestMake(t *testing.T) {
	entries := wire.Chunk{
		entry("a", "thin", "mate", 700, "", "mateIn1"),
		entry("b", "1d", "mate", 800, "assets/tables/b.play", "mateIn1", "fork"),
		entry("c", "thin", "hold", 900, "assets/tables/a.play"),
	}
	c, err := Make("pk", 2, entries)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(entries)
	if !bytes.Equal(c.Data, want) || c.Size != len(want) {
		t.Errorf("data %s", c.Data)
	}
	if c.Index.URL != publish.HashedName("assets/puzzles/pk-3.json", want) {
		t.Errorf("URL %s", c.Index.URL)
	}
	wantIndex := wire.ChunkIndex{URL: c.Index.URL, Pack: "pk", N: 3, Lo: 700, Hi: 900, Families: []string{"1d", "thin"},
		Kinds: map[string]int{"mate": 2, "hold": 1}, Themes: map[string]int{"mateIn1": 2, "fork": 1}}
	if !reflect.DeepEqual(c.Index, wantIndex) {
		t.Errorf("index %+v, want %+v", c.Index, wantIndex)
	}
	if !reflect.DeepEqual(c.Tables, []string{"assets/tables/a.play", "assets/tables/b.play"}) {
		t.Errorf("tables %v", c.Tables)
	}
	c, err = Make("pk", 0, wire.Chunk{entry("d", "thin", "mate", 700, "")})
	if err != nil || c.Tables == nil || len(c.Tables) != 0 {
		t.Errorf("a chunk without tables: %v, %#v", err, c.Tables)
	}
}

// A chunk's key changes with the pack's header, the chunk's number and
// each puzzle's verification; it is empty for the authored puzzles and
// for a puzzle without a verification. The cache gives back the chunk
// saved under it, byte for byte, and nothing under another key.
func TestKeyAndCache(t *testing.T) {
	p := &mode.Pack{Path: "packs/pk.md"}
	recs := []Record{{ID: "a", hasKey: true}, {ID: "b", hasKey: true}}
	recs[1].key[0] = 1
	k := Key(p, 0, recs)
	if k == "" || k == Key(p, 1, recs) || k == Key(p, 0, recs[:1]) || k == Key(&mode.Pack{Path: "packs/other.md"}, 0, recs) {
		t.Errorf("keys of different chunks collide: %q", k)
	}
	if Key(nil, 0, recs) != "" || Key(p, 0, append(recs, Record{ID: "c"})) != "" {
		t.Errorf("a key for the authored puzzles or an unverified puzzle")
	}
	cache := &verify.Cache{Dir: t.TempDir()}
	c, err := Make("pk", 0, wire.Chunk{entry("a", "thin", "mate", 700, "t.play", "x")})
	if err != nil {
		t.Fatal(err)
	}
	if Cached(cache, k) != nil {
		t.Fatalf("a chunk before it was saved")
	}
	Save(cache, k, c)
	got := Cached(cache, k)
	if got == nil || !bytes.Equal(got.Data, c.Data) || got.Size != c.Size || !reflect.DeepEqual(got.Index, c.Index) || !reflect.DeepEqual(got.Tables, c.Tables) {
		t.Errorf("cached %+v, saved %+v", got, c)
	}
	if Cached(cache, "") != nil || Cached(cache, Key(p, 1, recs)) != nil || Cached(nil, k) != nil {
		t.Errorf("a chunk under another key")
	}
}

// The id buckets are a power of two, about idsPerBucket ids each, and
// each id is in the bucket IDBucket gives it, with its chunk.
func TestBuckets(t *testing.T) {
	for _, total := range []int{0, 5, 3 * idsPerBucket, 9 * idsPerBucket} {
		files, err := Buckets(total, func(yield func(string, int) bool) {
			for i := range total {
				if !yield(fmt.Sprintf("p%d", i), i/Size) {
					return
				}
			}
		})
		if err != nil {
			t.Fatal(err)
		}
		n := len(files)
		if n&(n-1) != 0 || (total >= 2*idsPerBucket && total/n > 2*idsPerBucket) || (total < 2*idsPerBucket && n != 1) {
			t.Errorf("%d ids in %d buckets", total, n)
		}
		seen := 0
		for b, f := range files {
			if !strings.HasPrefix(f.Name, fmt.Sprintf("assets/puzzles/ids-%d.", b)) || f.Name != publish.HashedName(fmt.Sprintf("assets/puzzles/ids-%d.json", b), f.Data) {
				t.Errorf("bucket %d named %s", b, f.Name)
			}
			var ids wire.IDBucket
			if err := json.Unmarshal(f.Data, &ids); err != nil {
				t.Fatal(err)
			}
			for id, chunk := range ids {
				var i int
				fmt.Sscanf(id, "p%d", &i)
				if IDBucket(id, n) != b || chunk != i/Size {
					t.Errorf("%s in bucket %d with chunk %d", id, b, chunk)
				}
				seen++
			}
		}
		if seen != total {
			t.Errorf("the buckets hold %d of %d ids", seen, total)
		}
	}
}

// IDBucket is FNV-1a (32 bits) of the id modulo n, as the trainer
// computes it: FNV-1a's own test vectors.
func TestIDBucket(t *testing.T) {
	for id, want := range map[string]uint32{"": 0x811c9dc5, "a": 0xe40c292c, "foobar": 0xbf9cf968} {
		if got := IDBucket(id, 1<<31); got != int(want%(1<<31)) {
			t.Errorf("IDBucket(%q) = %d, want %d", id, got, want%(1<<31))
		}
		if got := IDBucket(id, 7); got != int(want%7) {
			t.Errorf("IDBucket(%q, 7) = %d, want %d", id, got, want%7)
		}
	}
}
