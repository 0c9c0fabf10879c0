// Command generate writes the browser engine the thinchess binary
// embeds: it compiles cmd/thinchess-wasm (wasmbuild.Build) and writes
// the engine zstd-compressed, the toolchain's wasm_exec.js and a record
// of both into a folder (package site's wasmengine/). It runs from
// `go generate ./site`:
//
//	go run ./internal/wasmbuild/generate -out site/wasmengine           # regenerate
//	go run ./internal/wasmbuild/generate -out site/wasmengine -check    # CI: fail when stale
//
// The engine is compiled with the Go toolchain the existing record
// names (GOTOOLCHAIN, fetched through the module proxy when it is not
// the local one), so regenerating on another machine gives the same
// bytes; -go local uses the go command's own toolchain, -go go1.X.Y
// another. -check compiles again and exits 1, saying what differs, when
// the folder does not hold exactly that build.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/thinchess/thinchess/internal/wasmbuild"
)

func main() {
	out := flag.String("out", "wasmengine", "the `folder` of the embedded engine")
	check := flag.Bool("check", false, "compile again and fail when the folder differs")
	goFlag := flag.String("go", "", "the Go `toolchain` (go1.X.Y, or local); default: the one the folder's record names")
	flag.Parse()
	if err := run(*out, *goFlag, *check); err != nil {
		fmt.Fprintf(os.Stderr, "generate: %v\n", err)
		os.Exit(1)
	}
}

func run(out, toolchain string, check bool) error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	old, oldErr := wasmbuild.Read(func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(out, name)) })
	switch {
	case toolchain == "local":
		toolchain = ""
	case toolchain == "" && oldErr == nil:
		toolchain = old.Record.Go
	}
	fresh, err := wasmbuild.Compile(root, toolchain)
	if err != nil {
		return err
	}
	if check {
		if oldErr != nil {
			return fmt.Errorf("reading the embedded engine in %s: %v", out, oldErr)
		}
		if d := wasmbuild.Diff(old, fresh); d != "" {
			return fmt.Errorf("the embedded engine in %s is not the build of the source:\n%sregenerate it with: go generate ./site", out, d)
		}
		fmt.Printf("%s: the embedded engine is the build of the source (%s, %d bytes, source %s)\n", out, fresh.Record.Go, fresh.Record.WasmSize, fresh.Record.Source)
		return nil
	}
	if err := fresh.Write(out); err != nil {
		return err
	}
	fmt.Printf("%s: wrote the engine (%s, %d bytes, source %s)\n", out, fresh.Record.Go, fresh.Record.WasmSize, fresh.Record.Source)
	return nil
}

// moduleRoot is the folder of the go.mod above the current one.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if wasmbuild.IsModule(dir) {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("not inside the thinchess module")
		}
		dir = up
	}
}
