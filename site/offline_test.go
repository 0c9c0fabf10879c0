package site

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/internal/wire"
)

// readSaveList finds the offline list among the rendered files through
// the service worker, which names it.
func readSaveList(t *testing.T, files map[string][]byte) (string, wire.SaveList) {
	t.Helper()
	m := regexp.MustCompile(`const SITE = "([^"]+)";`).FindSubmatch(files["sw.js"])
	if m == nil {
		t.Fatal("sw.js names no list of the site's files (const SITE)")
	}
	name := string(m[1])
	var l wire.SaveList
	if err := json.Unmarshal(files[name], &l); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return name, l
}

// The list names every page (but the 404 and offline pages) under its
// heading with its own title, and every file a reader may need with its
// size; the service worker precaches it and the offline page.
func TestSaveList(t *testing.T) {
	files := renderGolden(t, goldenOptions)
	name, l := readSaveList(t, files)
	if !strings.HasPrefix(name, "assets/offline.") {
		t.Errorf("the list is %s, want a hashed asset", name)
	}
	listed := map[string]wire.SavedPage{}
	for _, p := range l.Pages {
		listed[p.URL] = p
	}
	pageCases := []struct{ url, title, group string }{
		{"./", "Home page", "The site"},
		{"train/", "Puzzle trainer", "The site"},
		{"editor/", "Position editor", "The site"},
		{"modes/gardner-mate/", "", "Modes"},
		{"packs/test-mates/", "", "Puzzle packs"},
		{"docs/about/", "", "Rules and help"},
	}
	for _, c := range pageCases {
		p, ok := listed[c.url]
		switch {
		case !ok:
			t.Errorf("page %s is not listed", c.url)
		case p.Group != c.group:
			t.Errorf("page %s under %q, want %q", c.url, p.Group, c.group)
		case c.title != "" && p.Title != c.title:
			t.Errorf("page %s titled %q, want %q", c.url, p.Title, c.title)
		case strings.Contains(p.Title, " · "):
			t.Errorf("page %s titled %q, with the site's title", c.url, p.Title)
		}
	}
	if n := len(pages(files)) - 2; len(l.Pages) != n {
		t.Errorf("%d pages listed, want %d (every page but 404.html and offline/)", len(l.Pages), n)
	}
	sizes := map[string]int{}
	for _, f := range l.Files {
		sizes[f.URL] = f.Bytes
	}
	fileCases := []struct {
		file   string
		listed bool
	}{
		{"modes/gardner-mate/index.html", true},
		{"index.html", true},
		{"manifest.webmanifest", true},
		{"sw.js", false},
		{"404.html", false},
		{"offline/index.html", false},
		{"sitemap.xml", false},
		{"robots.txt", false},
		{feedPath, false},
	}
	for _, c := range fileCases {
		size, ok := sizes[fileURL(c.file)]
		if ok != c.listed {
			t.Errorf("%s listed %v, want %v", c.file, ok, c.listed)
		}
		if ok && size != len(files[c.file]) {
			t.Errorf("%s listed with %d bytes, want %d", c.file, size, len(files[c.file]))
		}
	}
	for n := range files {
		if strings.HasPrefix(n, "assets/og/") {
			if _, ok := sizes[n]; ok {
				t.Errorf("%s (a link preview) is listed", n)
			}
		}
	}
	sw := string(files["sw.js"])
	for _, want := range []string{`"offline/"`, `"` + name + `"`, `const OFFLINE = "offline/";`} {
		if !strings.Contains(sw, want) {
			t.Errorf("sw.js does not contain %s", want)
		}
	}
}
