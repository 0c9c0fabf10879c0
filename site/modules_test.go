package site

import (
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/site/jslink"
	"github.com/thinchess/thinchess/templates"
)

// TestModulesShipped checks the real front end: every module of
// templates/static/js but the Node tests ships, minified with its imports
// and exports intact, and imports only modules the build writes.
func TestModulesShipped(t *testing.T) {
	s := loadRenderSite(t)
	files, err := Render(s, mateVerifications(t, s), nil, goldenOptions)
	if err != nil {
		t.Fatal(err)
	}
	for name := range files {
		if strings.HasSuffix(name, ".test.js") || strings.Contains(name, "package") {
			t.Errorf("the build ships %s", name)
		}
	}
	mods, err := fs.Glob(templates.FS, moduleDir+"/*.js")
	if err != nil {
		t.Fatal(err)
	}
	spec := regexp.MustCompile(`from"\./([^"]+)"|import"\./([^"]+)"`)
	imports := 0
	for _, m := range mods {
		base := path.Base(m)
		if strings.HasSuffix(base, ".test.js") {
			continue
		}
		name := assetNamed(files, jslink.JoinOf(base)) // a family of joins ships joined
		if name == "" {
			t.Errorf("%s is not shipped (as %s): no module imports it", base, jslink.JoinOf(base))
			continue
		}
		src := string(files[name])
		if strings.Contains(src, "\n  ") {
			t.Errorf("%s is not minified", name)
		}
		orig, err := fs.ReadFile(templates.FS, m)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(orig), "\nexport ") && !strings.Contains(src, "export ") {
			t.Errorf("%s lost its exports:\n%.200s", name, src)
		}
		for _, m := range spec.FindAllStringSubmatch(src, -1) {
			imports++
			if dep := m[1] + m[2]; files["assets/"+dep] == nil {
				t.Errorf("%s imports %s, which the build does not write", name, dep)
			}
		}
	}
	if imports == 0 {
		t.Fatal("no module imports another: is the front end linked?")
	}
}

// assetNamed returns the hashed name of a module in assets/, or "".
func assetNamed(files map[string][]byte, module string) string {
	re := regexp.MustCompile(`^assets/` + regexp.QuoteMeta(strings.TrimSuffix(module, ".js")) + `\.[0-9a-f]{10}\.js$`)
	for name := range files {
		if re.MatchString(name) {
			return name
		}
	}
	return ""
}

// TestPageScripts checks that each page loads its own controller's entry
// module and preloads what it imports, and no other page's code.
func TestPageScripts(t *testing.T) {
	s := loadRenderSite(t)
	files, err := Render(s, mateVerifications(t, s), nil, goldenOptions)
	if err != nil {
		t.Fatal(err)
	}
	script := regexp.MustCompile(`<script type="module" src="(?:\.\./)*assets/([a-z]+)\.[0-9a-f]{10}\.js"></script>`)
	preload := regexp.MustCompile(`<link rel="modulepreload" href="(?:\.\./)*assets/([a-z]+)\.[0-9a-f]{10}\.js">`)
	for _, tc := range []struct {
		page, entry string
		loads       []string
		never       []string
	}{
		{"index.html", "home", []string{"prefs", "dom", "progress"}, []string{"board", "game", "train"}},
		{"docs/about/index.html", "prefs", []string{"dom"}, []string{"board", "game", "home"}},
		{"modes/gardner/index.html", "mode", []string{"prefs", "game", "board", "rules"}, []string{"editor", "explore", "train", "words", "reviewpanel", "progress"}},
		{"train/index.html", "train", []string{"puzzle", "progress"}, []string{"editor", "explore", "mode"}},
		{"editor/index.html", "editor", []string{"board", "position"}, []string{"game", "explore", "train"}},
	} {
		html := string(files[tc.page])
		scripts := script.FindAllStringSubmatch(html, -1)
		if len(scripts) != 1 || scripts[0][1] != tc.entry {
			t.Errorf("%s: module scripts %v, want %s only", tc.page, scripts, tc.entry)
		}
		pre := map[string]bool{}
		for _, m := range preload.FindAllStringSubmatch(html, -1) {
			pre[m[1]] = true
		}
		for _, m := range tc.loads {
			if !pre[m] {
				t.Errorf("%s does not preload %s", tc.page, m)
			}
		}
		for _, m := range tc.never {
			if pre[m] {
				t.Errorf("%s preloads %s, another page's code", tc.page, m)
			}
		}
	}
}
