package site

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"
)

// The browser front end is native ES modules in templates/static/js,
// linked by the build without a bundler. Every module is an asset of its
// own under a content-hashed name (assets/board.1a2b3c4d5e.js), and the
// build rewrites each relative import specifier ('./board.js') to the
// hashed name of the module it names ('./board.1a2b3c4d5e.js'), which
// resolves next to the importing module. Modules are hashed leaves first,
// in dependency order, so a module's name covers the names of everything
// it imports: a change to one module renames it and every module that
// imports it, directly or not, and a cached module never imports a stale
// one.
//
// Each page loads one entry module, its controller's (pageScripts), with
// <script type="module">, which the CSP's script-src 'self' allows
// without an inline import map, and preloads the modules it imports
// (<link rel="modulepreload">) so the browser fetches them at once
// rather than one import level at a time. A page loads no other page's
// code.
//
// Imports are read with importLine, an exact pattern for the one form the
// sources use, one import per line:
//
//	import { a, b } from './x.js';
//	import './x.js';
//
// Any other import (multi-line, dynamic, default, bare or absolute
// specifier) or export-from is a build error, as are an import of a
// module that does not exist and an import cycle. Comment lines (those
// starting with //, /* or *) are not read, so a JSDoc type may name a
// module's type as import('./x.js').T for tsc without linking it. Only the modules
// reachable from the entries ship: the Node tests (*.test.js) beside them
// never do.

// moduleDir holds the modules.
const moduleDir = "static/js"

// pageScripts are the entry modules by page kind. Pages without a
// controller (home, docs, 404) load defaultScript: the theme and sound
// toggles and the service worker, which every entry imports too.
var pageScripts = map[string]string{
	"mode":      "mode.js",
	"train":     "train.js",
	"dashboard": "dashboard.js",
	"editor":    "editor.js",
	"explore":   "explore.js",
	"pack":      "pack.js",
}

const defaultScript = "prefs.js"

// scriptEntries lists the entry modules in a fixed order.
func scriptEntries() []string {
	entries := []string{defaultScript}
	for _, e := range pageScripts {
		entries = append(entries, e)
	}
	sort.Strings(entries)
	return entries
}

var (
	// importLine is the one import form the modules use.
	importLine = regexp.MustCompile(`^import (\{[\w$, ]*\} from )?'\./([a-z][a-z0-9-]*\.js)';$`)
	// anyImport finds lines that import or re-export, to check that each
	// of them has the form of importLine.
	anyImport = regexp.MustCompile(`^\s*import\b|^\s*export\b.*\bfrom\s*['"]|\bimport\s*\(`)
)

// moduleImports returns the modules that src imports, in the order of its
// import lines, or an error naming the first line it cannot resolve.
func moduleImports(name string, src []byte) ([]string, error) {
	var deps []string
	for i, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if commentLine(line) || !anyImport.MatchString(line) {
			continue
		}
		m := importLine.FindStringSubmatch(line)
		if m == nil {
			return nil, fmt.Errorf("%s:%d: cannot link %q: write imports as one line, import { a, b } from './x.js'; (or import './x.js';)", name, i+1, strings.TrimSpace(line))
		}
		deps = append(deps, m[2])
	}
	return deps, nil
}

// commentLine reports whether line is a comment line: a line comment or
// a line of a block comment (JSDoc), which starts with /* or *.
func commentLine(line string) bool {
	t := strings.TrimSpace(line)
	return strings.HasPrefix(t, "//") || strings.HasPrefix(t, "/*") || strings.HasPrefix(t, "*")
}

// moduleGraph is the linked front end: the modules by logical name in
// the order they were linked (leaves first) and what each imports.
type moduleGraph struct {
	order []string
	deps  map[string][]string
}

// imported lists the modules entry imports, directly or not, in link
// order.
func (g *moduleGraph) imported(entry string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(m string) {
		for _, d := range g.deps[m] {
			if !seen[d] {
				seen[d] = true
				walk(d)
			}
		}
	}
	walk(entry)
	var out []string
	for _, m := range g.order {
		if seen[m] {
			out = append(out, m)
		}
	}
	return out
}

// linkModules reads the module graph reachable from the entries with
// read, rewrites each module's import specifiers to the hashed names of
// its imports and hands it to add, leaves first; add returns the
// module's hashed name.
func linkModules(entries []string, read func(name string) ([]byte, error), add func(name string, data []byte) string) (*moduleGraph, error) {
	const (
		visiting = 1
		done     = 2
	)
	g := &moduleGraph{deps: map[string][]string{}}
	state := map[string]int{}
	hashed := map[string]string{}
	var visit func(name, from string) error
	visit = func(name, from string) error {
		switch state[name] {
		case visiting:
			return fmt.Errorf("%s: import cycle through %s", from, name)
		case done:
			return nil
		}
		state[name] = visiting
		src, err := read(name)
		if err != nil {
			if from != "" {
				return fmt.Errorf("%s imports %s: %v", from, name, err)
			}
			return err
		}
		deps, err := moduleImports(name, src)
		if err != nil {
			return err
		}
		for _, d := range deps {
			if err := visit(d, name); err != nil {
				return err
			}
		}
		hashed[name] = add(name, rewriteImports(src, hashed))
		g.deps[name] = deps
		g.order = append(g.order, name)
		state[name] = done
		return nil
	}
	for _, e := range entries {
		if err := visit(e, ""); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// rewriteImports replaces each import specifier of src by the hashed name
// of the module, relative to the importing one (both are in assets/).
func rewriteImports(src []byte, hashed map[string]string) []byte {
	lines := bytes.Split(src, []byte("\n"))
	for i, line := range lines {
		m := importLine.FindSubmatchIndex(bytes.TrimSuffix(line, []byte("\r")))
		if m == nil {
			continue
		}
		dep := string(line[m[4]:m[5]])
		var b bytes.Buffer
		b.Write(line[:m[4]])
		b.WriteString(path.Base(hashed[dep]))
		b.Write(line[m[5]:])
		lines[i] = b.Bytes()
	}
	return bytes.Join(lines, []byte("\n"))
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
	g, err := linkModules(scriptEntries(), read, add)
	if err != nil {
		return fmt.Errorf("render: linking the front end's modules: %v", err)
	}
	if dup != "" {
		return fmt.Errorf("render: module %s has the name of another asset", dup)
	}
	r.modules = g
	return nil
}
