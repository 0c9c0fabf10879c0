// Package jslink links the browser front end's native ES modules without
// a bundler: it reads the module graph from the entry modules, checks
// the one import form the sources use, hashes each module under a name
// that covers everything it imports, and joins a family of small modules
// (the rules twins) into one.
//
// Imports are read with importLine, an exact pattern for the one form the
// sources use, one import per line:
//
//	import { a, b } from './x.js';
//	import './x.js';
//
// Any other import (multi-line, dynamic, default, bare or absolute
// specifier) or export-from is an error, as are an import of a module
// that does not exist and an import cycle. Comment lines (those starting
// with //, /* or *) are not read, so a JSDoc type may name a module's
// type as import('./x.js').T for tsc without linking it.
package jslink

import (
	"bytes"
	"fmt"
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/tdewolff/parse/v2"
	"github.com/tdewolff/parse/v2/js"
)

var (
	// importLine is the one import form the modules use.
	importLine = regexp.MustCompile(`^import (\{[\w$, ]*\} from )?'\./([a-z][a-z0-9-]*\.js)';$`)
	// anyImport finds lines that import or re-export, to check that each
	// of them has the form of importLine.
	anyImport = regexp.MustCompile(`^\s*import\b|^\s*export\b.*\bfrom\s*['"]|\bimport\s*\(`)
)

// Imports returns the modules that src imports, in the order of its
// import lines, or an error naming the first line it cannot resolve.
func Imports(name string, src []byte) ([]string, error) {
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

// Graph is the linked front end: the modules by logical name in
// the order they were linked (leaves first) and what each imports.
type Graph struct {
	Order []string
	deps  map[string][]string
}

// Imported lists the modules entry imports, directly or not, in link
// order.
func (g *Graph) Imported(entry string) []string {
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
	for _, m := range g.Order {
		if seen[m] {
			out = append(out, m)
		}
	}
	return out
}

// joins are the module families the build ships as one asset each, by
// name prefix. The rules twins (rules-board.js, rules-movegen.js, …) are
// split file for file along engine/ for the people who read them, but
// seventeen small files gzip to 5 KB more than one (each starts its
// compression over), so the linker joins them into one rules.js (see
// joinModules). A joined family imports only itself and modules outside
// that do not import it back.
var joins = map[string]string{"rules-": "rules.js"}

// JoinOf returns the asset a module ships in: its family's joined name,
// or its own.
func JoinOf(name string) string {
	for prefix, joined := range joins {
		if strings.HasPrefix(name, prefix) {
			return joined
		}
	}
	return name
}

// Link reads the module graph reachable from the entries with
// read, rewrites each module's import specifiers to the hashed names of
// its imports and hands it to add, leaves first; add returns the
// module's hashed name. A family of joins goes to add once, joined, under
// its joined name, which is also its name in the graph.
func Link(entries []string, read func(name string) ([]byte, error), add func(name string, data []byte) string) (*Graph, error) {
	srcs, deps, err := readModules(entries, read)
	if err != nil {
		return nil, err
	}
	members := map[string][]string{} // joined name → its modules, sorted
	for name := range srcs {
		if j := JoinOf(name); j != name {
			if _, ok := srcs[j]; ok {
				return nil, fmt.Errorf("module %s has the name %s joins %s into", j, j, name)
			}
			members[j] = append(members[j], name)
		}
	}
	for _, ms := range members {
		sort.Strings(ms)
	}
	// nodeDeps lists what a node of the joined graph imports.
	nodeDeps := func(node string) []string {
		from := members[node]
		if from == nil {
			from = []string{node}
		}
		var out []string
		for _, m := range from {
			for _, d := range deps[m] {
				if d = JoinOf(d); d != node && !slices.Contains(out, d) {
					out = append(out, d)
				}
			}
		}
		return out
	}
	const (
		visiting = 1
		done     = 2
	)
	g := &Graph{deps: map[string][]string{}}
	state := map[string]int{}
	hashed := map[string]string{}
	var visit func(node, from string) error
	visit = func(node, from string) error {
		switch state[node] {
		case visiting:
			return fmt.Errorf("%s: import cycle through %s", from, node)
		case done:
			return nil
		}
		state[node] = visiting
		nd := nodeDeps(node)
		for _, d := range nd {
			if err := visit(d, node); err != nil {
				return err
			}
		}
		if ms := members[node]; ms != nil {
			data, err := joinModules(node, ms, srcs, deps, hashed)
			if err != nil {
				return err
			}
			h := add(node, data)
			for _, m := range ms {
				hashed[m] = h
			}
			hashed[node] = h
		} else {
			hashed[node] = add(node, rewriteImports(srcs[node], hashed))
		}
		g.deps[node] = nd
		g.Order = append(g.Order, node)
		state[node] = done
		return nil
	}
	for _, e := range entries {
		if err := visit(JoinOf(e), ""); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// readModules reads every module reachable from the entries and what
// each imports.
func readModules(entries []string, read func(name string) ([]byte, error)) (map[string][]byte, map[string][]string, error) {
	srcs := map[string][]byte{}
	deps := map[string][]string{}
	var walk func(name, from string) error
	walk = func(name, from string) error {
		if _, ok := srcs[name]; ok {
			return nil
		}
		src, err := read(name)
		if err != nil {
			if from != "" {
				return fmt.Errorf("%s imports %s: %v", from, name, err)
			}
			return err
		}
		srcs[name] = src
		ds, err := Imports(name, src)
		if err != nil {
			return err
		}
		deps[name] = ds
		for _, d := range ds {
			if err := walk(d, name); err != nil {
				return err
			}
		}
		return nil
	}
	for _, e := range entries {
		if err := walk(e, ""); err != nil {
			return nil, nil, err
		}
	}
	return srcs, deps, nil
}

// joinModules joins the modules of a family (members, sorted) into one
// module: each member's code, leaves first, without the imports from one
// another, under the imports from outside (specifiers hashed, each line
// once). Their top-level names share one scope, so two members declaring
// the same name is an error, as are an import cycle among them and an
// import renaming a member's export (import { a as b }), which joining
// would lose.
func joinModules(joined string, members []string, srcs map[string][]byte, deps map[string][]string, hashed map[string]string) ([]byte, error) {
	order, err := joinOrder(joined, members, deps)
	if err != nil {
		return nil, err
	}
	var head, body bytes.Buffer
	seen := map[string]bool{}
	declared := map[string]string{} // top-level name → the member declaring it
	for _, m := range order {
		var code bytes.Buffer
		var names []string
		for i, line := range strings.Split(string(srcs[m]), "\n") {
			im := importLine.FindStringSubmatch(strings.TrimSuffix(line, "\r"))
			if im == nil {
				code.WriteString(line)
				code.WriteByte('\n')
				continue
			}
			if JoinOf(im[2]) == joined {
				if strings.Contains(im[1], " as ") {
					return nil, fmt.Errorf("%s:%d: cannot join %s into %s: an import with as renames a name the joined module has once", m, i+1, im[2], joined)
				}
				continue
			}
			if !seen[line] {
				seen[line] = true
				head.Write(rewriteImports([]byte(line), hashed))
				head.WriteByte('\n')
				names = append(names, importNames(im[1])...)
			}
		}
		top, err := topLevelNames(m, code.Bytes())
		if err != nil {
			return nil, err
		}
		for _, name := range append(names, top...) {
			if other, ok := declared[name]; ok {
				return nil, fmt.Errorf("cannot join %s and %s into %s: both declare %s at top level", other, m, joined, name)
			}
			declared[name] = m
		}
		fmt.Fprintf(&body, "// %s\n", m)
		body.Write(code.Bytes())
	}
	head.Write(body.Bytes())
	return head.Bytes(), nil
}

// joinOrder orders the members of a family leaves first, by their
// imports of one another.
func joinOrder(joined string, members []string, deps map[string][]string) ([]string, error) {
	state := map[string]int{}
	var order []string
	var visit func(m, from string) error
	visit = func(m, from string) error {
		switch state[m] {
		case 1:
			return fmt.Errorf("%s: import cycle through %s (in %s)", from, m, joined)
		case 2:
			return nil
		}
		state[m] = 1
		for _, d := range deps[m] {
			if JoinOf(d) == joined {
				if err := visit(d, m); err != nil {
					return err
				}
			}
		}
		state[m] = 2
		order = append(order, m)
		return nil
	}
	for _, m := range members {
		if err := visit(m, ""); err != nil {
			return nil, err
		}
	}
	return order, nil
}

// importNames lists the names an import line's braces ("{ a, b as c } from
// ") bind: a and c.
func importNames(braces string) []string {
	var out []string
	inner := strings.TrimSuffix(strings.TrimSpace(braces), " from")
	for _, f := range strings.Split(strings.Trim(strings.TrimSpace(inner), "{}"), ",") {
		if w := strings.Fields(f); len(w) > 0 {
			out = append(out, w[len(w)-1])
		}
	}
	return out
}

// topLevelNames lists the names a module's code declares at top level.
func topLevelNames(name string, code []byte) ([]string, error) {
	ast, err := js.Parse(parse.NewInputBytes(code), js.Options{})
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	var out []string
	for _, v := range ast.BlockStmt.Scope.Declared {
		out = append(out, string(v.Data))
	}
	return out, nil
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
