package site

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/thinchess/thinchess/bridge"
	"github.com/thinchess/thinchess/mode"
)

// The timing tests measure what a player waits for on the shipped site
// (the repository's modes/), served locally without network delay. They
// log their figures and fail only when something does not work: timings
// on these machines swing too much for a timed unit test, so the README
// quotes their medians beside the figures before each change.

var (
	shippedOnce  sync.Once
	shippedBuilt *builtSite
	shippedErr   error
)

// shippedBuild builds the shipped site once per test run: its folder and
// its files, for every test that looks at it.
func shippedBuild(t *testing.T) *builtSite {
	t.Helper()
	shippedOnce.Do(func() {
		dir, err := os.MkdirTemp("", "thinchess-shipped-")
		if err != nil {
			shippedErr = err
			return
		}
		src, err := shippedSource(dir)
		if err != nil {
			shippedErr = err
			return
		}
		out := filepath.Join(dir, "public")
		sum, errs, err := Build(BuildOptions{Src: src, Out: out, CacheDir: testCacheDir()})
		if err == nil && len(errs.Errors()) > 0 {
			err = errs
		}
		if err == nil {
			shippedBuilt = &builtSite{dir: out, files: writtenFiles(t, out, sum.Output), results: sum.Results}
		}
		shippedErr = err
	})
	if shippedErr != nil {
		t.Fatalf("building the shipped site: %v", shippedErr)
	}
	return shippedBuilt
}

// shippedEvery is the share of each pack's puzzles the shipped build of
// the tests keeps without the full run (package testscope): one in so
// many. A cold build verifies every puzzle (the cache of verifications
// is keyed by the binary, so every change to a test is a cold build),
// and 25,000 of them were most of the package's time.
const shippedEvery = 8

// shippedBanEvery is shippedEvery for the Ban Chess packs: each of their
// puzzles is verified by a Ban table solved from its position (0.1 to
// 0.5 s each), and one in eight of them was half of the sampled build.
const shippedBanEvery = 32

// shippedSource is the folder the shipped build reads: the repository's
// site in the full run; otherwise a copy of it, made in dir, whose packs
// keep one puzzle in shippedEvery (shippedBanEvery), without the 2×10 pack (the modes,
// content, certificates, templates and site.yaml, when there is one,
// whole).
func shippedSource(dir string) (string, error) {
	if fullTests() {
		return "..", nil
	}
	src := filepath.Join(dir, "src")
	for _, sub := range []string{"modes", "content", "certificates", "templates"} {
		if err := os.CopyFS(filepath.Join(src, sub), os.DirFS(filepath.Join("..", sub))); err != nil {
			return "", err
		}
	}
	if cfg, err := os.ReadFile(filepath.Join("..", "site.yaml")); err == nil {
		if err := os.WriteFile(filepath.Join(src, "site.yaml"), cfg, 0o644); err != nil {
			return "", err
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", err
	}
	packs, err := os.ReadDir(filepath.Join("..", "packs"))
	if err != nil {
		return "", err
	}
	if err := os.Mkdir(filepath.Join(src, "packs"), 0o755); err != nil {
		return "", err
	}
	for _, e := range packs {
		// The 2×10 pack's table (54.9M states, 0.64 GB) takes longer to
		// load than the rest of the sampled build: only in the full run.
		if strings.HasPrefix(e.Name(), "games-thin-2x10.") {
			continue
		}
		data, err := os.ReadFile(filepath.Join("..", "packs", e.Name()))
		if err != nil {
			return "", err
		}
		if strings.HasSuffix(e.Name(), ".jsonl") {
			var kept []string
			n, every := 0, shippedEvery
			if strings.HasPrefix(e.Name(), "games-ban-") {
				every = shippedBanEvery
			}
			for _, line := range strings.SplitAfter(string(data), "\n") {
				if strings.HasPrefix(line, "{") {
					if n++; n%every != 1 {
						continue
					}
				}
				kept = append(kept, line)
			}
			data = []byte(strings.Join(kept, ""))
		}
		if err := os.WriteFile(filepath.Join(src, "packs", e.Name()), data, 0o644); err != nil {
			return "", err
		}
	}
	return src, nil
}

// shippedSite is the folder of the shipped site's build.
func shippedSite(t *testing.T) string { return shippedBuild(t).dir }

// loadTimes is what one visit of a page measured, in ms since navigation.
type loadTimes struct {
	paint, ready, table, searcher float64
}

// marks is run in every document before the page's own scripts: it notes
// when the page's engine answered (the board turns interactive: the
// engine-ready class) and when its table loaded, checking every few
// milliseconds, so that sites built before these marks existed are
// measured the same way.
const marks = `(() => {
	const id = setInterval(() => {
		const b = document.body, now = performance.now();
		if (b && b.classList.contains('engine-ready') && !window.__readyAt) window.__readyAt = now;
		if (window.TC && TC.page && (TC.page.tableLoaded || (TC.page.game && TC.page.game.tableLoaded)) && !window.__tableAt) window.__tableAt = now;
		if (window.__readyAt && window.__tableAt) clearInterval(id);
	}, 2);
})()`

// withMarks adds marks to every document the browser opens.
func withMarks(t *testing.T, ctx context.Context) {
	t.Helper()
	run(t, ctx, chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: marks})
		return err
	}))
}

// visit opens a page and waits for its engine (and its table, when it
// has one), returning first contentful paint (the board is in the HTML,
// so it is drawn then), when the engine answered and when the table was
// loaded.
func visit(t *testing.T, ctx context.Context, url string) loadTimes {
	t.Helper()
	run(t, ctx, chromedp.Navigate(url))
	waitFor(t, ctx, `window.__readyAt > 0 && (!document.getElementById('mode-data') || !JSON.parse(document.getElementById('mode-data').textContent).table || window.__tableAt > 0) && !document.body.classList.contains('wasm-loading')`, 30*time.Second)
	return loadTimes{
		paint: eval[float64](t, ctx, `(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: 0}).startTime`),
		ready: eval[float64](t, ctx, `window.__readyAt`),
		table: eval[float64](t, ctx, `window.__tableAt || 0`),
		// A page without a table plays on its own rules at once and
		// loads the WebAssembly engine for its searchers beside them.
		searcher: eval[float64](t, ctx, `(window.TC && TC.wasmReadyAt) || 0`),
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

// sites are the built sites the timing tests measure: the shipped site,
// and beside it, when THINCHESS_BASE_SITE names a folder, a site built
// by an earlier version (the "before" of a change), measured in the same
// run the same way.
func sites(t *testing.T) []struct{ name, dir string } {
	out := []struct{ name, dir string }{{"this build", shippedSite(t)}}
	if base := os.Getenv("THINCHESS_BASE_SITE"); base != "" {
		out = append(out, struct{ name, dir string }{"base " + base, base})
	}
	return out
}

// TestBrowserLoadTimes logs, over fresh browsers (one in the suite, to
// keep it short; THINCHESS_RUNS=5 for figures worth quoting), when the board
// is drawn and the engine is ready on a first visit, and when the engine
// is ready from the service worker's cache with the server stopped, for a
// small and a large table-backed page and the standard chess page (the
// WebAssembly engine).
func TestBrowserLoadTimes(t *testing.T) {
	needChromiumAlone(t)
	runs := 1
	if n, err := strconv.Atoi(os.Getenv("THINCHESS_RUNS")); err == nil && n > 0 {
		runs = n
	}
	for _, st := range sites(t) {
		for _, pg := range []string{"modes/1d-gardner-8/", "modes/1d-12/", "modes/standard-chess/"} {
			var first, cached []loadTimes
			for range runs {
				srv := serve(t, st.dir, "")
				ctx := browser(t, 1280, 900)
				withMarks(t, ctx)
				first = append(first, visit(t, ctx, srv.url(pg)))
				swReady(t, ctx)
				// The page is kept in the cache when visited under the worker.
				visit(t, ctx, srv.url(pg))
				srv.stop()
				cached = append(cached, visit(t, ctx, srv.url(pg)))
			}
			col := func(ls []loadTimes, f func(loadTimes) float64) (string, float64) {
				var xs []float64
				var parts []string
				for _, l := range ls {
					xs = append(xs, f(l))
					parts = append(parts, fmt.Sprintf("%.0f", f(l)))
				}
				return strings.Join(parts, " "), median(xs)
			}
			paint, mp := col(first, func(l loadTimes) float64 { return l.paint })
			ready, mr := col(first, func(l loadTimes) float64 { return l.ready })
			table, mt := col(first, func(l loadTimes) float64 { return l.table })
			searcher, ms := col(first, func(l loadTimes) float64 { return l.searcher })
			cready, mc := col(cached, func(l loadTimes) float64 { return l.ready })
			t.Logf("%s: %-22s first visit: board drawn %.0f ms (%s), engine ready %.0f ms (%s), table loaded %.0f ms (%s), WebAssembly searcher ready %.0f ms (%s); from the cache offline: engine ready %.0f ms (%s)",
				st.name, pg, mp, paint, mr, ready, mt, table, ms, searcher, mc, cready)
		}
	}
}

// solveInPage clicks the editor's Solve and resolves to the ms until the
// answer is shown.
const solveInPage = `new Promise((resolve) => {
	const out = document.getElementById('analysis');
	const t0 = performance.now();
	const seen = new MutationObserver(() => {
		if (document.getElementById('solve-value')) { seen.disconnect(); resolve(performance.now() - t0); }
	});
	seen.observe(out, { childList: true, subtree: true });
	document.querySelector('button[data-action="solve"]').click();
})`

// TestBrowserSolveSpeed compares the editor's in-page exact solve of the
// 1×12 start with a fresh `thinchess solve --json` run of the same
// position (best of three each), and the mate search behind Analyse on
// the shipped chess puzzles with the same call compiled natively.
func TestBrowserSolveSpeed(t *testing.T) {
	needChromiumAlone(t)

	const twelve = "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"
	// Without THINCHESS_FULL_TESTS, the answers are checked once each and
	// the native side is not built: the figures are worth quoting only
	// from a full run (best of three or four).
	reps, pageReps, puzzles := 3, 4, []string{"chess-boden-mate-in-2", "chess-morphy-mate-in-2", "chess-quiet-king-mate-in-2", "chess-anastasia-mate-in-3", "chess-let-it-queen-mate-in-3"}
	if !fullTests() {
		reps, pageReps, puzzles = 0, 2, puzzles[3:4]
	}
	cli := filepath.Join(t.TempDir(), "thinchess")
	if reps > 0 {
		if out, err := exec.Command("go", "build", "-o", cli, "../cmd/thinchess").CombinedOutput(); err != nil {
			t.Fatalf("go build: %v\n%s", err, out)
		}
	}
	best := func(xs []float64) float64 {
		if len(xs) == 0 {
			return math.NaN()
		}
		return slices.Min(xs)
	}
	native := []float64{}
	for range reps {
		t0 := time.Now()
		out, err := exec.Command(cli, "solve", "--json", twelve).Output()
		if err != nil || !strings.Contains(string(out), `"result":"draw"`) {
			t.Fatalf("thinchess solve: %v: %s", err, out)
		}
		native = append(native, float64(time.Since(t0).Microseconds())/1000)
	}

	for _, st := range sites(t) {
		srv := serve(t, st.dir, "")
		ctx := browser(t, 1280, 900)
		open(t, ctx, srv.url("editor/?pos="+url.QueryEscape(twelve)))
		var page []float64
		for range pageReps {
			ms, err := chromedp.Run(ctx, chromedp.Evaluate[float64](solveInPage, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("solving in the page: %v", err)
			}
			if got := eval[string](t, ctx, `document.getElementById('solve-value').textContent`); got != "Draw with best play." {
				t.Fatalf("the 1×12 start solves in the page to %q", got)
			}
			page = append(page, ms)
		}
		// The first click also starts the solver's engine.
		t.Logf("%s: 1×12 exact solve: in the page %.0f ms best of %.0f (the first, with the engine's start: %.0f ms); `thinchess solve --json` %.0f ms best of %.0f; ratio %.1f×",
			st.name, best(page[1:]), page[1:], page[0], best(native), native, best(page[1:])/best(native))
		srv.stop()
	}

	srv := serve(t, shippedSite(t), "")
	ctx := browser(t, 1280, 900)
	for _, name := range puzzles {
		m, errs := mode.LoadModeFile("../modes/puzzles/" + name + ".md")
		if len(errs.Errors()) > 0 {
			t.Fatal(errs)
		}
		nat := []float64{}
		for range reps {
			s, err := bridge.Load("chess", nil, m.Start.FEN())
			if err != nil {
				t.Fatal(err)
			}
			t0 := time.Now()
			if _, err := s.Analyse(1500 * time.Millisecond); err != nil {
				t.Fatal(err)
			}
			nat = append(nat, float64(time.Since(t0).Microseconds())/1000)
		}
		open(t, ctx, srv.url("modes/"+name+"/"))
		var in []float64
		var summary string
		for range max(reps, 1) {
			var err error
			summary, err = chromedp.Run(ctx, chromedp.Evaluate[string](`(async () => {
				const g = TC.page.game || TC.page;
				const t0 = performance.now();
				const a = await g.engine.call('analyse', g.id, 1500);
				window.__analyseMs = performance.now() - t0;
				return a.summary;
			})()`, chromedp.EvalAwaitPromise))
			if err != nil {
				t.Fatalf("%s: analyse in the page: %v", name, err)
			}
			in = append(in, eval[float64](t, ctx, `window.__analyseMs`))
		}
		if !strings.Contains(summary, "mate in") {
			t.Errorf("%s: Analyse in the page says %q, want a mate", name, summary)
		}
		t.Logf("%-30s Analyse (mate search): in the page %.1f ms best of %v, native %.1f ms best of %v; ratio %.1f×: %s",
			name, best(in), in, best(nat), nat, best(in)/best(nat), summary)
	}
}
