package site

import (
	"bytes"
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/explore"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/verify"
)

// gardnerCode is a 1×8 position of 1237 states; White mates in 11 plies.
const gardnerCode = "bk,bn,br,x,x,wr,wn,wk:w"

// exploreData reads the explorer data of a built page.
func exploreData(t *testing.T, page []byte) (wire.Explore, [][]json.RawMessage) {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="?application/json"? id="?explore-data"?>(.*?)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatal("no explore-data script")
	}
	var d wire.Explore
	if err := json.Unmarshal(m[1], &d); err != nil {
		t.Fatal(err)
	}
	var nodes [][]json.RawMessage
	if err := json.Unmarshal(d.Nodes, &nodes); err != nil {
		t.Fatal(err)
	}
	return d, nodes
}

// TestExplorePages builds the test site and checks its explorer pages:
// one per exactly solved mode, linked from the mode page and the home
// page, with the counts, the scope said in words, and data the script
// reads; the second build reads the layouts from the cache and writes the
// same bytes.
func TestExplorePages(t *testing.T) {
	cache := t.TempDir()
	build := func() (*Summary, *verify.Cache) {
		c := &verify.Cache{Dir: cache}
		s, errs := mode.Load(renderSrc)
		if len(errs.Errors()) > 0 {
			t.Fatal(errs)
		}
		results, artifacts, verrs := verify.Verify(s, verify.Options{MaxStates: 1_000_000, MateNodes: 2_000_000, Cache: c})
		if len(verrs.Errors()) > 0 {
			t.Fatal(verrs)
		}
		files, err := Render(s, results, artifacts, RenderOptions{Wasm: []byte("wasm"), WasmExec: []byte("exec"), Cache: c})
		if err != nil {
			t.Fatal(err)
		}
		return &Summary{Output: files, Results: results, Artifacts: artifacts}, c
	}
	first, _ := build()
	files := first.Output
	for _, tt := range []struct {
		id, scope string
		nodes     int
		says      []string
	}{
		{"gardner", explore.ScopeAll, 1237, []string{"The whole reachable graph: all 1,237 states and all 2,672 moves", "The 37 states of White's winning subtree", "<dd>1,237</dd>", "<dd>139</dd>", "<dd>37 states</dd>"}},
		{"gardner-mate", explore.ScopeAll, 1237, []string{"Start: White wins, mate in 11 plies."}},
		{"krk", explore.ScopeDraw, 0, []string{"The start is a draw, so this is the drawn core around it", "where the page stops to stay small", "none: the start is a draw", "<dd>4,098</dd>"}},
	} {
		page := files["explore/"+tt.id+"/index.html"]
		if page == nil {
			t.Fatalf("no explorer page for %s", tt.id)
		}
		text := html.UnescapeString(string(page))
		for _, s := range tt.says {
			if !strings.Contains(text, html.UnescapeString(s)) {
				t.Errorf("explore/%s does not say %q", tt.id, s)
			}
		}
		d, nodes := exploreData(t, page)
		if d.Scope != tt.scope || d.Play != "../../modes/"+tt.id+"/" || d.W < 1 || d.Width <= 0 || tt.nodes > 0 && len(nodes) != tt.nodes {
			t.Errorf("explore/%s data: scope %s, play %s, %d nodes", tt.id, d.Scope, d.Play, len(nodes))
		}
		if len(page) > 300<<10 {
			t.Errorf("explore/%s is %d KiB", tt.id, len(page)>>10)
		}
		t.Logf("explore/%s: %d nodes, %d KiB", tt.id, len(nodes), len(page)>>10)
		if page := string(files["modes/"+tt.id+"/index.html"]); !strings.Contains(page, `href="../../explore/`+tt.id+`/"`) {
			t.Errorf("modes/%s does not link its explorer", tt.id)
		}
		if !strings.Contains(string(files[catalogPath]), `href="../explore/`+tt.id+`/"`) {
			t.Errorf("the catalog (%s) does not link explore/%s", catalogPath, tt.id)
		}
	}
	if _, ok := files["explore/standard/index.html"]; ok {
		t.Error("standard chess, not solved exactly, has an explorer page")
	}
	if strings.Contains(string(files["modes/standard/index.html"]), "explore/") {
		t.Error("standard chess links an explorer page")
	}
	// A rebuild, its verifications from the cache (no tables in memory),
	// reads the layouts from the cache and writes the same pages.
	second, c := build()
	for id, a := range second.Artifacts {
		if a.Solved != nil {
			t.Fatalf("%s: the second build solved again", id)
		}
	}
	for name, data := range files {
		if strings.HasPrefix(name, "explore/") && !bytes.Equal(second.Output[name], data) {
			t.Errorf("%s differs on a rebuild", name)
		}
	}
	// Every verification and explorer layout (and the icons and page
	// bodies) comes from the cache: no misses at all.
	if want := len(second.Results) + 3; c.Hits < want || c.Misses != 0 {
		t.Errorf("%d cache hits and %d misses on the rebuild, want at least %d hits (every verification and explorer layout) and no miss", c.Hits, c.Misses, want)
	}
}

// TestExploreFromSerializedTable checks that a page made from the table
// loaded again (a verification from the cache, without an explorer
// cache) is the one made from the solved table.
func TestExploreFromSerializedTable(t *testing.T) {
	tb := solveGardner(t)
	data, err := tb.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	s := loadRenderSite(t)
	var found *mode.Mode
	for _, m := range s.Modes {
		if m.ID == "gardner" {
			found = m
		}
	}
	mv := &modeView{Mode: found}
	r := &renderer{}
	mv.V = &verify.Verification{Method: solver.Exact}
	mv.A = &verify.Artifacts{Table: data, Solved: tb}
	a, err := r.explore(mv)
	if err != nil {
		t.Fatal(err)
	}
	mv.A = &verify.Artifacts{Table: data}
	b, err := r.explore(mv)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Nodes, b.Nodes) || a.Summary != b.Summary {
		t.Error("the page from the loaded table differs from the solved one")
	}
}

// TestExploreCacheByStart checks that two modes whose starts lie in one
// graph, so that their tables are the same bytes, get their own pages
// from the cache.
func TestExploreCacheByStart(t *testing.T) {
	s := loadRenderSite(t)
	var gardner *mode.Mode
	for _, m := range s.Modes {
		if m.ID == "gardner" {
			gardner = m
		}
	}
	raid := *gardner
	raid.ID = "raid"
	var err error
	if raid.Start, err = engine.Parse("bk,x,br,bn,wn,wr,x,wk:w", gardner.Rules); err != nil {
		t.Fatal(err)
	}
	r := &renderer{opt: RenderOptions{Cache: &verify.Cache{Dir: t.TempDir()}}}
	var starts []string
	var tables [][]byte
	for _, m := range []*mode.Mode{gardner, &raid} {
		tb, err := solver.Solve(m.Start, solver.Options{})
		if err != nil {
			t.Fatal(err)
		}
		data, _ := tb.MarshalBinary()
		tables = append(tables, data)
		c, err := r.explore(&modeView{Mode: m, V: &verify.Verification{Method: solver.Exact}, A: &verify.Artifacts{Table: data}})
		if err != nil {
			t.Fatal(err)
		}
		var nodes [][]json.RawMessage
		json.Unmarshal(c.Nodes, &nodes)
		starts = append(starts, string(nodes[0][3]))
	}
	if !bytes.Equal(tables[0], tables[1]) {
		t.Log("the two tables differ; the test no longer shows the shared-table case")
	}
	if want := `"` + raid.Start.FEN() + `"`; starts[1] != want {
		t.Errorf("the second mode's page starts at %s, want %s", starts[1], want)
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 457752: "457,752", 1796164: "1,796,164", -5: "-5"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

// solveGardner solves gardnerCode exactly.
func solveGardner(t testing.TB) *solver.Table {
	t.Helper()
	p, err := engine.Parse(gardnerCode, nil)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := solver.Solve(p, solver.Options{MaxStates: 1_000_000})
	if err != nil {
		t.Fatal(err)
	}
	return tb
}

// TestExplorePageSaysDroppedEdges checks that a page whose edge budget
// dropped moves says so.
func TestExplorePageSaysDroppedEdges(t *testing.T) {
	e := explore.Layout(solveGardner(t), explore.Options{All: 3000, Nodes: 2000, Edges: 1500})
	if s := summarize(e).What(); !strings.Contains(s, "Only 1,500 of the 2,672 moves") {
		t.Errorf("the page does not say edges were dropped: %q", s)
	}
}
