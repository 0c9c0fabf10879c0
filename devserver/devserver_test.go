package devserver

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/thinchess/thinchess/internal/filetree"
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
	w, _, err := srv.startWatching(opt, &out, &errb)
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

// Changes that arrive during a build cause exactly one more build after
// it, not one each.
func TestServeCoalescesRebuilds(t *testing.T) {
	release := make(chan struct{})
	started := make(chan int, 10)
	var calls atomic.Int32
	c := &coalescer{run: func() {
		n := calls.Add(1)
		started <- int(n)
		if n == 1 {
			<-release
		}
	}}
	if !c.request() {
		t.Fatal("a request when idle did not start a build")
	}
	<-started
	for range 5 {
		if c.request() {
			t.Fatal("a request during a build started another at once")
		}
	}
	close(release)
	<-started
	deadline := time.Now().Add(5 * time.Second)
	for {
		c.mu.Lock()
		running := c.running
		c.mu.Unlock()
		if !running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the builds did not stop")
		}
		time.Sleep(time.Millisecond)
	}
	if n := calls.Load(); n != 2 {
		t.Errorf("%d builds, want 2: the one under way and one more for the 5 changes during it", n)
	}
	if !c.request() {
		t.Error("a request when idle again did not start a build")
	}
	<-started
}

// readEvent reads one server-sent event ("event: …\ndata: …"), skipping
// comments.
func readEvent(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	var ev strings.Builder
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("reading events: %v (so far %q)", err, ev.String())
		}
		switch {
		case strings.HasPrefix(line, ":"):
		case line == "\n" && ev.Len() > 0:
			return ev.String()
		case line != "\n":
			ev.WriteString(line)
		}
	}
}

// nextEvent reads the next event other than the build's progress.
func nextEvent(t *testing.T, r *bufio.Reader) string {
	t.Helper()
	for {
		if ev := readEvent(t, r); !strings.HasPrefix(ev, "event: progress\n") {
			return ev
		}
	}
}

// events opens the live-reload stream of srv at url.
func events(t *testing.T, url string) *bufio.Reader {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url, nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { resp.Body.Close() })
	return bufio.NewReader(resp.Body)
}

// Before the first good build every page is an error page that lists
// the errors and reloads on the first good build; the terminal does not
// claim a last good build.
func TestServeErrorPageBeforeFirstGoodBuild(t *testing.T) {
	src := writeSite(t, map[string]string{"modes/x/g.md": badMode})
	opt := site.BuildOptions{Src: src, CacheDir: verify.DefaultCacheDir(), LiveReload: true, Verify: verify.DefaultOptions}
	srv := &server{clients: map[chan string]bool{}}
	var out, errb syncBuffer
	srv.rebuild(opt, &out, &errb)
	if !strings.Contains(errb.String(), "build failed; serving an error page until the first good build") || strings.Contains(errb.String(), "last good build") {
		t.Errorf("terminal:\n%s", errb.String())
	}
	hs := httptest.NewServer(srv)
	t.Cleanup(hs.Close) // after the event streams close

	resp, err := http.Get(hs.URL + "/modes/g/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	want := []string{"modes/x/g.md:5:11: claim result draw is false", "new EventSource('/_thinchess/events?gen=0')", "location.reload()"}
	for _, w := range want {
		if !strings.Contains(string(body), w) {
			t.Errorf("error page lacks %q:\n%s", w, body)
		}
	}
	if resp.StatusCode != 500 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("error page: status %d, %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}

	page := events(t, hs.URL+"/_thinchess/events?gen=0")
	if ev := readEvent(t, page); !strings.HasPrefix(ev, "event: errors\n") || !strings.Contains(ev, "claim result draw is false") {
		t.Errorf("first event %q, want the errors", ev)
	}
	os.WriteFile(filepath.Join(src, "modes", "x", "g.md"), []byte(goodMode), 0o644)
	srv.rebuild(opt, &out, &errb)
	if ev := nextEvent(t, page); !strings.HasPrefix(ev, "event: reload\n") {
		t.Errorf("after the first good build the error page got %q, want a reload", ev)
	}
	// An error page loaded just before the good build, whose stream
	// opens after it, reloads at once.
	late := events(t, hs.URL+"/_thinchess/events?gen=0")
	if ev := readEvent(t, late); !strings.HasPrefix(ev, "event: reload\n") {
		t.Errorf("a late error page got %q, want a reload", ev)
	}
	resp, err = http.Get(hs.URL + "/modes/g/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("after the good build: status %d", resp.StatusCode)
	}
}

// A folder's address without its slash redirects to the cleaned path on
// this site, never to the raw path ("//host/…" is another host).
func TestServeRedirectsOnSiteOnly(t *testing.T) {
	srv := &server{clients: map[chan string]bool{}, files: map[string][]byte{
		"index.html":             []byte("home"),
		"modes/1d-12/index.html": []byte("mode"),
		"404.html":               []byte("not found"),
	}}
	tests := []struct{ target, location string }{
		{"//evil.example/../modes/1d-12", "/modes/1d-12/"},
		{"/modes/1d-12", "/modes/1d-12/"},
		{"/modes/./1d-12?moves=a1a2", "/modes/1d-12/?moves=a1a2"},
		{"/x/../modes//1d-12", "/modes/1d-12/"},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, httptest.NewRequest("GET", tt.target, nil))
		if rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != tt.location {
			t.Errorf("GET %s: %d Location %q, want 301 %q", tt.target, rec.Code, rec.Header().Get("Location"), tt.location)
		}
	}
	rec := httptest.NewRecorder()
	srv.ServeHTTP(rec, httptest.NewRequest("GET", "//evil.example/", nil))
	if rec.Code != http.StatusNotFound || rec.Header().Get("Location") != "" {
		t.Errorf("GET //evil.example/: %d Location %q, want 404", rec.Code, rec.Header().Get("Location"))
	}
}

// The server prints a URL a browser opens and says what it watches.
func TestServeURLAndWatched(t *testing.T) {
	src := writeSite(t, map[string]string{"modes/x/g.md": goodMode, "site.yaml": "title: T\n"})
	urls := []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4zero, Port: 1313}, "http://localhost:1313/"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 8080}, "http://localhost:8080/"},
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1313}, "http://127.0.0.1:1313/"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 1313}, "http://[::1]:1313/"},
	}
	for _, u := range urls {
		if got := SiteURL(u.addr); got != u.want {
			t.Errorf("SiteURL(%v) = %q, want %q", u.addr, got, u.want)
		}
	}

	srv := &server{clients: map[chan string]bool{}}
	var out, errb syncBuffer
	w, watched, err := srv.startWatching(site.BuildOptions{Src: src}, &out, &errb)
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
	if want := "site.yaml and modes/ in " + src; watched != want {
		t.Errorf("watching %q, want %q", watched, want)
	}
	if got := watchedText([]string{"site.yaml", "modes/", "content/", "packs/"}, "."); got != "site.yaml, modes/, content/ and packs/ in the current folder" {
		t.Errorf("watchedText = %q", got)
	}
}

// serve answers at once: during the first build every page says it is
// building and how far it got, the progress reaches the page as events,
// and the page reloads when the build is done (issue 26).
func TestServeAnswersDuringFirstBuild(t *testing.T) {
	src := writeSite(t, map[string]string{"modes/x/g.md": goodMode, "site.yaml": "title: T\n"})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	// The build waits in its verify phase until the test has looked.
	inVerify, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	opt := site.BuildOptions{Src: src, CacheDir: "", Verify: verify.DefaultOptions, Progress: func(pr site.Progress) {
		if pr.Step == "verify" {
			once.Do(func() { close(inVerify); <-release })
		}
	}}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	var out, errb syncBuffer
	go func() { done <- Serve(ctx, ln, opt, UI{}, &out, &errb) }()
	defer func() {
		cancel()
		if code := <-done; code != 0 {
			t.Errorf("serve: exit %d: %s", code, errb.String())
		}
	}()
	url := "http://" + ln.Addr().String()
	<-inVerify
	resp, err := http.Get(url + "/modes/g/")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(string(body), "Building the site…") || !strings.Contains(string(body), `<span id="progress">process: verify 0/1</span>`) {
		t.Errorf("during the first build: status %d\n%s", resp.StatusCode, body)
	}
	page := events(t, url+"/_thinchess/events?gen=0")
	if ev := readEvent(t, page); ev != "event: progress\ndata: process: verify 0/1\n" {
		t.Errorf("the page's first event %q, want the progress", ev)
	}
	close(release)
	if ev := nextEvent(t, page); !strings.HasPrefix(ev, "event: reload\n") {
		t.Errorf("after the first build the page got %q, want a reload", ev)
	}
	resp, err = http.Get(url + "/modes/g/")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("after the first build: status %d", resp.StatusCode)
	}
	if !strings.Contains(out.String(), "Serving on "+url+"/") || !strings.Contains(out.String(), "built ") {
		t.Errorf("terminal:\n%s", out.String())
	}
}

// Mode files for the tests: one whose claim holds, one whose claim is
// false.
const (
	goodMode = "---\ntitle: \"G\"\nstart: \"bk,bn,br,x,x,wr,wn,wk:w\"\nclaim:\n  result: white-wins\n  mate_in: 6\n---\nBody.\n"
	badMode  = "---\ntitle: \"Bad\"\nstart: \"bk,bn,br,x,x,wr,wn,wk:w\"\nclaim:\n  result: draw\n---\n"
)

// writeSite writes files (slash paths to contents) under a new folder
// and returns it.
func writeSite(t *testing.T, files map[string]string) string { return filetree.Write(t, files) }
