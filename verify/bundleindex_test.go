package verify

import (
	"os"
	"path/filepath"
	"testing"
)

// A bundle's index finds what LoadBundle reads: every entry of every
// sound file (a later file's entry over an earlier one's), none of a
// damaged file, read back byte for byte.
func TestIndexBundle(t *testing.T) {
	c := &Cache{Dir: t.TempDir()}
	c.SaveBundle("b", "shard-1-of-2", map[string][]byte{"k1": []byte("one"), "k2": {}, "k4": []byte("old")})
	c.SaveBundle("b", "shard-2-of-2", map[string][]byte{"k3": []byte("three"), "k4": []byte("new")})
	os.WriteFile(filepath.Join(c.Dir, "bundles", "b", "damaged"), []byte(bundleMagic+"\x02k5\x09short"), 0o644)
	os.WriteFile(filepath.Join(c.Dir, "bundles", "b", "not-one"), []byte("a file of something else"), 0o644)
	want, wantFiles := c.LoadBundle("b")
	ix, files := c.indexBundle("b")
	defer ix.close()
	if files != wantFiles || len(ix.at) != len(want) {
		t.Fatalf("index: %d files, %d entries; LoadBundle: %d files, %d entries", files, len(ix.at), wantFiles, len(want))
	}
	for k, v := range want {
		got, ok := ix.get(k)
		if !ok || string(got) != string(v) {
			t.Errorf("%s: %q, %v; want %q", k, got, ok, v)
		}
	}
	if _, ok := ix.get("k5"); ok {
		t.Errorf("found the damaged file's entry")
	}
	b := &packBundle{cache: c, name: "b", lazy: true}
	if got, ok := b.get("k4"); !ok || string(got) != "new" || b.entries() != 4 || b.files != 2 {
		t.Errorf("a lazy packBundle: %q, %v, %d entries in %d files", got, ok, b.entries(), b.files)
	}
	b.ix.close()
}
