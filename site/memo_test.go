package site

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// copyTree copies the folder src into a new temporary folder.
func copyTree(t *testing.T, src string) string {
	t.Helper()
	dst := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// A rebuild through the memo (as serve does) after an edit to a pack
// gives exactly the files of a build from scratch, and verifies only
// the puzzle that changed.
func TestMemoRebuildMatchesFreshBuild(t *testing.T) {
	src := copyTree(t, renderSrc)
	memo := NewMemo()
	build := func(memo *Memo) *Summary {
		t.Helper()
		sum, errs, err := Build(BuildOptions{Src: src, CacheDir: testCacheDir(), Memo: memo})
		if err != nil || len(errs.Errors()) > 0 {
			t.Fatal(err, errs)
		}
		return sum
	}
	build(memo)
	pack := filepath.Join(src, "packs", "test-mates.jsonl")
	data, err := os.ReadFile(pack)
	if err != nil {
		t.Fatal(err)
	}
	// A rating edit moves the puzzle within its chunk and changes the
	// index; the new first line moves every line below it.
	edited := strings.Replace(string(data), `"rating":1104`, `"rating":650`, 1)
	first := `{"id":"tm-new","start":"6k1/5ppp/8/8/8/8/8/1R4K1 w - - 0 1","result":"white-wins","mate_in":1,"solution":"1. Rb8#","rating":1500}`
	if edited == string(data) {
		t.Fatal("the test pack changed: no rating 1104 to edit")
	}
	if err := os.WriteFile(pack, []byte(first+"\n"+edited), 0o644); err != nil {
		t.Fatal(err)
	}
	got := build(memo)
	want := build(nil)
	if got.Solved > 2 {
		t.Errorf("the rebuild verified %d modes and puzzles afresh, want at most the two changed lines", got.Solved)
	}
	if len(got.Output) != len(want.Output) {
		t.Fatalf("the rebuild made %d files, a fresh build %d", len(got.Output), len(want.Output))
	}
	for name, data := range want.Output {
		if !bytes.Equal(got.Output[name], data) {
			t.Errorf("%s differs between the rebuild and a fresh build", name)
		}
	}
	if !strings.Contains(string(got.Output[findFile(t, got.Output, "assets/puzzles/test-mates-1.")]), `"tm-new"`) {
		t.Errorf("the rebuilt chunk lacks the new puzzle")
	}
}

// findFile returns the name of the one output file starting with prefix.
func findFile(t *testing.T, files map[string][]byte, prefix string) string {
	t.Helper()
	for name := range files {
		if strings.HasPrefix(name, prefix) {
			return name
		}
	}
	t.Fatalf("no file %s*", prefix)
	return ""
}
