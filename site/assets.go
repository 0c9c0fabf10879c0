package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/thinchess/thinchess/site/markdown"
	"github.com/thinchess/thinchess/site/picture"
	"github.com/thinchess/thinchess/site/publish"
	"github.com/thinchess/thinchess/verify"
)

// addAsset stores data under a hashed name in assets/ and remembers it
// by its logical name.
func (r *renderer) addAsset(logical string, data []byte) {
	data = publish.MinifyBytes(logical, data)
	out := publish.HashedName("assets/"+logical, data)
	r.assets[logical] = out
	r.files[out] = data
}

// staticFile reads a file of the templates.
func (r *renderer) staticFile(name string) ([]byte, error) {
	b, err := fs.ReadFile(r.fs, name)
	if err != nil {
		return nil, fmt.Errorf("render: %v", err)
	}
	return b, nil
}

// addAssets adds the stylesheets, the classic scripts (the theme set
// before the first paint, the engine's worker, live reload), the front
// end's modules (see addModules), the wasm engine and the icons.
func (r *renderer) addAssets() error {
	for _, name := range []string{"app.css", "theme.js", "worker.js", "livereload.js"} {
		b, err := r.staticFile("static/" + name)
		if err != nil {
			return err
		}
		r.addAsset(name, b)
	}
	if err := r.addModules(); err != nil {
		return err
	}
	css, err := markdown.CSS()
	if err != nil {
		return fmt.Errorf("render: chroma stylesheet: %v", err)
	}
	r.addAsset("chroma.css", css)
	r.addAsset("thinchess.wasm", r.opt.Wasm)
	r.addAsset("wasm_exec.js", r.opt.WasmExec)
	icons := []struct {
		name     string
		size     int
		maskable bool
	}{
		{"favicon-32.png", 32, false},
		{"icon-192.png", 192, false},
		{"icon-512.png", 512, false},
		{"icon-maskable-512.png", 512, true},
	}
	for _, ic := range icons {
		// Drawing the icons is the slowest part of a warm render; keep
		// them in the cache, keyed by the program that draws them.
		key := verify.Key("icon", verify.BinaryHash(), ic.name)
		b, ok := r.opt.Cache.Get("icons", key)
		if !ok {
			var err error
			if b, err = picture.Icon(ic.size, ic.maskable); err != nil {
				return fmt.Errorf("render: icon %s: %v", ic.name, err)
			}
			r.opt.Cache.Put("icons", key, b)
		}
		r.addAsset(ic.name, b)
	}
	return nil
}

// assetHash identifies the build by the hashes of its asset names.
func (r *renderer) assetHash() string {
	names := make([]string, 0, len(r.files))
	for n := range r.files {
		names = append(names, n)
	}
	sort.Strings(names)
	return publish.Hash([]byte(strings.Join(names, "\n")))[:12]
}

func (r *renderer) renderManifest() error {
	type icon struct {
		Src     string `json:"src"`
		Sizes   string `json:"sizes"`
		Type    string `json:"type"`
		Purpose string `json:"purpose,omitempty"`
	}
	m := struct {
		Name            string `json:"name"`
		ShortName       string `json:"short_name"`
		Description     string `json:"description"`
		Lang            string `json:"lang"`
		StartURL        string `json:"start_url"`
		Scope           string `json:"scope"`
		Display         string `json:"display"`
		BackgroundColor string `json:"background_color"`
		ThemeColor      string `json:"theme_color"`
		Icons           []icon `json:"icons"`
	}{
		Name: r.site.Config.Title, ShortName: r.site.Config.Title, Description: r.site.Config.Description,
		Lang: r.site.Config.Language, StartURL: "./", Scope: "./", Display: "standalone",
		BackgroundColor: "#f4f1e8", ThemeColor: "#2f5d50",
		Icons: []icon{
			{r.assets["icon-192.png"], "192x192", "image/png", ""},
			{r.assets["icon-512.png"], "512x512", "image/png", ""},
			{r.assets["icon-maskable-512.png"], "512x512", "image/png", "maskable"},
		},
	}
	b, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	r.files["manifest.webmanifest"] = append(b, '\n')
	return nil
}

// inShell reports whether the service worker precaches a file: the app
// shell, whose size does not grow with the puzzles. Mode and explorer
// pages, the packs' chunks, id buckets and tables are cached when used
// (or with their pack); the puzzle index and the chunks of the hand-made
// puzzles are part of the shell.
func inShell(name string) bool {
	switch {
	case strings.HasPrefix(name, "modes/"), strings.HasPrefix(name, "explore/"), strings.HasPrefix(name, "assets/tables/"):
		return false
	case strings.HasPrefix(name, "assets/og/"), name == "sitemap.xml", name == "robots.txt", name == feedPath:
		// For link previews, crawlers and feed readers, not for readers
		// offline.
		return false
	case strings.HasPrefix(name, "assets/puzzles/"):
		// The index, and the hand-made puzzles so that the trainer
		// works offline from the first visit.
		return strings.HasPrefix(name, "assets/puzzles/index.") || strings.HasPrefix(name, "assets/puzzles/"+authoredPack+"-")
	}
	return true
}

// renderServiceWorker writes sw.js: the generated precache list of the
// app shell (pages by their directory URL), the puzzle index, the list
// of the site's files and the offline page (offline.go), a version that
// changes whenever any file does, then templates/static/sw.js.
func (r *renderer) renderServiceWorker() error {
	names := r.fileNames()
	var urls []string
	h := sha256.New()
	for _, n := range names {
		h.Write([]byte(n))
		h.Write([]byte{0})
		// An asset's name already carries the hash of its content.
		if !strings.HasPrefix(n, "assets/") {
			h.Write(r.files[n])
		}
		if !inShell(n) || n == "sw.js" {
			continue
		}
		urls = append(urls, fileURL(n))
	}
	sort.Strings(urls)
	version := hex.EncodeToString(h.Sum(nil))[:16]
	list, err := json.MarshalIndent(urls, "", "  ")
	if err != nil {
		return err
	}
	src, err := r.staticFile("static/sw.js")
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString("// Generated by thinchess build; do not edit. Source: templates/static/sw.js.\n")
	fmt.Fprintf(&b, "const VERSION = %q;\nconst INDEX = %q;\nconst SITE = %q;\nconst OFFLINE = %q;\nconst PRECACHE = %s;\n",
		version, r.puzzles.index, r.assets["offline.json"], fileURL(offlinePath), list)
	b.Write(src)
	r.files["sw.js"] = b.Bytes()
	return nil
}
