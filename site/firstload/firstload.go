// Package firstload measures what a first visit to a page of a built
// site downloads before its board plays, gzipped as a server sends it:
//
//	gz := map[string]int{} // sizes shared by the pages of one site
//	ld, err := firstload.Measure(files, "modes/1d-12/index.html", gz)
package firstload

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"path"
	"sort"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/html"
)

// Load is what a first visit to a page downloads before its board plays:
// the page, its stylesheets, scripts and modules, the icon, and the
// engine it plays on — the mode's exact table for a table-backed game
// (the page's own JavaScript engine plays from it), nothing more for a
// puzzle with a solution tree (the page's rules follow the tree, and the
// WebAssembly engine loads only for a move past it), else the
// WebAssembly engine with its worker and loader. Sizes are as a server sends them
// gzipped at the default level, as GitHub Pages does.
type Load struct {
	Page  string
	Files []LoadedFile
	Raw   int
	Gzip  int
}

// LoadedFile is one file of a Load, by its path in the site.
type LoadedFile struct {
	Path      string
	Raw, Gzip int
}

// Measure computes the first load of a page of a built site (its
// output files by path, such as "modes/1d-12/index.html"). It keeps
// each file's gzipped size by its path in gz, for the next page of the
// same site: pages share their scripts, styles and engine.
func Measure(files map[string][]byte, page string, gz map[string]int) (*Load, error) {
	doc, ok := files[page]
	if !ok {
		return nil, fmt.Errorf("first load: no page %s", page)
	}
	dir := path.Dir(page)
	refs := map[string]bool{}
	add := func(u string) {
		if u == "" || strings.Contains(u, "://") || strings.HasPrefix(u, "data:") || strings.HasPrefix(u, "#") {
			return
		}
		refs[path.Clean(path.Join(dir, u))] = true
	}
	var table, wasm, worker, wasmExec string
	tree := false
	board, editor := false, false
	l := html.NewLexer(parse.NewInputBytes(doc))
	var tag string
	attrs := map[string]string{}
	endTag := func() {
		switch tag {
		case "link":
			switch attrs["rel"] {
			case "stylesheet", "modulepreload", "icon":
				add(attrs["href"])
			}
		case "script":
			add(attrs["src"])
		case "body":
			wasm, worker, wasmExec = attrs["data-wasm"], attrs["data-worker"], attrs["data-wasm-exec"]
			editor = attrs["data-page"] == "editor"
		}
		if attrs["id"] == "board" {
			board = true
		}
	}
	for {
		tt, data := l.Next()
		switch tt {
		case html.ErrorToken:
			if len(refs) == 0 {
				return nil, fmt.Errorf("first load: %s: no assets found", page)
			}
			return measure(files, page, refs, table, (board && !tree) || editor, wasm, worker, wasmExec, add, gz)
		case html.StartTagToken:
			tag, attrs = strings.ToLower(string(data[1:])), map[string]string{}
		case html.AttributeToken:
			attrs[strings.ToLower(string(l.AttrKey()))] = strings.Trim(string(l.AttrVal()), `"'`)
		case html.StartTagCloseToken, html.StartTagVoidToken:
			endTag()
		case html.TextToken:
			if tag == "script" && attrs["id"] == "mode-data" {
				var d struct {
					Table  string `json:"table"`
					Puzzle *struct {
						Tree json.RawMessage `json:"tree"`
					} `json:"puzzle"`
				}
				if json.Unmarshal(data, &d) == nil {
					table = d.Table
					// A puzzle plays from its solution tree on the page's
					// rules; the engine comes only if a move leaves it.
					tree = d.Puzzle != nil && len(d.Puzzle.Tree) > 0 && string(d.Puzzle.Tree) != "null"
				}
			}
		}
	}
}

// measure adds the engine to a page's references and sizes them all.
func measure(files map[string][]byte, page string, refs map[string]bool, table string, plays bool, wasm, worker, wasmExec string, add func(string), gz map[string]int) (*Load, error) {
	switch {
	case table != "":
		add(table)
	case plays:
		add(wasm)
		add(worker)
		add(wasmExec)
	}
	ld := &Load{Page: page}
	names := []string{page}
	for n := range refs {
		names = append(names, n)
	}
	sort.Strings(names[1:])
	for _, n := range names {
		data, ok := files[n]
		if !ok {
			return nil, fmt.Errorf("first load: %s refers to %s, which the site does not have", page, n)
		}
		size, ok := gz[n]
		if !ok {
			size = GzipLen(data)
			gz[n] = size
		}
		f := LoadedFile{Path: n, Raw: len(data), Gzip: size}
		ld.Files = append(ld.Files, f)
		ld.Raw += f.Raw
		ld.Gzip += f.Gzip
	}
	return ld, nil
}

// GzipLen is the size of data gzipped at the default level.
func GzipLen(data []byte) int {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(data)
	w.Close()
	return buf.Len()
}
