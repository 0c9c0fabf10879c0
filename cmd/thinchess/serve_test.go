package main

import (
	"bytes"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

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

// Editing a pack rebuilds the site, through the memo: the new puzzle is
// served and only it is verified again.
func TestServeRebuildsOnPackEdit(t *testing.T) {
	src := t.TempDir()
	os.MkdirAll(filepath.Join(src, "packs"), 0o755)
	os.WriteFile(filepath.Join(src, "packs", "p.md"), []byte("---\ntitle: P\n---\n"), 0o644)
	line := `{"id":"%s","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","mate_in":1,"solution":"1. Ra8#"}` + "\n"
	data := filepath.Join(src, "packs", "p.jsonl")
	os.WriteFile(data, []byte(strings.ReplaceAll(line, "%s", "one")), 0o644)
	opt := site.BuildOptions{Src: src, CacheDir: verify.DefaultCacheDir(), LiveReload: true, Verify: verify.DefaultOptions, Memo: site.NewMemo()}
	srv := &server{clients: map[chan string]bool{}}
	var out, errb syncBuffer
	srv.rebuild(opt, &out, &errb)
	if srv.files == nil {
		t.Fatalf("first build failed: %s", errb.String())
	}
	events := make(chan string, 4)
	srv.mu.Lock()
	srv.clients[events] = true
	srv.mu.Unlock()
	w, err := srv.startWatching(opt, &out, &errb)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	os.WriteFile(data, []byte(strings.ReplaceAll(line, "%s", "one")+strings.ReplaceAll(line, "%s", "two")), 0o644)
	select {
	case ev := <-events:
		if !strings.HasPrefix(ev, "event: reload\n") {
			t.Fatalf("event %q after the edit, want a reload (%s)", ev, errb.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("no rebuild after a pack edit: %s", out.String())
	}
	srv.mu.Lock()
	defer srv.mu.Unlock()
	found := false
	for name, body := range srv.files {
		if strings.HasPrefix(name, "assets/puzzles/p-1.") && bytes.Contains(body, []byte(`"two"`)) {
			found = true
		}
	}
	if !found {
		t.Errorf("the rebuilt site lacks the new puzzle")
	}
}

// syncBuffer is a bytes.Buffer safe for the watcher's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
