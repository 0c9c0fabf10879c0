package site

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// watchComputer is run in the page: it notes, with performance.now(),
// when each move appears in the move list, and every text the thinking
// line shows, so that a test reads times and progress from what the page
// showed.
const watchComputer = `(() => {
	window.__moves = [];
	window.__thinking = [];
	const moves = document.getElementById('moves');
	new MutationObserver(() => {
		const n = moves.querySelectorAll('button.mv').length;
		while (window.__moves.length < n) window.__moves.push(performance.now());
	}).observe(moves, { childList: true, subtree: true });
	const think = document.getElementById('think'), text = document.getElementById('think-text');
	new MutationObserver(() => {
		if (!think.hidden && text.textContent) window.__thinking.push(text.textContent);
	}).observe(think, { attributes: true, childList: true, subtree: true, characterData: true });
	return true;
})()`

// replyPause is game.js's REPLY_PAUSE: the computer waits this long
// before it starts thinking, so that the player's move can be seen.
const replyPause = 250

// The computer on a phone (390×844), on a page without a table: a move
// made while the engine loads is kept and answered; the opponent is
// named for what it is, with its think time; a reply keeps its budget
// (under 2× the think time, measured in the page) and shows its progress;
// Stop makes it play at once, and ends a Best move with the best move so
// far. On a page with a table the computer is called perfect.
func TestBrowserComputer(t *testing.T) {
	needChromiumAlone(t) // it judges think times: not beside other pages
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	srv.wasmDelay.Store(int64(2 * time.Second))
	ctx := browser(t, 390, 844)
	// shot saves a screenshot with the thinking line (or the analysis)
	// in view.
	shot := func(name string) {
		dir := os.Getenv("THINCHESS_SCREENSHOTS")
		if dir == "" {
			return
		}
		eval[bool](t, ctx, `(document.getElementById('think').hidden ? document.getElementById('analysis') : document.getElementById('think')).scrollIntoView({block: 'center'}), true`)
		buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err == nil {
			err = os.WriteFile(filepath.Join(dir, name), buf, 0o644)
		}
		if err != nil {
			t.Logf("screenshot %s: %v", name, err)
		}
	}

	// A move made before the WebAssembly engine is ready is kept.
	open(t, ctx, srv.url("modes/standard/"))
	eval[bool](t, ctx, watchComputer)
	if !eval[bool](t, ctx, `document.body.classList.contains('wasm-loading')`) {
		t.Fatal("the engine was ready at once: the test no longer makes a move before it is")
	}
	clickMove(t, ctx, "a2", "a4")
	waitFor(t, ctx, `document.querySelectorAll('#moves button.mv').length >= 1`, 5*time.Second)
	if first := eval[string](t, ctx, `document.querySelector('#moves button.mv').textContent`); first != "a4" {
		t.Errorf("the move made while the engine loaded shows as %q, want a4", first)
	}
	waitFor(t, ctx, `document.querySelectorAll('#moves button.mv').length >= 2`, 60*time.Second)
	srv.wasmDelay.Store(0)

	// The opponent's label says it searches, and for how long.
	label := func() string {
		return eval[string](t, ctx, `document.querySelector('#opponent option[value="perfect"]').textContent`)
	}
	if l := label(); l != "Computer: search, 1 s" {
		t.Errorf("the opponent is called %q, want \"Computer: search, 1 s\"", l)
	}

	// A reply within its budget, with progress shown (the test page's
	// computer plays at random until told otherwise).
	run(t, ctx, chromedp.SetValue(css("#opponent"), "perfect"))
	eval[bool](t, ctx, `document.getElementById('opponent').dispatchEvent(new Event('change'))`)
	replyMs := func(from, to string, n int) float64 {
		t.Helper()
		eval[bool](t, ctx, `(window.__clickAt = performance.now(), window.__thinking = [], true)`)
		clickMove(t, ctx, from, to)
		waitFor(t, ctx, fmt.Sprintf(`window.__moves.length >= %d`, n), 30*time.Second)
		return eval[float64](t, ctx, fmt.Sprintf(`window.__moves[%d] - window.__clickAt`, n-1)) - replyPause
	}
	ms := replyMs("h2", "h3", 4)
	call := eval[float64](t, ctx, `Number(document.getElementById('think').dataset.ms)`)
	t.Logf("a reply with 1 s to think: the engine call %.0f ms, from the click %.0f ms less the pause", call, ms)
	// A search that ignored its budget would take many seconds; 2× leaves
	// room for a loaded machine's scheduling (1,222 ms was seen under
	// load average 18), since wall times are not a unit test's to judge.
	if call > 2000 || call <= 0 {
		t.Errorf("the reply's engine call took %.0f ms, over 2× its 1 s budget", call)
	}
	thinking := eval[[]string](t, ctx, `window.__thinking`)
	if !slices.ContainsFunc(thinking, func(s string) bool { return strings.HasPrefix(s, "Depth ") }) {
		t.Errorf("no progress shown while the computer thought: %q", thinking)
	}

	// Three seconds to think, stopped once it shows a depth: it plays at once.
	run(t, ctx, chromedp.SetValue(css("#level"), "3000"))
	eval[bool](t, ctx, `document.getElementById('level').dispatchEvent(new Event('change'))`)
	if l := label(); l != "Computer: search, 3 s" {
		t.Errorf("after choosing 3 s the opponent is called %q", l)
	}
	eval[bool](t, ctx, `(window.__clickAt = performance.now(), window.__thinking = [], true)`)
	clickMove(t, ctx, "g2", "g3")
	waitFor(t, ctx, `window.__thinking.some((s) => s.startsWith('Depth '))`, 10*time.Second)
	shot("computer-thinking-390.png")
	eval[bool](t, ctx, `(window.__stopAt = performance.now(), document.querySelector('#think button[data-action="stop"]').click(), true)`)
	waitFor(t, ctx, `window.__moves.length >= 6`, 10*time.Second)
	// Without Stop the reply would come after the rest of the 3 s.
	if after := eval[float64](t, ctx, `window.__moves[5] - window.__stopAt`); after > 1500 {
		t.Errorf("the reply came %.0f ms after Stop", after)
	}
	if eval[bool](t, ctx, `!document.getElementById('think').hidden`) {
		t.Error("the thinking line still shows after the reply")
	}

	// Best move, stopped: the best move so far, said to be stopped.
	run(t, ctx, chromedp.Click(css(`button[data-action="best"]`)))
	waitFor(t, ctx, `!document.getElementById('think').hidden && document.getElementById('think-text').textContent.startsWith('Depth ')`, 10*time.Second)
	eval[bool](t, ctx, `(window.__stopAt = performance.now(), document.querySelector('#think button[data-action="stop"]').click(), true)`)
	waitFor(t, ctx, `document.getElementById('analysis').textContent.startsWith('Best move: ')`, 5*time.Second)
	shot("computer-best-stopped-390.png")

	// The think time is kept on the device.
	run(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `document.body.classList.contains('engine-ready')`, 30*time.Second)
	if l := label(); l != "Computer: search, 3 s" {
		t.Errorf("after a reload the opponent is called %q, want the 3 s chosen before", l)
	}

	// Where the table answers, the computer is perfect and has no think time.
	open(t, ctx, srv.url("modes/gardner/"))
	if l := label(); l != "Computer: perfect" {
		t.Errorf("on a page with a table the opponent is called %q", l)
	}
	if eval[bool](t, ctx, `!!document.getElementById('level')`) {
		t.Error("a page with a table offers a think time")
	}
}

// computerPages are the pages whose computer TestBrowserComputerTimes
// times, each with a first move for the player.
var computerPages = []struct{ page, from, to string }{
	{"modes/gardner-5x5/", "a2", "a3"},
	{"modes/los-alamos/", "a2", "a3"},
	{"modes/thin-2x10/", "a4", "a5"},
	{"modes/standard-chess/", "e2", "e4"},
	{"modes/1d-12/", "a5", "a7"},
}

// TestBrowserComputerTimes times, in the page, the computer's first
// reply and a Best move on computerPages of built sites, for
// docs/performance.md. It runs only when THINCHESS_COMPUTER_SITES names
// the sites' folders ("main=/tmp/a/public,branch=/tmp/b/public"); the
// sites are measured in turn, page by page, THINCHESS_COMPUTER_ROUNDS
// times (default 3), so that a busy machine weighs on all of them alike.
// The reply is timed twice: around the page's engine call (the page's
// lastReplyMs, which main's pages have too: there it also holds the
// pause's timer and the wait for the table) and from the player's click
// to the reply in the move list, less the page's pause before it thinks;
// Best move is the time from the click to the answer in the analysis.
func TestBrowserComputerTimes(t *testing.T) {
	spec := os.Getenv("THINCHESS_COMPUTER_SITES")
	if spec == "" {
		t.Skip("set THINCHESS_COMPUTER_SITES=name=folder,… to time the computer on built sites")
	}
	needChromiumAlone(t)
	rounds := 3
	if n, err := strconv.Atoi(os.Getenv("THINCHESS_COMPUTER_ROUNDS")); err == nil && n > 0 {
		rounds = n
	}
	type site struct{ name, dir string }
	var sites []site
	for _, part := range strings.Split(spec, ",") {
		name, dir, ok := strings.Cut(part, "=")
		if !ok {
			t.Fatalf("THINCHESS_COMPUTER_SITES: %q is not name=folder", part)
		}
		sites = append(sites, site{name, dir})
	}
	servers := map[string]*siteServer{}
	for _, s := range sites {
		servers[s.name] = serve(t, s.dir, "")
	}
	reply := map[string][]float64{}
	calls := map[string][]float64{}
	best := map[string][]float64{}
	for r := 0; r < rounds; r++ {
		for _, pg := range computerPages {
			for _, s := range sites {
				ctx := browser(t, 390, 844)
				open(t, ctx, servers[s.name].url(pg.page))
				waitFor(t, ctx, `!document.body.classList.contains('wasm-loading')`, 60*time.Second)
				eval[bool](t, ctx, watchComputerMoves)
				eval[bool](t, ctx, `(window.__clickAt = performance.now(), true)`)
				clickMove(t, ctx, pg.from, pg.to)
				waitFor(t, ctx, `window.__moves.length >= 2`, 120*time.Second)
				ms := eval[float64](t, ctx, `window.__moves[1] - window.__clickAt`) - replyPause
				call := eval[float64](t, ctx, `TC.page.lastReplyMs`)
				eval[bool](t, ctx, `(window.__bestAt = performance.now(), document.querySelector('button[data-action="best"]').click(), true)`)
				waitFor(t, ctx, `document.getElementById('analysis').textContent.startsWith('Best move')`, 120*time.Second)
				bms := eval[float64](t, ctx, `window.__analysedAt - window.__bestAt`)
				key := s.name + " " + pg.page
				reply[key] = append(reply[key], ms)
				calls[key] = append(calls[key], call)
				best[key] = append(best[key], bms)
				t.Logf("round %d %s: reply %.0f ms (engine call %.0f ms), Best move %.0f ms", r+1, key, ms, call, bms)
			}
		}
	}
	var b strings.Builder
	b.WriteString("| page | site | first reply: engine call (ms) | first reply: click to reply, less the pause (ms) | Best move (ms) |\n|---|---|---|---|---|\n")
	for _, pg := range computerPages {
		for _, s := range sites {
			key := s.name + " " + pg.page
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", pg.page, s.name, medianOf(calls[key]), medianOf(reply[key]), medianOf(best[key]))
		}
	}
	t.Logf("medians of %d rounds:\n%s", rounds, b.String())
}

// watchComputerMoves is watchComputer's move clock alone, with the time
// the analysis was written: it works on pages before the computer showed
// its thinking.
const watchComputerMoves = `(() => {
	window.__moves = [];
	const moves = document.getElementById('moves');
	new MutationObserver(() => {
		const n = moves.querySelectorAll('button.mv').length;
		while (window.__moves.length < n) window.__moves.push(performance.now());
	}).observe(moves, { childList: true, subtree: true });
	const analysis = document.getElementById('analysis');
	new MutationObserver(() => {
		if (analysis.textContent.startsWith('Best move')) window.__analysedAt = performance.now();
	}).observe(analysis, { childList: true, subtree: true, characterData: true });
	return true;
})()`

// medianOf writes the median of xs and their range: "812 (790–850)".
func medianOf(xs []float64) string {
	if len(xs) == 0 {
		return "–"
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return fmt.Sprintf("%.0f (%.0f–%.0f)", s[len(s)/2], s[0], s[len(s)-1])
}
