package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"slices"
	"strings"
	"unicode"
)

// A Go interface marked //wire:calls declares a protocol of calls (see
// wire.Calls): each method is a call named by CallName, its parameters
// the call's arguments, its one result the answer. It becomes
//
//	interface Calls { load: { args: [variant: string, …]; result: Loaded }; … }
//
// with the typed client of the calls (Caller), the functions a side
// implements them with (Handlers) and the calls each side answers
// (CallSides, from the methods' //wire:by lines).

// Sides are the sides a call may be answered by, and defaultSides those
// that answer a call without a //wire:by line.
var (
	Sides        = []string{"wasm", "worker", "local"}
	defaultSides = []string{"wasm", "local"}
)

// Call is one call of a protocol: its name and the sides answering it.
type Call struct {
	Name  string
	Sides []string
}

// CallName is the name of the call a method declares: the method's
// name with its first word in lower case (Load is load, LoadTable is
// loadTable, PGN is pgn, PVText would be pvText).
func CallName(method string) string {
	r := []rune(method)
	n := 0
	for n < len(r) && unicode.IsUpper(r[n]) {
		n++
	}
	if n > 1 && n < len(r) {
		n-- // the last capital starts the next word
	}
	for i := range n {
		r[i] = unicode.ToLower(r[i])
	}
	return string(r)
}

// callsDecl declares the protocol interface it: Calls itself, then
// what is derived from it.
func (g *generator) callsDecl(name string, it *ast.InterfaceType) {
	if g.calls != nil {
		g.errorf(it, "a second //wire:calls interface: declare one protocol")
		return
	}
	g.calls = []Call{}
	fmt.Fprintf(&g.b, "  interface %s {\n", name)
	for _, m := range it.Methods.List {
		ft, ok := m.Type.(*ast.FuncType)
		if !ok || len(m.Names) != 1 {
			g.errorf(m, "a //wire:calls interface holds methods only")
			continue
		}
		call := Call{Name: CallName(m.Names[0].Name), Sides: g.sides(m)}
		g.calls = append(g.calls, call)
		g.comment("    ", m.Doc)
		fmt.Fprintf(&g.b, "    %s: { args: [%s]; result: %s };\n", call.Name, g.params(ft.Params, true), g.result(ft))
	}
	g.b.WriteString("  }\n")
	g.callsUse(name)
}

// sides reads a method's //wire:by line.
func (g *generator) sides(m *ast.Field) []string {
	by := directive(m.Doc, "wire:by")
	if by == "" {
		return defaultSides
	}
	out := strings.Fields(by)
	for _, s := range out {
		if !slices.Contains(Sides, s) {
			g.errorf(m, "//wire:by %s: want sides among %s", s, strings.Join(Sides, ", "))
		}
	}
	return out
}

// params writes a parameter list as TypeScript (a tuple's members when
// optional is true, where a trailing pointer parameter may be left out).
func (g *generator) params(fl *ast.FieldList, optional bool) string {
	var out []string
	left := false
	for _, f := range fl.List {
		typ := g.tsType(f.Type)
		q := ""
		if _, ptr := f.Type.(*ast.StarExpr); ptr && optional {
			typ, q, left = strings.TrimSuffix(typ, " | null"), "?", true
		} else if left {
			g.errorf(f, "a parameter after one that may be left out: put the pointers last")
		}
		names := f.Names
		if len(names) == 0 {
			g.errorf(f, "an unnamed parameter: name it for the declaration")
			continue
		}
		for _, n := range names {
			out = append(out, n.Name+q+": "+typ)
		}
	}
	return strings.Join(out, ", ")
}

// result is the TypeScript type of a function's one result, void when
// it has none.
func (g *generator) result(ft *ast.FuncType) string {
	if ft.Results == nil || len(ft.Results.List) == 0 {
		return "void"
	}
	if len(ft.Results.List) > 1 || len(ft.Results.List[0].Names) > 1 {
		g.errorf(ft, "a call answers one value: the errors travel apart")
		return "unknown"
	}
	return g.tsType(ft.Results.List[0].Type)
}

// callsUse writes what is derived from the protocol name: the sides'
// calls, the typed client and the handlers.
func (g *generator) callsUse(name string) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "\n  /** The calls of %s each side answers (their //wire:by lines). */\n  interface CallSides {\n", name)
	for _, side := range Sides {
		var names []string
		for _, c := range g.calls {
			if slices.Contains(c.Sides, side) {
				names = append(names, "'"+c.Name+"'")
			}
		}
		if len(names) == 0 {
			names = []string{"never"}
		}
		fmt.Fprintf(&b, "    %s: %s;\n", side, strings.Join(names, " | "))
	}
	b.WriteString("  }\n")
	fmt.Fprintf(&b, `
  /** A typed client of %[1]s: call(fn, ...args) answers a promise of the call's answer. */
  interface Caller {
    call<K extends keyof %[1]s>(fn: K, ...args: %[1]s[K]['args']): Promise<%[1]s[K]['result']>;
  }

  /** The functions a side answers the calls K with, by name: each answers at once or with a promise. */
  type Handlers<K extends keyof %[1]s> = { [N in K]: (...args: %[1]s[N]['args']) => %[1]s[N]['result'] | Promise<%[1]s[N]['result']> };
`, name)
	g.b.Write(b.Bytes())
}

// Protocol returns the calls the //wire:calls interface of the Go
// package in dir declares, in their order; none when it has none.
func Protocol(dir string) ([]Call, error) {
	g, err := declare(dir)
	if err != nil {
		return nil, err
	}
	return g.calls, nil
}
