package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/thinchess/thinchess/site"
)

func init() {
	register("serve", "build in memory, serve, rebuild and live-reload on change", runServe)
}

// server holds the latest good build and the live-reload listeners.
type server struct {
	// building is held by a rebuild: one at a time, as the memo of the
	// build options is for one build at a time.
	building sync.Mutex
	mu       sync.Mutex
	files    map[string][]byte
	errText  string // the last build's errors, empty when it succeeded
	gen      int
	clients  map[chan string]bool
}

const serveHelp = `usage: thinchess serve [--src DIR] [--addr HOST:PORT]

Builds the site in --src in memory and serves it on --addr, then watches
site.yaml and the folders modes/, content/, packs/ and templates/ (a
site's own templates, which replace the built-in ones) and rebuilds on
every change. Open pages reload by themselves after a good build. When a
build fails, the errors are shown in the terminal and over the page, and
the last good build is still served.

flags:
`

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve", serveHelp, stdout, stderr)
	var sf siteFlags
	sf.register(fs)
	addr := fs.String("addr", "127.0.0.1:1313", "`address` to listen on, HOST:PORT")
	rest, err := fs.parse(args)
	if err == nil {
		err = fs.noArgs(rest)
	}
	if err != nil {
		return fs.usageExit(err)
	}
	isSite, err := siteFolder(sf.src)
	if err == nil && !isSite {
		err = notSiteError(sf.src)
	}
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 1
	}
	opt := sf.options()
	opt.LiveReload = true
	// Every rebuild starts from what the last one made: after an edit
	// only what changed is parsed, verified and rendered again.
	opt.Memo = site.NewMemo()
	srv := &server{clients: map[chan string]bool{}}
	srv.rebuild(opt, stdout, stderr)

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 1
	}
	watcher, err := srv.startWatching(opt, stdout, stderr)
	if err != nil {
		fmt.Fprintf(stderr, "serve: watching files: %v\n", err)
		return 1
	}
	defer watcher.Close()

	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "Serving on http://%s/ (Ctrl+C to stop)\n", ln.Addr())
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 1
	}
	return 0
}

// startWatching rebuilds when a source changes: modes, pages, packs,
// templates or site.yaml.
func (s *server) startWatching(opt site.BuildOptions, stdout, stderr io.Writer) (*fsnotify.Watcher, error) {
	watcher, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	for _, dir := range []string{"modes", "content", "packs", "templates"} {
		addTree(watcher, filepath.Join(opt.Src, dir))
	}
	watcher.Add(opt.Src) // site.yaml
	go s.watch(watcher, opt, stdout, stderr)
	return watcher, nil
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

// watch rebuilds after changes settle for a moment, and watches new folders.
func (s *server) watch(w *fsnotify.Watcher, opt site.BuildOptions, stdout, stderr io.Writer) {
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
				fmt.Fprintf(stdout, "change in %s: rebuilding\n", ev.Name)
				s.rebuild(opt, stdout, stderr)
			})
		case err, ok := <-w.Errors:
			if !ok {
				return
			}
			fmt.Fprintf(stderr, "serve: watcher: %v\n", err)
		}
	}
}

// rebuild builds the site in memory; on failure it keeps serving the last
// good build and shows the errors in the terminal and the browser.
func (s *server) rebuild(opt site.BuildOptions, stdout, stderr io.Writer) {
	s.building.Lock()
	defer s.building.Unlock()
	if dir := filepath.Join(opt.Src, "templates"); dirExists(dir) {
		opt.Templates = os.DirFS(dir)
	}
	sum, errs, err := site.Build(opt)
	errs = withPaths(errs, opt.Src, localPath)
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
	if msg.Len() > 0 {
		fmt.Fprint(stderr, msg.String())
		fmt.Fprintln(stderr, "build failed; still serving the last good build")
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
	files, errText := s.files, s.errText
	s.mu.Unlock()
	if files == nil {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, "The site does not build yet:\n\n%s\nFix the errors; this page does not reload by itself until the first good build.\n", errText)
		return
	}
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
	data, ok := files[name]
	if !ok {
		if d, ok2 := files[path.Join(name, "index.html")]; ok2 && (name == "" || strings.HasSuffix(r.URL.Path, "/")) {
			name, data, ok = path.Join(name, "index.html"), d, true
		} else if ok2 {
			http.Redirect(w, r, r.URL.Path+"/", http.StatusMovedPermanently)
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
	if s.errText != "" {
		go func(t string) {
			c <- "event: errors\ndata: " + strings.ReplaceAll(strings.TrimRight(t, "\n"), "\n", "\ndata: ") + "\n\n"
		}(s.errText)
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
