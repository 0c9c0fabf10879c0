package site

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// The phone-first layout, on the shipped site: at 390×844 and 360×640
// (touch, mobile viewport), every mode page and trainer puzzles show the
// board, whose turn it is, the task and the main controls without
// scrolling, nothing is wider than the screen and no coordinate lies on
// a piece; at 1280×800 the trainer's board is above the fold.

// phoneSizes are the phones the layout is checked at.
var phoneSizes = [][2]int{{390, 844}, {360, 640}}

// layoutTrainerPuzzles are trainer permalinks checked at every size: a
// one-file puzzle (1×12) and a standard chess one (8×8).
var layoutTrainerPuzzles = []string{"1d-twelve-rook-raid", "chess-morphy-mate-in-2"}

// layoutSample are the mode pages the phone layout checks without
// THINCHESS_FULL_TESTS: the board shapes at the ends of the range (the
// longest file, the tallest thin board, a wide three-file one, 5×5, 6×6,
// 8×8), a Ban Chess page, a race, a written puzzle and a table-less
// mode with a story. The full run checks every mode page.
var layoutSample = []string{
	"modes/1d-16/", "modes/thin-2x10/", "modes/thin-3x6-queens/", "modes/gardner-5x5/",
	"modes/los-alamos/", "modes/standard-chess/", "modes/ban-1d-12/", "modes/backline-race-6x6/",
	"modes/chess-morphy-mate-in-2/", "modes/four-by-six/",
}

// desktopBoardMin is the narrowest each trainer puzzle's board may be at
// 1280×800: 480 px for a standard board (408 before), 110 px for a 2×10
// one (80 before), 48 for the 1×12 one (37 before).
var desktopBoardMin = map[string]float64{"1d-twelve-rook-raid": 48, "chess-morphy-mate-in-2": 480, "thin-queen-mate": 110}

// layoutShots are the pages whose screenshots the test saves into
// $THINCHESS_SCREENSHOTS, at every size, for a person to look at.
var layoutShots = map[string]string{
	"":                                 "home",
	"modes/1d-12/":                     "1d-12",
	"modes/thin-2x10/":                 "thin-2x10",
	"modes/gardner-5x5/":               "gardner",
	"modes/standard-chess/":            "chess",
	"modes/chess-morphy-mate-in-2/":    "puzzle",
	"train/?id=1d-twelve-rook-raid":    "train-1d",
	"train/?id=chess-morphy-mate-in-2": "train-chess",
}

// layoutCheck lists what a page shows out of place, "" when nothing:
// the board, the status, the task and the Hint, Next and Undo buttons
// that are shown must lie inside the viewport as loaded (the page not
// scrolled), except on a page that tells its story first, whose story
// starts in the top half,
// the page must be no wider than the viewport, and no coordinate may
// overlap a piece's box.
const layoutCheck = `(() => {
	const out = [];
	const vw = innerWidth, vh = innerHeight;
	const box = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
	const inView = (e, name) => {
		const r = e.getBoundingClientRect();
		if (!r.width && !r.height) return;
		if (r.top < -0.5 || r.left < -0.5 || r.bottom > vh + 0.5 || r.right > vw + 0.5) out.push(name + ' at ' + box(r) + ' outside ' + vw + '×' + vh);
	};
	const one = (sel, name) => { const e = document.querySelector(sel); if (e) inView(e, name); };
	// A mode whose game ends at its first action tells its story first
	// (mode.html): the story's start is in view, the board under it.
	const story = document.querySelector('.story-first');
	if (story) {
		const r = story.getBoundingClientRect();
		if (r.top < 0 || r.top > vh / 2) out.push('story at ' + box(r) + ', not at the top');
	} else {
		one('#board', 'board');
		one('#status', 'status');
		one('.puzzle-task', 'task');
		for (const a of ['hint', 'next', 'undo']) document.querySelectorAll('button[data-action="' + a + '"]').forEach((b) => inView(b, a));
	}
	if (scrollY > 0) out.push('page scrolled to ' + Math.round(scrollY) + ' px');
	// A phone widens its layout viewport (and zooms out) to show a page
	// wider than its screen.
	if (vw > screen.width) out.push('viewport widened to ' + vw + ' px on a ' + screen.width + ' px screen');
	const sw = document.scrollingElement.scrollWidth;
	if (sw > vw) out.push('page ' + sw + ' px wide in ' + vw);
	const pieces = Array.from(document.querySelectorAll('#board svg.pc')).map((p) => p.getBoundingClientRect());
	document.querySelectorAll('#board .coord').forEach((c) => {
		const r = c.getBoundingClientRect();
		for (const p of pieces) {
			if (r.left < p.right - 0.5 && p.left < r.right - 0.5 && r.top < p.bottom - 0.5 && p.top < r.bottom - 0.5) {
				out.push('coordinate ' + c.dataset.c + ' at ' + box(r) + ' on a piece at ' + box(p));
				return;
			}
		}
	});
	return out.join('; ');
})()`

// phoneBrowser starts Chromium emulating a touch phone of w×h CSS px.
func phoneBrowser(t *testing.T, w, h int) context.Context {
	t.Helper()
	ctx := browser(t, w, h)
	// Headless windows are at least 500 wide: emulate the phone.
	run(t, ctx, chromedp.EmulateViewport(int64(w), int64(h), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	return ctx
}

// layoutPages are the pages checked: every mode page of the site, then
// the trainer puzzles.
func layoutPages(t *testing.T, site *builtSite) []string {
	var pages []string
	for name := range site.files {
		if strings.HasPrefix(name, "modes/") && strings.HasSuffix(name, "/index.html") && strings.Count(name, "/") == 2 {
			pages = append(pages, strings.TrimSuffix(name, "index.html"))
		}
	}
	sort.Strings(pages)
	if len(pages) == 0 {
		t.Fatal("the site has no mode pages")
	}
	if !fullTests() {
		for _, p := range layoutSample {
			if !slices.Contains(pages, p) {
				t.Fatalf("%s, in the layout sample, is not a page of the site", p)
			}
		}
		pages = append([]string(nil), layoutSample...)
	}
	for _, id := range layoutTrainerPuzzles {
		pages = append(pages, "train/?id="+id)
	}
	return pages
}

// openLaid opens a page and waits until its layout is final: the engine
// ready (the board's squares sized) and, in the trainer, the puzzle of
// the permalink shown.
func openLaid(t *testing.T, ctx context.Context, u, page string) {
	t.Helper()
	run(t, ctx, chromedp.Navigate(u))
	ready := `document.readyState === 'complete'`
	if strings.HasPrefix(page, "modes/") || strings.HasPrefix(page, "train/") {
		ready += ` && document.body.classList.contains('engine-ready')`
	}
	if id, ok := strings.CutPrefix(page, "train/?id="); ok {
		ready += ` && document.getElementById('puzzle-task').textContent !== '' && document.getElementById('puzzle-permalink').href.indexOf('id=` + id + `') >= 0`
	}
	waitFor(t, ctx, ready, 30*time.Second)
	// board.js fits the board again a frame after what surrounds it
	// changes: two frames settle it.
	eval[bool](t, ctx, `window.__laid = false, requestAnimationFrame(() => requestAnimationFrame(() => { window.__laid = true })), true`)
	waitFor(t, ctx, `window.__laid`, 5*time.Second)
}

// saveShot writes the viewport into $THINCHESS_SCREENSHOTS when set.
func saveShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("THINCHESS_SCREENSHOTS")
	if dir == "" {
		return
	}
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserPhoneLayout opens the pages at each phone size and checks
// their layout. It runs before the parallel tests, its parts side by
// side (at each size: the pages in two halves, then the checks in three
// groups, each in a browser context of its own): whole, each size was one of the longest
// browser tests, and at the end of the parallel queue they ran last,
// alone.
func TestBrowserPhoneLayout(t *testing.T) {
	needChromiumAlone(t)
	site := shippedBuild(t)
	srv := serve(t, site.dir, "")
	pages := append([]string{""}, layoutPages(t, site)...)
	type check func(t *testing.T, ctx context.Context, srv *siteServer, size string)
	half := len(pages) / 2
	parts := [][]check{
		nil, nil, // the pages, in two halves
		{func(t *testing.T, ctx context.Context, srv *siteServer, size string) {
			checkWidths(t, ctx, srv, site, size)
		}, checkNarrowColumn},
		{checkBestMoveInView},
		{checkPickerBringsBoard, checkResultInView},
	}
	for _, sz := range phoneSizes {
		size := sizeName(sz)
		for i, checks := range parts {
			t.Run(size+"-"+strconv.Itoa(i+1), func(t *testing.T) {
				t.Parallel()
				t0 := time.Now()
				ctx := phoneBrowser(t, sz[0], sz[1])
				if checks != nil {
					for _, c := range checks {
						c(t, ctx, srv, size)
					}
					t.Logf("%s: checks %d in %v", size, i+1, time.Since(t0).Round(time.Millisecond))
					return
				}
				mine := pages[:half]
				if i == 1 {
					mine = pages[half:]
				}
				for _, page := range mine {
					openLaid(t, ctx, srv.url(page), page)
					if bad := eval[string](t, ctx, layoutCheck); bad != "" {
						t.Errorf("%s /%s: %s", size, page, bad)
					}
					if shot, ok := layoutShots[page]; ok {
						saveShot(t, ctx, "layout-"+size+"-"+shot)
					}
				}
				t.Logf("%s: %d pages in %v", size, len(mine), time.Since(t0).Round(time.Millisecond))
			})
		}
	}
}

// At 1280×800 the trainer's board is whole above the fold, and the
// pages of layoutShots are saved for a person to look at.
func TestBrowserDesktopLayout(t *testing.T) {
	needChromium(t)
	site := shippedBuild(t)
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 800)
	run(t, ctx, chromedp.EmulateViewport(1280, 800))
	for _, id := range append(layoutTrainerPuzzles, "thin-queen-mate") {
		page := "train/?id=" + id
		openLaid(t, ctx, srv.url(page), page)
		bottom := eval[float64](t, ctx, `document.getElementById('board').getBoundingClientRect().bottom`)
		if bottom > 800.5 {
			t.Errorf("1280×800 /%s: the board ends at %.0f px, below the fold", page, bottom)
		}
		if w := eval[float64](t, ctx, `document.getElementById('board').getBoundingClientRect().width`); w < desktopBoardMin[id] {
			t.Errorf("1280×800 /%s: the board is %.0f px wide, want at least %.0f", page, w, desktopBoardMin[id])
		}
		// A desktop window does not widen its viewport: its screen (800
		// px in headless Chromium) is not the window.
		if bad := eval[string](t, ctx, layoutCheck); strings.Contains(bad, "coordinate") || strings.Contains(bad, "px wide in") {
			t.Errorf("1280×800 /%s: %s", page, bad)
		}
	}
	// The 2×10 mode page's board, 112×560 before, and a standard board.
	for page, min := range map[string]float64{"modes/thin-2x10/": 112, "modes/standard-chess/": 480} {
		openLaid(t, ctx, srv.url(page), page)
		if w := eval[float64](t, ctx, `document.getElementById('board').getBoundingClientRect().width`); w < min {
			t.Errorf("1280×800 /%s: the board is %.0f px wide, want at least %.0f", page, w, min)
		}
	}
	// Issue 33's checks at the laptop's size too: no page wider than
	// the window (the dashboard with data among them), the result in
	// view after a solve, and the board in view after a choice of the
	// picker or a mode scrolled to the foot of the window (there the
	// board stays in view beside them).
	// The window's screen is the laptop's (headless Chromium says 800
	// px wide), as checkWidths compares the page with the screen.
	run(t, ctx, chromedp.Func(func(c context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(c, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{Width: 1280, Height: 800, DeviceScaleFactor: 1, ScreenWidth: 1280, ScreenHeight: 800})
		return err
	}))
	checkWidths(t, ctx, srv, site, "1280x800")
	checkResultInView(t, ctx, srv, "1280x800")
	pickerBringsBoard(t, ctx, srv, "1280x800", false)
	if os.Getenv("THINCHESS_SCREENSHOTS") == "" {
		return
	}
	for page, shot := range layoutShots {
		openLaid(t, ctx, srv.url(page), page)
		saveShot(t, ctx, "layout-1280x800-"+shot)
	}
}

func sizeName(sz [2]int) string { return fmt.Sprintf("%dx%d", sz[0], sz[1]) }

// The home page offers "Continue training" once the trainer has kept a
// record on the device, and not before.
func TestBrowserContinueTraining(t *testing.T) {
	needChromium(t)
	site := shippedBuild(t)
	srv := serve(t, site.dir, "")
	ctx := phoneBrowser(t, 390, 844)
	openLaid(t, ctx, srv.url(""), "")
	if !eval[bool](t, ctx, `document.getElementById('continue').hidden`) {
		t.Fatal("a new reader is offered to continue training")
	}
	page := "train/?id=" + layoutTrainerPuzzles[0]
	openLaid(t, ctx, srv.url(page), page)
	run(t, ctx, chromedp.Click(css(`#puzzle button[data-action="hint"]`)))
	waitFor(t, ctx, `document.querySelectorAll('#hints li').length === 1`, 5*time.Second)
	// A hint alone decides nothing yet (it lowers what a solve gives);
	// leaving the puzzle by Next after it is a miss, which the trainer
	// records.
	opened := eval[string](t, ctx, `document.getElementById('puzzle').dataset.opened`)
	run(t, ctx, chromedp.Click(css(`[data-action="next"]`)))
	waitFor(t, ctx, fmt.Sprintf(`document.getElementById('puzzle').dataset.opened !== %q`, opened), 10*time.Second)
	openLaid(t, ctx, srv.url(""), "")
	waitFor(t, ctx, `!document.getElementById('continue').hidden`, 5*time.Second)
	text := eval[string](t, ctx, `document.getElementById('continue-text').textContent`)
	if !regexp.MustCompile(`^Rated · rating \d+ · 0 puzzles solved$`).MatchString(text) {
		t.Errorf("continue line %q", text)
	}
	if href := eval[string](t, ctx, `document.getElementById('continue-link').getAttribute('href')`); href != "train/?mode=rated" {
		t.Errorf("continue link %q, want train/?mode=rated", href)
	}
}
