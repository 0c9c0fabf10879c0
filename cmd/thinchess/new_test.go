package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestNewModePassesCheck scaffolds modes on several boards and checks them.
func TestNewModePassesCheck(t *testing.T) {
	src := t.TempDir()
	cases := [][]string{
		{"new", "mode", "one-d/gardner", "--src", src},
		{"new", "mode", "thin/krk", "--src", src, "--start", "x,bk/x,x/x,x/x,x/x,x/x,x/wk,x/wr,x/x,x/x,x:w"},
		{"new", "mode", "chess/start", "--src", src, "--start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	}
	for _, args := range cases {
		var out, errb bytes.Buffer
		if code := run(args, &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
	}
	var out, errb bytes.Buffer
	if code := run([]string{"new", "mode", "one-d/gardner", "--src", src}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "already exists") {
		t.Errorf("overwrite: exit %d, %s", code, errb.String())
	}
	out.Reset()
	errb.Reset()
	file := filepath.Join(src, "modes", "one-d", "gardner.md")
	if code := run([]string{"check", "--src", src, "--no-cache", file}, &out, &errb); code != 0 {
		t.Fatalf("check of one file: exit %d: %s", code, errb.String())
	}
	if code := run([]string{"check", "--src", src, "--no-cache"}, &out, &errb); code != 0 {
		t.Fatalf("check: exit %d: %s", code, errb.String())
	}
	data, _ := os.ReadFile(file)
	if !strings.Contains(string(data), "mate_in: 6") || !strings.Contains(string(data), "```line") {
		t.Errorf("scaffold lacks the proven claim or the line block:\n%s", data)
	}
}

// TestCheckGitHubFormat checks the annotation output for a false claim.
func TestCheckGitHubFormat(t *testing.T) {
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "modes", "x"), 0o755)
	os.WriteFile(filepath.Join(src, "modes", "x", "bad.md"), []byte("---\ntitle: \"Bad\"\nstart: \"bk,bn,br,x,x,wr,wn,wk:w\"\nclaim:\n  result: draw\n---\n"), 0o644)
	t.Setenv("GITHUB_WORKSPACE", src)
	var out, errb bytes.Buffer
	code := run([]string{"check", "--src", src, "--no-cache", "--format", "github"}, &out, &errb)
	want := "::error file=modes/x/bad.md,line=5,col=11::claim result draw is false: White wins, mate in 6 (exact table of 1237 states)\n"
	if code != 1 || out.String() != want {
		t.Errorf("exit %d\n got %q\nwant %q", code, out.String(), want)
	}
}

// new site writes a starter that checks and builds without a warning,
// and refuses a folder that is not empty.
func TestNewSite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	var out, errb bytes.Buffer
	if code := run([]string{"new", "site", dir}, &out, &errb); code != 0 {
		t.Fatalf("new site: exit %d: %s", code, errb.String())
	}
	for _, f := range []string{"site.yaml", "README.md", ".gitignore", ".github/workflows/pages.yml", "content/about.md", "modes/one-file/gardner-8.md"} {
		if _, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
			t.Errorf("the starter lacks %s", f)
		}
	}
	// The starter says whose its content is (issue 31).
	for _, f := range []string{"README.md", "content/about.md"} {
		if text, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f))); !strings.Contains(string(text), "is its\nauthor's") && !strings.Contains(string(text), "is its author's") {
			t.Errorf("the starter's %s does not say its content is its author's:\n%s", f, text)
		}
	}
	wf, _ := os.ReadFile(filepath.Join(dir, ".github", "workflows", "pages.yml"))
	if !strings.Contains(string(wf), "go install github.com/thinchess/thinchess/cmd/thinchess@") {
		t.Errorf("the workflow does not install thinchess:\n%s", wf)
	}
	out.Reset()
	errb.Reset()
	// Without Go on PATH: the binary carries its browser engine. (When
	// the engine's source changed since it was generated, a build from
	// the clone would compile it; TestEmbeddedEngineIsTheSourcesBuild
	// reports that, so this test asks for the embedded one.)
	t.Setenv("PATH", t.TempDir())
	t.Setenv("THINCHESS_WASM", "embedded")
	if code := run([]string{"build", "--src", dir, "--out", filepath.Join(dir, "public")}, &out, &errb); code != 0 || strings.Contains(errb.String(), "warning") {
		t.Fatalf("building the starter without go on PATH: exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "gzip, embedded") {
		t.Errorf("the starter was not built with the embedded engine:\n%s", out.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "public", "modes", "gardner-8", "index.html")); err != nil {
		t.Errorf("the starter's mode page was not written: %v", err)
	}
	if code := run([]string{"new", "site", dir}, &out, &errb); code != 2 || !strings.Contains(errb.String(), "not empty") {
		t.Errorf("new site over a site: exit %d: %s", code, errb.String())
	}
}

// TestInstallVersionOf: the starter's workflow installs the version
// that wrote it whenever the module proxy can serve it (issue 26).
func TestInstallVersionOf(t *testing.T) {
	vcs := func(rev, modified string) []debug.BuildSetting {
		return []debug.BuildSetting{{Key: "vcs.revision", Value: rev}, {Key: "vcs.modified", Value: modified}}
	}
	cases := []struct {
		name string
		bi   *debug.BuildInfo
		want string
	}{
		{"no build information", nil, "latest"},
		{"a release", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.0"}}, "v1.2.0"},
		{"a clean commit's pseudo-version", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261125211138-07e3943abcde"}}, "v0.0.0-20261125211138-07e3943abcde"},
		{"a dirty tree's version", &debug.BuildInfo{Main: debug.Module{Version: "v1.2.1-0.20261125211138-07e3943abcde+dirty"}, Settings: vcs("07e3943abcde", "true")}, "latest"},
		{"a clean clone's devel build", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: vcs("07e3943abcde", "false")}, "07e3943abcde"},
		{"go run", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "latest"},
	}
	for _, c := range cases {
		if got := installVersionOf(c.bi); got != c.want {
			t.Errorf("%s: %q, want %q", c.name, got, c.want)
		}
	}
}

// The workflow says which thinchess it installs, and installs it.
func TestStarterWorkflowFor(t *testing.T) {
	for _, c := range []struct{ version, comment string }{
		{"v1.2.0", "# \"GitHub Actions\". It installs the thinchess that wrote it (v1.2.0);\n"},
		{"latest", "# \"GitHub Actions\". It installs the latest thinchess (the build that wrote it has no\n# version to pin);\n"},
	} {
		wf := starterWorkflowFor(c.version)
		if !strings.Contains(wf, c.comment) || !strings.Contains(wf, "go install github.com/thinchess/thinchess/cmd/thinchess@"+c.version+"\n") {
			t.Errorf("the workflow for %s:\n%s", c.version, wf)
		}
	}
}

// new site --shards N writes a workflow whose verify matrix has N jobs,
// each checking its shard; docs/ci-shards.md shows the same workflow for
// 16, and the number is bounded by what a matrix runs.
func TestNewSiteShards(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	var out, errb bytes.Buffer
	if code := run([]string{"new", "--shards", "4", "site", dir}, &out, &errb); code != 0 {
		t.Fatalf("new site --shards 4: exit %d: %s", code, errb.String())
	}
	data, err := os.ReadFile(filepath.Join(dir, ".github", "workflows", "pages.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var wf struct {
		Env  map[string]string
		Jobs map[string]struct {
			Needs    any // a job's name or a list of them
			Strategy struct{ Matrix struct{ Shard []int } }
			Steps    []struct{ Run string }
		}
	}
	if err := yaml.Unmarshal(data, &wf); err != nil {
		t.Fatalf("the workflow is not YAML: %v\n%s", err, data)
	}
	verify := wf.Jobs["verify"]
	if wf.Env["SHARDS"] != "4" || !slices.Equal(verify.Strategy.Matrix.Shard, []int{1, 2, 3, 4}) || fmt.Sprint(wf.Jobs["build"].Needs) != "[verify]" {
		t.Errorf("SHARDS %q, matrix %v, build needs %v", wf.Env["SHARDS"], verify.Strategy.Matrix.Shard, wf.Jobs["build"].Needs)
	}
	checks := 0
	for _, s := range verify.Steps {
		if strings.HasPrefix(s.Run, `thinchess check --shard "${{ matrix.shard }}/$SHARDS"`) {
			checks++
		}
	}
	if checks != 1 {
		t.Errorf("the verify job runs check --shard %d times, want once", checks)
	}
	doc, err := os.ReadFile("../../docs/ci-shards.md")
	if err != nil {
		t.Fatal(err)
	}
	_, block, _ := strings.Cut(string(doc), "```yaml\n")
	block, _, _ = strings.Cut(block, "```")
	if want := starterShardWorkflowFor("latest", 16); block != want {
		t.Errorf("docs/ci-shards.md's workflow is not what new site --shards 16 writes (latest); want:\n%s", want)
	}
	for _, bad := range []string{"0", "257", "x"} {
		errb.Reset()
		if code := run([]string{"new", "--shards", bad, "site", filepath.Join(t.TempDir(), "s")}, &out, &errb); code != 2 {
			t.Errorf("--shards %s: exit %d, want 2 (%s)", bad, code, errb.String())
		}
	}
}
