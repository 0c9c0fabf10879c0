package jslink

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"path"
	"regexp"
	"strings"
	"testing"
)

// hashName names a module by its content, as the site's build does.
func hashName(name string, data []byte) string {
	sum := sha256.Sum256(data)
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + hex.EncodeToString(sum[:])[:10] + ext
}

// link links the modules of files from entry, hashing them as the build
// does, and returns the linked files by hashed name and their order.
func link(t *testing.T, files map[string]string, entry string) (map[string]string, []string, error) {
	t.Helper()
	out := map[string]string{}
	hashed := map[string]string{}
	read := func(name string) ([]byte, error) {
		s, ok := files[name]
		if !ok {
			return nil, fmt.Errorf("no module %s", name)
		}
		return []byte(s), nil
	}
	add := func(name string, data []byte) string {
		h := hashName("assets/"+name, data)
		out[h] = string(data)
		hashed[name] = h
		return h
	}
	g, err := Link([]string{entry}, read, add)
	if err != nil {
		return nil, nil, err
	}
	var order []string
	for _, m := range g.Order {
		order = append(order, hashed[m])
	}
	return out, order, nil
}

func TestLinkModules(t *testing.T) {
	files := map[string]string{
		"app.js":    "import './a.js';\nimport { b } from './b.js';\nb();\n",
		"a.js":      "import { b, c as d } from './b.js';\nexport const a = b() + d;\n",
		"b.js":      "// from './x.js' in a comment is no import.\nexport function b() { return Array.from([1]); }\nexport const c = 2;\n",
		"b.test.js": "import { b } from './b.js';\n",
	}
	out, order, err := link(t, files, "app.js")
	if err != nil {
		t.Fatal(err)
	}
	if len(order) != 3 {
		t.Fatalf("linked %v, want b, a, app (no test file)", order)
	}
	for i, want := range []string{"b", "a", "app"} {
		if !regexp.MustCompile(`^assets/` + want + `\.[0-9a-f]{10}\.js$`).MatchString(order[i]) {
			t.Errorf("module %d is %s, want %s.<hash>.js (leaves first)", i, order[i], want)
		}
	}
	b, a := path.Base(order[0]), path.Base(order[1])
	if got := out[order[1]]; !strings.HasPrefix(got, "import { b, c as d } from './"+b+"';\n") {
		t.Errorf("a.js not rewritten to %s:\n%s", b, got)
	}
	if got, want := out[order[2]], "import './"+a+"';\nimport { b } from './"+b+"';\nb();\n"; got != want {
		t.Errorf("app.js linked as\n%s\nwant\n%s", got, want)
	}
	if out[order[0]] != files["b.js"] {
		t.Errorf("b.js, which imports nothing, changed:\n%s", out[order[0]])
	}

	// A change to a leaf renames it and every module importing it.
	files["b.js"] += "export const e = 3;\n"
	_, order2, err := link(t, files, "app.js")
	if err != nil {
		t.Fatal(err)
	}
	for i := range order {
		if order[i] == order2[i] {
			t.Errorf("%s kept its name after a change to b.js", order[i])
		}
	}
}

func TestLinkModulesErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"missing", map[string]string{"app.js": "import { x } from './gone.js';\n"}, "app.js imports gone.js: no module gone.js"},
		{"cycle", map[string]string{"app.js": "import './a.js';\n", "a.js": "import './app.js';\n"}, "a.js: import cycle through app.js"},
		{"multi-line", map[string]string{"app.js": "import {\n  x,\n} from './a.js';\n"}, `app.js:1: cannot link "import {"`},
		{"double quotes", map[string]string{"app.js": "import { x } from \"./a.js\";\n"}, "app.js:1: cannot link"},
		{"parent dir", map[string]string{"app.js": "import { x } from '../a.js';\n"}, "app.js:1: cannot link"},
		{"bare", map[string]string{"app.js": "import { x } from 'lib';\n"}, "app.js:1: cannot link"},
		{"default", map[string]string{"app.js": "import x from './a.js';\n"}, "app.js:1: cannot link"},
		{"export from", map[string]string{"app.js": "export { x } from './a.js';\n"}, "app.js:1: cannot link"},
		{"dynamic", map[string]string{"app.js": "const m = await import('./a.js');\n"}, "app.js:1: cannot link"},
	} {
		_, _, err := link(t, tc.files, "app.js")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.want)
		}
	}
}

// TestModuleImportsComments checks that comment lines are not read as
// imports (JSDoc names types with import('./x.js').T) and that code
// lines still are.
func TestModuleImportsComments(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
		err       string
	}{
		{"typedef", "/** @typedef {import('./a.js').T} T */\n", nil, ""},
		{"block comment line", "/**\n * @param {import('./a.js').T} p\n */\n", nil, ""},
		{"indented type", "  /** @type {import('./a.js').T} */\n  x = 1;\n", nil, ""},
		{"commented-out import", "// import { x } from './a.js';\n", nil, ""},
		{"import after comments", "/** @typedef {import('./b.js').B} B */\nimport { a } from './a.js';\n", []string{"a.js"}, ""},
		{"dynamic import before a comment", "const m = import('./a.js'); // lazy\n", nil, "x.js:1: cannot link"},
		{"type import in code", "const t = /** @type {T} */ (import('./a.js'));\n", nil, "x.js:1: cannot link"},
	} {
		got, err := Imports("x.js", []byte(tc.src))
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || strings.Join(got, " ") != strings.Join(tc.want, " ") {
			t.Errorf("%s: imports %v, %v; want %v", tc.name, got, err, tc.want)
		}
	}
}

// TestJoinModules links a family of joins (rules-*.js): one asset named
// rules.js, its members leaves first without their imports of one
// another, importers pointed at it; and the errors joining can meet.
func TestJoinModules(t *testing.T) {
	files := map[string]string{
		"app.js":        "import { b } from './rules-b.js';\nimport { a } from './rules-a.js';\nimport { d } from './dom.js';\nb(a, d);\n",
		"dom.js":        "export const d = 1;\n",
		"rules-a.js":    "// @ts-check\n/** @typedef {import('./rules-b.js').B} B */\nimport { d } from './dom.js';\nexport const a = d + 1;\n",
		"rules-b.js":    "import { a } from './rules-a.js';\nimport { d } from './dom.js';\nconst one = 1;\nexport function b() { return a + d + one; }\n",
		"rules-a.test":  "not a module",
		"rules-c.js":    "export const c = 3;\n", // imported by none: not shipped
		"rules-gone.js": "",
	}
	out, order, err := link(t, files, "app.js")
	if err != nil {
		t.Fatal(err)
	}
	if len(order) != 3 {
		t.Fatalf("linked %v, want dom, rules, app", order)
	}
	for i, want := range []string{"dom", "rules", "app"} {
		if !regexp.MustCompile(`^assets/` + want + `\.[0-9a-f]{10}\.js$`).MatchString(order[i]) {
			t.Errorf("module %d is %s, want %s.<hash>.js", i, order[i], want)
		}
	}
	dom, rules := path.Base(order[0]), path.Base(order[1])
	wantRules := "import { d } from './" + dom + "';\n" +
		"// rules-a.js\n// @ts-check\n/** @typedef {import('./rules-b.js').B} B */\nexport const a = d + 1;\n\n" +
		"// rules-b.js\nconst one = 1;\nexport function b() { return a + d + one; }\n\n"
	if got := out[order[1]]; got != wantRules {
		t.Errorf("rules.js joined as\n%s\nwant\n%s", got, wantRules)
	}
	wantApp := "import { b } from './" + rules + "';\nimport { a } from './" + rules + "';\nimport { d } from './" + dom + "';\nb(a, d);\n"
	if got := out[order[2]]; got != wantApp {
		t.Errorf("app.js linked as\n%s\nwant\n%s", got, wantApp)
	}

	for _, tc := range []struct {
		name  string
		files map[string]string
		want  string
	}{
		{"same name", map[string]string{"app.js": "import { a } from './rules-a.js';\nimport { b } from './rules-b.js';\n",
			"rules-a.js": "function help() {}\nexport const a = 1;\n", "rules-b.js": "const help = 2;\nexport const b = 1;\n"},
			"cannot join rules-a.js and rules-b.js into rules.js: both declare help at top level"},
		{"same export", map[string]string{"app.js": "import { a } from './rules-a.js';\nimport { b } from './rules-b.js';\n",
			"rules-a.js": "export function a() {}\nexport class K {}\n", "rules-b.js": "export class K {}\nexport const b = 1;\n"},
			"cannot join rules-a.js and rules-b.js into rules.js: both declare K at top level"},
		{"same import", map[string]string{"app.js": "import { a } from './rules-a.js';\nimport { b } from './rules-b.js';\n",
			"dom.js":     "export const d = 1, e = 2;\n",
			"rules-a.js": "import { d } from './dom.js';\nexport const a = d;\n", "rules-b.js": "import { d, e } from './dom.js';\nexport const b = d + e;\n"},
			"cannot join rules-a.js and rules-b.js into rules.js: both declare d at top level"},
		{"rename", map[string]string{"app.js": "import { b } from './rules-b.js';\n",
			"rules-a.js": "export const a = 1;\n", "rules-b.js": "import { a as x } from './rules-a.js';\nexport const b = x;\n"},
			"rules-b.js:1: cannot join rules-a.js into rules.js: an import with as renames"},
		{"cycle inside", map[string]string{"app.js": "import { b } from './rules-b.js';\n",
			"rules-a.js": "import { b } from './rules-b.js';\nexport const a = 1;\n", "rules-b.js": "import { a } from './rules-a.js';\nexport const b = 2;\n"},
			"import cycle through rules-"},
		{"cycle through the family", map[string]string{"app.js": "import { a } from './rules-a.js';\n",
			"rules-a.js": "import { x } from './x.js';\nexport const a = 1;\n", "x.js": "import { b } from './rules-b.js';\nexport const x = 2;\n",
			"rules-b.js": "export const b = 2;\n"},
			"x.js: import cycle through rules.js"},
		{"name taken", map[string]string{"app.js": "import { a } from './rules-a.js';\nimport { r } from './rules.js';\n",
			"rules-a.js": "export const a = 1;\n", "rules.js": "export const r = 1;\n"},
			"module rules.js has the name rules.js joins rules-a.js into"},
		{"syntax", map[string]string{"app.js": "import { a } from './rules-a.js';\n", "rules-a.js": "export const a = ;\n"},
			"rules-a.js: "},
	} {
		_, _, err := link(t, tc.files, "app.js")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.want)
		}
	}
}
