// Package devserver is thinchess serve's server: it builds a site in
// memory, serves it, watches its sources (fsnotify) and rebuilds on every
// change, one build at a time, and reloads the open pages after a good
// build (server-sent events). Until the first build is done every page
// shows the build's progress; a failed build keeps the last good one
// served and shows its errors over the page.
package devserver

import (
	"context"
	"errors"
	"fmt"
	"html/template"
	"io"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site"
)

// UI is what the server's terminal adds to its plain lines.
type UI struct {
	// Progress starts reporting a build's progress to w: the build calls
	// report at each step and stop when it ends. Nil reports nothing.
	Progress func(w io.Writer) (report func(site.Progress), stop func())
	// Errors rewrites a build's errors for the terminal (their paths as
	// the user knows them). Nil keeps them as they are.
	Errors func(mode.ErrorList) mode.ErrorList
}

// progress starts a build's progress report, or none.
func (ui UI) progress(w io.Writer) (report func(site.Progress), stop func()) {
	if ui.Progress == nil {
		return func(site.Progress) {}, func() {}
	}
	return ui.Progress(w)
}

// folderName names a source folder for people.
func folderName(src string) string {
	if filepath.Clean(src) == "." {
		return "the current folder"
	}
	return printable.Quote(src)
}

// server holds the latest good build and the live-reload listeners.
type server struct {
	ui UI

	// building is held by a rebuild: one at a time, as the memo of the
	// build options is for one build at a time.
	building sync.Mutex
	// rebuilds runs the rebuilds the watcher asks for.
	rebuilds coalescer
	mu       sync.Mutex
	files    map[string][]byte // nil until the first good build
	errText  string            // the last build's errors, empty when it succeeded
	gen      int
	// progress is where the build under way is (zero between builds),
	// and sent when the last progress event went out.
	progress site.Progress
	sent     time.Time
	clients  map[chan string]bool
}

// Serve serves the site opt builds on ln until ctx is done: it
// answers at once, with a page that shows the first build's progress
// and reloads when it is done, and rebuilds on every change.
func Serve(ctx context.Context, ln net.Listener, opt site.BuildOptions, ui UI, stdout, stderr io.Writer) int {
	opt.LiveReload = true
	// Every rebuild starts from what the last one made: after an edit
	// only what changed is parsed, verified and rendered again.
	opt.Memo = site.NewMemo()
	srv := &server{ui: ui, clients: map[chan string]bool{}}
	watcher, watched, err := srv.startWatching(opt, stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "serve: watching files: %v\n", err)
		return 1
	}
	defer watcher.Close()

	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "Watching %s for changes\n", watched)
	fmt.Fprintf(stdout, "Serving on %s (Ctrl+C to stop); building the site\n", SiteURL(ln.Addr()))
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	// The first build runs like any rebuild: changes made during it
	// cause one more.
	srv.rebuilds.request()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 1
	}
	return 0
}

// SiteURL is the address to open in a browser for a listener on a: on
// localhost when it listens on every interface (0.0.0.0 or ::).
func SiteURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String() + "/"
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}

// startWatching rebuilds when a source changes: modes, pages, packs,
// templates or site.yaml. It returns the watcher and what it watches,
// for people: "site.yaml, modes/ and content/ in SITE".
func (s *server) startWatching(opt site.BuildOptions, stdout, stderr io.Writer) (*fsnotify.Watcher, string, error) {
	watcher, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, "", err
	}
	var watched []string
	if _, err := os.Stat(filepath.Join(opt.Src, "site.yaml")); err == nil {
		watched = append(watched, "site.yaml")
	}
	for _, dir := range []string{"modes", "content", "packs", "certificates", "templates"} {
		if dirExists(filepath.Join(opt.Src, dir)) {
			addTree(watcher, filepath.Join(opt.Src, dir))
			watched = append(watched, dir+"/")
		}
	}
	// The source folder itself: site.yaml, and the folders above once
	// they are made.
	if err := watcher.Add(opt.Src); err != nil {
		watcher.Close()
		return nil, "", err
	}
	s.rebuilds.run = func() { s.rebuild(opt, stdout, stderr) }
	go s.watch(watcher, stdout, stderr)
	return watcher, watchedText(watched, opt.Src), nil
}

// watchedText lists the watched files and folders of src for people.
func watchedText(watched []string, src string) string {
	where := folderName(src)
	switch len(watched) {
	case 0:
		return where
	case 1:
		return watched[0] + " in " + where
	}
	return strings.Join(watched[:len(watched)-1], ", ") + " and " + watched[len(watched)-1] + " in " + where
}

// addTree watches dir and every folder below it.
func addTree(w *fsnotify.Watcher, dir string) {
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() {
			w.Add(p)
		}
		return nil
	})
}

// watch asks for a rebuild after changes settle for a moment, and
// watches new folders.
func (s *server) watch(w *fsnotify.Watcher, stdout, stderr io.Writer) {
	var timer *time.Timer
	for {
		select {
		case ev, ok := <-w.Events:
			if !ok {
				return
			}
			if ev.Has(fsnotify.Create) {
				if fi, err := os.Stat(ev.Name); err == nil && fi.IsDir() {
					addTree(w, ev.Name)
				}
			}
			base := filepath.Base(ev.Name)
			if strings.HasPrefix(base, ".") || strings.HasSuffix(base, "~") {
				continue
			}
			if timer != nil {
				timer.Stop()
			}
			timer = time.AfterFunc(150*time.Millisecond, func() {
				if s.rebuilds.request() {
					fmt.Fprintf(stdout, "change in %s: rebuilding\n", printable.Quote(ev.Name))
				} else {
					fmt.Fprintf(stdout, "change in %s: rebuilding after the current build\n", printable.Quote(ev.Name))
				}
			})
		case err, ok := <-w.Errors:
			if !ok {
				return
			}
			fmt.Fprintf(stderr, "serve: watcher: %v\n", err)
		}
	}
}

// coalescer runs a function on request, one call at a time: requests
// that arrive during a call cause exactly one more call after it,
// however many they are.
type coalescer struct {
	run func()

	mu      sync.Mutex
	running bool // a call is under way
	again   bool // and another is due after it
}

// request calls c.run in a new goroutine, or, when a call is under way,
// once more after it. It reports whether the call starts now.
func (c *coalescer) request() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running {
		c.again = true
		return false
	}
	c.running = true
	go func() {
		for {
			c.run()
			c.mu.Lock()
			if !c.again {
				c.running = false
				c.mu.Unlock()
				return
			}
			c.again = false
			c.mu.Unlock()
		}
	}()
	return true
}

// rebuild builds the site in memory; on failure it keeps serving the last
// good build, or an error page before the first, and shows the errors in
// the terminal and the browser.
func (s *server) rebuild(opt site.BuildOptions, stdout, stderr io.Writer) {
	s.building.Lock()
	defer s.building.Unlock()
	// The site's templates/ folder is read by Build itself, afresh each
	// time. After the build (and after s.mu is released) the heap's limit
	// follows what the memo keeps.
	defer tuneMemory()
	report, stop := s.ui.progress(stdout)
	outer := opt.Progress
	opt.Progress = func(pr site.Progress) {
		report(pr)
		s.setProgress(pr)
		if outer != nil {
			outer(pr)
		}
	}
	sum, errs, err := site.Build(opt)
	stop()
	if s.ui.Errors != nil {
		errs = s.ui.Errors(errs)
	}
	var msg strings.Builder
	for _, e := range errs.Errors() {
		fmt.Fprintln(&msg, e)
	}
	if err != nil {
		fmt.Fprintln(&msg, err)
	}
	for _, e := range errs.Warnings() {
		fmt.Fprintln(stderr, e)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.progress = site.Progress{}
	if msg.Len() > 0 {
		fmt.Fprint(stderr, msg.String())
		if s.files == nil {
			fmt.Fprintln(stderr, "build failed; serving an error page until the first good build")
		} else {
			fmt.Fprintln(stderr, "build failed; still serving the last good build")
		}
		s.errText = msg.String()
		s.broadcast("errors", s.errText)
		return
	}
	fmt.Fprintf(stdout, "built %d files in %.0f ms\n", sum.Files, float64(sum.Total.Microseconds())/1000)
	s.files = sum.Output
	s.errText = ""
	s.gen++
	s.broadcast("reload", fmt.Sprint(s.gen))
}

// setProgress records where the build is and tells the pages waiting
// for the first build: at each phase and at most five times a second
// within one, so progress events never crowd out a reload in a page's
// queue.
func (s *server) setProgress(pr site.Progress) {
	s.mu.Lock()
	defer s.mu.Unlock()
	phase := !pr.SameStep(s.progress)
	s.progress = pr
	if s.files != nil || (!phase && time.Since(s.sent) < 200*time.Millisecond) {
		return
	}
	s.sent = time.Now()
	s.broadcast("progress", pr.String())
}

// tuneMemory sets the garbage collector's soft memory limit to twice
// the heap that stays live between rebuilds (the memo, the served site),
// at least 512 MiB, unless GOMEMLIMIT is set: measured on a site of
// 101,350 puzzles, a session peaked at 2.17 GB without a limit and 1.45 GB
// with one, and rebuilt as fast or faster.
func tuneMemory() {
	if os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	debug.SetMemoryLimit(max(512<<20, 2*int64(m.HeapAlloc)))
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// broadcast sends an event to every live-reload client; s.mu is held.
func (s *server) broadcast(event, data string) {
	msg := "event: " + event + "\n"
	for _, line := range strings.Split(strings.TrimRight(data, "\n"), "\n") {
		msg += "data: " + line + "\n"
	}
	msg += "\n"
	for c := range s.clients {
		select {
		case c <- msg:
		default:
		}
	}
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/_thinchess/events" {
		s.events(w, r)
		return
	}
	s.mu.Lock()
	files, errText, gen, progress := s.files, s.errText, s.gen, s.progress
	s.mu.Unlock()
	if files == nil {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		status := http.StatusInternalServerError
		if errText == "" {
			// The first build is under way.
			status = http.StatusServiceUnavailable
			w.Header().Set("Retry-After", "2")
		}
		w.WriteHeader(status)
		waitPage.Execute(w, struct {
			Errors, Progress string
			Gen              int
		}{errText, progress.String(), gen})
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	data, ok := files[name]
	if !ok {
		if d, ok2 := files[path.Join(name, "index.html")]; ok2 && (name == "" || strings.HasSuffix(r.URL.Path, "/")) {
			name, data, ok = path.Join(name, "index.html"), d, true
		} else if ok2 {
			// To the cleaned path only: the raw one may start with
			// "//", which a browser reads as another host.
			target := "/" + name + "/"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			http.Redirect(w, r, target, http.StatusMovedPermanently)
			return
		}
	}
	status := http.StatusOK
	if !ok {
		name, data, status = "404.html", files["404.html"], http.StatusNotFound
	}
	ct := mime.TypeByExtension(path.Ext(name))
	if ct == "" {
		ct = http.DetectContentType(data)
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(status)
	w.Write(data)
}

// events streams live-reload events (server-sent events).
func (s *server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	c := make(chan string, 8)
	s.mu.Lock()
	s.clients[c] = true
	if g := r.URL.Query().Get("gen"); g != "" && g != strconv.Itoa(s.gen) {
		// The page is older than the latest good build: a build
		// finished between its loading and this request.
		c <- "event: reload\ndata: " + strconv.Itoa(s.gen) + "\n\n"
	} else if s.errText != "" {
		go func(t string) {
			c <- "event: errors\ndata: " + strings.ReplaceAll(strings.TrimRight(t, "\n"), "\n", "\ndata: ") + "\n\n"
		}(s.errText)
	} else if s.files == nil && s.progress.Phase != "" {
		c <- "event: progress\ndata: " + s.progress.String() + "\n\n"
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.clients, c)
		s.mu.Unlock()
	}()
	fmt.Fprint(w, ": connected\n\n")
	fl.Flush()
	for {
		select {
		case <-r.Context().Done():
			return
		case msg := <-c:
			fmt.Fprint(w, msg)
			fl.Flush()
		}
	}
}

// waitPage is every page before the first good build: while it runs,
// its progress; after it failed, the errors. Its script follows the
// progress, shows new errors and reloads on the first good build.
var waitPage = template.Must(template.New("wait").Parse(`<!doctype html>
<html lang="en">
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{if .Errors}}Build failed{{else}}Building…{{end}} · thinchess serve</title>
<style>
body { font: 16px/1.5 system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; }
pre { white-space: pre-wrap; background: #fdf0f0; color: #600; border-left: 4px solid #c00; padding: 1rem; }
pre:empty { display: none; }
</style>
{{if .Errors}}<h1 id="title">The site does not build yet</h1>
<p id="status">Fix the errors below; this page reloads by itself once the site builds.</p>
{{else}}<h1 id="title">Building the site…</h1>
<p id="status" role="status">Building: <span id="progress">{{or .Progress "starting"}}</span>. This page reloads by itself when the site is built.</p>
{{end}}<pre id="errors">{{.Errors}}</pre>
<script>
(function () {
  if (!window.EventSource) return;
  var es = new EventSource('/_thinchess/events?gen={{.Gen}}');
  es.addEventListener('reload', function () { location.reload(); });
  es.addEventListener('errors', function (e) {
    document.getElementById('title').textContent = 'The site does not build yet';
    document.getElementById('status').textContent = 'Fix the errors below; this page reloads by itself once the site builds.';
    document.getElementById('errors').textContent = e.data;
  });
  es.addEventListener('progress', function (e) {
    document.getElementById('status').textContent = 'Building: ' + e.data + '. This page reloads by itself when the site is built.';
  });
})();
</script>
</html>
`))
