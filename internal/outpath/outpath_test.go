package outpath

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree makes a site in a temporary folder, with links to it, out of it
// and dangling, and returns the folder holding the site (site/).
func tree(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{"site/modes/1d", "site/packs", "site/content", "site/public", "elsewhere"} {
		if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(root, "site/site.yaml"), []byte("title: x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{
		"site/to-modes":     "modes",
		"site/to-site":      ".",
		"link-to-site":      "site",
		"site/out-of-site":  "../elsewhere",
		"site/dangling":     "../elsewhere/not-yet",
		"site/modes/escape": "../../elsewhere/x.md",
	} {
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestCheck runs Check as build does, from inside the site, on every
// output issue 31 found deleting sources, and on the outputs a build
// should accept.
func TestCheck(t *testing.T) {
	root := tree(t)
	site := filepath.Join(root, "site")
	home := filepath.Join(root, "home")
	if err := os.MkdirAll(filepath.Join(home, "sites"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", home)
	t.Chdir(site)
	guards := append(Site("."), Places()...)
	tests := []struct {
		out, want string // want: the error's text after "--out OUT ", "" for none
	}{
		{"public", ""},
		{"new-folder/public", ""},
		{filepath.Join(home, "sites/public"), ""},
		{"../elsewhere", ""},
		{site, "is the source folder, " + site},
		{".", "is the source folder, " + site},
		{"to-site", "is the source folder, " + site},
		{"../link-to-site", "is the source folder, " + site},
		{"../site", "is the source folder, " + site},
		{"out-of-site/../site", "is the source folder, " + site},                     // as the system reads it
		{"out-of-site/../modes", "is the source folder's modes, " + site + "/modes"}, // as a writer that cleans it does
		{"to-site/..", "holds the source folder, " + site},
		{"..", "holds the source folder, " + site},
		{root, "holds the source folder, " + site},
		{"/", "holds the source folder, " + site},
		{"modes", "is the source folder's modes, " + site + "/modes"},
		{"to-modes", "is the source folder's modes, " + site + "/modes"},
		{"modes/1d/new", "lies inside the source folder's modes, " + site + "/modes"},
		{"packs", "is the source folder's packs, " + site + "/packs"},
		{"content", "is the source folder's content, " + site + "/content"},
		{"certificates", "is the source folder's certificates, " + site + "/certificates"},
		{"site.yaml", "is the source folder's site.yaml, " + site + "/site.yaml"},
		{"site.yaml/x", "lies inside the source folder's site.yaml, " + site + "/site.yaml"},
		{".git", "is the source folder's .git, " + site + "/.git"},
		{home, "is the home folder, " + home},
		{"~", ""}, // the shell expands ~; a folder named ~ is a new folder
	}
	for _, tt := range tests {
		err := Check("--out", tt.out, guards)
		var o *Overlap
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v, want no error", tt.out, err)
		case tt.want == "":
		case !errors.As(err, &o):
			t.Errorf("%s: %v, want an overlap", tt.out, err)
		case err.Error() != "--out "+tt.out+" "+tt.want:
			t.Errorf("%s:\n got %s\nwant --out %s %s", tt.out, err, tt.out, tt.want)
		}
	}
}

// TestCheckNamesControlBytes quotes an output's name that does not print.
func TestCheckNamesControlBytes(t *testing.T) {
	root := tree(t)
	t.Chdir(filepath.Join(root, "site"))
	err := Check("--out", "modes/evil\x1b[31m\r", Site("."))
	want := `--out "modes/evil\x1b[31m\r" lies inside the source folder's modes, ` + filepath.Join(root, "site/modes")
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// TestInFolder refuses files whose path leads out of the site through a
// link, a dangling one too, and accepts the rest.
func TestInFolder(t *testing.T) {
	root := tree(t)
	site := filepath.Join(root, "site")
	tests := []struct {
		file string
		out  bool
	}{
		{"modes/1d/new.md", false},
		{"modes/new/new.md", false},
		{"to-modes/1d/new.md", false},
		{"to-site/packs/p.jsonl", false},
		{"out-of-site/x.md", true},
		{"dangling", true},
		{"dangling/x.md", true},
		{"modes/escape", true},
		{"../elsewhere/x.md", false}, // named outside: the caller judges
	}
	for _, tt := range tests {
		err := InFolder(site, filepath.Join(site, tt.file))
		if (err != nil) != tt.out {
			t.Errorf("%s: %v, want an error: %v", tt.file, err, tt.out)
		}
		if err != nil && !strings.Contains(err.Error(), "through a symbolic link") {
			t.Errorf("%s: %v", tt.file, err)
		}
	}
}

// TestResolve follows links, dangling ones too, and keeps the rest.
func TestResolve(t *testing.T) {
	root := tree(t)
	site := filepath.Join(root, "site")
	tests := map[string]string{
		"site":                      site,
		"link-to-site/modes":        site + "/modes",
		"site/to-site/to-modes/x":   site + "/modes/x",
		"site/dangling":             root + "/elsewhere/not-yet",
		"site/dangling/a/b":         root + "/elsewhere/not-yet/a/b",
		"site/modes/escape":         root + "/elsewhere/x.md",
		"site/new/../modes":         site + "/modes",
		"site/out-of-site/../site":  site,
		"site/to-site/../all":       root + "/all",
		"site/out-of-site/new/../x": root + "/elsewhere/x",
		"site/site.yaml/under/file": site + "/site.yaml/under/file",
	}
	for in, want := range tests {
		got, err := Resolve(root + "/" + in) // not Join, which would clean ".." away
		if err != nil || got != want {
			t.Errorf("Resolve(%s) = %s, %v; want %s", in, got, err, want)
		}
	}
	loop := filepath.Join(root, "loop")
	if err := os.Symlink("loop", loop); err != nil {
		t.Fatal(err)
	}
	if _, err := Resolve(loop); err == nil {
		t.Errorf("Resolve of a link to itself: no error")
	}
}
