package site

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrokenModes builds each file of testdata/broken as the only mode of
// a site and compares the errors with the file's .err twin, which holds
// the exact "path:line:col: message" lines. Run with -update to rewrite
// the .err files (then read them: they are the specification).
func TestBrokenModes(t *testing.T) {
	files, _ := filepath.Glob("testdata/broken/*.md")
	if len(files) < 20 {
		t.Fatalf("want at least 20 broken modes, have %d", len(files))
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".md")
		t.Run(name, func(t *testing.T) {
			src := t.TempDir()
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			dst := filepath.Join(src, "modes", "bad", name+".md")
			os.MkdirAll(filepath.Dir(dst), 0o755)
			os.WriteFile(dst, data, 0o644)
			_, errs, err := Build(BuildOptions{Src: src, CheckOnly: true})
			if err != nil {
				t.Fatal(err)
			}
			got := errs.Errors().Error() + "\n"
			want := strings.TrimSuffix(f, ".md") + ".err"
			if *update {
				os.WriteFile(want, []byte(got), 0o644)
				return
			}
			wantData, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(wantData) {
				t.Errorf("errors differ\n got: %s\nwant: %s", got, wantData)
			}
			if len(errs.Errors()) == 0 {
				t.Errorf("a broken mode built without errors")
			}
		})
	}
}

// TestDuplicateModeID checks two files with one name in two categories.
func TestDuplicateModeID(t *testing.T) {
	src := t.TempDir()
	mode := "---\ntitle: \"A\"\nstart: \"bk,x,x,wk:w\"\n---\n"
	for _, dir := range []string{"one", "two"} {
		os.MkdirAll(filepath.Join(src, "modes", dir), 0o755)
		os.WriteFile(filepath.Join(src, "modes", dir, "same.md"), []byte(mode), 0o644)
	}
	_, errs, _ := Build(BuildOptions{Src: src, CheckOnly: true})
	want := `modes/two/same.md:1:1: duplicate mode id "same": modes/one/same.md has the same file name`
	if got := errs.Error(); got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
