package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// snapshot returns every file and link under dir with its contents or
// target, to show that a refused command changed nothing.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			files[rel] = "-> " + target
			return err
		case d.IsDir():
			files[rel+"/"] = ""
		default:
			data, err := os.ReadFile(p)
			files[rel] = string(data)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// sameSnapshot reports how after differs from before.
func sameSnapshot(t *testing.T, name string, before, after map[string]string) {
	t.Helper()
	for p, v := range before {
		if w, ok := after[p]; !ok {
			t.Errorf("%s: %s was removed", name, p)
		} else if v != w {
			t.Errorf("%s: %s changed", name, p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("%s: %s was written", name, p)
		}
	}
}

// overlapWorld makes a home folder and, beside it, a folder all/ with a
// site all/site (a mode, a page, a pack header, a certificate, site.yaml)
// and a sibling file, sets HOME and enters the site. It returns the
// folder holding everything, resolved.
func overlapWorld(t *testing.T) string {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"all/site/modes/x/g.md":           goodMode,
		"all/site/content/a.md":           "---\ntitle: A\n---\nText.\n",
		"all/site/packs/p.md":             "---\ntitle: P\n---\n",
		"all/site/certificates/c.json":    "{}\n",
		"all/site/site.yaml":              "title: T\n",
		"all/site/notes/mine.txt":         "an author's notes\n",
		"all/sibling.txt":                 "beside the site\n",
		"home/.profile":                   "# a home folder\n",
		"home/site/modes/x/g.md":          goodMode,
		"all/site/templates/.placeholder": "",
		"all/site/.git/HEAD":              "ref: refs/heads/main\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(".", filepath.Join(root, "all/site/here")); err != nil {
		t.Fatal(err)
	}
	t.Setenv("HOME", filepath.Join(root, "home"))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(root, "home", ".cache"))
	t.Chdir(filepath.Join(root, "all/site"))
	return root
}

// refusal is one command that must be refused: exit status 2 and one
// line on stderr holding each of want, nothing on stdout, no file
// written, changed or removed.
type refusal struct {
	args []string
	want []string
}

func (r refusal) check(t *testing.T, root string) {
	t.Helper()
	before := snapshot(t, root)
	code, out, errs := runCLI(r.args...)
	if code != 2 || out != "" || strings.Count(errs, "\n") != 1 {
		t.Errorf("%q: exit %d, want 2 and one line on stderr\nstdout: %s\nstderr: %s", r.args, code, out, errs)
	}
	for _, w := range r.want {
		if !strings.Contains(errs, w) {
			t.Errorf("%q: stderr lacks %q:\n%s", r.args, w, errs)
		}
	}
	sameSnapshot(t, strings.Join(r.args, " "), before, snapshot(t, root))
}

// TestBuildRefusesOverlappingOut: every --out issue 31 found replacing
// an author's files is refused before anything is written, in one line
// that names the output and what it overlaps, resolved.
func TestBuildRefusesOverlappingOut(t *testing.T) {
	root := overlapWorld(t)
	site := filepath.Join(root, "all/site")
	home := filepath.Join(root, "home")
	why := "a build replaces its output whole: give --out a folder of its own, such as public"
	for _, c := range []struct{ out, want string }{
		{site, "--out " + site + " is the source folder, " + site},
		{".", "--out . is the source folder, " + site},
		{"here", "--out here is the source folder, " + site},
		{"../site", "--out ../site is the source folder, " + site},
		{filepath.Dir(site), "--out " + filepath.Dir(site) + " holds the source folder, " + site},
		{"..", "--out .. holds the source folder, " + site},
		{"/", "--out / holds the source folder, " + site},
		{"modes", "--out modes is the source folder's modes, " + site + "/modes"},
		{"modes/new", "--out modes/new lies inside the source folder's modes, " + site + "/modes"},
		{"packs", "--out packs is the source folder's packs, " + site + "/packs"},
		{"content", "--out content is the source folder's content, " + site + "/content"},
		{"certificates", "--out certificates is the source folder's certificates, " + site + "/certificates"},
		{"templates", "--out templates is the source folder's templates, " + site + "/templates"},
		{"site.yaml", "--out site.yaml is the source folder's site.yaml, " + site + "/site.yaml"},
		{".git", "--out .git is the source folder's .git, " + site + "/.git"},
		{home, "--out " + home + " is the home folder, " + home},
		{"modes/evil\x1b[31m\r", `--out "modes/evil\x1b[31m\r" lies inside the source folder's modes, ` + site + "/modes"},
	} {
		refusal{[]string{"build", "--no-cache", "--out", c.out}, []string{"build: " + c.want + "; " + why}}.check(t, root)
	}
	// From elsewhere, with --src: the current folder and the home folder.
	t.Chdir(filepath.Join(home, "site"))
	refusal{[]string{"build", "--src", site, "--no-cache", "--out", "."}, []string{"build: --out . is the current folder, " + home + "/site"}}.check(t, root)
	refusal{[]string{"build", "--src", site, "--no-cache", "--out", ".."}, []string{"build: --out .. holds the current folder, " + home + "/site"}}.check(t, root)
	refusal{[]string{"build", "--src", site, "--cache-dir", site + "/modes", "--out", "public"}, []string{"build: --cache-dir " + site + "/modes is the source folder's modes"}}.check(t, root)
	refusal{[]string{"build", "--src", site, "--cache-dir", "public/cache", "--out", "public"}, []string{"build: --out public holds the cache folder, " + home + "/site/public/cache"}}.check(t, root)
}

// TestBuildReplacesOnlyItsOwn: a build writes its marker and replaces its
// own output, and refuses a folder of someone's files, a file, and an
// output whose folder is missing.
func TestBuildReplacesOnlyItsOwn(t *testing.T) {
	root := overlapWorld(t)
	// A site that builds: no pack or certificate of the refusals' kind.
	os.RemoveAll("packs")
	os.RemoveAll("certificates")
	t.Setenv("THINCHESS_WASM", "embedded")
	if code, _, errs := runCLI("build", "-q", "--no-cache"); code != 0 {
		t.Fatalf("build into public: exit %d: %s", code, errs)
	}
	if _, err := os.Stat("public/.thinchess-output"); err != nil {
		t.Fatalf("the output is not marked: %v", err)
	}
	os.WriteFile("public/stale.html", []byte("from an earlier build"), 0o644)
	if code, _, errs := runCLI("build", "-q", "--no-cache"); code != 0 {
		t.Fatalf("a second build into public: exit %d: %s", code, errs)
	}
	if _, err := os.Stat("public/stale.html"); err == nil {
		t.Errorf("the second build did not replace its output")
	}
	if _, err := os.Stat("public/modes/g/index.html"); err != nil {
		t.Errorf("the second build's mode page: %v", err)
	}
	refusal{[]string{"build", "--no-cache", "--out", "notes"}, []string{
		"build: notes is not empty and holds no .thinchess-output, so a build did not write it",
		"give --out a new or empty folder, or remove notes if it is an old build"}}.check(t, root)
	refusal{[]string{"build", "--no-cache", "--out", "notes/mine.txt"}, []string{"build: notes/mine.txt is a file, not a folder"}}.check(t, root)
	refusal{[]string{"build", "--no-cache", "--out", "missing/public"}, []string{"build: --out missing/public: the folder missing does not exist"}}.check(t, root)
}

// TestCommandsRefuseOutputs: what the other commands that write refuse.
func TestCommandsRefuseOutputs(t *testing.T) {
	csv, err := filepath.Abs(lichessCSV)
	if err != nil {
		t.Fatal(err)
	}
	root := overlapWorld(t)
	site := filepath.Join(root, "all/site")
	home := filepath.Join(root, "home")
	os.WriteFile("packs/lichess.jsonl", []byte("not a CSV, and not to be lost\n"), 0o644)
	for _, r := range []refusal{
		{[]string{"serve", "--cache-dir", "modes"}, []string{"serve: --cache-dir modes is the source folder's modes, " + site + "/modes"}},
		{[]string{"check", "--cache-dir", "."}, []string{"check: --cache-dir . is the source folder, " + site}},
		{[]string{"import", "lichess", csv, "--out", home}, []string{"thinchess import: --out " + home + " is the home folder, " + home}},
		{[]string{"import", "lichess", csv, "--out", "content"}, []string{"thinchess import: --out content is the source folder's content"}},
		{[]string{"import", "lichess", "packs/lichess.jsonl"}, []string{"thinchess import: the pack packs/lichess.jsonl is the file read, " + site + "/packs/lichess.jsonl"}},
		{[]string{"import", "lichess", csv, "--out", "/nonexistent/dir"}, []string{"--out /nonexistent/dir: the folder /nonexistent does not exist"}},
		{[]string{"mine", "modes/x/g.md", "--out", "/nonexistent/dir"}, []string{"thinchess mine: --out /nonexistent/dir: the folder /nonexistent does not exist"}},
		{[]string{"mine", "modes/x/g.md", "--out", "modes"}, []string{"thinchess mine: --out modes is the source folder's modes"}},
		{[]string{"mine", "modes/x/g.md", "--out", home}, []string{"thinchess mine: --out " + home + " is the home folder"}},
		{[]string{"prove", "--out", ".", "bk,bn,br,x,x,wr,wn,wk:w"}, []string{"thinchess prove: --out . is the current folder, " + site + "; give --out a folder of its own, such as certificates"}},
		{[]string{"prove", "--out", "..", "bk,bn,br,x,x,wr,wn,wk:w"}, []string{"thinchess prove: --out .. holds the current folder, " + site}},
		{[]string{"prove", "--out", "modes", "bk,bn,br,x,x,wr,wn,wk:w"}, []string{"thinchess prove: --out modes is the source folder's modes"}},
	} {
		r.check(t, root)
	}
	// A certificates folder that leads out of the site through a link.
	os.Symlink(filepath.Join(root, "elsewhere"), "certs")
	refusal{[]string{"prove", "--out", "certs", "bk,bn,br,x,x,wr,wn,wk:w"}, []string{"thinchess prove: certs/", ".tctb leads out of " + site + " (to " + root + "/elsewhere/", "through a symbolic link"}}.check(t, root)
	// A pack's folder that leads out of the site through a link.
	os.Rename("packs", "packs-real")
	os.Symlink(filepath.Join(root, "home"), "packs")
	refusal{[]string{"mine", "modes/x/g.md"}, []string{"thinchess mine: packs/mined-g.jsonl leads out of " + site + " (to " + home + "/mined-g.jsonl) through a symbolic link; not writing through it"}}.check(t, root)
}

// TestNewRefuses: new site with an empty name (an unset "$DIR") or into a
// folder that is not empty, and new mode through a link out of the site,
// dangling or not, are refused and write nothing (issue 31: new site ”
// overwrote README.md and site.yaml in the current folder).
func TestNewRefuses(t *testing.T) {
	root := overlapWorld(t)
	site := filepath.Join(root, "all/site")
	home := filepath.Join(root, "home")
	os.Symlink(filepath.Join(root, "outside.md"), "modes/x/dangling.md")
	os.Symlink(home, "modes/away")
	os.Symlink(filepath.Join(root, "nothing"), "dangling-dir")
	for _, r := range []refusal{
		{[]string{"new", "site", ""}, []string{`new site: no folder given ("" names none, as an unset "$DIR" does): give the new site's folder`}},
		{[]string{"new", "site", "."}, []string{"new site: . is not empty (it holds ", "a starter site goes into a new or empty folder"}},
		{[]string{"new", "site", "notes"}, []string{"new site: notes is not empty (it holds mine.txt)"}},
		{[]string{"new", "site", "site.yaml"}, []string{"new site: site.yaml is a file, not a folder"}},
		{[]string{"new", "site", "dangling-dir"}, []string{"new site: dangling-dir is a symbolic link to nothing"}},
		{[]string{"new", "site", "modes/new"}, []string{"new site: DIR modes/new lies inside the source folder's modes, " + site + "/modes"}},
		{[]string{"new", "site", "missing/new"}, []string{"new site: DIR missing/new: the folder missing does not exist"}},
		{[]string{"new", "mode", "x/dangling"}, []string{"new mode: modes/x/dangling.md leads out of " + site + " (to " + root + "/outside.md) through a symbolic link; not writing through it"}},
		{[]string{"new", "mode", "away/m"}, []string{"new mode: modes/away/m.md leads out of " + site + " (to " + home + "/m.md) through a symbolic link"}},
	} {
		r.check(t, root)
	}
	// In an empty folder, new site '' still writes nothing.
	empty := filepath.Join(root, "empty")
	os.Mkdir(empty, 0o755)
	t.Chdir(empty)
	refusal{[]string{"new", "site", ""}, []string{`new site: no folder given`}}.check(t, root)
	// A link that stays in the site is written through.
	t.Chdir(site)
	os.Symlink("x", "modes/also-x")
	if code, _, errs := runCLI("new", "mode", "also-x/fresh"); code != 0 {
		t.Errorf("new mode through a link inside the site: exit %d: %s", code, errs)
	}
	if _, err := os.Stat("modes/x/fresh.md"); err != nil {
		t.Error(err)
	}
}

// TestControlBytesInNames: a file name with control bytes is printed
// quoted, as %q quotes it, in text and in GitHub annotations, and in
// import's row messages.
func TestControlBytesInNames(t *testing.T) {
	csv, err := os.ReadFile(lichessCSV)
	if err != nil {
		t.Fatal(err)
	}
	root := overlapWorld(t)
	os.RemoveAll("packs")
	os.RemoveAll("certificates")
	evil := "modes/x/evil\x1b[31m\r.md"
	os.WriteFile(evil, []byte("no front matter\n"), 0o644)
	quoted := `"modes/x/evil\x1b[31m\r.md"`
	code, _, errs := runCLI("check", "--no-cache")
	if code != 1 || !strings.Contains(errs, quoted+":1:1: missing front matter") || strings.Contains(errs, "\x1b") || strings.Contains(errs, "\r") {
		t.Errorf("check: exit %d:\n%s", code, errs)
	}
	code, out, _ := runCLI("check", "--no-cache", "--format", "github")
	if code != 1 || !strings.Contains(out, "::error file="+quoted+",line=1,col=1::missing front matter") || strings.Contains(out, "\x1b") || strings.Contains(out, "\r") {
		t.Errorf("check --format github: exit %d:\n%q", code, out)
	}
	os.Remove(evil)
	name := filepath.Join(root, "rows\x1b[2K\r.csv")
	os.WriteFile(name, csv, 0o644)
	code, _, errs = runCLI("import", "lichess", name, "--out", filepath.Join(root, "home/site"))
	if want := `"` + root + `/rows\x1b[2K\r.csv":6: puzzle tFalse2: Themes: claim mateIn2 is too long`; code != 0 || !strings.Contains(errs, want) || strings.Contains(errs, "\x1b[2K") {
		t.Errorf("import: exit %d, stderr lacks %q:\n%q", code, want, errs)
	}
}

// TestMineChecksFlagsFirst: mine checks --pack, --out and the flags of
// --games before it solves (the 1×12 with --max-states 1000 fails in the
// solve, exit 1: a flag's error must come first, exit 2), and creates no
// folder for a missing --out.
func TestMineChecksFlagsFirst(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--pack", "Bad Id"}, `--pack: pack id "Bad Id": want lower-case letters, digits and dashes`},
		{[]string{"--out", "/nonexistent/dir"}, "--out /nonexistent/dir: the folder /nonexistent does not exist"},
		{[]string{"--seed", "3"}, "--seed applies only with --games N"},
		{[]string{"--games", "5", "--min-dtm", "3"}, "--min-dtm applies only without --games"},
		{[]string{"--games", "5", "--nodes", "30"}, "--nodes applies only with --searcher"},
		{[]string{"--games", "5", "--no-holds", "--no-wins"}, "--no-holds and --no-wins together leave nothing to mine"},
	} {
		args := append([]string{"mine", "1d-12", "--src", "../..", "--max-states", "1000"}, c.args...)
		code, out, errs := runCLI(args...)
		if code != 2 || !strings.Contains(errs, c.want) || strings.Contains(errs, "too large") {
			t.Errorf("%q: exit %d, want 2 and %q\nstdout: %s\nstderr: %s", args, code, c.want, out, errs)
		}
	}
	if _, err := os.Stat("/nonexistent"); err == nil {
		t.Errorf("mine made /nonexistent")
	}
}

// TestMineEndsItsLineBeforeAnError: what mine printed before it failed
// to write the pack ends its line, so that the error starts its own
// (issue 31: the error was glued to "…solved in 0.1 s; ").
func TestMineEndsItsLineBeforeAnError(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "packs"), []byte("a file where the packs folder goes\n"), 0o644)
	code, out, errs := runCLI("mine", "1d-gardner-8", "--src", "../..", "--out", dir, "--games", "20")
	if code != 1 || out == "" || !strings.HasSuffix(out, "\n") || !strings.HasPrefix(errs, "thinchess mine: ") {
		t.Errorf("exit %d\nstdout: %q\nstderr: %q", code, out, errs)
	}
}
