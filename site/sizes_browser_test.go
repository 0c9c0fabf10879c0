package site

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// screen is a size issue 33's checks run at: two phones (touch, a
// mobile viewport) and a laptop.
type screen struct {
	name  string
	w, h  int
	phone bool
}

// screens are issue 33's sizes: 390×844, 360×640 and 1280×800.
var screens = []screen{{"390x844", 390, 844, true}, {"360x640", 360, 640, true}, {"1280x800", 1280, 800, false}}

// screensFor are the sizes a test runs at: all three with
// THINCHESS_FULL_TESTS, else the k-th alone (k modulo 3), so that the
// tests given different k cover every size in the default run and each
// of them costs one size's time.
func screensFor(k int) []screen {
	if fullTests() {
		return screens
	}
	return screens[k%len(screens) : k%len(screens)+1]
}

// open opens a page of the test's browser at the screen's size, living
// at most limit: a phone with touch, a laptop without.
func (s screen) open(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	ctx := browserFor(t, s.w, s.h, limit)
	if s.phone {
		run(t, ctx, chromedp.EmulateViewport(int64(s.w), int64(s.h), chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait))
	} else {
		run(t, ctx, chromedp.EmulateViewport(int64(s.w), int64(s.h)))
	}
	return ctx
}

// eachScreen runs f at each of screensFor(k), side by side in subtests
// named by the size.
func eachScreen(t *testing.T, k int, f func(t *testing.T, s screen)) {
	t.Helper()
	for _, s := range screensFor(k) {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			f(t, s)
		})
	}
}

// tap touches the element sel and lifts the finger, as a thumb does
// (the touch events a phone sends, from which Chromium makes the
// pointer events and the click); the element is scrolled into view
// first when it is not, and touched once it has stopped moving (the
// board fits itself a frame after the panel grows, and what is under
// the board moves with it).
func tap(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	where := `(() => {
		const e = document.querySelector('` + sel + `');
		if (!e) return [];
		let r = e.getBoundingClientRect();
		if (r.top < 0 || r.bottom > innerHeight) { e.scrollIntoView({block: 'nearest'}); r = e.getBoundingClientRect(); }
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`
	at := eval[[]float64](t, ctx, where)
	for i := 0; i < 20 && len(at) == 2; i++ {
		time.Sleep(50 * time.Millisecond)
		now := eval[[]float64](t, ctx, where)
		if len(now) == 2 && now[0] == at[0] && now[1] == at[1] {
			break
		}
		at = now
	}
	if len(at) != 2 {
		t.Fatalf("nothing to tap: %s", sel)
	}
	run(t, ctx, chromedp.Func(func(c context.Context, _ *chromedp.Target) error {
		if _, err := chromedp.Call(c, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchStart, TouchPoints: []*input.TouchPoint{{X: at[0], Y: at[1]}}}); err != nil {
			return err
		}
		_, err := chromedp.Call(c, input.DispatchTouchEvent, input.DispatchTouchEventParams{Type: input.DispatchTouchEventTypeTouchEnd, TouchPoints: []*input.TouchPoint{}})
		return err
	}))
}

// move plays from→to on the board as a player of the screen does: by
// two taps on a phone, two clicks of the mouse on a laptop.
func (s screen) move(t *testing.T, ctx context.Context, from, to string) {
	t.Helper()
	if !s.phone {
		clickMove(t, ctx, from, to)
		return
	}
	tap(t, ctx, `#board button[data-square="`+from+`"]`)
	tap(t, ctx, `#board button[data-square="`+to+`"]`)
}

// press presses the button (or link) sel as the screen's player does:
// a tap on a phone, a click of the mouse on a laptop.
func (s screen) press(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	if s.phone {
		tap(t, ctx, sel)
		return
	}
	run(t, ctx, chromedp.Click(css(sel)))
}

// illegalTapJS finds a piece that can move and a square it cannot go
// to (and that holds no piece of the player's that can move), as
// [from, to]; [] when there is none.
const illegalTapJS = `(() => {
	const sqs = Array.from(document.querySelectorAll('#board button[data-square]'));
	for (const b of sqs) {
		if (!b.dataset.piece) continue;
		b.click();
		const targets = new Set(Array.from(document.querySelectorAll('#board button.dot, #board button.cap')).map((d) => d.dataset.square));
		b.click();
		if (!targets.size) continue;
		const own = b.dataset.piece[0];
		const to = sqs.find((c) => c !== b && !targets.has(c.dataset.square) && (c.dataset.piece || ' ')[0] !== own);
		if (to) return [b.dataset.square, to.dataset.square];
	}
	return [];
})()`

// checkIllegalTap taps a piece, then a square it cannot go to: the
// feedback line says so (it was silent), and it is not a miss.
func checkIllegalTap(t *testing.T, ctx context.Context, sc screen) {
	t.Helper()
	sq := eval[[]string](t, ctx, illegalTapJS)
	if len(sq) != 2 {
		t.Fatalf("%s: no piece with a square it cannot go to", sc.name)
	}
	rating := text(t, ctx, "#player-rating")
	sc.move(t, ctx, sq[0], sq[1])
	waitFor(t, ctx, `document.getElementById('feedback').textContent.indexOf('cannot go to') >= 0`, 5*time.Second)
	if fb := text(t, ctx, "#feedback"); !strings.HasSuffix(fb, " on "+sq[0]+" cannot go to "+sq[1]+".") {
		t.Errorf("%s: after a tap of %s then %s the feedback says %q", sc.name, sq[0], sq[1], fb)
	}
	if m := eval[int](t, ctx, `TC.page.mistakes`); m != 0 {
		t.Errorf("%s: a tap on a square the piece cannot go to counted %d mistakes", sc.name, m)
	}
	if r := text(t, ctx, "#player-rating"); r != rating || !eval[bool](t, ctx, puzzleIs("play")+` && +`+boardJS+`.ply === 0`) {
		t.Errorf("%s: after the tap: rating %s (was %s), the puzzle not waiting at its start", sc.name, r, rating)
	}
}

// hintLabels are the Hint button's longest labels (hintscore.js): the
// cost of a hint in Rated, Streak and Review, then the solution's.
var hintLabels = []string{"Hint", "Hint (costs 135 points)", "Hint (ends the streak)", "Hint (stays in review)",
	"Show solution", "Show solution (a miss: −142)", "Show solution (ends the streak)", "Show solution (stays in review)"}

// hintShiftJS gives the Hint button each label of hintLabels in turn
// and says what moved: the buttons beside it, or the panel's height
// (the play-test saw Restart and Flip move as the label changed).
func hintShiftJS() string {
	return `(() => {
	const b = document.querySelector('#puzzle [data-action="hint"]');
	const was = b.textContent;
	const others = Array.from(document.querySelectorAll('#puzzle .controls button')).filter((o) => o !== b);
	const at = () => others.map((o) => { const r = o.getBoundingClientRect(); return o.dataset.action + ' ' + [r.left, r.top, r.width].map(Math.round).join(','); })
		.concat(['panel ' + Math.round(document.getElementById('puzzle').getBoundingClientRect().height), 'hint ' + Math.round(b.getBoundingClientRect().width)]);
	const out = [];
	let first = null;
	for (const l of ` + jsList(hintLabels) + `) {
		b.textContent = l;
		const now = at().join('; ');
		if (first === null) first = now;
		else if (now !== first) out.push('"' + l + '": ' + now + ' (with "Hint": ' + first + ')');
	}
	b.textContent = was;
	return out.join('\n');
})()`
}

// Issue 33's trainer checks at the sizes the other tests do not cover:
// TestBrowserTrainStreakStorm and TestBrowserTrainHints play at 390×844;
// here Storm's clock (in view, still at 3:00 before the first move) and
// a hint (in view, numbered once, its cost said on the button before)
// at 360×640 with touch and at 1280×800, on the small test site; and a
// tap on a square the piece cannot go to, said in the feedback line.
func TestBrowserTrainOtherSizes(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	for _, sz := range screens[1:] {
		ctx := sz.open(t, 3*time.Minute)
		// A hint on a puzzle that has one: the button says its cost
		// first; the hint shows, numbered once, with the board in view.
		open(t, ctx, srv.url("train/?mode=rated&id=gardner-mate"))
		waitFor(t, ctx, puzzleOpen("gardner-mate")+` && `+puzzleIs("play"), 30*time.Second)
		checkIllegalTap(t, ctx, sz)
		if moved := eval[string](t, ctx, hintShiftJS()); moved != "" {
			t.Errorf("%s: the Hint button's label moves what is beside it:\n%s", sz.name, moved)
		}
		label := eval[string](t, ctx, `document.querySelector('#puzzle [data-action="hint"]').textContent`)
		if !strings.HasPrefix(label, "Hint (costs ") {
			t.Errorf("%s: the Hint button says %q, want its cost (Hint (costs …))", sz.name, label)
		}
		eval[bool](t, ctx, `document.querySelector('#puzzle [data-action="hint"]').click(), true`)
		waitFor(t, ctx, `document.querySelectorAll('#hints li').length === 1`, 10*time.Second)
		if h := eval[string](t, ctx, `document.querySelector('#hints li').textContent`); strings.HasPrefix(h, "Hint") || strings.HasPrefix(h, "1.") {
			t.Errorf("%s: the hint reads %q: numbered twice", sz.name, h)
		}
		if bad := eval[string](t, ctx, inViewJS("#board", "#hints li", `#puzzle [data-action="hint"]`)); bad != "" {
			t.Errorf("%s: after a hint: %s", sz.name, bad)
		}
		// Storm: the clock bar in view, and it waits for the first move.
		open(t, ctx, srv.url("train/?mode=storm"))
		waitFor(t, ctx, puzzleIs("play")+` && /^Storm [23]:/.test(document.getElementById('mode-status').textContent)`, 20*time.Second)
		time.Sleep(1500 * time.Millisecond)
		if st := modeStatus(t, ctx); !strings.HasPrefix(st, "Storm 3:00 ") {
			t.Errorf("%s: Storm before the first move: %q, want the clock at 3:00", sz.name, st)
		}
		if bad := eval[string](t, ctx, inViewJS("#storm-clock", "#board", "#mode-status")); bad != "" {
			t.Errorf("%s: Storm: %s", sz.name, bad)
		}
	}
}
