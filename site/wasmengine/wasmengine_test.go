package wasmengine

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/internal/wasmbuild"
)

// TestUseEmbedded covers every choice of THINCHESS_WASM: the embedded
// engine unless the source on disk changed since it was generated, or
// the caller says otherwise.
func TestUseEmbedded(t *testing.T) {
	rec := wasmbuild.Record{Source: "aaaa"}
	cases := []struct {
		name, choice, src, hash string
		want                    bool
		err                     string
	}{
		{"no source on disk", "", "", "", true, ""},
		{"the source it was built from", "", "/m", "aaaa", true, ""},
		{"a changed source", "", "/m", "bbbb", false, ""},
		{"forced embedded over a changed source", "embedded", "/m", "bbbb", true, ""},
		{"forced source", "source", "/m", "aaaa", false, ""},
		{"forced source without one", "source", "", "", false, "is not on disk"},
		{"a misspelt choice", "embeded", "/m", "aaaa", false, `THINCHESS_WASM="embeded": want embedded, source, or nothing`},
	}
	for _, c := range cases {
		got, err := useEmbedded(c.choice, c.src, c.hash, rec)
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case got != c.want:
			t.Errorf("%s: embedded %v, want %v", c.name, got, c.want)
		}
	}
}

// TestEmbeddedEngineIsTheSourcesBuild compiles the engine again, with
// the Go version that made the embedded one, and fails when the bytes
// or the source differ: the binary must carry the engine of its source.
func TestEmbeddedEngineIsTheSourcesBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the wasm engine")
	}
	emb, err := Embedded()
	if err != nil {
		t.Fatal(err)
	}
	root, _ := filepath.Abs("../..")
	version, _, err := wasmbuild.GoEnv("")
	if err != nil {
		t.Fatal(err)
	}
	if version != emb.Record.Go {
		t.Skipf("the embedded engine was built with %s, this is %s: .ci/run checks it with that toolchain (go run ./internal/wasmbuild/generate -out site/wasmengine -check)", emb.Record.Go, version)
	}
	fresh, err := wasmbuild.Compile(root, "")
	if err != nil {
		t.Fatal(err)
	}
	if d := wasmbuild.Diff(emb, fresh); d != "" {
		t.Fatalf("the embedded engine is not the build of the source:\n%sregenerate it with: go generate ./site", d)
	}
}

// TestSourceFound: run from a clone, the module's source is found (the
// folder two above this package's), so a changed engine source is
// compiled instead of the embedded engine.
func TestSourceFound(t *testing.T) {
	want, _ := filepath.Abs("../..")
	if got := wasmSource(); got != want {
		t.Errorf("wasmSource() = %q, want the module's folder %q", got, want)
	}
}
