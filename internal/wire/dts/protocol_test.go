package main

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"
)

// The engine protocol is declared once, in wire.Calls; these tests hold
// the sides that answer it to the declaration, by name. (tsc holds the
// light engine's arguments and answers to it too: local.js types its
// handlers as wire.Handlers.)

// repo is the module's folder, from this one.
var repo = filepath.Join("..", "..", "..")

// declared returns the names of the calls of wire.Calls that side
// answers.
func declared(t *testing.T, side string) []string {
	t.Helper()
	calls, err := Protocol("..")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range calls {
		if slices.Contains(c.Sides, side) {
			out = append(out, c.Name)
		}
	}
	if len(out) == 0 {
		t.Fatalf("wire.Calls declares no call of side %s", side)
	}
	slices.Sort(out)
	return out
}

// sameNames fails unless got and want (sorted) hold the same names.
func sameNames(t *testing.T, what string, got, want []string) {
	t.Helper()
	slices.Sort(got)
	got = slices.Compact(got)
	for _, n := range got {
		if !slices.Contains(want, n) {
			t.Errorf("%s answers %q, which wire.Calls does not declare for it (internal/wire/protocol.go)", what, n)
		}
	}
	for _, n := range want {
		if !slices.Contains(got, n) {
			t.Errorf("wire.Calls declares %q for %s, which does not answer it", n, what)
		}
	}
}

// TestWasmCallsDeclared reads the functions cmd/thinchess-wasm puts on
// its global object (the keys of its map of calls, api["…"] = …, and
// obj.Set("…", js.FuncOf(…))) and compares them with the calls declared
// for the wasm side.
func TestWasmCallsDeclared(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(repo, "cmd", "thinchess-wasm", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no source of cmd/thinchess-wasm: %v", err)
	}
	var got []string
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, registered(f)...)
	}
	sameNames(t, "cmd/thinchess-wasm", got, declared(t, "wasm"))
}

// registered lists the names of the calls a file of cmd/thinchess-wasm
// registers.
func registered(f *ast.File) []string {
	var out []string
	name := func(e ast.Expr) {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			s, _ := strconv.Unquote(lit.Value)
			out = append(out, s)
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CompositeLit: // map[string]call{"load": load, …}
			if m, ok := n.Type.(*ast.MapType); ok && isIdent(m.Value, "call") {
				for _, e := range n.Elts {
					name(e.(*ast.KeyValueExpr).Key)
				}
			}
		case *ast.AssignStmt: // api["solve"] = …
			if ix, ok := n.Lhs[0].(*ast.IndexExpr); ok && isIdent(ix.X, "api") {
				name(ix.Index)
			}
		case *ast.CallExpr: // obj.Set("reply", js.FuncOf(…))
			if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Set" && len(n.Args) == 2 && isFuncOf(n.Args[1]) {
				name(n.Args[0])
			}
		}
		return true
	})
	return out
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// isFuncOf reports whether e is a call of js.FuncOf.
func isFuncOf(e ast.Expr) bool {
	c, ok := e.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	return ok && isIdent(sel.X, "js") && sel.Sel.Name == "FuncOf"
}

// handlerKey is a key of the object local.js's api returns: a method
// (load(…) {) or a property (parse: …), at its indentation.
var handlerKey = regexp.MustCompile(`(?m)^    ([a-zA-Z]+)(?:\(|: )`)

// apiBody is the object local.js's api returns.
var apiBody = regexp.MustCompile(`(?s)\nexport function api\(.*?\n  return \{\n(.*?)\n  \};\n`)

// TestLocalCallsDeclared reads the calls local.js's api answers and
// compares them with the calls declared for the local side.
func TestLocalCallsDeclared(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(repo, "templates", "static", "js", "local.js"))
	if err != nil {
		t.Fatal(err)
	}
	body := apiBody.FindSubmatch(src)
	if body == nil {
		t.Fatal("local.js: no object returned by export function api(…)")
	}
	var got []string
	for _, m := range handlerKey.FindAllSubmatch(body[1], -1) {
		got = append(got, string(m[1]))
	}
	sameNames(t, "local.js", got, declared(t, "local"))
}

// workerCall is a call worker.js answers itself.
var workerCall = regexp.MustCompile(`msg\.fn === '([a-zA-Z]+)'`)

// TestWorkerCallsDeclared compares the calls worker.js answers itself
// with those declared for the worker side.
func TestWorkerCallsDeclared(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(repo, "templates", "static", "worker.js"))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range workerCall.FindAllSubmatch(src, -1) {
		got = append(got, string(m[1]))
	}
	sameNames(t, "worker.js", got, declared(t, "worker"))
}
