// Package wasmengine holds the browser engine the binary carries
// (cmd/thinchess-wasm compiled by wasmbuild.Build, zstd-compressed, with
// its toolchain's wasm_exec.js and a record of both, in this folder) and
// chooses between it and a build of the module's source:
//
//	wasm, wasmExec, from, err := wasmengine.Browser(cacheDir)
package wasmengine

import (
	"embed"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"

	"github.com/thinchess/thinchess/internal/wasmbuild"
)

// engineFS is the embedded engine, written by `go generate ./site`. CI
// compiles it again and fails when it differs
// (TestEmbeddedEngineIsTheSourcesBuild, and the generator's -check in
// .ci/run).
//
//go:embed engine.json thinchess.wasm.zst wasm_exec.js
var engineFS embed.FS

// Env names the environment variable that chooses the browser
// engine: "embedded" (the one the binary carries), "source" (compiled
// from the module's source with the go command), or empty for the
// embedded one unless the module's source is on disk and differs from
// what it was built from.
const Env = "THINCHESS_WASM"

// Embedded reads the embedded engine once.
var Embedded = sync.OnceValues(func() (*wasmbuild.Engine, error) {
	e, err := wasmbuild.Read(func(name string) ([]byte, error) { return engineFS.ReadFile(name) })
	if err != nil {
		return nil, fmt.Errorf("the embedded wasm engine: %v", err)
	}
	return e, nil
})

// wasmMemo keeps engines compiled from source for the life of the
// process, by key.
var wasmMemo struct {
	sync.Mutex
	m map[string][2][]byte
}

// Browser returns the browser engine and the wasm_exec.js of its
// Go toolchain, and where they come from ("embedded" or "compiled from
// source"), as Env chooses.
//
// The choice: the binary embeds the engine, so that a site builds with
// neither Go nor the network (Hugo's one-binary promise), and a build
// run from a clone whose engine source changed since the embedded engine
// was generated compiles that source instead, so a developer working on
// the engine sees their change without regenerating at every edit. The
// source is the module this package was compiled from, when its folder
// still exists (go run, go test, a binary built in a clone), else the
// module of the current directory when it is this one.
func Browser(cacheDir string) (wasm, wasmExec []byte, from string, err error) {
	emb, err := Embedded()
	if err != nil {
		return nil, nil, "", err
	}
	choice, src, hash := os.Getenv(Env), "", ""
	if choice != "embedded" {
		if src = wasmSource(); src != "" {
			if hash, err = wasmbuild.SourceHash(src); err != nil {
				return nil, nil, "", err
			}
		}
	}
	embedded, err := useEmbedded(choice, src, hash, emb.Record)
	if err != nil {
		return nil, nil, "", err
	}
	if embedded {
		return emb.Wasm, emb.WasmExec, "embedded", nil
	}
	wasm, wasmExec, err = compileWasm(src, hash, cacheDir)
	if err != nil && choice == "" {
		err = fmt.Errorf("the engine's source in %s changed since the embedded engine was generated (source %s, embedded %s), and compiling it failed: %w\n(%s=embedded builds with the embedded engine; go generate ./site regenerates it)", src, hash, emb.Record.Source, err, Env)
	}
	return wasm, wasmExec, "compiled from source", err
}

// useEmbedded decides, for the value choice of Env, between the
// embedded engine (recorded as rec) and the module's source in the folder
// src ("" when it is not on disk), which hashes to hash.
func useEmbedded(choice, src, hash string, rec wasmbuild.Record) (bool, error) {
	switch choice {
	case "embedded":
		return true, nil
	case "source":
		if src == "" {
			return false, fmt.Errorf("%s=source: the source of %s is not on disk here (run thinchess from a clone)", Env, wasmbuild.ModulePath)
		}
		return false, nil
	case "":
		return src == "" || hash == rec.Source, nil
	}
	return false, fmt.Errorf("%s=%q: want embedded, source, or nothing", Env, choice)
}

// compileWasm compiles the engine of the module in src, whose source
// hashes to hash, cached in cacheDir (when not empty) and in memory
// under a key of that hash and the Go version.
func compileWasm(src, hash, cacheDir string) (wasm, wasmExec []byte, err error) {
	goVersion, goroot, err := wasmbuild.GoEnv("")
	if err != nil {
		return nil, nil, err
	}
	if wasmExec, err = wasmbuild.ReadWasmExec(goroot); err != nil {
		return nil, nil, err
	}
	key := hash + "-" + goVersion
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
	if err := wasmbuild.Build(src, out, ""); err != nil {
		return nil, nil, err
	}
	if wasm, err = os.ReadFile(out); err != nil {
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

// wasmSource returns the folder of the module's source, or "" when it is
// not on disk.
func wasmSource() string {
	if _, file, _, ok := runtime.Caller(0); ok && filepath.IsAbs(file) {
		if d := filepath.Dir(filepath.Dir(filepath.Dir(file))); wasmbuild.IsModule(d) {
			return d
		}
	}
	if _, err := exec.LookPath("go"); err != nil {
		return ""
	}
	if out, err := exec.Command("go", "list", "-m", "-f", "{{.Path}} {{.Dir}}").Output(); err == nil {
		path, d, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
		if path == wasmbuild.ModulePath && wasmbuild.IsModule(d) {
			return d
		}
	}
	return ""
}
