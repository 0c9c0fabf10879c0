package publish

import (
	"bytes"
	"encoding/json"
	"path"
	"strings"

	"github.com/tdewolff/minify/v2"
	mincss "github.com/tdewolff/minify/v2/css"
	minhtml "github.com/tdewolff/minify/v2/html"
	minjs "github.com/tdewolff/minify/v2/js"

	"github.com/thinchess/thinchess/internal/par"
)

// minifier minifies HTML, CSS and JavaScript.
var minifier = func() *minify.M {
	m := minify.New()
	m.Add("text/html", &minhtml.Minifier{KeepDocumentTags: true, KeepEndTags: true, KeepQuotes: true})
	m.AddFunc("text/css", mincss.Minify)
	m.AddFunc("application/javascript", minjs.Minify)
	// No JSON minifier: the JSON the build writes (in pages and files)
	// is already compact, and re-minifying the data blocks of every page
	// cost more than the rest of the minification together.
	return m
}()

var minifyTypes = map[string]string{
	".html": "text/html",
	".css":  "text/css",
	".js":   "application/javascript",
}

// Minify minifies the pages, the service worker and the manifest in
// place; assets are minified (MinifyBytes) before their names are hashed.
func Minify(files map[string][]byte) error {
	var names []string
	for name := range files {
		if !strings.HasPrefix(name, "assets/") {
			names = append(names, name)
		}
	}
	out := par.Map(names, func(name string) []byte { return MinifyBytes(name, files[name]) })
	for i, name := range names {
		files[name] = out[i]
	}
	return nil
}

// MinifyBytes minifies HTML, CSS, JS and JSON by file extension and
// returns anything else unchanged. The Go-provided wasm_exec.js keeps its
// copyright notice (the comment lines it starts with), as Go's BSD
// licence asks; minified, it is 2.6 KB gzipped instead of 4.3 on every
// page that loads the WebAssembly engine. A file the minifier cannot read
// is kept as it is.
func MinifyBytes(name string, data []byte) []byte {
	if ext := path.Ext(name); ext == ".json" || ext == ".webmanifest" {
		var out bytes.Buffer
		if json.Compact(&out, data) != nil {
			return data
		}
		return out.Bytes()
	}
	mt, ok := minifyTypes[path.Ext(name)]
	if !ok {
		return data
	}
	var out bytes.Buffer
	if strings.Contains(name, "wasm_exec") {
		out.Write(leadingComments(data))
	}
	if err := minifier.Minify(mt, &out, bytes.NewReader(data)); err != nil {
		return data
	}
	return out.Bytes()
}

// leadingComments returns the "//" comment lines a script starts with,
// each with its newline.
func leadingComments(src []byte) []byte {
	n := 0
	for rest := src[n:]; bytes.HasPrefix(rest, []byte("//")); rest = src[n:] {
		end := bytes.IndexByte(rest, '\n')
		if end < 0 {
			return append(src[:len(src):len(src)], '\n')
		}
		n += end + 1
	}
	return src[:n]
}
