package site

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// Offline, the trainer is honest about what it has: a permalink to a
// puzzle whose chunk this device kept (from playing, not from its
// permalink: its id bucket was never fetched) opens, and is solved;
// a hand-made puzzle whose table is not kept opens and says once, in
// words, that the table is missing — not "Failed to fetch". At one of
// issue 33's sizes (360×640), at all three with THINCHESS_FULL_TESTS,
// each with a server and a network of its own.
func TestBrowserOfflineTrainer(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	eachScreen(t, 1, func(t *testing.T, sc screen) {
		srv := serve(t, site.dir, "")
		checkOfflineTrainer(t, sc.open(t, 3*time.Minute), offlineSwitch(t, srv), sc.name)
	})
}

// checkOfflineTrainer plays a kept puzzle's permalink and a hand-made
// puzzle without its table offline, on page ctx.
func checkOfflineTrainer(t *testing.T, ctx context.Context, nw *netSwitch, size string) {
	run(t, ctx, chromedp.Navigate(nw.url("")))
	swReady(t, ctx)

	// Online: the pack's first puzzle, reached by the trainer's choice.
	open(t, ctx, nw.url("train/?pack=test-mates&mode=practice"))
	waitFor(t, ctx, `(document.getElementById('puzzle').dataset.id || '').indexOf('tm-') === 0 && `+puzzleIs("play"), 20*time.Second)
	id := eval[string](t, ctx, `document.getElementById('puzzle').dataset.id`)
	// The hand-made puzzle, online, then its table forgotten by the
	// device (as one never played would be).
	open(t, ctx, nw.url("train/?id=gardner-mate"))
	waitFor(t, ctx, puzzleOpen("gardner-mate")+` && `+boardJS+`.table === 'loaded'`, 20*time.Second)
	eval[bool](t, ctx, `caches.keys().then((names) => Promise.all(names.map((n) => caches.open(n).then((c) => c.keys().then((ks) => Promise.all(ks.filter((k) => /\/tables?\//.test(new URL(k.url).pathname) || /\.(bin|table)$/.test(new URL(k.url).pathname)).map((k) => c.delete(k)))))))).then((lists) => { window.__forgot = lists.flat().filter(Boolean).length; }), true`)
	waitFor(t, ctx, `window.__forgot !== undefined`, 10*time.Second)
	forgot := eval[int](t, ctx, `window.__forgot`)
	if forgot == 0 {
		t.Fatal("no table was kept to forget: the test no longer tests a missing table")
	}
	// Nor in the browser's HTTP cache, where the service worker's own
	// fetch of it online may have left it: a device that never played
	// the puzzle has it nowhere.
	run(t, ctx, chromedp.Func(func(c context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(c, network.ClearBrowserCache, cdp.Empty{})
		return err
	}))

	nw.down.Store(true)
	open(t, ctx, nw.url("train/?id="+id))
	waitFor(t, ctx, puzzleOpen(id)+` || !document.getElementById('train-error').hidden`, 20*time.Second)
	if msg := text(t, ctx, `#train-error`); !eval[bool](t, ctx, `document.getElementById('train-error').hidden`) {
		t.Fatalf("offline, the permalink of %s, whose chunk is kept, says %q", id, msg)
	}
	solveShown(t, ctx)
	screenshot(t, ctx, "offline-"+size+"-permalink-kept")

	open(t, ctx, nw.url("train/?id=gardner-mate"))
	waitFor(t, ctx, puzzleOpen("gardner-mate")+` && `+boardJS+`.table === 'failed'`, 40*time.Second)
	errText := text(t, ctx, `#move-error`)
	if !strings.HasPrefix(errText, "You are offline, and this position’s table is not saved on this device") || strings.Contains(errText, "Failed to fetch") {
		t.Errorf("offline, the hand-made puzzle without its table says %q", errText)
	}
	page := eval[string](t, ctx, `document.querySelector('main').textContent`)
	if n := strings.Count(page, "table is not saved"); n != 1 {
		t.Errorf("the missing table is told %d times, want once", n)
	}
	if strings.Contains(page, "Failed to fetch") {
		t.Error("the page says \"Failed to fetch\"")
	}
	// The puzzle still plays from its solution tree.
	solveShown(t, ctx)
	screenshot(t, ctx, "offline-"+size+"-handmade")
}
