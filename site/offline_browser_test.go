package site

import (
	"context"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The offline tests put a switch in front of the test server: a proxy
// that, switched off, drops every connection, as the network of a
// device that lost it; and that can hold back each answer, as a slow
// connection. The browser keeps the proxy's address (its service
// worker's origin) throughout.

// netSwitch is a proxy to a test server that can go offline.
type netSwitch struct {
	addr  string
	down  atomic.Bool
	delay atomic.Int64 // nanoseconds held back before each answer
}

// offlineSwitch starts a proxy to srv, online.
func offlineSwitch(t *testing.T, srv *siteServer) *netSwitch {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	n := &netSwitch{addr: ln.Addr().String()}
	proxy := httputil.NewSingleHostReverseProxy(&url.URL{Scheme: "http", Host: srv.addr})
	hs := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.down.Load() {
			// No answer at all: the browser sees a network error.
			if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
				c.Close()
			}
			return
		}
		if d := n.delay.Load(); d > 0 {
			time.Sleep(time.Duration(d))
			if n.down.Load() { // cut off while held back
				if c, _, err := http.NewResponseController(w).Hijack(); err == nil {
					c.Close()
				}
				return
			}
		}
		proxy.ServeHTTP(w, r)
	})}
	go hs.Serve(ln)
	t.Cleanup(func() { hs.Close() })
	return n
}

func (n *netSwitch) url(page string) string { return "http://" + n.addr + basePath + page }

// screenshot saves the viewport into $THINCHESS_SCREENSHOTS, when set,
// as name.png.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("THINCHESS_SCREENSHOTS")
	if dir == "" {
		return
	}
	time.Sleep(200 * time.Millisecond)
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// text is the text of the first element matching a CSS selector, or "".
func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	return eval[string](t, ctx, `(function(){var e=document.querySelector('`+sel+`');return e?e.textContent:''})()`)
}

// An address never visited, opened offline, answers the offline page
// in the site's look at that address: it says the page is not saved,
// lists what is (with links that work), and opens the page asked for
// with "Try again" once the site is reachable.
func TestBrowserOfflinePage(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	nw := offlineSwitch(t, srv)
	for _, size := range []struct {
		name string
		w, h int
	}{{"phone", 390, 844}, {"desktop", 1280, 800}} {
		t.Run(size.name, func(t *testing.T) {
			ctx := browser(t, size.w, size.h)
			nw.down.Store(false)
			run(t, ctx, chromedp.Navigate(nw.url("")))
			swReady(t, ctx)
			open(t, ctx, nw.url("modes/gardner/"))
			nw.down.Store(true)

			run(t, ctx, chromedp.Navigate(nw.url("modes/standard/?from=test")))
			waitFor(t, ctx, `document.getElementById('saved-title') && document.querySelector('#saved-list a')`, 15*time.Second)
			if h := text(t, ctx, `#saved-title`); h != "You are offline and this page is not saved" {
				t.Errorf("heading %q", h)
			}
			if a := text(t, ctx, `#saved-address`); a != basePath+"modes/standard/?from=test" {
				t.Errorf("the address shown is %q", a)
			}
			if u := eval[string](t, ctx, `location.pathname`); u != basePath+"modes/standard/" {
				t.Errorf("the offline page is at %s, want the address asked for", u)
			}
			// In the site's look: its stylesheet applies.
			if bg := eval[string](t, ctx, `getComputedStyle(document.querySelector('.nav')).display`); bg != "flex" {
				t.Errorf("the header's navigation is display:%s, want the site's stylesheet (flex)", bg)
			}
			links := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#saved-list a')).map(a => a.textContent + ' ' + new URL(a.href).pathname)`)
			want := []string{"Home page " + basePath, "1-D Chess (Gardner, 1980) " + basePath + "modes/gardner/"}
			for _, w := range want {
				if !contains(links, w) {
					t.Errorf("the saved pages %v do not list %q", links, w)
				}
			}
			for _, l := range links {
				if strings.Contains(l, "modes/standard/") {
					t.Errorf("the saved pages list %q, which is not saved", l)
				}
			}
			screenshot(t, ctx, "offline-"+size.name+"-not-saved")

			// A saved page, by its link, opens offline.
			run(t, ctx, chromedp.Click(css(`#saved-list a[href$="modes/gardner/"]`)))
			waitFor(t, ctx, `document.body.classList.contains('engine-ready') && location.pathname.endsWith('modes/gardner/')`, 15*time.Second)

			// Back online, "Try again" opens the page asked for.
			run(t, ctx, chromedp.Navigate(nw.url("modes/standard/")))
			waitFor(t, ctx, `document.querySelector('[data-action="retry"]') && !document.getElementById('saved-missing').hidden`, 15*time.Second)
			nw.down.Store(false)
			run(t, ctx, chromedp.Click(css(`[data-action="retry"]`)))
			waitFor(t, ctx, `document.body.dataset.page === 'mode' && document.body.classList.contains('engine-ready')`, 30*time.Second)
		})
	}
}

// A permalink to a puzzle of a pack that is not saved, opened offline,
// says so rather than leaving a dead board, and opens the puzzle with
// its button once the site is reachable.
func TestBrowserOfflinePermalink(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	nw := offlineSwitch(t, srv)
	ctx := browser(t, 390, 844)
	run(t, ctx, chromedp.Navigate(nw.url("")))
	swReady(t, ctx)
	nw.down.Store(true)

	// The pack page's "Train on this pack", offline, the pack not saved.
	run(t, ctx, chromedp.Navigate(nw.url("packs/test-mates/")))
	run(t, ctx, chromedp.Click(css(`a[href$="train/?pack=test-mates"]`)))
	waitFor(t, ctx, `!document.getElementById('train-error').hidden`, 15*time.Second)
	if msg := text(t, ctx, `#train-error`); !strings.HasPrefix(msg, "You are offline, and the next puzzle is not saved on this device.") {
		t.Errorf("the trainer of a pack not saved says %q", msg)
	}

	run(t, ctx, chromedp.Navigate(nw.url("train/?id=tm-Rook-swap")))
	waitFor(t, ctx, `!document.getElementById('train-error').hidden`, 15*time.Second)
	msg := text(t, ctx, `#train-error`)
	if !strings.HasPrefix(msg, "You are offline, and this puzzle is not saved on this device.") {
		t.Errorf("the trainer says %q", msg)
	}
	// No dead board: the placeholder board and its "Loading…"
	// are not shown while no puzzle is open.
	if eval[bool](t, ctx, `(function(){var s=document.getElementById('status');return !!s && s.offsetParent !== null})()`) {
		t.Errorf("the status shows %q while no puzzle is open", text(t, ctx, `#status`))
	}
	if !eval[bool](t, ctx, `(function(){var r=document.querySelector('#train-error').getBoundingClientRect();return r.top >= 0 && r.bottom <= innerHeight})()`) {
		t.Error("the message is not visible without scrolling on a phone")
	}
	screenshot(t, ctx, "offline-phone-permalink")

	// Still offline: "Try again" says so again.
	run(t, ctx, chromedp.Click(css(`#train-error [data-action="retry"]`)))
	waitFor(t, ctx, `!document.getElementById('train-error').hidden && document.querySelector('#train-error [data-action="retry"]')`, 15*time.Second)

	nw.down.Store(false)
	run(t, ctx, chromedp.Click(css(`#train-error [data-action="retry"]`)))
	waitFor(t, ctx, `document.getElementById('puzzle-task').textContent.indexOf('mate in 2') >= 0 && document.body.classList.contains('engine-ready')`, 30*time.Second)
	if !eval[bool](t, ctx, `document.getElementById('train-error').hidden`) {
		t.Errorf("the message stays: %q", text(t, ctx, `#train-error`))
	}
	screenshot(t, ctx, "offline-phone-permalink-online")
}

// "Save everything for offline" shows the size first, then its progress
// in bytes and files; cut off half way, it says so, and goes on where it
// stopped, after a reload too, until everything is saved; then every
// page opens offline.
func TestBrowserSaveEverything(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	nw := offlineSwitch(t, srv)
	ctx := browser(t, 1280, 800)
	run(t, ctx, chromedp.Navigate(nw.url("")))
	swReady(t, ctx)
	run(t, ctx, chromedp.Click(css(`.foot a[href$="offline/"]`)))
	save := `document.querySelector('[data-action="save-all"]')`
	waitFor(t, ctx, `!`+save+`.disabled`, 15*time.Second)
	state := text(t, ctx, `#save-state`)
	if !regexpMatch(`^The whole site is about [\d.]+ [KM]B in \d+ files; [\d.]+ [KM]B of it is saved on this device\.$`, state) {
		t.Errorf("before saving: %q", state)
	}
	if l := text(t, ctx, `[data-action="save-all"]`); !regexpMatch(`^Save everything for offline \([\d.]+ [KM]B\)$`, l) {
		t.Errorf("button %q", l)
	}
	screenshot(t, ctx, "offline-desktop-save-before")

	// Slowly, then cut off after a few files.
	nw.delay.Store(int64(400 * time.Millisecond))
	eval[bool](t, ctx, `window.__steps = []; new MutationObserver(function(){ window.__steps.push(document.getElementById('save-state').textContent) }).observe(document.getElementById('save-state'), {childList: true, characterData: true, subtree: true}), true`)
	run(t, ctx, chromedp.Click(css(`[data-action="save-all"]`)))
	waitFor(t, ctx, `window.__steps.filter(s => /^Saving… .* \([1-9]\d* of \d+ files\)$/.test(s)).length > 0`, 30*time.Second)
	screenshot(t, ctx, "offline-desktop-save-progress")
	nw.down.Store(true)
	waitFor(t, ctx, `document.getElementById('save-state').textContent.indexOf('Saving stopped') === 0`, 30*time.Second)
	if s := text(t, ctx, `#save-state`); !strings.Contains(s, "the site cannot be reached") || !strings.Contains(s, "once you are back online") {
		t.Errorf("cut off: %q", s)
	}
	steps := eval[[]string](t, ctx, `window.__steps.filter(s => s.indexOf('Saving…') === 0)`)
	if len(steps) < 2 || !regexpMatch(`^Saving… [\d.]+ [KM]B of [\d.]+ [KM]B \(\d+ of \d+ files\)$`, steps[len(steps)-1]) {
		t.Errorf("progress %v", steps)
	}
	screenshot(t, ctx, "offline-desktop-save-cut")

	// Back online, a reload offers the rest; it saves everything.
	nw.delay.Store(0)
	nw.down.Store(false)
	run(t, ctx, chromedp.Reload())
	waitFor(t, ctx, `!`+save+`.disabled`, 15*time.Second)
	if s := text(t, ctx, `#save-state`); !strings.HasPrefix(s, "An earlier save stopped before the end.") {
		t.Errorf("after the reload: %q", s)
	}
	if l := text(t, ctx, `[data-action="save-all"]`); !strings.HasPrefix(l, "Save the rest (") {
		t.Errorf("button after the reload %q", l)
	}
	run(t, ctx, chromedp.Click(css(`[data-action="save-all"]`)))
	waitFor(t, ctx, `document.getElementById('save-state').textContent.indexOf('Everything is saved') >= 0`, 60*time.Second)
	if !eval[bool](t, ctx, save+`.hidden`) {
		t.Error("the save button stays once everything is saved")
	}
	screenshot(t, ctx, "offline-desktop-save-done")

	// Offline, every page of the list opens, and its pack is kept.
	nw.down.Store(true)
	for _, page := range []string{"modes/standard/", "modes/krk/"} {
		if _, ok := site.files[page+"index.html"]; !ok {
			continue
		}
		open(t, ctx, nw.url(page))
	}
	open(t, ctx, nw.url("train/?id=tm-Rook-swap"))
	waitFor(t, ctx, `document.getElementById('puzzle-task').textContent.indexOf('mate in 2') >= 0`, 15*time.Second)
	run(t, ctx, chromedp.Navigate(nw.url("packs/test-mates/")))
	waitFor(t, ctx, `document.getElementById('offline-state').textContent.indexOf('available offline on this device') >= 0`, 15*time.Second)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func regexpMatch(pattern, s string) bool { return regexp.MustCompile(pattern).MatchString(s) }
