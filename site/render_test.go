package site

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/mate"
	"github.com/thinchess/thinchess/verify"
)

var update = flag.Bool("update", false, "rewrite the golden files of the render tests")

// renderSrc is the small site the render and browser tests build.
const renderSrc = "testdata/render/src"

// mateVerifications proves what the test site's modes claim with the
// bounded mate search and builds each puzzle's solution tree from the
// search's tree, the way Verify does for modes too large for a table. It
// lets the render tests run on real solver answers without the whole
// verification stage.
func mateVerifications(t testing.TB, s *mode.Site) map[string]*verify.Verification {
	t.Helper()
	out := map[string]*verify.Verification{}
	for _, m := range s.Modes {
		if m.Claim == nil {
			out[m.ID] = &verify.Verification{Method: solver.Unverified, Value: engine.Unknown, DTM: -1, Note: "no claim"}
			continue
		}
		p := m.Start
		res, err := mate.Search(p, p.Side, 20, mate.Options{})
		if err != nil || !res.Found {
			t.Fatalf("%s: mate search: %v (found %v)", m.Path, err, res != nil && res.Found)
		}
		v := &verify.Verification{Method: solver.ByMateSearch, Verified: true, Value: engine.WinFor(p.Side), DTM: res.Plies, MateIn: res.Moves}
		for _, f := range res.First {
			if f.Moves == res.Moves {
				v.Best = append(v.Best, f.SAN)
			}
		}
		var line []engine.Move
		for n := res.Tree; n != nil && len(n.Next) > 0; {
			n = longest(n)
			line = append(line, n.M)
		}
		v.PV = p.SANLine(line)
		if m.Puzzle != nil {
			v.Tree = mateTree(*p, res.Tree, m.Puzzle.Side)
		}
		out[m.ID] = v
	}
	return out
}

// longest returns the child of n the defender prefers (the longest mate)
// or, at the attacker's nodes, the first optimal move.
func longest(n *mate.Node) *mate.Node {
	best := n.Next[0]
	for _, c := range n.Next[1:] {
		if c.Mate > best.Mate {
			best = c
		}
	}
	return best
}

// mateTree converts a mate-search tree into the trainer's tree: every
// listed attacker move is accepted, the defender plays its longest
// defence.
func mateTree(p engine.Position, n *mate.Node, player engine.Color) *verify.TreeNode {
	t := &verify.TreeNode{FEN: p.FEN()}
	if st := p.Status(); st != engine.Active {
		t.End = st.String()
		return t
	}
	if n == nil || len(n.Next) == 0 {
		return t
	}
	t.SAN, t.Next = map[string]string{}, map[string]*verify.TreeNode{}
	children := n.Next
	if p.Side != player {
		children = []*mate.Node{longest(n)}
	}
	for _, c := range children {
		coord := c.M.Coord(p.B)
		t.SAN[coord] = p.SAN(c.M)
		q := p
		q.Make(c.M)
		t.Next[coord] = mateTree(q, c, player)
		if p.Side == player {
			t.Accept = append(t.Accept, coord)
		} else {
			t.Reply = coord
		}
	}
	sort.Strings(t.Accept)
	return t
}

// loadRenderSite loads the test site.
func loadRenderSite(t testing.TB) *mode.Site {
	t.Helper()
	s, errs := mode.Load(renderSrc)
	if len(errs.Errors()) > 0 {
		t.Fatalf("loading %s: %v", renderSrc, errs)
	}
	return s
}

// goldenOptions stand in for the compiled engine: Render only copies and
// hashes these bytes, and the golden files should not change with every
// change to the engine.
var goldenOptions = RenderOptions{
	BaseURL:  "https://example.org/thinchess/",
	Wasm:     []byte("\x00asm\x01\x00\x00\x00 golden-test engine"),
	WasmExec: []byte("// golden-test wasm_exec.js\n"),
	// The feed's dates as git would give them; gardner.md has none (not
	// committed), so the feed leaves it out.
	Dates: map[string]SourceDate{
		"modes/1d-chess/gardner-mate.md": {goldenDate(2025, 3, 1), goldenDate(2025, 6, 2)},
		"modes/chess/standard.md":        {goldenDate(2025, 1, 5), goldenDate(2025, 1, 5)},
		"modes/thin/krk.md":              {goldenDate(2025, 3, 1), goldenDate(2025, 3, 1)},
		"packs/test-mates.md":            {goldenDate(2025, 4, 10), goldenDate(2025, 4, 10)},
		"packs/test-mates.jsonl":         {goldenDate(2025, 4, 11), goldenDate(2025, 7, 20)},
	},
}

func goldenDate(y int, m time.Month, d int) time.Time {
	return time.Date(y, m, d, 12, 0, 0, 0, time.UTC)
}

// goldenFiles are the rendered files kept in testdata/render/golden.
var goldenFiles = []string{
	"index.html",
	"modes/gardner-mate/index.html",
	"modes/standard/index.html",
	"train/index.html",
	"packs/test-mates/index.html",
	"editor/index.html",
	"docs/about/index.html",
	"404.html",
	"offline/index.html",
	"sw.js",
	"manifest.webmanifest",
	"sitemap.xml",
	"robots.txt",
	"feed.xml",
}

func TestRenderGolden(t *testing.T) {
	s := loadRenderSite(t)
	files, err := Render(s, mateVerifications(t, s), nil, goldenOptions)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range goldenFiles {
		got, ok := files[name]
		if !ok {
			t.Errorf("no output file %s", name)
			continue
		}
		path := filepath.Join("testdata", "render", "golden", filepath.FromSlash(name))
		if *update {
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (run go test ./site -run TestRenderGolden -update to create it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from %s (rerun with -update if the change is intended):\n%s", name, path, lineDiff(string(want), string(got)))
		}
	}
}

// lineDiff shows the first lines where want and got differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl == gl {
			continue
		}
		b.WriteString("line " + strconv.Itoa(i+1) + ":\n- " + wl + "\n+ " + gl + "\n")
		if shown++; shown == 5 {
			break
		}
	}
	return b.String()
}

func TestRenderDeterministic(t *testing.T) {
	s := loadRenderSite(t)
	results := mateVerifications(t, s)
	a, err := Render(s, results, nil, goldenOptions)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Render(s, results, nil, goldenOptions)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != len(b) {
		t.Fatalf("two renders gave %d and %d files", len(a), len(b))
	}
	for name, data := range a {
		if !bytes.Equal(data, b[name]) {
			t.Errorf("%s differs between two renders of the same input", name)
		}
	}
}

// TestRenderContract checks what the browser and the tests rely on: the
// board markup, relative URLs, the CSP without inline scripts, hashed
// assets, the mode data and the precache list.
func TestRenderContract(t *testing.T) {
	s := loadRenderSite(t)
	files, err := Render(s, mateVerifications(t, s), nil, goldenOptions)
	if err != nil {
		t.Fatal(err)
	}
	page := string(files["modes/gardner/index.html"])
	for _, want := range []string{
		`<button type="button" class="sq light" data-square="a8" data-piece="bk" aria-label="a8, black king"`,
		`aria-label="a4, empty"`,
		`id="status" class="status" role="status"`,
		`script-src 'self' 'wasm-unsafe-eval'`,
		`<script type="application/json" id="mode-data">`,
		`href="../../manifest.webmanifest"`,
		`<link rel="canonical" href="https://example.org/thinchess/modes/gardner/">`,
		`<div class="code" data-lang="line">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("modes/gardner/index.html lacks %s", want)
		}
	}
	for _, label := range []string{"Undo", "Redo", "Reset", "Flip", "Best move", "Solve", "Swap sides"} {
		// Each button shows an icon and its name (hidden on a phone, still
		// its accessible name).
		if !strings.Contains(page, ">"+label+"</span></button>") {
			t.Errorf("no %s button", label)
		}
	}
	if !strings.Contains(string(files["modes/gardner-mate/index.html"]), `>Hint</button>`) {
		t.Errorf("the puzzle page has no Hint button")
	}
	inline := regexp.MustCompile(`<script(?: [^>]*)?>([^<]+)</script>`)
	abs := regexp.MustCompile(`<(?:a|link|script|img)[^>]* (?:href|src)="/[^/]`)
	for name, data := range files {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		for _, m := range inline.FindAllStringSubmatch(string(data), -1) {
			if !strings.Contains(m[0], `type="application/json"`) {
				t.Errorf("%s has an inline script: %.80s", name, m[0])
			}
		}
		if m := abs.FindString(string(data)); m != "" {
			t.Errorf("%s has a root-absolute URL %s", name, m)
		}
	}
	about := string(files["docs/about/index.html"])
	if strings.Contains(about, "<script>alert") {
		t.Errorf("raw HTML from Markdown was rendered")
	}
	if !strings.Contains(about, `id="fn:1"`) || !strings.Contains(about, "—") {
		t.Errorf("footnotes or typographer missing from the about page")
	}
	sw := string(files["sw.js"])
	for name := range files {
		if name == "sw.js" {
			continue
		}
		url := name
		switch {
		case name == "index.html":
			url = "./"
		case strings.HasSuffix(name, "/index.html"):
			url = strings.TrimSuffix(name, "index.html")
		}
		if precached := strings.Contains(sw, `"`+url+`"`); precached != inShell(name) {
			t.Errorf("sw.js precaches %s: %v, want %v", url, precached, inShell(name))
		}
	}
	for _, name := range []string{"prefs.js", "mode.js", "app.css", "thinchess.wasm", "icon-192.png"} {
		found := false
		for f := range files {
			if regexp.MustCompile(`^assets/` + regexp.QuoteMeta(strings.TrimSuffix(name, filepath.Ext(name))) + `\.[0-9a-f]{10}` + regexp.QuoteMeta(filepath.Ext(name)) + `$`).MatchString(f) {
				found = true
			}
		}
		if !found {
			t.Errorf("no hashed asset for %s", name)
		}
	}
}

// testCacheDir keeps the compiled wasm between test runs.
func testCacheDir() string {
	if d, err := os.UserCacheDir(); err == nil {
		return filepath.Join(d, "thinchess-test")
	}
	return filepath.Join(os.TempDir(), "thinchess-test")
}

// The service worker precaches the app shell: as many files with a pack
// of 600 puzzles as with one of 3.
func TestPrecacheIndependentOfCorpus(t *testing.T) {
	precached := func(n int) int {
		src := t.TempDir()
		if err := os.CopyFS(src, os.DirFS(renderSrc)); err != nil {
			t.Fatal(err)
		}
		var lines []string
		for i := range n {
			lines = append(lines, fmt.Sprintf(`{"id":"p%d","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","mate_in":1,"solution":"1. Ra8#","rating":%d}`, i, 600+i))
		}
		if err := os.WriteFile(filepath.Join(src, "packs", "test-mates.jsonl"), []byte(strings.Join(lines, "\n")), 0o644); err != nil {
			t.Fatal(err)
		}
		s, errs := mode.Load(src)
		if len(errs.Errors()) > 0 {
			t.Fatal(errs)
		}
		files, err := Render(s, nil, nil, goldenOptions)
		if err != nil {
			t.Fatal(err)
		}
		m := regexp.MustCompile(`PRECACHE = (\[[^\]]*\])`).FindSubmatch(files["sw.js"])
		var list []string
		if m == nil || json.Unmarshal(m[1], &list) != nil {
			t.Fatalf("no precache list in sw.js")
		}
		chunks := 0
		for name := range files {
			if strings.HasPrefix(name, "assets/puzzles/test-mates-") {
				chunks++
			}
		}
		t.Logf("%d puzzles: %d chunks, %d files precached", n, chunks, len(list))
		return len(list)
	}
	if a, b := precached(3), precached(600); a != b {
		t.Errorf("precache list of %d files with 3 puzzles, %d with 600", a, b)
	}
}

// A pack puzzle the build could not prove (its pack's header says
// unverified: true) is marked: the pack's page says how many, the index
// counts them, and the puzzle's entry carries verified false, which the
// trainer shows as "not verified".
func TestUnverifiedMarked(t *testing.T) {
	s := loadRenderSite(t)
	results := mateVerifications(t, s)
	pack := s.Packs[0]
	for _, m := range pack.Puzzles {
		results[m.ID] = &verify.Verification{Method: solver.ByMateSearch, Verified: true, Value: engine.WhiteWins, DTM: 1, MateIn: 1}
	}
	first := pack.Puzzles[0].ID
	results[first] = &verify.Verification{Method: solver.Unverified, Value: engine.Unknown, DTM: -1, Note: "too large"}
	files, err := Render(s, results, nil, goldenOptions)
	if err != nil {
		t.Fatal(err)
	}
	page := string(files["packs/"+pack.ID+"/index.html"])
	if !strings.Contains(page, "<dt>Not verified</dt><dd>1: the build could not prove these puzzles; the trainer marks each</dd>") {
		t.Errorf("the pack's page does not mark its unverified puzzle")
	}
	var idx wire.Index
	var chunk wire.Chunk
	for name, data := range files {
		switch {
		case strings.HasPrefix(name, "assets/puzzles/index."):
			json.Unmarshal(data, &idx)
		case strings.HasPrefix(name, "assets/puzzles/"+pack.ID+"-"):
			var c wire.Chunk
			json.Unmarshal(data, &c)
			chunk = append(chunk, c...)
		}
	}
	for _, p := range idx.Packs {
		if p.ID == pack.ID && p.Unverified != 1 {
			t.Errorf("the index counts %d unverified puzzles of %s, want 1", p.Unverified, p.ID)
		}
	}
	marked := 0
	for _, e := range chunk {
		if e.Verification == nil || !e.Verification.Verified {
			marked++
			if e.ID != first {
				t.Errorf("puzzle %s is marked not verified", e.ID)
			}
		}
	}
	if marked != 1 {
		t.Errorf("%d entries of %d marked not verified, want 1", marked, len(chunk))
	}
	home := string(files["index.html"])
	if strings.Contains(home, "Every puzzle proven") {
		t.Errorf("the home page says every puzzle of the pack is proven")
	}
	trainer := false
	for name, data := range files {
		if strings.HasSuffix(name, ".js") && bytes.Contains(data, []byte("not verified: the build could not prove it")) {
			trainer = true
		}
	}
	if !trainer {
		t.Errorf("no module says a puzzle is not verified")
	}
}
