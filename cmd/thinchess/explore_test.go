package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site"
	"github.com/thinchess/thinchess/verify"
)

// TestExplorerAgreesWithGraph builds the explorer pages of small modes
// whose whole graph they show and checks them against `thinchess graph`
// state for state: the same states, values, distances to mate, terminal
// kinds and successors, in the same move order.
func TestExplorerAgreesWithGraph(t *testing.T) {
	src := t.TempDir()
	modes := map[string]struct{ variant, start, graphArgs string }{
		"gardner":  {"1d", "bk,bn,br,x,x,wr,wn,wk:w", "bk,bn,br,x,x,wr,wn,wk:w"},
		"hexapawn": {"race", "ppp/3/PPP w - - 0 1", "--variant|race|ppp/3/PPP w - - 0 1"},
		"rooks":    {"1d", "bk,br,x,x,wr,wk:w", "bk,br,x,x,wr,wk:w"},
	}
	for id, m := range modes {
		md := "---\ntitle: \"" + id + "\"\nvariant: " + m.variant + "\nstart: \"" + m.start + "\"\ndifficulty: 1\n---\nA mode.\n"
		if err := os.MkdirAll(filepath.Join(src, "modes", "test"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(src, "modes", "test", id+".md"), []byte(md), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(src, "site.yaml"), []byte("title: test\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s, errs := mode.Load(src)
	if len(errs.Errors()) > 0 {
		t.Fatal(errs)
	}
	results, artifacts, errs := verify.Verify(s, verify.DefaultOptions)
	if len(errs.Errors()) > 0 {
		t.Fatal(errs)
	}
	files, err := site.Render(s, results, artifacts, site.RenderOptions{Wasm: []byte("wasm"), WasmExec: []byte("exec")})
	if err != nil {
		t.Fatal(err)
	}
	dataRE := regexp.MustCompile(`(?s)<script type="?application/json"? id="?explore-data"?>(.*?)</script>`)
	for id, m := range modes {
		t.Run(id, func(t *testing.T) {
			page := files["explore/"+id+"/index.html"]
			match := dataRE.FindSubmatch(page)
			if match == nil {
				t.Fatal("no explorer data")
			}
			var data struct {
				Scope string              `json:"scope"`
				Nodes [][]json.RawMessage `json:"nodes"`
			}
			if err := json.Unmarshal(match[1], &data); err != nil {
				t.Fatal(err)
			}
			if data.Scope != "all" {
				t.Fatalf("scope %q, want the whole graph", data.Scope)
			}
			// A node is [x, y, layer, fen, value, dtm, terminal, parent, via,
			// flags, moves], a move [san, to, flags, …].
			fens := make([]string, len(data.Nodes))
			for k, n := range data.Nodes {
				json.Unmarshal(n[3], &fens[k])
			}
			page0 := map[string]graphLine{}
			for k, n := range data.Nodes {
				var l graphLine
				var dtm int
				json.Unmarshal(n[4], &l.Value)
				json.Unmarshal(n[5], &dtm)
				json.Unmarshal(n[6], &l.Terminal)
				l.DTM, l.FEN, l.Next = &dtm, fens[k], []string{}
				var moves [][]json.RawMessage
				if err := json.Unmarshal(n[10], &moves); err != nil {
					t.Fatal(err)
				}
				for _, mv := range moves {
					var to int
					json.Unmarshal(mv[1], &to)
					if to < 0 {
						t.Fatalf("%s: a move leads out of the whole graph", l.FEN)
					}
					l.Next = append(l.Next, fens[to])
				}
				if _, dup := page0[l.FEN]; dup {
					t.Fatalf("%s shown twice", l.FEN)
				}
				page0[l.FEN] = l
			}
			code, out, stderr := runCLI(append([]string{"graph"}, strings.Split(m.graphArgs, "|")...)...)
			if code != 0 {
				t.Fatalf("graph: exit %d: %s", code, stderr)
			}
			n := 0
			sc := bufio.NewScanner(strings.NewReader(out))
			sc.Buffer(nil, 1<<20)
			for sc.Scan() {
				var g graphLine
				if err := json.Unmarshal(sc.Bytes(), &g); err != nil {
					t.Fatal(err)
				}
				n++
				p, ok := page0[g.FEN]
				if !ok {
					t.Fatalf("graph's state %s is not on the page", g.FEN)
				}
				if p.Value != g.Value || *p.DTM != *g.DTM || p.Terminal != g.Terminal || !slices.Equal(p.Next, g.Next) {
					t.Fatalf("%s: page %s in %d (%s) → %v; graph %s in %d (%s) → %v", g.FEN, p.Value, *p.DTM, p.Terminal, p.Next, g.Value, *g.DTM, g.Terminal, g.Next)
				}
			}
			if n != len(page0) || n == 0 {
				t.Fatalf("graph prints %d states, the page shows %d", n, len(page0))
			}
		})
	}
}
