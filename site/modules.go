package site

import (
	"fmt"
	"io/fs"
	"path"
	"sort"

	"github.com/thinchess/thinchess/site/jslink"
)

// The browser front end is native ES modules in templates/static/js,
// linked by the build without a bundler. Every module is an asset of its
// own under a content-hashed name (assets/board.1a2b3c4d5e.js), but for
// the families of joins, each shipped as one module; the build rewrites
// each relative import specifier ('./board.js') to the hashed name of
// the module it names ('./board.1a2b3c4d5e.js'), which resolves next to
// the importing module. Modules are hashed leaves first, in dependency
// order, so a module's name covers the names of everything it imports: a
// change to one module renames it and every module that imports it,
// directly or not, and a cached module never imports a stale one.
//
// Each page loads one entry module, its controller's (pageScripts), with
// <script type="module">, which the CSP's script-src 'self' allows
// without an inline import map, and preloads the modules it imports
// (<link rel="modulepreload">) so the browser fetches them at once
// rather than one import level at a time. A page loads no other page's
// code.
//
// Package jslink reads and links the graph (the one import form it
// accepts is in its documentation). Only the modules reachable from the
// entries ship: the Node tests (*.test.js) beside them never do.

// moduleDir holds the modules.
const moduleDir = "static/js"

// pageScripts are the entry modules by page kind. Pages without a
// controller (docs, 404) load defaultScript: the theme and sound
// toggles and the service worker, which every entry imports too.
var pageScripts = map[string]string{
	"home":      "home.js",
	"mode":      "mode.js",
	"train":     "train.js",
	"dashboard": "dashboard.js",
	"editor":    "editor.js",
	"explore":   "explore.js",
	"pack":      "pack.js",
	"offline":   "saved.js",
}

const defaultScript = "prefs.js"

// puzzleScript is the entry of a mode page that is a puzzle (with its
// solution tree); a mode page that plays a game loads pageScripts'
// mode.js, without the puzzle's code.
const puzzleScript = "puzzlepage.js"

// lazyScripts are entry modules a page loads only when the player asks
// for them, by a URL the template gives (Asset): a game's page loads
// "Review this game" (reviewpanel.js, with the trainer's progress and
// its scheduler) when it is pressed, not with the page.
var lazyScripts = []string{"reviewpanel.js"}

// drillScript is the entry of a mode page that offers drills (a game
// from a table): mode.js's game with the drills' code.
const drillScript = "drillmode.js"

// scriptEntries lists the entry modules in a fixed order.
func scriptEntries() []string {
	entries := append([]string{defaultScript, puzzleScript, drillScript}, lazyScripts...)
	for _, e := range pageScripts {
		entries = append(entries, e)
	}
	sort.Strings(entries)
	return entries
}

// addModules adds the front end's module graph as assets and keeps it
// for the pages' script and preload links.
func (r *renderer) addModules() error {
	read := func(name string) ([]byte, error) {
		return fs.ReadFile(r.fs, path.Join(moduleDir, name))
	}
	var dup string
	add := func(name string, data []byte) string {
		if _, ok := r.assets[name]; ok && dup == "" {
			dup = name
		}
		r.addAsset(name, data)
		return r.assets[name]
	}
	g, err := jslink.Link(scriptEntries(), read, add)
	if err != nil {
		return fmt.Errorf("render: linking the front end's modules: %v", err)
	}
	if dup != "" {
		return fmt.Errorf("render: module %s has the name of another asset", dup)
	}
	r.modules = g
	return nil
}
