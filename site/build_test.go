package site

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/internal/filetree"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site/publish"
	"github.com/thinchess/thinchess/verify"
)

func buildInto(t *testing.T, src, out string) (*Summary, mode.ErrorList) {
	t.Helper()
	sum, errs, err := Build(BuildOptions{Src: src, Out: out, CacheDir: testCacheDir()})
	if err != nil {
		t.Fatal(err)
	}
	return sum, errs
}

// readTree returns every file under dir by slash path, but the marker
// of a build's output (publish.OutputMarker, which TestWriteMarks tests).
func readTree(t *testing.T, dir string) map[string][]byte {
	return filetree.Read(t, dir, publish.OutputMarker)
}

func TestBuildDeterministic(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	// With a base URL, so that the sitemap, the feed and the preview
	// images are built too.
	const base = "https://example.org/thinchess/"
	if _, errs, err := Build(BuildOptions{Src: renderSrc, Out: a, CacheDir: testCacheDir(), BaseURL: base}); err != nil || len(errs.Errors()) > 0 {
		t.Fatal(err, errs)
	}
	// The second build runs without the solver cache: cold and warm
	// builds must agree too.
	if _, errs, err := Build(BuildOptions{Src: renderSrc, Out: b, BaseURL: base}); err != nil || len(errs.Errors()) > 0 {
		t.Fatal(err, errs)
	}
	// A third build with the first one's cache, warm now: its chunks of
	// puzzles come from the cache and must be the same bytes.
	c := filepath.Join(dir, "c")
	if _, errs, err := Build(BuildOptions{Src: renderSrc, Out: c, CacheDir: testCacheDir(), BaseURL: base}); err != nil || len(errs.Errors()) > 0 {
		t.Fatal(err, errs)
	}
	fa, fb, fc := readTree(t, a), readTree(t, b), readTree(t, c)
	if len(fa) != len(fb) || len(fa) != len(fc) {
		t.Fatalf("builds wrote %d, %d and %d files", len(fa), len(fb), len(fc))
	}
	for name, data := range fa {
		if !bytes.Equal(data, fb[name]) || !bytes.Equal(data, fc[name]) {
			t.Errorf("%s differs between builds of the same sources", name)
		}
	}
}

func TestFailedBuildLeavesOutput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	if _, errs := buildInto(t, renderSrc, out); len(errs.Errors()) > 0 {
		t.Fatal(errs)
	}
	before := readTree(t, out)

	// A copy of the sources with one false claim added.
	src := filepath.Join(dir, "src")
	if err := os.CopyFS(src, os.DirFS(renderSrc)); err != nil {
		t.Fatal(err)
	}
	bad, _ := os.ReadFile("testdata/broken/false-result.md")
	os.WriteFile(filepath.Join(src, "modes", "false-result.md"), bad, 0o644)
	os.MkdirAll(filepath.Join(src, "modes"), 0o755)
	_, errs, err := Build(BuildOptions{Src: src, Out: out, CacheDir: testCacheDir()})
	if err == nil && len(errs.Errors()) == 0 {
		t.Fatal("a build with a false claim succeeded")
	}
	after := readTree(t, out)
	if len(after) != len(before) {
		t.Fatalf("the failed build changed the output: %d files before, %d after", len(before), len(after))
	}
	for name, data := range before {
		if !bytes.Equal(data, after[name]) {
			t.Errorf("the failed build changed %s", name)
		}
	}
	leftovers, _ := filepath.Glob(filepath.Join(dir, ".public*"))
	if len(leftovers) > 0 {
		t.Errorf("temporary folders left behind: %v", leftovers)
	}
}

var refRE = regexp.MustCompile(`(?:href|src)="([^"]+)"`)

// TestLinksUnderSubPath serves the built site under /repo/, as GitHub
// Pages serves a project site, and follows every reference of every page,
// the manifest and the service worker's precache list.
func TestLinksUnderSubPath(t *testing.T) {
	out := filepath.Join(t.TempDir(), "public")
	sum, errs := buildInto(t, renderSrc, out)
	if len(errs.Errors()) > 0 {
		t.Fatal(errs)
	}
	mux := http.NewServeMux()
	mux.Handle("/repo/", http.StripPrefix("/repo/", http.FileServer(http.Dir(out))))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	get := func(u string) (int, []byte) {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, body
	}
	checked := map[string]bool{}
	base := srv.URL + "/repo/"
	for name := range sum.Output {
		var refs []string
		switch {
		case strings.HasSuffix(name, ".html"):
			for _, m := range refRE.FindAllStringSubmatch(string(sum.Output[name]), -1) {
				refs = append(refs, m[1])
			}
		case name == "sw.js":
			for _, m := range regexp.MustCompile(`"((?:\./|assets/|modes/|docs/|train/|editor/|explore/)[^"]*)"`).FindAllStringSubmatch(string(sum.Output[name]), -1) {
				refs = append(refs, m[1])
			}
		case name == "manifest.webmanifest":
			for _, m := range regexp.MustCompile(`"src":"([^"]+)"`).FindAllStringSubmatch(string(sum.Output[name]), -1) {
				refs = append(refs, m[1])
			}
		default:
			continue
		}
		pageURL, _ := url.Parse(base + name)
		for _, ref := range refs {
			u, err := url.Parse(ref)
			if err != nil || u.Scheme == "mailto" || strings.HasPrefix(ref, "#") || (u.Scheme == "" && !strings.ContainsAny(ref, "/.")) {
				continue
			}
			if u.IsAbs() && !strings.HasPrefix(ref, srv.URL) {
				continue // canonical links to the deploy's base URL
			}
			abs := pageURL.ResolveReference(u)
			abs.Fragment = ""
			if !strings.HasPrefix(abs.Path, "/repo/") {
				t.Errorf("%s: %q escapes the sub-path (resolves to %s)", name, ref, abs.Path)
				continue
			}
			if checked[abs.String()] {
				continue
			}
			checked[abs.String()] = true
			if code, _ := get(abs.String()); code != http.StatusOK {
				t.Errorf("%s: %q → %s: status %d", name, ref, abs.Path, code)
			}
		}
	}
	if len(checked) < 10 {
		t.Errorf("only %d references checked; the crawl found too little", len(checked))
	}
	if code, _ := get(base + path.Clean("modes/")); code != http.StatusOK && code != http.StatusMovedPermanently {
		t.Logf("modes/ index: %d", code)
	}
}

// A site's templates/ folder overrides the built-in templates file by
// file, for build as for serve; the other files stay the built-in ones.
func TestSiteTemplatesOverride(t *testing.T) {
	src := t.TempDir()
	if err := os.CopyFS(src, os.DirFS(renderSrc)); err != nil {
		t.Fatal(err)
	}
	css := filepath.Join(src, "templates", "static", "app.css")
	os.MkdirAll(filepath.Dir(css), 0o755)
	os.WriteFile(css, []byte("body { color: rebeccapurple }\n"), 0o644)
	sum, errs, err := Build(BuildOptions{Src: src, CacheDir: testCacheDir()})
	if err != nil || len(errs.Errors()) > 0 {
		t.Fatal(err, errs)
	}
	found := false
	for name, data := range sum.Output {
		if strings.HasPrefix(name, "assets/app.") && strings.HasSuffix(name, ".css") {
			found = strings.Contains(string(data), "rebeccapurple")
		}
	}
	if !found {
		t.Error("the site's app.css did not replace the built-in one")
	}
	if _, ok := sum.Output["train/index.html"]; !ok {
		t.Error("the templates the site does not override are missing")
	}
}

// The summary counts each mode once: a claim the mate search tried and
// could not prove is "not verified", not also "by mate search".
func TestSummaryCountsEachModeOnce(t *testing.T) {
	src := t.TempDir()
	p := filepath.Join(src, "modes", "chess", "deep.md")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte("---\ntitle: \"Deep\"\nstart: \"r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1 w - - 0 1\"\nclaim:\n  result: white-wins\n  mate_in: 3\n---\n"), 0o644)
	sum, errs, err := Build(BuildOptions{Src: src, CheckOnly: true, Verify: verify.Options{MaxStates: 1000, MateNodes: 500}})
	if err != nil || len(errs.Errors()) > 0 {
		t.Fatal(err, errs)
	}
	if sum.Exact+sum.MateSearch+sum.Unverified != 1 || sum.Unverified != 1 {
		t.Errorf("one unproven mode counted as %d exact, %d by mate search, %d not verified", sum.Exact, sum.MateSearch, sum.Unverified)
	}
}

// A build warns when its site nears the size GitHub Pages publishes,
// saying how many more puzzles fit, and not before.
func TestPagesWarning(t *testing.T) {
	for _, c := range []struct {
		size, puzzles int
		want          string
	}{
		{PagesWarnAt, 500_000, ""},
		{PagesWarnAt + 1, 0, "warning: the site is 800 MB, 80% of the 1000 MB GitHub Pages publishes"},
		{810_000_000, 500_000, "warning: the site is 810 MB, 81% of the 1000 MB GitHub Pages publishes (1620 bytes a puzzle: about 117283 more puzzles fit); split the puzzles over more sites, or host it elsewhere"},
		{1_620_000_000, 1_000_000, "warning: the site is 1620 MB, 162% of the 1000 MB GitHub Pages publishes (1620 bytes a puzzle); split the puzzles over more sites, or host it elsewhere"},
	} {
		w := pagesWarning(c.size, c.puzzles)
		got := ""
		if w != nil {
			got = w.Error()
		}
		if got != c.want {
			t.Errorf("pagesWarning(%d, %d) = %q, want %q", c.size, c.puzzles, got, c.want)
		}
	}
}
