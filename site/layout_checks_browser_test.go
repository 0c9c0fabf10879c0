package site

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// What the phone-first layout promises beyond a page as loaded (see
// layout_browser_test.go): the board brought back into view by a choice
// made below it, the result in view after a puzzle's last move, Best
// move's answer in view, no page of any kind wider than the screen (the
// dashboard with data too), a light home page, a readable state graph,
// and what a narrow game column shows whole. Each check runs in the
// browser of its size, after the pass over the pages.

// homeMaxElements is the most elements the home page may hold.
const homeMaxElements = 1500

// widthCheck says how much wider than the screen a page is, "" when it
// is not (a phone widens its layout viewport to show a wider page).
const widthCheck = `(() => {
	const sw = document.scrollingElement.scrollWidth, vw = innerWidth;
	const out = [];
	if (vw > screen.width) out.push('viewport widened to ' + vw + ' px on a ' + screen.width + ' px screen');
	if (sw > Math.min(vw, screen.width)) {
		const wide = Array.from(document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > screen.width + 0.5).slice(0, 3);
		out.push('page ' + sw + ' px wide in ' + screen.width + ': ' + wide.map((e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className && typeof e.className === 'string' ? '.' + e.className.split(' ')[0] : '')).join(', '));
	}
	return out.join('; ');
})()`

// inViewJS says which of the elements (CSS selectors) that are shown
// lie outside the viewport, "" when none do.
func inViewJS(sels ...string) string {
	return `(() => {
	const out = [];
	for (const sel of ` + jsList(sels) + `) {
		const e = document.querySelector(sel);
		if (!e) { out.push(sel + ' missing'); continue; }
		const r = e.getBoundingClientRect();
		if (!r.width && !r.height) continue;
		if (r.top < -0.5 || r.bottom > innerHeight + 0.5 || r.left < -0.5 || r.right > innerWidth + 0.5) out.push(sel + ' at ' + [r.left, r.top, r.right, r.bottom].map(Math.round).join(',') + ' outside ' + innerWidth + '×' + innerHeight);
	}
	return out.join('; ');
})()`
}

func jsList(s []string) string {
	q := make([]string, len(s))
	for i, v := range s {
		q[i] = "'" + strings.ReplaceAll(v, "'", `\'`) + "'"
	}
	return "[" + strings.Join(q, ",") + "]"
}

// widthPages are pages of every kind besides the mode pages and the
// trainer that layoutPages checks: each must be no wider than a phone.
// Of the pack pages, the first by name, and every one with
// THINCHESS_FULL_TESTS (the lichess packs' pages were 399 px wide on a
// 390 px phone, from the import command their header names).
func widthPages(site *builtSite) []string {
	pages := []string{"", "modes/", "train/dashboard/", "editor/", "offline/", "docs/about/", "docs/solved/", "explore/1d-12/", "explore/hexapawn/"}
	var packs []string
	for name := range site.files {
		if strings.HasPrefix(name, "packs/") && strings.HasSuffix(name, "/index.html") {
			packs = append(packs, strings.TrimSuffix(name, "index.html"))
		}
	}
	slices.Sort(packs)
	if !fullTests() {
		packs = packs[:min(1, len(packs))]
	}
	return append(pages, packs...)
}

// dashboardProgress is a player's record with a rating history and
// attempts on several boards and themes: the dashboard's tables full.
func dashboardProgress() string {
	day := int64(24 * 3600 * 1000)
	t0 := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC).UnixMilli()
	var hist, log []string
	for i := int64(0); i < 12; i++ {
		at := t0 + i*day*3/2
		hist = append(hist, fmt.Sprintf("[%d,%d,%d]", at, 1500+10*i, 300-15*i))
		log = append(log, fmt.Sprintf(`{"id":"tm-%d","t":%d,"ok":%v,"pr":700,"th":["mateIn1","backRankMate","middlegame","sacrifice"],"f":"standard","m":"rated"}`, i, at, i%3 != 0),
			fmt.Sprintf(`{"id":"od-%d","t":%d,"ok":%v,"pr":1900,"th":["hold","onlyMove"],"f":"1d","m":"rated"}`, i, at, i%2 != 0))
	}
	return `{"v":2,"puzzles":{},"streak":0,"best":0,"player":{"rating":1610,"rd":135,"vol":0.06},"history":[` + strings.Join(hist, ",") +
		`],"log":[` + strings.Join(log, ",") + `],"review":{},"records":{"streak":3,"storm":7}}`
}

// checkWidths opens pages of every kind, and the dashboard with data,
// and reports those wider than the screen.
func checkWidths(t *testing.T, ctx context.Context, srv *siteServer, site *builtSite, size string) {
	t.Helper()
	for _, page := range widthPages(site) {
		openPlain(t, ctx, srv.url(page))
		if bad := eval[string](t, ctx, widthCheck); bad != "" {
			t.Errorf("%s /%s: %s", size, page, bad)
		}
		if page == "" {
			if n := eval[int](t, ctx, `document.getElementsByTagName('*').length`); n > homeMaxElements {
				t.Errorf("%s: the home page holds %d elements, over %d", size, n, homeMaxElements)
			}
		}
	}
	eval[bool](t, ctx, `localStorage.setItem('thinchess.progress', '`+dashboardProgress()+`'), true`)
	openPlain(t, ctx, srv.url("train/dashboard/"))
	waitFor(t, ctx, `!!document.querySelector('#rating-chart svg') && !!document.querySelector('#by-theme table')`, 10*time.Second)
	if bad := eval[string](t, ctx, widthCheck); bad != "" {
		t.Errorf("%s /train/dashboard/ with data: %s", size, bad)
	}
	saveShot(t, ctx, "layout-"+size+"-dashboard")
	eval[bool](t, ctx, `localStorage.removeItem('thinchess.progress'), true`)
}

// openPlain opens a page without a board (or whose board's engine does
// not matter) and waits until it is loaded and laid out.
func openPlain(t *testing.T, ctx context.Context, u string) {
	t.Helper()
	run(t, ctx, chromedp.Navigate(u))
	waitFor(t, ctx, `document.readyState === 'complete'`, 30*time.Second)
	eval[bool](t, ctx, `window.__laid = false, requestAnimationFrame(() => requestAnimationFrame(() => { window.__laid = true })), true`)
	waitFor(t, ctx, `window.__laid`, 5*time.Second)
}

// checkPickerBringsBoard scrolls to the trainer's board picker and its
// modes, chooses one, and reports the board left out of view. On a
// phone the board must be out of view before the choice (else the check
// tests nothing); on a laptop (away false) the picker and the modes sit
// beside and under the board's top, and the board may stay in view.
func checkPickerBringsBoard(t *testing.T, ctx context.Context, srv *siteServer, size string) {
	pickerBringsBoard(t, ctx, srv, size, true)
}

// pickerBringsBoard is checkPickerBringsBoard; away says the board must
// be out of view with the button at the foot of the window.
func pickerBringsBoard(t *testing.T, ctx context.Context, srv *siteServer, size string, away bool) {
	t.Helper()
	openLaid(t, ctx, srv.url("train/"), "train/")
	waitFor(t, ctx, `!document.getElementById('board-pick').hidden && document.querySelectorAll('#board-pick .pick-button').length > 2`, 10*time.Second)
	for _, sel := range []string{`#board-pick .pick-button:nth-child(2)`, `#board-pick .pick-button:last-child`, `.mode-button[data-mode="rated"]`} {
		n := opened(t, ctx)
		// Below the board, as a player finds it: the button at the foot
		// of the screen, the board scrolled away.
		eval[bool](t, ctx, `document.querySelector('`+sel+`').scrollIntoView({block: 'end'}), true`)
		if bad := eval[string](t, ctx, inViewJS(sel)); bad != "" {
			t.Fatalf("%s: the test could not reach %s: %s", size, sel, bad)
		}
		if away && eval[string](t, ctx, inViewJS("#board")) == "" {
			t.Fatalf("%s: the board is still in view beside %s: the test tests nothing", size, sel)
		}
		eval[bool](t, ctx, `document.querySelector('`+sel+`').click(), true`)
		waitFor(t, ctx, openedMore(n), 15*time.Second)
		if bad := eval[string](t, ctx, inViewJS("#board", "#status", `button[data-action="next"]`)); bad != "" {
			t.Errorf("%s: after %s: %s", size, sel, bad)
		}
	}
	saveShot(t, ctx, "layout-"+size+"-picked")
}

// checkResultInView solves the 8×8 trainer puzzle, whose result lies
// under the board, by clicks (JavaScript's, not taps) and reports the
// result (✓, the rating change, Next) out of view after the last move.
func checkResultInView(t *testing.T, ctx context.Context, srv *siteServer, size string) {
	t.Helper()
	id := layoutTrainerPuzzles[1]
	eval[bool](t, ctx, `localStorage.removeItem('thinchess.progress'), true`)
	openLaid(t, ctx, srv.url("train/?id="+id), "train/?id="+id)
	for i := 0; !eval[bool](t, ctx, puzzleIs("solved")); i++ {
		if i == 6 {
			t.Fatalf("%s: %s not solved after 6 moves: %q", size, id, eval[string](t, ctx, `document.getElementById('feedback').textContent`))
		}
		waitFor(t, ctx, puzzleIs("play"), 10*time.Second)
		sq := squareNames.FindAllString(fastestMove(t, eval[string](t, ctx, boardJS+`.fen`), eval[string](t, ctx, boardJS+`.variant`)), 2)
		eval[bool](t, ctx, `['`+sq[0]+`', '`+sq[1]+`'].forEach((s) => document.querySelector('#board button[data-square="' + s + '"]').click()), true`)
		waitFor(t, ctx, `!(`+puzzleIs("play")+`) || document.getElementById('feedback').textContent.indexOf('✗') === 0`, 10*time.Second)
	}
	if c := eval[string](t, ctx, `document.getElementById('rating-change').textContent`); c == "" {
		t.Errorf("%s: no rating change after solving %s: the check misses it", size, id)
	}
	if bad := eval[string](t, ctx, inViewJS("#feedback", "#rating-change", `button[data-action="next"]`)); bad != "" {
		t.Errorf("%s: after solving %s: %s", size, id, bad)
	}
	saveShot(t, ctx, "layout-"+size+"-solved")
	eval[bool](t, ctx, `localStorage.removeItem('thinchess.progress'), true`)
}

// checkBestMoveInView asks Best move on the searcher's mode pages and
// reports its thinking line or its answer out of view.
func checkBestMoveInView(t *testing.T, ctx context.Context, srv *siteServer, size string) {
	t.Helper()
	for _, page := range []string{"modes/gardner-5x5/", "modes/standard-chess/"} {
		openLaid(t, ctx, srv.url(page), page)
		eval[bool](t, ctx, `document.querySelector('button[data-action="best"]').click(), true`)
		thought := false
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			if !thought && eval[bool](t, ctx, `!document.getElementById('think').hidden`) {
				thought = true
				if bad := eval[string](t, ctx, inViewJS("#think-text")); bad != "" {
					t.Errorf("%s /%s thinking: %s", size, page, bad)
				}
			}
			if eval[bool](t, ctx, `document.getElementById('analysis').textContent !== ''`) {
				break
			}
		}
		// The board fits itself to the answer on the next frames (board.js
		// counts #analysis among what must show): give the layout a
		// moment to settle before judging it.
		bad := ""
		for settle := time.Now().Add(3 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			if bad = eval[string](t, ctx, inViewJS("#analysis", "#board")); bad == "" || time.Now().After(settle) {
				break
			}
		}
		if bad != "" {
			t.Errorf("%s /%s Best move: %s", size, page, bad)
		}
		saveShot(t, ctx, "layout-"+size+"-best-"+strings.Trim(strings.TrimPrefix(page, "modes/"), "/"))
	}
}

// fitsJS says which of a page's controls cut their text: a menu's
// chosen option or a box's placeholder wider than the control.
const fitsJS = `(() => {
	const ctx = document.createElement('canvas').getContext('2d');
	const out = [];
	const check = (e, text) => {
		if (!e || !e.getClientRects().length) return;
		const cs = getComputedStyle(e);
		ctx.font = cs.font;
		const pad = parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + (e.tagName === 'SELECT' ? 16 : 0);
		const need = ctx.measureText(text).width + pad;
		if (need > e.clientWidth + 1) out.push('#' + e.id + ' shows "' + text + '" in ' + e.clientWidth + ' px, needs ' + Math.ceil(need));
	};
	const sel = document.getElementById('opponent');
	if (sel) check(sel, sel.options[sel.selectedIndex].text);
	const box = document.getElementById('move-input');
	if (box) check(box, box.placeholder);
	return out.join('; ');
})()`

// checkNarrowColumn reports the 2×10 page's opponent menu or move box
// cut off beside its tall board, and the state graph drawn too small to
// tell its states apart.
func checkNarrowColumn(t *testing.T, ctx context.Context, srv *siteServer, size string) {
	t.Helper()
	for _, page := range []string{"modes/thin-2x10/", "modes/1d-12/"} {
		openLaid(t, ctx, srv.url(page), page)
		if bad := eval[string](t, ctx, fitsJS); bad != "" {
			t.Errorf("%s /%s: %s", size, page, bad)
		}
	}
	page := "explore/1d-12/"
	openLaid(t, ctx, srv.url(page), page)
	waitFor(t, ctx, `document.body.classList.contains('explore-ready')`, 10*time.Second)
	if r := eval[float64](t, ctx, `document.querySelector('#ex-svg .ex-n').getBoundingClientRect().width`); r < 5 {
		t.Errorf("%s /%s: a state is drawn %.1f px wide, too small to tell apart or tap", size, page, r)
	}
	eval[bool](t, ctx, `document.getElementById('ex-view').scrollIntoView(), true`)
	saveShot(t, ctx, "layout-"+size+"-explore")
}
