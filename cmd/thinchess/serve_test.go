package main

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/site"
	"github.com/thinchess/thinchess/verify"
)

// TestServeKeepsLastGoodBuild breaks a mode after a good build: the
// server reports the errors and keeps serving the good build.
func TestServeKeepsLastGoodBuild(t *testing.T) {
	src := t.TempDir()
	mode := filepath.Join(src, "modes", "1d", "g.md")
	os.MkdirAll(filepath.Dir(mode), 0o755)
	good := "---\ntitle: \"G\"\nstart: \"bk,bn,br,x,x,wr,wn,wk:w\"\nclaim:\n  result: white-wins\n  mate_in: 6\n---\nBody.\n"
	os.WriteFile(mode, []byte(good), 0o644)
	opt := site.BuildOptions{Src: src, CacheDir: verify.DefaultCacheDir(), LiveReload: true, Verify: verify.DefaultOptions}
	srv := &server{clients: map[chan string]bool{}}
	var out, errb bytes.Buffer
	srv.rebuild(opt, &out, &errb)
	if srv.files == nil || srv.errText != "" {
		t.Fatalf("first build failed: %s", errb.String())
	}
	events := make(chan string, 4)
	srv.clients[events] = true

	os.WriteFile(mode, []byte(strings.Replace(good, "mate_in: 6", "mate_in: 5", 1)), 0o644)
	srv.rebuild(opt, &out, &errb)
	want := "modes/1d/g.md:6:12: claim mate_in 5 is false: White mates in 6 at best"
	if !strings.Contains(srv.errText, want) || !strings.Contains(errb.String(), want) {
		t.Errorf("errors not reported\nterminal: %s\nserver: %s", errb.String(), srv.errText)
	}
	if ev := <-events; !strings.HasPrefix(ev, "event: errors\n") || !strings.Contains(ev, "mate_in 5 is false") {
		t.Errorf("browser event = %q", ev)
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "/modes/g/", nil))
	if rec.Code != 200 {
		t.Errorf("the last good build is not served: status %d", rec.Code)
	}

	os.WriteFile(mode, []byte(good), 0o644)
	srv.rebuild(opt, &out, &errb)
	if srv.errText != "" {
		t.Errorf("fixed build still failing: %s", srv.errText)
	}
	if ev := <-events; !strings.HasPrefix(ev, "event: reload\n") {
		t.Errorf("no reload event after the fix: %q", ev)
	}
}
