package site

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/testscope"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver/mate"
	"github.com/thinchess/thinchess/verify"
)

// The browser tests drive the built site in headless Chromium through the
// DevTools protocol: a freshly built site is served by net/http on
// 127.0.0.1 under a sub-path (as on GitHub Pages), and each test clicks
// and types as a player would.
//
// They skip, saying why, when Chromium is missing, except in CI (the CI
// environment variable set), where a missing browser fails them.

// chromiumPath is the browser the tests drive.
const chromiumPath = "/usr/bin/chromium"

// basePath is where the test server mounts the site.
const basePath = "/thinchess/"

// needChromium skips a browser test when Chromium is missing (fails it
// in CI) and runs it beside the others: each has its own page, server
// and site, and most of a test's time is spent waiting on its page.
func needChromium(t *testing.T) {
	t.Helper()
	needChromiumAlone(t)
	t.Parallel()
}

// needChromiumAlone is needChromium for a test that measures times: it
// runs before the parallel ones, alone.
func needChromiumAlone(t *testing.T) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser tests are skipped with -short")
	}
	if _, err := exec.LookPath(chromiumPath); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("browser tests need %s in CI: %v (install the chromium package)", chromiumPath, err)
		}
		t.Skipf("skipping browser test: %s not found (apt-get install chromium)", chromiumPath)
	}
}

// fullTests reports whether the long tests run whole (see package
// testscope): every mode page at both phone sizes, every Ban puzzle's
// line, the timing tests' native comparisons; a fixed sample of each
// otherwise.
func fullTests() bool { return testscope.Full() }

// builtSite is a rendered site written to a folder.
type builtSite struct {
	dir   string
	files map[string][]byte
	// results are the build's verifications (shippedBuild's only).
	results map[string]*verify.Verification
}

// buildTestSite builds the test site with Build (verify, precompute,
// render, write) into a new folder; a title, when not empty, replaces the
// one in site.yaml (a "new version" of the site).
func buildTestSite(t *testing.T, title string) *builtSite {
	return buildSiteFrom(t, renderSrc, title)
}

// buildSiteFrom builds the site of a source folder, like buildTestSite.
func buildSiteFrom(t *testing.T, from, title string) *builtSite {
	t.Helper()
	src := t.TempDir()
	if err := os.CopyFS(src, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
	if title != "" {
		cfg := "title: " + title + "\ndescription: \"A small site for the render and browser tests.\"\n"
		if err := os.WriteFile(filepath.Join(src, "site.yaml"), []byte(cfg), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "public")
	sum, errs, err := Build(BuildOptions{Src: src, Out: out, CacheDir: testCacheDir()})
	if err != nil {
		t.Fatal(err)
	}
	if len(errs.Errors()) > 0 {
		t.Fatalf("building the test site: %v", errs)
	}
	return &builtSite{dir: out, files: writtenFiles(t, out, sum.Output)}
}

// writtenFiles is every file of a build's output folder, by slash path:
// a build with an output folder writes the chunks of its packs as it
// makes them (they are not in its Summary.Output), so the tests read what
// was written.
func writtenFiles(t testing.TB, dir string, output map[string][]byte) map[string][]byte {
	t.Helper()
	files := maps.Clone(output)
	if files == nil {
		files = map[string][]byte{}
	}
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		if name := filepath.ToSlash(rel); files[name] == nil {
			files[name], err = os.ReadFile(path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// siteServer serves a built site under basePath and can be stopped and
// started again at the same address with another build.
type siteServer struct {
	t    *testing.T
	addr string
	srv  *http.Server
	done chan struct{}
	// wasmDelay holds back every .wasm response by this many
	// nanoseconds: a slow network for the engine alone.
	wasmDelay atomic.Int64
}

func init() {
	mime.AddExtensionType(".webmanifest", "application/manifest+json")
	mime.AddExtensionType(".wasm", "application/wasm")
}

// serve starts serving dir; addr "" picks a free port.
func serve(t *testing.T, dir, addr string) *siteServer {
	t.Helper()
	if addr == "" {
		addr = "127.0.0.1:0"
	}
	var ln net.Listener
	var err error
	for i := 0; i < 50; i++ { // the old server's port may take a moment to free
		if ln, err = net.Listen("tcp", addr); err == nil {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		t.Fatal(err)
	}
	s := &siteServer{t: t, done: make(chan struct{})}
	mux := http.NewServeMux()
	files := http.StripPrefix(strings.TrimSuffix(basePath, "/"), http.FileServer(http.Dir(dir)))
	logRequests := os.Getenv("THINCHESS_LOG_REQUESTS") != ""
	mux.Handle(basePath, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if logRequests {
			t.Logf("%s %s %s", r.Method, r.URL, r.Header.Get("Service-Worker"))
		}
		// Two builds written within one second have equal Last-Modified
		// times, so a conditional request would get 304 for a changed
		// file: answer every request in full.
		r.Header.Del("If-Modified-Since")
		r.Header.Del("If-None-Match")
		if d := s.wasmDelay.Load(); d > 0 && strings.HasSuffix(r.URL.Path, ".wasm") {
			time.Sleep(time.Duration(d))
		}
		if strings.HasSuffix(r.URL.Path, "sw.js") {
			w.Header().Set("Cache-Control", "no-cache")
		}
		p := filepath.Join(dir, filepath.FromSlash(strings.TrimPrefix(r.URL.Path, basePath)))
		if _, err := os.Stat(p); err != nil && !strings.HasSuffix(r.URL.Path, "/") {
			w.WriteHeader(http.StatusNotFound)
			http.ServeFile(w, r, filepath.Join(dir, "404.html"))
			return
		}
		files.ServeHTTP(w, r)
	}))
	s.addr, s.srv = ln.Addr().String(), &http.Server{Handler: mux}
	go func() {
		defer close(s.done)
		if err := s.srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			t.Errorf("test server: %v", err)
		}
	}()
	t.Cleanup(s.stop)
	return s
}

// url returns the address of a page of the site.
func (s *siteServer) url(page string) string {
	return "http://" + s.addr + basePath + page
}

// stop shuts the server down and closes every connection.
func (s *siteServer) stop() {
	if s.srv == nil {
		return
	}
	s.srv.Close()
	<-s.done
	s.srv = nil
}

// browser opens a fresh page for a test in the package's one headless
// Chromium, for three minutes at most.
func browser(t *testing.T, width, height int) context.Context {
	t.Helper()
	return browserFor(t, width, height, 3*time.Minute)
}

// shared is the one Chromium the package's tests share: starting one per
// test cost about 1 s each on a quiet machine (3 s under load), over 37
// browser tests. Each test gets its own browser context (a fresh profile:
// storage, caches and service workers of its own), so tests cannot see
// each other's state.
var shared struct {
	once   sync.Once
	ctx    context.Context
	cancel context.CancelFunc
	err    error
}

// browserParallel is how many parallel tests run at once unless
// -test.parallel is given: a browser test waits on its pages most of its
// time (the trainer's pauses before the computer's replies and after a
// refutation, 0.45 to 2.25 s each), so more of them than cores keep the
// cores busy. The timing tests run before them, alone.
const browserParallel = 4

// TestMain runs the tests, browserParallel at a time where they allow
// it, and stops the shared browser once every test is done.
func TestMain(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(max(browserParallel, runtime.GOMAXPROCS(0)))); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
	}
	code := m.Run()
	if shared.cancel != nil {
		shared.cancel()
	}
	os.Exit(code)
}

// sharedBrowser starts the shared Chromium on first use.
func sharedBrowser(t *testing.T) context.Context {
	t.Helper()
	shared.once.Do(func() {
		opts := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(chromiumPath),
			chromedp.Flag("headless", true),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-quic", true),
			chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck,
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.Flag("hide-scrollbars", true),
			chromedp.Flag("mute-audio", true),
			// Pages of tests that run side by side must not be
			// throttled as hidden windows.
			chromedp.Flag("disable-background-timer-throttling", true),
			chromedp.Flag("disable-backgrounding-occluded-windows", true),
			chromedp.Flag("disable-renderer-backgrounding", true),
			chromedp.WindowSize(1280, 800),
		}
		dir, err := os.MkdirTemp("", "thinchess-chromium-")
		if err != nil {
			shared.err = err
			return
		}
		// Chromium now and then dies while starting on a loaded machine
		// (seen in CI: "chrome failed to start" with nothing else wrong),
		// so a start is tried three times.
		for attempt := 1; ; attempt++ {
			actx, cancelA := chromedp.NewExecAllocator(context.Background(), append(opts, chromedp.UserDataDir(dir))...)
			ctx, cancelC := chromedp.NewContext(actx)
			if shared.err = chromedp.Do(ctx); shared.err == nil {
				shared.ctx = ctx
				shared.cancel = func() { cancelC(); cancelA(); os.RemoveAll(dir) }
				return
			}
			cancelC()
			cancelA()
			if attempt == 3 {
				shared.err = fmt.Errorf("starting %s (3 attempts): %w", chromiumPath, shared.err)
				return
			}
			time.Sleep(time.Duration(attempt) * time.Second)
		}
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.ctx
}

// browserFor is browser for a test that drives one page longer (many
// puzzles in a row): its page lives at most limit. The page's viewport
// is width×height.
func browserFor(t *testing.T, width, height int, limit time.Duration) context.Context {
	t.Helper()
	ctx, cancelC := chromedp.NewContext(sharedBrowser(t), chromedp.WithNewBrowserContext())
	ctx, cancelT := context.WithTimeout(ctx, limit)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(int64(width), int64(height))); err != nil {
		cancelT()
		cancelC()
		t.Fatalf("opening a page in %s: %v", chromiumPath, err)
	}
	var logs []string
	var mu sync.Mutex
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleException || m.Type == "error" || m.Type == "warning" {
				mu.Lock()
				logs = append(logs, string(m.Type)+": "+m.Text+" ("+m.URL+")")
				mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		mu.Lock()
		for _, l := range logs {
			t.Logf("browser %s", l)
		}
		mu.Unlock()
		cancelT()
		cancelC()
	})
	return ctx
}

func run(t *testing.T, ctx context.Context, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression to a value of type T.
func eval[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// css selects the first element matching a CSS selector.
func css(sel string) chromedp.CSS { return chromedp.CSS(sel) }

// waitFor polls a JavaScript condition until it holds.
func waitFor(t *testing.T, ctx context.Context, cond string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+cond+")")); err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			status, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.getElementById('status')||{}).textContent + ' | ' + ((document.getElementById('move-error')||{}).textContent||'') + ' | ' + ((document.getElementById('feedback')||{}).textContent||'') + ' | ' + ((document.getElementById('ed-error')||{}).textContent||'')`))
			t.Fatalf("timed out after %v waiting for %s (status: %s)", timeout, cond, status)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// gameState is what the page shows of its game: the board's data-*
// attributes (data-fen, data-turn, data-over, data-winner, data-ply) and
// the move list (a ban as "b:" and its squares, from the button's
// data-coord; the list writes it "ban Ra4").
type gameState struct {
	FEN    string   `json:"fen"`
	Side   string   `json:"side"`
	Over   bool     `json:"over"`
	Winner string   `json:"winner"`
	Status string   `json:"status"`
	Cursor int      `json:"cursor"`
	SAN    []string `json:"san"`
}

// boardJS is the board's dataset, where the page says what it shows.
const boardJS = `document.getElementById('board').dataset`

// shownGame reads the game the page shows.
func shownGame(t *testing.T, ctx context.Context) gameState {
	t.Helper()
	return eval[gameState](t, ctx, `(() => {
		const d = `+boardJS+`;
		const san = Array.from(document.querySelectorAll('#moves .mv')).map((b) => {
			const c = b.dataset.coord || '';
			return c.indexOf('b:') === 0 ? c : b.textContent;
		});
		return { fen: d.fen || '', side: d.turn || '', over: !!d.over, winner: d.winner || '', status: d.over || '', cursor: +(d.ply || 0), san };
	})()`)
}

// pieceOn is the piece the board shows on a square ("wr"), "" when empty.
func pieceOn(t *testing.T, ctx context.Context, square string) string {
	t.Helper()
	return eval[string](t, ctx, `document.querySelector('#board [data-square="`+square+`"]').dataset.piece || ''`)
}

// atPly is the condition that the board shows ply moves played and the
// computer is not thinking.
func atPly(ply int) string {
	return fmt.Sprintf(`+%s.ply === %d && %s.busy !== 'true'`, boardJS, ply, boardJS)
}

// pastPly: at least ply moves played and the computer not thinking.
func pastPly(ply int) string {
	return fmt.Sprintf(`+%s.ply >= %d && %s.busy !== 'true'`, boardJS, ply, boardJS)
}

// overOrPast: the game is over, or pastPly(ply).
func overOrPast(ply int) string {
	return `(!!` + boardJS + `.over && ` + boardJS + `.busy !== 'true') || (` + pastPly(ply) + `)`
}

// puzzleIs is the condition that the puzzle shows state (#puzzle's
// data-state): "play" (the player's move), "wait", "solved", "free".
func puzzleIs(state string) string {
	return `(document.getElementById('puzzle') || {dataset: {}}).dataset.state === '` + state + `'`
}

// puzzleOpen: the trainer shows puzzle id, waiting for the player.
func puzzleOpen(id string) string {
	return `document.getElementById('puzzle').dataset.id === '` + id + `' && ` + puzzleIs("play")
}

// puzzleAt: the puzzle waits for the player's move at ply.
func puzzleAt(ply int) string {
	return fmt.Sprintf(`+%s.ply === %d && %s`, boardJS, ply, puzzleIs("play"))
}

// opened is the count of puzzles the trainer opened (#puzzle's
// data-opened); wait for it to grow after a click that opens one.
func opened(t *testing.T, ctx context.Context) int {
	t.Helper()
	return eval[int](t, ctx, `+(document.getElementById('puzzle').dataset.opened || 0)`)
}

// openedMore: the trainer opened another puzzle than the n-th, and it
// waits for the player.
func openedMore(n int) string {
	return fmt.Sprintf(`+(document.getElementById('puzzle').dataset.opened || 0) > %d && %s`, n, puzzleIs("play"))
}

// wrongMove is a legal move (coordinates) of the side to move in a
// mate puzzle's position that does not mate the fastest: one a puzzle
// rejects. The variant is the board's data-variant ("" for chess).
func wrongMove(t *testing.T, fen, variant string) string {
	t.Helper()
	if variant == "" {
		variant = "chess"
	}
	r, err := engine.Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.Parse(fen, r)
	if err != nil {
		t.Fatal(err)
	}
	res := fastestMate(t, p)
	best := map[engine.Move]bool{}
	for _, f := range res.First {
		if f.Moves == res.Moves {
			best[f.Move] = true
		}
	}
	for _, m := range p.LegalMoves(nil) {
		if !best[m] {
			return p.B.Name(m.From()) + p.B.Name(m.To())
		}
	}
	t.Fatalf("every legal move in %s mates the fastest", fen)
	return ""
}

// fastestMate proves the fastest mate of the side to move, trying one
// move, then two, up to eight.
func fastestMate(t *testing.T, p *engine.Position) *mate.Result {
	t.Helper()
	for n := 1; n <= 8; n++ {
		res, err := mate.Search(p, p.Side, n, mate.Options{MaxTreeNodes: -1})
		if err != nil {
			t.Fatalf("mate search in %s: %v", p.FEN(), err)
		}
		if res.Found {
			return res
		}
	}
	t.Fatalf("no mate in 8 in %s", p.FEN())
	return nil
}

// firstMoveJS finds a move the board offers, as the player finds it:
// it selects each piece in turn, from a1 rank by rank (the engine's
// order of squares), until target dots show, and gives the piece's
// square and the first target's ("a2a4"), "" when none.
const firstMoveJS = `(() => {
	const order = (b) => { const q = b.dataset.square; return parseInt(q.slice(1), 10) * 32 + q.charCodeAt(0); };
	const pieces = Array.from(document.querySelectorAll('#board button[data-square][data-piece]')).sort((a, b) => order(a) - order(b));
	for (const b of pieces) {
		b.click();
		const d = Array.from(document.querySelectorAll('#board button.dot, #board button.cap')).sort((a, b) => order(a) - order(b))[0];
		b.click();
		if (d) return b.dataset.square + d.dataset.square;
	}
	return '';
})()`

// clickMove clicks the origin square, then the destination.
func clickMove(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	run(t, ctx,
		chromedp.Click(css(`#board button[data-square="`+from+`"]`)),
		chromedp.Click(css(`#board button[data-square="`+to+`"]`)),
	)
}

// open navigates and waits for the engine to be ready.
func open(t *testing.T, ctx context.Context, u string) {
	t.Helper()
	run(t, ctx, chromedp.Navigate(u))
	waitFor(t, ctx, `document.body.classList.contains('engine-ready')`, 30*time.Second)
}

// Scenario 1: a 1-D game against the perfect opponent, by clicking
// squares, until mate; the status names the winner.
func TestBrowserPlayPerfect(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 900)
	t0 := time.Now()
	open(t, ctx, srv.url("modes/gardner/"))
	readyMs := eval[float64](t, ctx, `TC.readyAt`)
	t.Logf("first visit: navigation to interactive board %.0f ms (TC.readyAt), %v wall clock", readyMs, time.Since(t0).Round(time.Millisecond))
	opp := eval[string](t, ctx, `document.getElementById('opponent').value`)
	if opp != "perfect" {
		t.Fatalf("default opponent %q, want perfect", opp)
	}
	waitFor(t, ctx, boardJS+`.table === 'loaded'`, 10*time.Second)
	var replies []float64
	for ply := 0; ply < 40; ply++ {
		s := shownGame(t, ctx)
		if s.Over {
			break
		}
		if s.Side != "white" {
			t.Fatalf("white to move expected, got %+v", s)
		}
		from, to := bestMove(t, s.FEN, "1d")
		clickMove(t, ctx, from, to)
		waitFor(t, ctx, pastPly(s.Cursor+1), 5*time.Second)
		waitFor(t, ctx, overOrPast(s.Cursor+2), 10*time.Second)
		ms := eval[float64](t, ctx, `+(`+boardJS+`.replyMs || 0)`)
		replies = append(replies, ms)
	}
	s := shownGame(t, ctx)
	if !s.Over || s.Winner != "white" || s.Status != "checkmate" {
		t.Fatalf("game did not end in White's mate: %+v", s)
	}
	status := eval[string](t, ctx, `document.getElementById('status').textContent`)
	if !strings.Contains(status, "White wins") {
		t.Errorf("status %q does not name the winner", status)
	}
	sort.Float64s(replies)
	if len(replies) > 0 {
		p95 := replies[(len(replies)*95+99)/100-1]
		t.Logf("opponent replies from the table (%d): median %.1f ms, p95 %.1f ms (engine time, without the pause before the reply)", len(replies), replies[len(replies)/2], p95)
	}
	t.Logf("moves: %s", strings.Join(s.SAN, " "))
}

// bestMove returns the fastest mating move of a position, by mate search.
func bestMove(t *testing.T, fen, variant string) (string, string) {
	t.Helper()
	r, err := engine.Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	p, err := engine.Parse(fen, r)
	if err != nil {
		t.Fatal(err)
	}
	res, err := mate.Search(p, p.Side, 20, mate.Options{MaxTreeNodes: -1})
	if err != nil || !res.Found || len(res.First) == 0 {
		t.Fatalf("no mate found in %s: %v", fen, err)
	}
	m := res.First[0].Move
	return p.B.Name(m.From()), p.B.Name(m.To())
}

// Scenario 2: a puzzle with one wrong move (rejected and taken back), the
// two hints, then the right line to the end.
func TestBrowserPuzzle(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 900)
	open(t, ctx, srv.url("modes/gardner-mate/"))
	waitFor(t, ctx, puzzleIs("play"), 10*time.Second)

	// A wrong move: the rook up one square.
	clickMove(t, ctx, "a3", "a4")
	waitFor(t, ctx, `document.getElementById('feedback').textContent.indexOf('✗') >= 0`, 5*time.Second)
	waitFor(t, ctx, puzzleAt(0), 5*time.Second)
	if a3, a4 := pieceOn(t, ctx, "a3"), pieceOn(t, ctx, "a4"); a3 != "wr" || a4 != "" {
		t.Fatalf("the wrong move was not taken back: a3 %q, a4 %q", a3, a4)
	}

	// Hint 1 and Hint 2, with their squares.
	run(t, ctx, chromedp.Click(css(`#puzzle button[data-action="hint"]`)))
	waitFor(t, ctx, `document.querySelectorAll('#hints li').length === 1 && document.querySelector('#board [data-square="a2"]').classList.contains('hint')`, 5*time.Second)
	run(t, ctx, chromedp.Click(css(`#puzzle button[data-action="hint"]`)))
	waitFor(t, ctx, `document.querySelectorAll('#hints li').length === 2`, 5*time.Second)
	hints := eval[string](t, ctx, `document.getElementById('hints').textContent`)
	// The list numbers the hints; their text does not again (issue 33).
	if !strings.Contains(hints, "Start with the knight.") || !strings.Contains(hints, "Only one knight jump keeps the win.") || strings.Contains(hints, "Hint 1") {
		t.Errorf("hints shown: %q", hints)
	}
	label := eval[string](t, ctx, `document.querySelector('#puzzle button[data-action="hint"]').textContent`)
	if label != "Show solution" {
		t.Errorf("after both hints the hint button says %q, want Show solution", label)
	}

	// The right line: the player's moves of the author's solution.
	m := loadRenderSite(t)
	var puzzle *mode.Mode
	for _, x := range m.Modes {
		if x.ID == "gardner-mate" {
			puzzle = x
		}
	}
	line, err := puzzle.Start.ParseLine(puzzle.Puzzle.Solution)
	if err != nil {
		t.Fatal(err)
	}
	p := *puzzle.Start
	for i, mv := range line {
		if i%2 == 0 {
			waitFor(t, ctx, puzzleAt(i), 10*time.Second)
			clickMove(t, ctx, p.B.Name(mv.From()), p.B.Name(mv.To()))
		}
		p.Make(mv)
	}
	waitFor(t, ctx, puzzleIs("solved"), 10*time.Second)
	fb := eval[string](t, ctx, `document.getElementById('feedback').textContent`)
	if !strings.Contains(fb, "Solved") || !strings.Contains(fb, "White wins") {
		t.Errorf("feedback at the end: %q", fb)
	}
}

// The trainer: corrupt stored progress is reset with a notice; solving
// the puzzle is recorded and counts for the streak.
func TestBrowserTrainer(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 900)
	run(t, ctx, chromedp.Navigate(srv.url("train/")))
	eval[bool](t, ctx, `localStorage.setItem('thinchess.progress', '{"v":1,"puzzles":{"x":{"solved":"yes"}},"streak":-1}'), true`)
	open(t, ctx, srv.url("train/"))
	waitFor(t, ctx, `!document.getElementById('storage-note').hidden`, 5*time.Second)
	if p := eval[string](t, ctx, `document.getElementById('progress').textContent`); !strings.HasPrefix(p, "Solved 0 · streak 0") {
		t.Errorf("progress after a reset: %q", p)
	}
	if p := eval[string](t, ctx, `document.getElementById('player-rating').textContent`); p != "1500" {
		t.Errorf("a new player's rating %q, want 1500", p)
	}
	// Rated (the default): a solved puzzle raises the rating.
	open(t, ctx, srv.url("train/?id=gardner-mate"))
	waitFor(t, ctx, puzzleOpen("gardner-mate"), 10*time.Second)
	s := loadRenderSite(t)
	var m *mode.Mode
	for _, x := range s.Modes {
		if x.ID == "gardner-mate" {
			m = x
		}
	}
	line, err := m.Start.ParseLine(m.Puzzle.Solution)
	if err != nil {
		t.Fatal(err)
	}
	p := *m.Start
	for i, mv := range line {
		if i%2 == 0 {
			waitFor(t, ctx, puzzleAt(i), 10*time.Second)
			clickMove(t, ctx, p.B.Name(mv.From()), p.B.Name(mv.To()))
		}
		p.Make(mv)
	}
	waitFor(t, ctx, puzzleIs("solved"), 10*time.Second)
	waitFor(t, ctx, `document.getElementById('progress').textContent.indexOf('Solved 1 · streak 1 · best streak 1') === 0`, 5*time.Second)
	rating := func() int {
		return eval[int](t, ctx, `parseInt(document.getElementById('player-rating').textContent, 10)`)
	}
	afterWin := rating()
	if afterWin <= 1500 || !strings.HasPrefix(eval[string](t, ctx, `document.getElementById('rating-change').textContent`), "+") {
		t.Errorf("after a solve the rating is %d (%q), want above 1500", afterWin, eval[string](t, ctx, `document.getElementById('rating-change').textContent`))
	}
	stored := eval[string](t, ctx, `localStorage.getItem('thinchess.progress')`)
	if !strings.Contains(stored, `"gardner-mate":{"solved":true,"attempts":1,"hints":0,"rated":true}`) || !strings.Contains(stored, `"history":[[`) {
		t.Errorf("stored progress %s", stored)
	}
	if a := eval[string](t, ctx, `document.getElementById('analyse-link').hidden ? '' : document.getElementById('analyse-link').getAttribute('href')`); !strings.HasPrefix(a, "../modes/gardner-mate/?moves=") {
		t.Errorf("after the solve, Analyse links to %q, want the mode page with the moves", a)
	}
	if u := eval[string](t, ctx, `location.search`); u != "?id=gardner-mate" {
		t.Errorf("the address of the solved puzzle is %q, want its permalink ?id=gardner-mate", u)
	}

	// A pack puzzle read from its chunk, with its rating, themes and source.
	open(t, ctx, srv.url("train/?id=tm-Back-rank"))
	waitFor(t, ctx, puzzleOpen("tm-Back-rank"), 10*time.Second)
	if meta := eval[string](t, ctx, `document.getElementById('puzzle-meta').textContent`); meta != "Rated 700 · Mate in 1, Back-rank mate" { // the title names the pack
		t.Errorf("puzzle meta %q", meta)
	}
	if src := eval[string](t, ctx, `document.getElementById('puzzle-source').hidden ? '' : document.getElementById('puzzle-source').href`); src != "https://example.org/games/1#41" {
		t.Errorf("source link %q", src)
	}
	// A typed move (SAN) solves it.
	run(t, ctx, chromedp.SendKeys(css(`#move-input`), "Ra8#\n"))
	waitFor(t, ctx, puzzleIs("solved"), 10*time.Second)

	// A wrong move in a table-backed puzzle: the table's refutation in
	// #feedback, the move taken back, the rating down, the puzzle queued
	// for review.
	open(t, ctx, srv.url("train/?id=tm-one-file"))
	waitFor(t, ctx, puzzleOpen("tm-one-file"), 10*time.Second)
	if title := eval[string](t, ctx, `document.getElementById('puzzle-title').textContent`); title != "Mate in 4 · Test mates" {
		t.Errorf("permalink opened %q", title)
	}
	before := rating()
	wrong := wrongMove(t, eval[string](t, ctx, boardJS+`.fen`), eval[string](t, ctx, boardJS+`.variant`))
	clickMove(t, ctx, wrong[:2], wrong[2:4])
	waitFor(t, ctx, `document.getElementById('feedback').textContent.indexOf('Proven by the exact table') > 0`, 10*time.Second)
	fb := eval[string](t, ctx, `document.getElementById('feedback').textContent`)
	if !strings.HasPrefix(fb, "✗ ") || eval[string](t, ctx, `document.getElementById('feedback').getAttribute('role')`) != "status" {
		t.Errorf("feedback %q", fb)
	}
	waitFor(t, ctx, puzzleAt(0), 10*time.Second)
	if r := rating(); r >= before {
		t.Errorf("after a wrong move the rating is %d, want below %d", r, before)
	}
	if n := eval[string](t, ctx, `document.getElementById('review-count').textContent`); n != "1" {
		t.Errorf("review count %q, want 1", n)
	}
	// Review brings the failed puzzle back.
	open(t, ctx, srv.url("train/"))
	waitFor(t, ctx, puzzleIs("play"), 10*time.Second)
	n := opened(t, ctx)
	run(t, ctx, chromedp.Click(css(`[data-mode="review"]`)))
	waitFor(t, ctx, `document.querySelector('[data-mode="review"]').getAttribute('aria-pressed') === 'true' && `+openedMore(n)+` && `+puzzleOpen("tm-one-file"), 10*time.Second)
	// Solved in review, it waits (FSRS, review.js): nothing is due, the
	// trainer says when the next review is, and the queue keeps it; when
	// the page's clock passes its due time it comes back.
	if q := eval[string](t, ctx, `document.querySelector('[data-action="mark"]').textContent`); q != "In your reviews" {
		t.Errorf("the queued puzzle's mark button says %q", q)
	}
	solveShown(t, ctx)
	waitFor(t, ctx, `document.getElementById('review-count').textContent === '0'`, 5*time.Second)
	due := eval[float64](t, ctx, `JSON.parse(localStorage.getItem('thinchess.progress')).review['tm-one-file'].due`)
	if wait := time.Until(time.UnixMilli(int64(due))); wait < 20*time.Hour {
		t.Errorf("a puzzle solved in review is due again in %v, want a day or more", wait)
	}
	run(t, ctx, chromedp.Click(css(`[data-action="next"]`)))
	waitFor(t, ctx, `/^No reviews due right now \(the next in \d+ (hours|days?)\)/.test(document.getElementById('train-error').textContent)`, 10*time.Second)
	eval[bool](t, ctx, fmt.Sprintf(`(() => { const d = %d - Date.now(); TC.now = () => Date.now() + d + 60000; return true; })()`, int64(due)))
	n = opened(t, ctx)
	run(t, ctx, chromedp.Click(css(`[data-mode="review"]`)))
	waitFor(t, ctx, openedMore(n)+` && `+puzzleOpen("tm-one-file")+` && document.getElementById('review-count').textContent === '1'`, 10*time.Second)
	eval[bool](t, ctx, `delete TC.now, true`)
	// A puzzle the player marks joins the queue.
	open(t, ctx, srv.url("train/?id=gardner-mate&mode=rated"))
	waitFor(t, ctx, puzzleOpen("gardner-mate"), 10*time.Second)
	run(t, ctx, chromedp.Click(css(`[data-action="mark"]`)))
	waitFor(t, ctx, `document.querySelector('[data-action="mark"]').getAttribute('aria-pressed') === 'true' && document.getElementById('review-count').textContent === '1'`, 5*time.Second)
	if !eval[bool](t, ctx, `JSON.parse(localStorage.getItem('thinchess.progress')).review['gardner-mate'].mark === true`) {
		t.Error("the marked puzzle is not in the queue")
	}

	// Streak: one mistake ends it.
	n = opened(t, ctx)
	run(t, ctx, chromedp.Click(css(`[data-mode="streak"]`)))
	waitFor(t, ctx, `document.getElementById('mode-status').textContent.indexOf('Streak 0 ') === 0 && `+openedMore(n), 10*time.Second)
	wrong = wrongMove(t, eval[string](t, ctx, boardJS+`.fen`), eval[string](t, ctx, boardJS+`.variant`))
	clickMove(t, ctx, wrong[:2], wrong[2:4])
	waitFor(t, ctx, `document.getElementById('mode-status').textContent.indexOf('the streak is over') > 0`, 10*time.Second)

	// Storm: the clock runs out (the page's clock is moved on).
	n = opened(t, ctx)
	run(t, ctx, chromedp.Click(css(`[data-mode="storm"]`)))
	waitFor(t, ctx, `/^Storm 3:00/.test(document.getElementById('mode-status').textContent) && `+openedMore(n)+` && `+puzzleIs("play"), 10*time.Second)
	// The clock starts at the first move.
	wrong = wrongMove(t, eval[string](t, ctx, boardJS+`.fen`), eval[string](t, ctx, boardJS+`.variant`))
	clickMove(t, ctx, wrong[:2], wrong[2:4])
	waitFor(t, ctx, `/^Storm 2:/.test(document.getElementById('mode-status').textContent)`, 5*time.Second)
	eval[bool](t, ctx, `(() => { const t0 = Date.now(); TC.now = () => Date.now() - t0 + t0 + 181000; return true; })()`)
	waitFor(t, ctx, `document.getElementById('mode-status').textContent.indexOf('Storm over') === 0`, 5*time.Second)
	eval[bool](t, ctx, `delete TC.now, true`)

	// An unknown id says so and opens another puzzle.
	open(t, ctx, srv.url("train/?id=no-such-puzzle&mode=rated"))
	waitFor(t, ctx, `document.getElementById('train-error').textContent.indexOf('There is no puzzle “no-such-puzzle”') === 0`, 10*time.Second)
	// A pack filter from the pack's page.
	open(t, ctx, srv.url("train/?pack=test-mates"))
	waitFor(t, ctx, `document.getElementById('puzzle').dataset.pack === 'test-mates'`, 10*time.Second)
	if got := eval[string](t, ctx, `document.getElementById('f-pack').value`); got != "test-mates" {
		t.Errorf("pack filter %q", got)
	}

	// The dashboard draws the rating history; an export imported into an
	// empty record restores the same state; a corrupt file changes nothing.
	run(t, ctx, chromedp.Navigate(srv.url("train/dashboard/")))
	waitFor(t, ctx, `!!document.querySelector('#rating-chart svg polyline')`, 10*time.Second)
	kept := eval[string](t, ctx, `localStorage.getItem('thinchess.progress')`)
	exported := download(t, ctx, `[data-action="export"]`, "thinchess-progress.json")
	eval[bool](t, ctx, `localStorage.removeItem('thinchess.progress'), true`)
	run(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `document.getElementById('player-rating').textContent === '1500' && !document.querySelector('#rating-chart svg')`, 10*time.Second)
	run(t, ctx, chromedp.SetUploadFiles(css(`#import-file`), []string{exported}))
	waitFor(t, ctx, `document.getElementById('data-note').textContent.indexOf('Imported') === 0`, 10*time.Second)
	if after := eval[string](t, ctx, `localStorage.getItem('thinchess.progress')`); after != kept {
		t.Errorf("export then import did not restore the state:\n%s\nwant\n%s", after, kept)
	}
	if !eval[bool](t, ctx, `!!document.querySelector('#rating-chart svg polyline')`) {
		t.Error("the imported rating history is not drawn")
	}
	corrupt := filepath.Join(t.TempDir(), "corrupt.json")
	if err := os.WriteFile(corrupt, []byte(`{"kind":"thinchess-progress","progress":{"v":2}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	run(t, ctx, chromedp.SetUploadFiles(css(`#import-file`), []string{corrupt}))
	waitFor(t, ctx, `document.getElementById('data-note').textContent.indexOf('Import failed: ') === 0`, 10*time.Second)
	if after := eval[string](t, ctx, `localStorage.getItem('thinchess.progress')`); after != kept {
		t.Errorf("a corrupt import changed the progress to %s", after)
	}
}

// download clicks a button that saves a file and returns the path of
// the file saved (named name), once it is written whole.
func download(t *testing.T, ctx context.Context, button, name string) string {
	t.Helper()
	dir := t.TempDir()
	run(t, ctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
			Behavior:         cdpbrowser.SetDownloadBehaviorBehaviorAllow,
			BrowserContextID: chromedp.FromContext(ctx).BrowserContextID,
			DownloadPath:     dir,
		})
		return err
	}), chromedp.Click(css(button)))
	path := filepath.Join(dir, name)
	deadline := time.Now().Add(10 * time.Second)
	for {
		if b, err := os.ReadFile(path); err == nil && len(b) > 0 && b[len(b)-1] == '}' {
			return path
		}
		if time.Now().After(deadline) {
			t.Fatalf("clicking %s saved no %s", button, name)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Scenario 3: the editor opened by a ?pos= link solves the position; a
// ?pos= carrying a script shows an error and runs nothing.
func TestBrowserEditor(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 900)
	code := "bk,bn,br,x,x,wr,wn,wk:w"
	open(t, ctx, srv.url("editor/?pos="+url.QueryEscape(code)))
	got := eval[string](t, ctx, `document.getElementById('ed-code').textContent`)
	if got != code {
		t.Fatalf("editor code %q, want %q", got, code)
	}
	run(t, ctx, chromedp.Click(css(`button[data-action="solve"]`)))
	waitFor(t, ctx, `document.getElementById('solve-value')`, 60*time.Second)
	got = eval[string](t, ctx, `document.getElementById('analysis').textContent`)
	if !strings.Contains(got, "White wins: mate in 6 (11 plies)") {
		t.Errorf("solve shows %q, want White wins: mate in 6 (11 plies)", got)
	}

	evil := `<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">`
	open(t, ctx, srv.url("editor/?pos="+url.QueryEscape(evil)))
	errText := eval[string](t, ctx, `document.getElementById('ed-error').textContent`)
	if !strings.Contains(errText, "cannot be read") {
		t.Errorf("no error for a bad ?pos=: %q", errText)
	}
	pwned := eval[bool](t, ctx, `window.__pwned !== undefined || document.querySelector('main img, main script:not([type])') !== null`)
	if pwned {
		t.Fatalf("markup from ?pos= ran or was inserted")
	}
	got = eval[string](t, ctx, `document.getElementById('ed-code').textContent`)
	if got != code {
		t.Errorf("a bad ?pos= changed the board to %q", got)
	}

	// A larger solve: cancel it, then let it finish.
	twelve := "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"
	open(t, ctx, srv.url("editor/?pos="+url.QueryEscape(twelve)))
	run(t, ctx, chromedp.Click(css(`button[data-action="solve"]`)))
	waitFor(t, ctx, `!document.querySelector('button[data-action="cancel"]').disabled`, 5*time.Second)
	run(t, ctx, chromedp.Click(css(`button[data-action="cancel"]`)))
	waitFor(t, ctx, `document.getElementById('status').textContent === 'Solving cancelled.' && !document.querySelector('button[data-action="solve"]').disabled`, 5*time.Second)
	t0 := time.Now()
	run(t, ctx, chromedp.Click(css(`button[data-action="solve"]`)))
	waitFor(t, ctx, `document.getElementById('solve-value')`, 120*time.Second)
	got = eval[string](t, ctx, `document.getElementById('analysis').textContent`)
	t.Logf("exact solve of %s in the browser: %v: %s", twelve, time.Since(t0).Round(time.Millisecond), got)
	if !strings.Contains(got, "Draw with best play.") || !strings.Contains(got, "exact retrograde solve") {
		t.Errorf("the 1×12 start solves to %q, want an exact draw", got)
	}
}

// swReady waits until the service worker controls the page and has
// precached the site.
func swReady(t *testing.T, ctx context.Context) {
	t.Helper()
	waitFor(t, ctx, `navigator.serviceWorker && navigator.serviceWorker.controller && navigator.serviceWorker.controller.state === 'activated'`, 30*time.Second)
}

// Scenario 4: offline after the server is shut down: reload, open
// another page, and play a move.
func TestBrowserOffline(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 900)
	run(t, ctx, chromedp.Navigate(srv.url("")))
	swReady(t, ctx)
	// Mode pages are not precached: they are kept when visited.
	open(t, ctx, srv.url("modes/gardner/"))
	srv.stop()

	t0 := time.Now()
	run(t, ctx, chromedp.Navigate(srv.url("")))
	waitFor(t, ctx, `document.querySelector('.cards')`, 10*time.Second)
	open(t, ctx, srv.url("modes/gardner/"))
	readyMs := eval[float64](t, ctx, `TC.readyAt`)
	t.Logf("offline, from the service worker cache: navigation to interactive board %.0f ms (reload and navigation %v)", readyMs, time.Since(t0).Round(time.Millisecond))
	run(t, ctx, chromedp.SetValue(css(`#opponent`), "human"))
	eval[bool](t, ctx, `(function(){var s=document.getElementById('opponent');s.dispatchEvent(new Event('change'));return true})()`)
	clickMove(t, ctx, "a2", "a4")
	waitFor(t, ctx, boardJS+`.ply === '1'`, 10*time.Second)
	s := shownGame(t, ctx)
	if s.SAN[0] != "Na4" {
		t.Errorf("offline move gave %v", s.SAN)
	}
	// A page never visited but precached: the trainer.
	open(t, ctx, srv.url("train/"))
}

// Scenario 5: keyboard only; every square has an aria-label.
func TestBrowserKeyboard(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 900)
	open(t, ctx, srv.url("modes/gardner/"))
	bad := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('button[data-square]')).filter(b => !/^[a-p]\d{1,2}, (empty|(white|black) (king|queen|rook|bishop|knight|pawn))$/.test(b.getAttribute('aria-label') || '')).map(b => b.dataset.square)`)
	if len(bad) > 0 {
		t.Errorf("squares without a proper aria-label: %v", bad)
	}
	// Tab into the board.
	for i := 0; i < 60; i++ {
		sq := eval[string](t, ctx, `(document.activeElement && document.activeElement.dataset && document.activeElement.dataset.square) || ''`)
		if sq != "" {
			break
		}
		run(t, ctx, chromedp.KeyEvent(kb.Tab))
	}
	focus := eval[string](t, ctx, `document.activeElement.dataset.square || ''`)
	if focus != "a8" {
		t.Fatalf("Tab reached square %q, want a8", focus)
	}
	for i := 0; i < 6; i++ {
		run(t, ctx, chromedp.KeyEvent(kb.ArrowDown))
	}
	focus = eval[string](t, ctx, `document.activeElement.dataset.square`)
	if focus != "a2" {
		t.Fatalf("ArrowDown ×6 reached %q, want a2", focus)
	}
	run(t, ctx, chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, `document.querySelector('[data-square="a4"]').classList.contains('dot')`, 5*time.Second)
	run(t, ctx, chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(kb.ArrowUp), chromedp.KeyEvent(" "))
	waitFor(t, ctx, `+`+boardJS+`.ply >= 1`, 5*time.Second)
	s := shownGame(t, ctx)
	if s.SAN[0] != "Na4" {
		t.Fatalf("keyboard move gave %v", s.SAN)
	}
	waitFor(t, ctx, `document.getElementById('announcer').textContent.indexOf('played') >= 0`, 5*time.Second)
	// The typed move box.
	waitFor(t, ctx, atPly(2), 10*time.Second)
	run(t, ctx, chromedp.SendKeys(css(`#move-input`), "zz9"+kb.Enter))
	waitFor(t, ctx, `!document.getElementById('move-error').hidden`, 5*time.Second)
}

// Scenario 6: a new build at the same address brings the update prompt;
// after reloading, the new version is live.
func TestBrowserUpdate(t *testing.T) {
	needChromium(t)
	oldSite := buildTestSite(t, "")
	newSite := buildTestSite(t, "thinchess v2")
	srv := serve(t, oldSite.dir, "")
	addr := srv.addr
	ctx := browser(t, 1280, 900)
	open(t, ctx, srv.url("modes/gardner/"))
	swReady(t, ctx)
	srv.stop()
	srv = serve(t, newSite.dir, addr)
	run(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `!document.getElementById('update').hidden`, 30*time.Second)
	title := eval[string](t, ctx, `document.title`)
	if strings.Contains(title, "v2") {
		t.Fatalf("the new version showed before the reader asked for it: %q", title)
	}
	run(t, ctx, chromedp.Click(css(`#update-reload`)))
	waitFor(t, ctx, `document.title.indexOf('thinchess v2') >= 0`, 30*time.Second)
	waitFor(t, ctx, `document.body.classList.contains('engine-ready')`, 30*time.Second)
	waitFor(t, ctx, `caches.keys().then(k => window.__cacheCount = k.filter(n => n.indexOf('thinchess-shell-') === 0).length) && window.__cacheCount === 1`, 10*time.Second)
	caches := eval[int](t, ctx, `window.__cacheCount`)
	if caches != 1 {
		t.Errorf("%d app-shell caches after the update, want the old one deleted", caches)
	}
}

// Scenario 7: promotion, castling and en passant through the board on
// standard chess.
func TestBrowserChessRules(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 900)
	open(t, ctx, srv.url("modes/standard/"))
	run(t, ctx, chromedp.SetValue(css(`#opponent`), "human"))
	eval[bool](t, ctx, `(function(){var s=document.getElementById('opponent');s.dispatchEvent(new Event('change'));return true})()`)
	moves := [][2]string{
		{"e2", "e4"}, {"a7", "a6"}, {"e4", "e5"}, {"d7", "d5"},
		{"e5", "d6"}, // en passant
		{"g8", "f6"}, {"d6", "c7"}, {"e7", "e6"},
		{"c7", "d8"}, // promotion, chosen below
		{"e8", "d8"}, {"g1", "f3"}, {"b7", "b6"}, {"f1", "c4"}, {"c8", "b7"},
		{"e1", "g1"}, // castling
	}
	waitFor(t, ctx, `document.getElementById('you-play').textContent === 'Both sides on this device.'`, 5*time.Second)
	for i, m := range moves {
		waitFor(t, ctx, atPly(i), 5*time.Second)
		clickMove(t, ctx, m[0], m[1])
		if m[1] == "d8" && m[0] == "c7" {
			waitFor(t, ctx, `document.querySelector('.promo button[aria-label="Promote to queen"]')`, 5*time.Second)
			run(t, ctx, chromedp.Click(css(`.promo button[aria-label="Promote to queen"]`)))
		}
	}
	waitFor(t, ctx, atPly(len(moves)), 5*time.Second)
	s := shownGame(t, ctx)
	want := "e4 a6 e5 d5 exd6 Nf6 dxc7 e6 cxd8=Q+ Kxd8 Nf3 b6 Bc4 Bb7 O-O"
	if got := strings.Join(s.SAN, " "); got != want {
		t.Errorf("moves %q, want %q", got, want)
	}
	labels := eval[[]string](t, ctx, `['g1','f1','e1','d5','d6'].map(q => document.querySelector('#board [data-square="'+q+'"]').getAttribute('aria-label'))`)
	wantLabels := []string{"g1, white king", "f1, white rook", "e1, empty", "d5, empty", "d6, empty"}
	for i := range wantLabels {
		if labels[i] != wantLabels[i] {
			t.Errorf("square label %q, want %q", labels[i], wantLabels[i])
		}
	}
}

// TestBrowserScreenshots saves the home, a mode, the trainer and the
// editor at desktop and phone widths into $THINCHESS_SCREENSHOTS, for a
// person to look at. $THINCHESS_SCREENSHOTS_SRC picks another source
// folder than the test site (e.g. .. for the shipped site; its pages
// must include the test site's mode ids or the mode shots are skipped).
func TestBrowserScreenshots(t *testing.T) {
	dir := os.Getenv("THINCHESS_SCREENSHOTS")
	if dir == "" {
		t.Skip("set THINCHESS_SCREENSHOTS to a folder to take screenshots")
	}
	needChromium(t)
	src := renderSrc
	if s := os.Getenv("THINCHESS_SCREENSHOTS_SRC"); s != "" {
		src = s
	}
	site := buildSiteFrom(t, src, "")
	srv := serve(t, site.dir, "")
	sizes := []struct {
		name string
		w, h int
	}{{"desktop", 1280, 900}, {"phone", 390, 844}}
	pages := []struct{ name, path, ready string }{
		{"home", "", `document.querySelector('.cards')`},
		{"mode", "modes/gardner/", `document.body.classList.contains('engine-ready')`},
		{"puzzle", "modes/gardner-mate/", `document.body.classList.contains('engine-ready')`},
		{"chess", "modes/standard/", `document.body.classList.contains('engine-ready')`},
		{"train", "train/", `document.body.classList.contains('engine-ready')`},
		{"editor", "editor/", `document.body.classList.contains('engine-ready')`},
		{"shipped-1d", "modes/1d-gardner-8/", `document.body.classList.contains('engine-ready')`},
		{"shipped-thin", "modes/thin-2x10/", `document.body.classList.contains('engine-ready')`},
		{"shipped-puzzle", "modes/chess-morphy-mate-in-2/", `document.body.classList.contains('engine-ready')`},
		{"shipped-doc", "docs/authoring/", `document.querySelector('.doc')`},
		{"shipped-solved", "docs/solved/", `document.querySelector('#beyond')`},
	}
	for _, sz := range sizes {
		ctx := browser(t, sz.w, sz.h)
		for _, theme := range []string{"light", "dark"} {
			for _, pg := range pages {
				if _, ok := site.files[pg.path+"index.html"]; !ok {
					continue
				}
				run(t, ctx, chromedp.Navigate(srv.url(pg.path)))
				eval[bool](t, ctx, `localStorage.setItem('thinchess.theme', '`+theme+`'), window.thinchessTheme.set('`+theme+`'), true`)
				waitFor(t, ctx, pg.ready, 30*time.Second)
				time.Sleep(300 * time.Millisecond)
				buf, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(dir, sz.name+"-"+theme+"-"+pg.name+".png")
				if err := os.WriteFile(name, buf, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestBrowserReadmeScreenshot writes the README's screenshot,
// docs/screenshot.png: the shipped site's Gardner 5×5 page on a desktop
// window, light theme, once the engine is ready. It runs when
// THINCHESS_README_SCREENSHOT=1:
//
//	THINCHESS_README_SCREENSHOT=1 go test ./site -run TestBrowserReadmeScreenshot
func TestBrowserReadmeScreenshot(t *testing.T) {
	if os.Getenv("THINCHESS_README_SCREENSHOT") != "1" {
		t.Skip("set THINCHESS_README_SCREENSHOT=1 to write docs/screenshot.png")
	}
	needChromium(t)
	out := filepath.Join(t.TempDir(), "public")
	if _, errs, err := Build(BuildOptions{Src: "..", Out: out, CacheDir: testCacheDir()}); err != nil || len(errs.Errors()) > 0 {
		t.Fatalf("building the shipped site: %v %v", err, errs)
	}
	srv := serve(t, out, "")
	ctx := browser(t, 1280, 800)
	run(t, ctx, chromedp.Navigate(srv.url("modes/gardner-5x5/")))
	eval[bool](t, ctx, `localStorage.setItem('thinchess.theme', 'light'), window.thinchessTheme.set('light'), true`)
	waitFor(t, ctx, `document.body.classList.contains('engine-ready')`, 60*time.Second)
	time.Sleep(300 * time.Millisecond)
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join("..", "docs", "screenshot.png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A pack made available offline from its page (with progress and the
// storage used) plays with the server stopped; removing it frees it.
func TestBrowserPackOffline(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 900)
	run(t, ctx, chromedp.Navigate(srv.url("")))
	swReady(t, ctx)
	// The home page is light (issue 33): the full list, packs included,
	// is the modes/ page.
	run(t, ctx, chromedp.Navigate(srv.url("modes/")))
	if n := eval[int](t, ctx, `document.querySelectorAll('a[href$="packs/test-mates/"]').length`); n != 1 {
		t.Fatalf("the list of modes links the pack %d times, want once", n)
	}
	run(t, ctx, chromedp.Navigate(srv.url("packs/test-mates/")))
	waitFor(t, ctx, `!document.querySelector('[data-action="offline-get"]').disabled`, 10*time.Second)
	label := eval[string](t, ctx, `document.querySelector('[data-action="offline-get"]').textContent`)
	if !regexp.MustCompile(`^Make available offline \(\d+ KB\)$`).MatchString(label) {
		t.Errorf("download button %q", label)
	}
	eval[bool](t, ctx, `window.__steps = []; (function(){var b=document.getElementById('offline-progress'); new MutationObserver(function(){window.__steps.push(b.value + '/' + b.max)}).observe(b, {attributes: true}); return true})()`)
	run(t, ctx, chromedp.Click(css(`[data-action="offline-get"]`)))
	waitFor(t, ctx, `document.getElementById('offline-state').textContent.indexOf('available offline on this device') >= 0`, 20*time.Second)
	if steps := eval[[]string](t, ctx, `window.__steps`); len(steps) < 2 {
		t.Errorf("the progress bar moved %d times: %v", len(steps), steps)
	}
	waitFor(t, ctx, `document.getElementById('offline-storage').textContent.indexOf('This site stores') === 0`, 10*time.Second)
	srv.stop()

	// Offline: a puzzle of the pack, never opened before, by permalink.
	open(t, ctx, srv.url("train/?id=tm-Rook-swap"))
	waitFor(t, ctx, puzzleOpen("tm-Rook-swap"), 15*time.Second)
	if task := eval[string](t, ctx, `document.getElementById('puzzle-task').textContent`); task != "Black has just played 27... Rd8. White to play and mate in 2 moves." {
		t.Errorf("task %q", task)
	}
	// The move the task names is marked on the board, as every last move is.
	if last := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#board .last')).map(b => b.dataset.square).sort()`); strings.Join(last, " ") != "d7 d8" {
		t.Errorf("the squares marked as the last move are %v, want d7 d8 (27... Rd8)", last)
	}
	clickMove(t, ctx, "e2", "e8")
	waitFor(t, ctx, puzzleAt(2), 10*time.Second)
	clickMove(t, ctx, "e1", "e8")
	waitFor(t, ctx, puzzleIs("solved"), 10*time.Second)

	// Removing it deletes its files from the cache.
	run(t, ctx, chromedp.Navigate(srv.url("packs/test-mates/")))
	waitFor(t, ctx, `!document.querySelector('[data-action="offline-remove"]').hidden`, 10*time.Second)
	run(t, ctx, chromedp.Click(css(`[data-action="offline-remove"]`)))
	waitFor(t, ctx, `!document.querySelector('[data-action="offline-get"]').hidden`, 10*time.Second)
	eval[bool](t, ctx, `caches.open('thinchess-data').then(c => c.keys()).then(k => { window.__left = k.filter(r => r.url.indexOf('test-mates-') >= 0).length }), true`)
	waitFor(t, ctx, `window.__left === 0`, 5*time.Second)
}

// A 1×12 puzzle in the trainer is visible whole, without scrolling, on
// a phone (390×844) and on a laptop (1280×800).
func TestBrowserBoardFits(t *testing.T) {
	needChromium(t)
	src := t.TempDir()
	if err := os.CopyFS(src, os.DirFS(renderSrc)); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(src, "packs", "long.md"), []byte("---\ntitle: Long\nvariant: 1d\n---\n"), 0o644)
	os.WriteFile(filepath.Join(src, "packs", "long.jsonl"), []byte(`{"id":"long-1","start":"bk,x,br,wr,wk,x,x,x,x,x,x,x:w","result":"white-wins","mate_in":1,"solution":"1. Rxa10#"}`+"\n"), 0o644)
	site := buildSiteFrom(t, src, "")
	srv := serve(t, site.dir, "")
	for _, vp := range [][2]int{{390, 844}, {1280, 800}} {
		ctx := browser(t, vp[0], vp[1])
		// Headless windows are at least 500 wide: emulate the phone.
		run(t, ctx, chromedp.EmulateViewport(int64(vp[0]), int64(vp[1])))
		open(t, ctx, srv.url("train/?id=long-1"))
		waitFor(t, ctx, puzzleOpen("long-1"), 10*time.Second)
		fit := eval[string](t, ctx, `(() => {
			const b = document.querySelector('.board').getBoundingClientRect();
			const out = [];
			if (b.bottom > innerHeight + 0.5) out.push('bottom ' + Math.round(b.bottom) + ' > ' + innerHeight);
			if (b.right > innerWidth + 0.5 || b.left < -0.5) out.push('sides ' + Math.round(b.left) + '–' + Math.round(b.right) + ' of ' + innerWidth);
			if (document.documentElement.scrollWidth > innerWidth) out.push('page ' + document.documentElement.scrollWidth + ' wide');
			const sq = document.querySelector('.sq').getBoundingClientRect();
			if (sq.width < 28) out.push('squares ' + sq.width.toFixed(1) + ' px');
			return out.join('; ') + ' (board ' + Math.round(b.width) + '×' + Math.round(b.height) + ' at ' + Math.round(b.top) + ' in ' + innerWidth + '×' + innerHeight + ')';
		})()`)
		if !strings.HasPrefix(fit, " (board") {
			t.Errorf("%d×%d: %s", vp[0], vp[1], fit)
		} else {
			t.Logf("%d×%d: %s", vp[0], vp[1], fit)
		}
	}
}

// A move made while the WebAssembly engine is still loading (on a slow
// network) is played at once on the page's own rules, and the computer
// replies once the engine is ready; the service worker registers only
// after that.
func TestBrowserEarlyMove(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	srv.wasmDelay.Store(int64(3 * time.Second))
	ctx := browser(t, 1280, 900)
	// The standard chess page has no table: its computer searches.
	run(t, ctx, chromedp.Navigate(srv.url("modes/standard/")))
	waitFor(t, ctx, `document.body.classList.contains('engine-ready')`, 10*time.Second)
	if !eval[bool](t, ctx, `document.body.classList.contains('wasm-loading')`) {
		t.Fatal("the WebAssembly engine was ready at once: the test no longer tests a move made while it loads")
	}
	clickMove(t, ctx, "a2", "a4")
	waitFor(t, ctx, boardJS+`.ply === '1'`, 2*time.Second)
	if san := shownGame(t, ctx).SAN[0]; san != "a4" {
		t.Errorf("the move was played as %q, want a4", san)
	}
	if !eval[bool](t, ctx, `document.body.classList.contains('wasm-loading')`) {
		t.Error("the engine was ready before the move was played")
	}
	waitFor(t, ctx, `+`+boardJS+`.ply >= 2`, 60*time.Second)
	if !eval[bool](t, ctx, `TC.wasmReadyAt > 0`) {
		t.Error("the computer replied before the engine was ready")
	}
	// The service worker, whose download of the app shell would compete
	// with the engine's, registers only once the engine is ready, or ten
	// seconds after the page's scripts ran when it is not (prefs.js's
	// afterEngine: on a loaded machine the engine took 15 s).
	waitFor(t, ctx, `TC.swRegisteredAt > 0`, 15*time.Second)
	if !eval[bool](t, ctx, `TC.swRegisteredAt >= TC.wasmReadyAt || TC.swRegisteredAt >= 10000`) {
		t.Errorf("the service worker registered at %.0f ms, before the engine was ready at %.0f ms and before the 10 s fallback", eval[float64](t, ctx, `TC.swRegisteredAt`), eval[float64](t, ctx, `TC.wasmReadyAt`))
	}
}

// On a page without a table the computer's moves come from the
// WebAssembly engine's searcher while the page plays on its own rules:
// each search loads the page's game into the worker as it stands, after
// moves, take-backs and redos, so every reply is legal where it is
// played and analysis sees the same position.
func TestBrowserSearchFollowsTheGame(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 900)
	open(t, ctx, srv.url("modes/standard/"))
	if e := eval[string](t, ctx, boardJS+`.engine`); e != "HybridEngine" {
		t.Fatalf("the chess page plays on %s", e)
	}
	play := func(from, to string, cursor int) {
		t.Helper()
		waitFor(t, ctx, atPly(cursor), 10*time.Second)
		clickMove(t, ctx, from, to)
		waitFor(t, ctx, atPly(cursor+2), 20*time.Second)
	}
	play("e2", "e4", 0)
	play("d2", "d4", 2)
	// Take back a move pair, play another move: the copy starts again.
	run(t, ctx, chromedp.Click(css(`button[data-action="undo"]`)))
	waitFor(t, ctx, boardJS+`.ply === '2'`, 5*time.Second)
	play("g1", "f3", 2)
	s := shownGame(t, ctx)
	if len(s.SAN) != 4 || s.SAN[0] != "e4" || s.SAN[2] != "Nf3" {
		t.Fatalf("moves %v", s.SAN)
	}
	// The analysis is of the page's position: its side, move number and
	// best move, legal there.
	run(t, ctx, chromedp.Click(css(`[data-action="best"]`)))
	waitFor(t, ctx, `document.getElementById('analysis').textContent.indexOf('Best move: ') === 0 && document.querySelectorAll('#board .best').length === 2`, 20*time.Second)
	marked := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#board .best')).map((b) => b.dataset.square)`)
	p, err := engine.Parse(s.FEN, engine.MustPreset("chess"))
	if err != nil {
		t.Fatal(err)
	}
	legal := false
	for _, m := range p.LegalMoves(nil) {
		from, to := p.B.Name(m.From()), p.B.Name(m.To())
		legal = legal || (from == marked[0] && to == marked[1]) || (from == marked[1] && to == marked[0])
	}
	if !legal {
		t.Errorf("the best move shown (%v: %s) is not a move of the game's position %s", marked, eval[string](t, ctx, `document.getElementById('analysis').textContent`), s.FEN)
	}
	if e := eval[string](t, ctx, `document.getElementById('move-error').textContent`); e != "" {
		t.Errorf("error shown: %q", e)
	}
}

// A hold puzzle in the trainer: the one move that keeps the draw solves
// it and the trainer says the draw is held; the picker's "Hold the draw"
// keeps to holds.
func TestBrowserHoldPuzzle(t *testing.T) {
	needChromium(t)
	site := buildSiteFrom(t, filepath.Join("testdata", "hold"), "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 390, 844)
	open(t, ctx, srv.url("train/?id=h1"))
	waitFor(t, ctx, puzzleOpen("h1"), 10*time.Second)
	if title := eval[string](t, ctx, `document.getElementById('puzzle-title').textContent`); title != "Hold the draw · Holds" {
		t.Errorf("title %q", title)
	}
	if task := eval[string](t, ctx, `document.getElementById('puzzle-task').textContent`); task != "Black to play and hold the draw." {
		t.Errorf("task %q", task)
	}
	run(t, ctx, chromedp.SendKeys(css(`#move-input`), "Ka8\n"))
	waitFor(t, ctx, puzzleIs("solved"), 10*time.Second)
	if fb := eval[string](t, ctx, `document.getElementById('feedback').textContent`); !strings.Contains(fb, "Solved! The draw is held") {
		t.Errorf("feedback %q, want the draw held", fb)
	}
	// The picker: holds only.
	n := opened(t, ctx)
	eval[bool](t, ctx, `Array.from(document.querySelectorAll('#board-pick button')).find((b) => b.textContent === 'Hold the draw').click(), true`)
	waitFor(t, ctx, `document.getElementById('f-kind').value === 'hold' && `+openedMore(n), 10*time.Second)
	if p := eval[string](t, ctx, `document.querySelector('#board-pick [aria-pressed="true"]').textContent`); p != "Hold the draw" {
		t.Errorf("pressed %q", p)
	}
	if k := eval[string](t, ctx, `document.getElementById('puzzle').dataset.kind`); k != "hold" {
		t.Errorf("after Hold the draw the trainer plays a %q puzzle", k)
	}
}

// A Ban Chess puzzle in the trainer: the move on the board, then the
// ban (the opponent's move named by its squares) that mates.
func TestBrowserBanPuzzle(t *testing.T) {
	needChromium(t)
	site := buildSiteFrom(t, filepath.Join("testdata", "bans"), "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 390, 844)
	open(t, ctx, srv.url("train/?id=b1"))
	waitFor(t, ctx, puzzleOpen("b1"), 20*time.Second)
	clickMove(t, ctx, "a4", "a6")
	waitFor(t, ctx, puzzleIs("play")+` && `+boardJS+`.phase === 'ban'`, 10*time.Second)
	if fb := eval[string](t, ctx, `document.getElementById('feedback').textContent`); !strings.Contains(fb, "is right") {
		t.Fatalf("after the move: %q", fb)
	}
	clickMove(t, ctx, "a8", "a9")
	waitFor(t, ctx, puzzleIs("solved"), 10*time.Second)
	if fb := eval[string](t, ctx, `document.getElementById('feedback').textContent`); !strings.Contains(fb, "Solved!") || !strings.Contains(fb, "banned Black's only move, Ka9") {
		t.Errorf("after the ban: %q, want solved by banning Black's only move, in words", fb)
	}
}
