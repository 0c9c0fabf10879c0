package wasmbuild

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSourceDirsCoverDeps lists what the engine imports under GOOS=js
// and fails on a package of the module outside SourceDirs (its change
// would not mark the embedded engine stale) or a package of another
// module (its version is not in the source hash).
func TestSourceDirsCoverDeps(t *testing.T) {
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", Package)
	cmd.Dir = "../.."
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		rel, ok := strings.CutPrefix(pkg, ModulePath+"/")
		if !ok {
			t.Errorf("the engine imports %s, outside the module: hash its version in SourceHash", pkg)
			continue
		}
		covered := false
		for _, d := range SourceDirs {
			covered = covered || rel == d || strings.HasPrefix(rel, d+"/")
		}
		if !covered {
			t.Errorf("the engine imports %s, which no folder of SourceDirs holds", pkg)
		}
	}
}

// TestWriteRead writes an engine and reads it back, and refuses one
// whose bytes do not match its record.
func TestWriteRead(t *testing.T) {
	dir := t.TempDir()
	e := &Engine{Wasm: bytes.Repeat([]byte("\x00asm engine "), 1000), WasmExec: []byte("// wasm_exec.js\n"),
		Record: Record{Generated: GeneratedNote, Go: "go1.26.8", Source: "abc", WasmSHA256: "9f9f2ad3dd1d6ad1c7b1d76c1f0fb0a36b7bd0e8cd3ee0b2b7e1b9bb08de0d36", WasmSize: 12000}}
	read := func(name string) ([]byte, error) { return os.ReadFile(filepath.Join(dir, name)) }
	if err := e.Write(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := Read(read); err == nil || !strings.Contains(err.Error(), "its record says 9f9f") {
		t.Errorf("an engine whose sha256 is not its record's: error %v", err)
	}
	fresh := *e
	fresh.Record.WasmSHA256 = ""
	sum := sha256Hex(e.Wasm)
	e.Record.WasmSHA256 = sum
	if err := e.Write(dir); err != nil {
		t.Fatal(err)
	}
	got, err := Read(read)
	if err != nil {
		t.Fatal(err)
	}
	if d := Diff(got, e); d != "" {
		t.Errorf("read back differs:\n%s", d)
	}
	packed, _ := read(WasmFile)
	if len(packed) >= len(e.Wasm)/10 {
		t.Errorf("a repetitive engine of %d bytes compressed to %d", len(e.Wasm), len(packed))
	}
	fresh.Wasm = append([]byte{}, e.Wasm...)
	fresh.Wasm[0] = 1
	fresh.Record.Go = "go1.27.0"
	if d := Diff(got, &fresh); !strings.Contains(d, "Go: embedded go1.26.8, compiled now with go1.27.0") || !strings.Contains(d, "engine: embedded") {
		t.Errorf("Diff of another toolchain's engine:\n%s", d)
	}
}

// TestBuildEnv drops what would change the engine's bytes.
func TestBuildEnv(t *testing.T) {
	t.Setenv("GOFLAGS", "-race")
	t.Setenv("GOWASM", "satconv")
	t.Setenv("GOTOOLCHAIN", "local")
	env := strings.Join(buildEnv("go1.26.8"), "\n") + "\n"
	for _, bad := range []string{"GOFLAGS=", "GOWASM=", "GOTOOLCHAIN=local"} {
		if strings.Contains(env, bad) {
			t.Errorf("the build's environment keeps %s", bad)
		}
	}
	for _, want := range []string{"CGO_ENABLED=0\n", "GOTOOLCHAIN=go1.26.8\n"} {
		if !strings.Contains(env, want) {
			t.Errorf("the build's environment lacks %s", want)
		}
	}
}
