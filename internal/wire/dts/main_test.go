package main

import (
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/sample.d.ts")

// types is the folder of the generated files of package wire, from
// this folder.
var types = filepath.Join("..", "..", "..", "templates", "static", "types")

// TestWireDeclarationsFresh fails when the files package wire's source
// generates in templates/static/types (wire.d.ts, wire-protocol.d.ts)
// are not what is there: after a change to a wire type, run go generate
// ./internal/wire.
func TestWireDeclarationsFresh(t *testing.T) {
	files, err := Generate("..")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.Name)
		got, err := os.ReadFile(filepath.Join(types, f.Name))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(f.Data) {
			t.Errorf("%s is stale: run go generate ./internal/wire\n%s", f.Name, lineDiff(string(got), string(f.Data)))
		}
	}
	if want := []string{"wire-protocol.d.ts", "wire.d.ts"}; !slices.Equal(names, want) {
		t.Errorf("generated %v, want %v", names, want)
	}
}

// TestGenerate declares testdata/sample, a package with every kind of
// field, and compares with testdata/sample.d.ts (-update rewrites it).
func TestGenerate(t *testing.T) {
	files, err := Generate(filepath.Join("testdata", "sample"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Name != "sample.d.ts" {
		t.Fatalf("generated %d files (%v), want sample.d.ts", len(files), files)
	}
	got := files[0].Data
	golden := filepath.Join("testdata", "sample.d.ts")
	if *update {
		if err := os.WriteFile(golden, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("generated declarations differ from %s:\n%s", golden, lineDiff(string(want), string(got)))
	}
}

// TestGenerateErrors checks that what has no TypeScript type is an
// error at its place, all of them at once.
func TestGenerateErrors(t *testing.T) {
	_, err := Generate(filepath.Join("testdata", "bad"))
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{
		"bad.go:6:8: a json.RawMessage needs a ts tag",
		"bad.go:7:8: no TypeScript type for *ast.ChanType",
		"bad.go:8:8: no TypeScript type for *ast.MapType",
		"bad.go:9:8: no TypeScript type for *ast.Ident",
		"bad.go:15:2: an embedded field with a JSON name",
		"bad.go:20:5: a call answers one value",
		"bad.go:21:14: a parameter after one that may be left out",
		"bad.go:23:2: //wire:by moon: want sides among",
		"bad.go:27:12: a second //wire:calls interface",
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("no error %q in\n%v", want, err)
		}
	}
}

// lineDiff lists the lines of want and got that differ, by number.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := range max(len(w), len(g)) {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n  - " + a + "\n  + " + c + "\n")
		}
	}
	return b.String()
}

// TestCallName checks the names of calls from their methods' names.
func TestCallName(t *testing.T) {
	for method, want := range map[string]string{
		"Load": "load", "LoadTable": "loadTable", "PGN": "pgn", "PVText": "pvText", "Goto": "goto", "X": "x", "ID": "id",
	} {
		if got := CallName(method); got != want {
			t.Errorf("CallName(%q) = %q, want %q", method, got, want)
		}
	}
}
