package verify

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/mode"
)

// packLine is a mate in 2 (White: Re8+ Rxe8, Rxe8#) with id and rating.
func packLine(id string, rating int) string {
	return fmt.Sprintf(`{"id":%q,"start":"3r3k/6pp/8/8/8/8/4RPPP/4R1K1 w - - 5 28","result":"white-wins","mate_in":2,"solution":"28. Re8+ Rxe8 29. Rxe8#","rating":%d}`, id, rating)
}

func writePack(t testing.TB, src string, lines []string) {
	t.Helper()
	dir := filepath.Join(src, "packs")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "p.md"), []byte("---\ntitle: P\n---\n"), 0o644)
	if err := os.WriteFile(filepath.Join(dir, "p.jsonl"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// bundleFileNames lists the files of the only bundle under cache.
func bundleFileNames(t *testing.T, cache string) []string {
	t.Helper()
	dirs, _ := filepath.Glob(filepath.Join(cache, "bundles", "*"))
	if len(dirs) != 1 {
		t.Fatalf("bundles %v, want one", dirs)
	}
	files, _ := os.ReadDir(dirs[0])
	var names []string
	for _, f := range files {
		names = append(names, f.Name())
	}
	return names
}

// A pack's results live in one bundle: a small edit adds a delta file,
// the deltas are merged before they grow many, shards' files are merged
// by the next build, and every run verifies only what changed.
func TestPackBundle(t *testing.T) {
	src, cacheDir := t.TempDir(), t.TempDir()
	var lines []string
	for i := range 12 {
		lines = append(lines, packLine(fmt.Sprintf("p%d", i), 1000+i))
	}
	run := func(label string) (solved int, files []string) {
		t.Helper()
		s, errs := mode.Load(src)
		if len(errs.Errors()) > 0 {
			t.Fatal(errs)
		}
		c := &Cache{Dir: cacheDir}
		_, _, verrs := Verify(s, Options{MaxStates: 1000, MateNodes: 100_000, Cache: c, BundleLabel: label})
		if len(verrs.Errors()) > 0 {
			t.Fatal(verrs)
		}
		return c.MissesOf("verify"), bundleFileNames(t, cacheDir)
	}
	writePack(t, src, lines)
	if n, files := run(""); n != 12 || !slices.Equal(files, []string{AllLabel}) {
		t.Fatalf("first run: %d verified, files %v; want 12 and [all]", n, files)
	}
	if n, files := run(""); n != 0 || !slices.Equal(files, []string{AllLabel}) {
		t.Fatalf("unchanged: %d verified, files %v; want 0 and [all]", n, files)
	}
	for edit := 1; edit <= 2*maxDeltas; edit++ {
		lines[edit%12] = packLine(fmt.Sprintf("p%d", edit%12), 2000+edit)
		writePack(t, src, lines)
		n, files := run("")
		if n != 1 {
			t.Fatalf("edit %d: %d verified, want 1", edit, n)
		}
		if len(files) > maxDeltas || !slices.Contains(files, AllLabel) {
			t.Fatalf("edit %d: files %v, want all and at most %d in all", edit, files, maxDeltas)
		}
		if edit == 1 && len(files) != 2 {
			t.Fatalf("one edit: files %v, want all and one delta", files)
		}
	}
	if n, files := run(""); n != 0 || !slices.Equal(files, []string{AllLabel}) {
		t.Fatalf("after edits, unchanged: %d verified, files %v; want 0 and [all]", n, files)
	}

	// Two shards edit their share; the build after them solves nothing
	// and merges their files.
	lines[0], lines[1] = packLine("p0", 3000), packLine("p1", 3001)
	writePack(t, src, lines)
	for k := 1; k <= 2; k++ {
		s, _ := mode.Load(src)
		p := s.Packs[0]
		p.Puzzles = slices.DeleteFunc(p.Puzzles, func(m *mode.Mode) bool { return m.ID != fmt.Sprintf("p%d", k-1) })
		c := &Cache{Dir: cacheDir}
		Verify(s, Options{MaxStates: 1000, MateNodes: 100_000, Cache: c, BundleLabel: fmt.Sprintf("shard-%d-of-2", k)})
		if c.MissesOf("verify") != 1 {
			t.Fatalf("shard %d verified %d, want 1", k, c.MissesOf("verify"))
		}
	}
	if _, files := run(""); len(files) != 1 {
		// run's own count is checked next; here only that shards merged
		t.Fatalf("after the shards: files %v, want [all]", files)
	}
	if n, _ := run(""); n != 0 {
		t.Fatalf("after the shards: %d verified, want 0", n)
	}
}

// A cached warning of a pack puzzle follows its line when lines above
// it move, and is the warning a fresh verification gives.
func TestCachedWarningsFollowLines(t *testing.T) {
	src, cacheDir := t.TempDir(), t.TempDir()
	warnings := func(cache *Cache) []string {
		t.Helper()
		s, errs := mode.Load(src)
		if len(errs.Errors()) > 0 {
			t.Fatal(errs)
		}
		// Too few nodes to prove the mate: a warning, not an error.
		_, _, verrs := Verify(s, Options{MaxStates: 1000, MateNodes: 3, Cache: cache})
		var out []string
		for _, w := range verrs.Warnings() {
			out = append(out, w.Error())
		}
		return out
	}
	writePack(t, src, []string{packLine("a", 1000), packLine("b", 1000)})
	// Unproven puzzles are errors unless the pack allows them.
	os.WriteFile(filepath.Join(src, "packs", "p.md"), []byte("---\ntitle: P\nunverified: true\n---\n"), 0o644)
	first := warnings(&Cache{Dir: cacheDir})
	if len(first) != 2 || !strings.Contains(first[1], "p.jsonl:2:") {
		t.Fatalf("warnings %q, want one on each of lines 1 and 2", first)
	}
	writePack(t, src, []string{packLine("new", 1000), "", packLine("a", 1000), packLine("b", 1000)})
	os.WriteFile(filepath.Join(src, "packs", "p.md"), []byte("---\ntitle: P\nunverified: true\n---\n"), 0o644)
	c := &Cache{Dir: cacheDir}
	cached, fresh := warnings(c), warnings(nil)
	if c.MissesOf("verify") != 1 {
		t.Errorf("verified %d afresh, want only the new line", c.MissesOf("verify"))
	}
	if !slices.Equal(cached, fresh) || len(fresh) != 3 || !strings.Contains(fresh[2], "p.jsonl:4:") {
		t.Errorf("warnings from the cache %q, fresh %q; want equal, the last on line 4", cached, fresh)
	}
}

func TestBundleFiles(t *testing.T) {
	c := &Cache{Dir: t.TempDir()}
	c.SaveBundle("b", "shard-1-of-2", map[string][]byte{"k1": []byte("one"), "k2": {}})
	c.SaveBundle("b", "shard-2-of-2", map[string][]byte{"k3": []byte("three")})
	os.WriteFile(filepath.Join(c.Dir, "bundles", "b", "damaged"), []byte(bundleMagic+"\xff"), 0o644)
	got, files := c.LoadBundle("b")
	if files != 2 || len(got) != 3 || string(got["k1"]) != "one" || string(got["k3"]) != "three" || got["k2"] == nil {
		t.Fatalf("LoadBundle: %d files, %q; want the two shards' three entries", files, got)
	}
	c.SaveBundle("b", AllLabel, got)
	if names := bundleFileNames(t, c.Dir); !slices.Equal(names, []string{AllLabel}) {
		t.Errorf("after writing all: %v, want [all]", names)
	}
	if again, files := c.LoadBundle("b"); files != 1 || len(again) != 3 {
		t.Errorf("reloaded %d entries from %d files", len(again), files)
	}
}
