// Package wasmbuild compiles the browser engine (cmd/thinchess-wasm for
// GOOS=js GOARCH=wasm) the same way everywhere, and names what it is
// built from.
//
// The thinchess binary carries a compiled engine (package site embeds
// it, written by `go generate ./site`), so a site builds without Go or
// the network. Two things keep that copy honest: Build is deterministic
// (fixed flags, -trimpath, -buildvcs=false, no GOFLAGS from the
// environment), so CI can compile the engine again and compare bytes;
// and SourceHash names the engine's source, so a build run from a clone
// whose engine source changed compiles the engine afresh instead of
// using a stale copy.
//
//	hash, _ := wasmbuild.SourceHash(moduleDir)
//	if hash != embedded.Source { err = wasmbuild.Build(moduleDir, "engine.wasm", "") }
package wasmbuild

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// ModulePath is the module the engine is built from.
const ModulePath = "github.com/thinchess/thinchess"

// Package is the engine's main package, relative to the module.
const Package = "./cmd/thinchess-wasm"

// SourceDirs are the folders whose Go files (tests excluded) the engine
// is built from: the packages `go list -deps` names for it under GOOS=js,
// by their top folder. It imports nothing outside the module and the
// standard library (TestSourceDirsCoverDeps).
var SourceDirs = []string{"engine", "solver", "bridge", "cmd/thinchess-wasm", "internal/par", "internal/wire"}

// Flags are the go build flags of the engine, the same for the embedded
// engine and one compiled from source.
var Flags = []string{"-trimpath", "-buildvcs=false", "-ldflags=-s -w"}

// SourceHash hashes the engine's source in the module folder dir: the
// path and bytes of every Go file (tests excluded) under SourceDirs.
// It needs no go command, so a binary without Go can tell whether its
// embedded engine is the one of the source beside it.
func SourceHash(dir string) (string, error) {
	var files []string
	for _, sub := range SourceDirs {
		root := filepath.Join(dir, filepath.FromSlash(sub))
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if p != root && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(p, ".go") && !strings.HasSuffix(p, "_test.go") {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			return "", fmt.Errorf("hashing the wasm engine's sources: %v", err)
		}
	}
	sort.Strings(files)
	h := sha256.New()
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", err
		}
		rel, _ := filepath.Rel(dir, f)
		fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(b))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))[:24], nil
}

// IsModule reports whether dir holds this module with the engine's
// main package.
func IsModule(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || !bytes.Contains(b, []byte("module "+ModulePath+"\n")) {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, "cmd", "thinchess-wasm"))
	return err == nil
}

// GoEnv returns the go command's version and GOROOT, with the same
// environment as Build (toolchain, when not empty, sets GOTOOLCHAIN).
func GoEnv(toolchain string) (version, goroot string, err error) {
	cmd := exec.Command("go", "env", "-json", "GOVERSION", "GOROOT")
	cmd.Env = buildEnv(toolchain)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", "", fmt.Errorf("the wasm engine is compiled with the go command, which failed: %v (is Go installed and on PATH?) %s", err, strings.TrimSpace(stderr.String()))
	}
	var env struct{ GOVERSION, GOROOT string }
	if err := json.Unmarshal(out, &env); err != nil {
		return "", "", fmt.Errorf("go env: %v", err)
	}
	return env.GOVERSION, env.GOROOT, nil
}

// ReadWasmExec reads the JavaScript support file of the Go toolchain in
// goroot: lib/wasm since Go 1.24, misc/wasm before.
func ReadWasmExec(goroot string) ([]byte, error) {
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		if b, err := os.ReadFile(filepath.Join(goroot, dir, "wasm_exec.js")); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("wasm_exec.js not found under %s/lib/wasm", goroot)
}

// Build compiles the engine of the module in dir to the file out with
// Flags. toolchain, when not empty ("go1.26.8"), is the exact Go
// toolchain to use (GOTOOLCHAIN; the go command fetches it when it is
// not the local one).
func Build(dir, out, toolchain string) error {
	args := append([]string{"build"}, Flags...)
	cmd := exec.Command("go", append(args, "-o", out, Package)...)
	cmd.Dir = dir
	cmd.Env = append(buildEnv(toolchain), "GOOS=js", "GOARCH=wasm")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("GOOS=js GOARCH=wasm go build %s: %v\n%s", Package, err, stderr.String())
	}
	return nil
}

// buildEnv is the environment of the go command: the caller's, without
// what changes the engine's bytes (GOFLAGS, GOWASM, CGO_ENABLED), and
// with GOTOOLCHAIN set when toolchain is not empty.
func buildEnv(toolchain string) []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		switch name {
		case "GOFLAGS", "GOWASM", "CGO_ENABLED", "GOOS", "GOARCH", "GOEXPERIMENT":
			continue
		case "GOTOOLCHAIN":
			if toolchain != "" {
				continue
			}
		}
		env = append(env, kv)
	}
	env = append(env, "CGO_ENABLED=0")
	if toolchain != "" {
		env = append(env, "GOTOOLCHAIN="+toolchain)
	}
	return env
}
