package site

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
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
	"sync"
)

// modulePath is the module the wasm engine is built from.
const modulePath = "github.com/thinchess/thinchess"

// wasmPackage is the main package of the wasm engine.
const wasmPackage = modulePath + "/cmd/thinchess-wasm"

// wasmSourceDirs are the folders whose Go files the wasm engine is built
// from; their contents make the cache key.
var wasmSourceDirs = []string{"engine", "solver", "bridge", "cmd/thinchess-wasm"}

// wasmMemo keeps compiled engines for the life of the process, by key.
var wasmMemo struct {
	sync.Mutex
	m map[string][2][]byte
}

// compileWasmFull returns the browser engine (cmd/thinchess-wasm built with
// GOOS=js GOARCH=wasm, -trimpath, -ldflags="-s -w") and the wasm_exec.js
// of the same Go toolchain.
//
// The choice: the build compiles the engine from the module's own
// source, with the go command the author already has, rather than
// embedding a prebuilt binary that a `go generate` step must keep in
// step. The source is found in this order:
//
//  1. the module this package was compiled from, when its folder still
//     exists (go run, go test, a binary built in a clone);
//  2. the module the current directory belongs to, when it is this one
//     (`go list -m`);
//  3. the module cache copy of the version the running binary was built
//     from (debug.ReadBuildInfo), fetched with `go mod download` — the
//     case of a binary installed with `go install …@version`.
//
// The result is cached in cacheDir (when not empty) and in memory under
// a key hashing the engine's Go sources (or the module version) and the
// Go version, so a rebuild with unchanged sources does not recompile.
func compileWasmFull(cacheDir string) (wasm, wasmExec []byte, err error) {
	goVersion, goroot, err := goEnv()
	if err != nil {
		return nil, nil, err
	}
	wasmExec, err = readWasmExec(goroot)
	if err != nil {
		return nil, nil, err
	}
	src, version, err := wasmSource()
	if err != nil {
		return nil, nil, err
	}
	key, err := wasmKey(src, version, goVersion+" full ")
	if err != nil {
		return nil, nil, err
	}
	wasmMemo.Lock()
	defer wasmMemo.Unlock()
	if c, ok := wasmMemo.m[key]; ok {
		return c[0], c[1], nil
	}
	cached := ""
	if cacheDir != "" {
		cached = filepath.Join(cacheDir, "wasm", key+".wasm")
		if b, err := os.ReadFile(cached); err == nil {
			wasmMemoStore(key, b, wasmExec)
			return b, wasmExec, nil
		}
	}
	tmp, err := os.MkdirTemp("", "thinchess-wasm-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "thinchess.wasm")
	if src != "" {
		err = goBuildWasm(src, out, "./cmd/thinchess-wasm")
	} else {
		err = buildFromModuleCache(tmp, version, out)
	}
	if err != nil {
		return nil, nil, err
	}
	wasm, err = os.ReadFile(out)
	if err != nil {
		return nil, nil, err
	}
	if cached != "" {
		if err := os.MkdirAll(filepath.Dir(cached), 0o755); err == nil {
			part := cached + ".part"
			if os.WriteFile(part, wasm, 0o644) == nil {
				os.Rename(part, cached)
			}
		}
	}
	wasmMemoStore(key, wasm, wasmExec)
	return wasm, wasmExec, nil
}

func wasmMemoStore(key string, wasm, exec []byte) {
	if wasmMemo.m == nil {
		wasmMemo.m = map[string][2][]byte{}
	}
	wasmMemo.m[key] = [2][]byte{wasm, exec}
}

// goEnv returns the go command's version and GOROOT.
func goEnv() (version, goroot string, err error) {
	out, err := exec.Command("go", "env", "-json", "GOVERSION", "GOROOT").Output()
	if err != nil {
		return "", "", fmt.Errorf("the wasm engine is compiled with the go command, which failed: %v (is Go installed and on PATH?)", err)
	}
	var env struct{ GOVERSION, GOROOT string }
	if err := json.Unmarshal(out, &env); err != nil {
		return "", "", fmt.Errorf("go env: %v", err)
	}
	return env.GOVERSION, env.GOROOT, nil
}

// readWasmExec reads the JavaScript support file of the Go toolchain:
// lib/wasm since Go 1.24, misc/wasm before.
func readWasmExec(goroot string) ([]byte, error) {
	for _, dir := range []string{"lib/wasm", "misc/wasm"} {
		if b, err := os.ReadFile(filepath.Join(goroot, dir, "wasm_exec.js")); err == nil {
			return b, nil
		}
	}
	return nil, fmt.Errorf("wasm_exec.js not found under %s/lib/wasm", goroot)
}

// wasmSource returns the folder of the module's source, or, when there is
// none on disk, the module version to fetch.
func wasmSource() (dir, version string, err error) {
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		if d := filepath.Dir(filepath.Dir(file)); isThisModule(d) {
			return d, "", nil
		}
	}
	if out, err := exec.Command("go", "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output(); err == nil {
		path, d, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
		if path == modulePath && isThisModule(d) {
			return d, "", nil
		}
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Path == modulePath && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return "", bi.Main.Version, nil
	}
	return "", "", fmt.Errorf("cannot find the source of %s to compile the wasm engine: run thinchess from a clone of the repository or install a released version with go install", modulePath)
}

// isThisModule reports whether dir holds this module with the wasm main
// package.
func isThisModule(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	if err != nil || !bytes.Contains(b, []byte("module "+modulePath+"\n")) {
		return false
	}
	_, err = os.Stat(filepath.Join(dir, "cmd", "thinchess-wasm"))
	return err == nil
}

// wasmKey hashes what the engine is built from: the Go files (tests
// excluded) of wasmSourceDirs, go.mod and go.sum, or the module version,
// and the Go version.
func wasmKey(dir, version, goVersion string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "go %s\nversion %s\n", goVersion, version)
	if dir != "" {
		var files []string
		for _, sub := range wasmSourceDirs {
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
		files = append(files, filepath.Join(dir, "go.mod"), filepath.Join(dir, "go.sum"))
		sort.Strings(files)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil && !os.IsNotExist(err) {
				return "", err
			}
			rel, _ := filepath.Rel(dir, f)
			fmt.Fprintf(h, "%s %d\n", filepath.ToSlash(rel), len(b))
			h.Write(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:24], nil
}

// goBuildWasm runs go build for js/wasm in dir.
func goBuildWasm(dir, out, pkg string) error {
	args := []string{"build", "-trimpath", "-ldflags=-s -w"}
	cmd := exec.Command("go", append(args, "-o", out, pkg)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("GOOS=js GOARCH=wasm go build %s: %v\n%s", pkg, err, stderr.String())
	}
	return nil
}

// buildFromModuleCache builds the wasm engine of a released version in a
// throwaway module: `go get` fetches the package at that version (with
// the go.sum entries of what it imports), then go build compiles it.
func buildFromModuleCache(tmp, version, out string) error {
	mod := filepath.Join(tmp, "mod")
	if err := os.MkdirAll(mod, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(mod, "go.mod"), []byte("module thinchess-wasm-build\n\ngo 1.26\n"), 0o644); err != nil {
		return err
	}
	get := exec.Command("go", "get", wasmPackage+"@"+version)
	get.Dir = mod
	get.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "GOFLAGS=-mod=mod")
	var stderr bytes.Buffer
	get.Stderr = &stderr
	if err := get.Run(); err != nil {
		return fmt.Errorf("go get %s@%s: %v\n%s", wasmPackage, version, err, stderr.String())
	}
	return goBuildWasm(mod, out, wasmPackage)
}
