package site

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/thinchess/thinchess/engine"
)

// The trainer's flows, as a player meets them: Next pressed while the
// solution plays, the filters folded with what they choose, Streak and
// Storm moving on by themselves, runs left half-way recorded, and the
// dashboard's dated chart and named themes. Each test looks at a phone
// (390×844) and, where layout matters, a laptop (1280×800), and saves
// screenshots into $THINCHESS_SCREENSHOTS when it is set.

// trainViewport opens a browser emulating a w×h viewport (headless
// windows are at least 500 wide).
func trainViewport(t *testing.T, w, h int) context.Context {
	t.Helper()
	ctx := browser(t, w, h)
	run(t, ctx, chromedp.EmulateViewport(int64(w), int64(h)))
	return ctx
}

// trainShot saves the viewport as $THINCHESS_SCREENSHOTS/train-<name>.png
// when the variable is set.
func trainShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	dir := os.Getenv("THINCHESS_SCREENSHOTS")
	if dir == "" {
		return
	}
	eval[bool](t, ctx, `window.scrollTo(0, 0), true`)
	time.Sleep(300 * time.Millisecond) // let transitions end
	buf, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "train-"+name+".png"), buf, 0o644); err != nil {
		t.Fatal(err)
	}
}

// fastestMove is a first move of the fastest mate of the side to move,
// in coordinates, for the board's position and variant.
func fastestMove(t *testing.T, fen, variant string) string {
	t.Helper()
	if variant == "" {
		variant = "chess"
	}
	p, err := engine.Parse(fen, engine.MustPreset(variant))
	if err != nil {
		t.Fatal(err)
	}
	m := fastestMate(t, p).First[0].Move
	return p.B.Name(m.From()) + p.B.Name(m.To())
}

// solveShown solves the mate puzzle the trainer shows, move by move,
// from the board's position, and waits until it says it is solved (or,
// in Streak and Storm, has opened the next puzzle after it: on a loaded
// machine the next one may wait for a move before this loop looks, and
// it must not be played).
func solveShown(t *testing.T, ctx context.Context) {
	t.Helper()
	n := opened(t, ctx)
	for i := 0; i < 12; i++ {
		waitFor(t, ctx, puzzleIs("play")+` || `+puzzleIs("solved"), 10*time.Second)
		if eval[bool](t, ctx, puzzleIs("solved")) || opened(t, ctx) != n {
			return
		}
		m := fastestMove(t, eval[string](t, ctx, boardJS+`.fen`), eval[string](t, ctx, boardJS+`.variant`))
		sq := squareNames.FindAllString(m, 2) // "a10a9": a10, a9
		clickMove(t, ctx, sq[0], sq[1])
		waitFor(t, ctx, `!(`+puzzleIs("play")+`) || document.getElementById('feedback').textContent.indexOf('✗') === 0`, 15*time.Second)
	}
	t.Fatal("the puzzle did not end after 12 moves")
}

// modeStatus is the line that shows the run.
func modeStatus(t *testing.T, ctx context.Context) string {
	return eval[string](t, ctx, `document.getElementById('mode-status').textContent`)
}

// Next pressed while "Show solution" plays its moves: the next puzzle
// starts clean — no move of the old solution is played in it, its list
// of moves is empty, and it waits for the player.
func TestBrowserTrainNextDuringSolution(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := trainViewport(t, 390, 844)
	open(t, ctx, srv.url("train/?id=gardner-mate&mode=rated"))
	waitFor(t, ctx, puzzleOpen("gardner-mate"), 10*time.Second)
	n := opened(t, ctx)
	// Hint, Hint, then Show solution: by key, as a player would.
	for i := 1; i <= 2; i++ {
		run(t, ctx, chromedp.KeyEvent("h"))
		waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#hints li').length === %d`, i), 5*time.Second)
	}
	run(t, ctx, chromedp.KeyEvent("h"))
	// Next while the solution plays: its first move is on the board.
	waitFor(t, ctx, `+`+boardJS+`.ply >= 1`, 10*time.Second)
	if eval[bool](t, ctx, puzzleIs("solved")) {
		t.Fatal("the solution ended before Next: the test no longer tests Next during it")
	}
	trainShot(t, ctx, "phone-solution-playing")
	run(t, ctx, chromedp.KeyEvent("n"))
	waitFor(t, ctx, openedMore(n), 10*time.Second)
	id := eval[string](t, ctx, `document.getElementById('puzzle').dataset.id`)
	start := eval[string](t, ctx, boardJS+`.fen`)
	// Longer than every pause the old puzzle could have scheduled (the
	// solution's moves and the defence are 450 ms apart).
	time.Sleep(2500 * time.Millisecond)
	s := shownGame(t, ctx)
	if s.Cursor != 0 || len(s.SAN) != 0 || s.FEN != start {
		t.Errorf("puzzle %s after Next: %d moves played (%v), position %s, want its start %s", id, s.Cursor, s.SAN, s.FEN, start)
	}
	if !eval[bool](t, ctx, puzzleIs("play")) {
		t.Errorf("puzzle %s after Next is %q, want the player's move", id, eval[string](t, ctx, `document.getElementById('puzzle').dataset.state`))
	}
	if fb := eval[string](t, ctx, `document.getElementById('feedback').textContent`); fb != "Your move." {
		t.Errorf("feedback after Next: %q", fb)
	}
	if h := eval[int](t, ctx, `document.querySelectorAll('#hints li').length`); h != 0 {
		t.Errorf("%d hints of the old puzzle shown", h)
	}
	if eval[bool](t, ctx, `document.querySelector('#puzzle [data-action="hint"]').disabled`) {
		t.Error("the hint button is disabled on a new puzzle")
	}
	trainShot(t, ctx, "phone-after-next")
}

// The filters fold away with a summary line that says what they choose;
// the Pack select keeps to a sensible width on a phone and a laptop.
func TestBrowserTrainFilters(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	for _, vp := range [][2]int{{390, 844}, {1280, 800}} {
		name := map[int]string{390: "phone", 1280: "desktop"}[vp[0]]
		ctx := trainViewport(t, vp[0], vp[1])
		open(t, ctx, srv.url("train/"))
		waitFor(t, ctx, puzzleIs("play"), 10*time.Second)
		if eval[bool](t, ctx, `document.getElementById('filters-box').open`) {
			t.Errorf("%s: the filters are open on arrival", name)
		}
		if got := eval[string](t, ctx, `document.querySelector('#filters-box > summary').textContent`); got != "Filters: All puzzles" {
			t.Errorf("%s: summary %q", name, got)
		}
		trainShot(t, ctx, name+"-filters-folded")
		run(t, ctx, chromedp.Click(css(`#filters-box > summary`)))
		waitFor(t, ctx, `document.getElementById('filters-box').open`, 5*time.Second)
		if w := eval[float64](t, ctx, `document.getElementById('f-pack').getBoundingClientRect().width`); w > 260 {
			t.Errorf("%s: the Pack select is %.0f px wide", name, w)
		}
		if over := eval[float64](t, ctx, `document.documentElement.scrollWidth - innerWidth`); over > 0 {
			t.Errorf("%s: the page is %.0f px wider than the window with the filters open", name, over)
		}
		trainShot(t, ctx, name+"-filters-open")
		n := opened(t, ctx)
		run(t, ctx, chromedp.SetValue(css(`#f-pack`), "test-mates"))
		eval[bool](t, ctx, `document.getElementById('f-pack').dispatchEvent(new Event('change')), true`)
		waitFor(t, ctx, openedMore(n)+` && document.getElementById('puzzle').dataset.pack === 'test-mates'`, 10*time.Second)
		// The choice made, the focus leaves the filters: they fold.
		run(t, ctx, chromedp.Focus(css(`#f-pack`)), chromedp.Click(css(`#puzzle-title`)))
		waitFor(t, ctx, `!document.getElementById('filters-box').open`, 5*time.Second)
		if got := eval[string](t, ctx, `document.getElementById('filter-summary').textContent`); got != "Pack Test mates" {
			t.Errorf("%s: summary after choosing the pack %q", name, got)
		}
		trainShot(t, ctx, name+"-filters-chosen")
		// Kept for the next visit, folded with the same words.
		open(t, ctx, srv.url("train/"))
		waitFor(t, ctx, puzzleIs("play"), 10*time.Second)
		if got := eval[string](t, ctx, `document.getElementById('filter-summary').textContent`); got != "Pack Test mates" || eval[bool](t, ctx, `document.getElementById('filters-box').open`) {
			t.Errorf("%s: on the next visit the filters say %q (open %v)", name, got, eval[bool](t, ctx, `document.getElementById('filters-box').open`))
		}
	}
}

// Streak: a clean solve brings the next puzzle by itself; leaving the
// page half-way keeps the run as a record. Storm: a clock bar and a
// combo meter, no Hint, the next puzzle by itself, and a run left for
// another mode recorded.
func TestBrowserTrainStreakStorm(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := trainViewport(t, 390, 844)
	open(t, ctx, srv.url("train/?mode=streak"))
	waitFor(t, ctx, puzzleIs("play")+` && document.getElementById('mode-status').textContent.indexOf('Streak 0 ') === 0`, 10*time.Second)
	for score := 1; score <= 2; score++ {
		n := opened(t, ctx)
		solveShown(t, ctx)
		waitFor(t, ctx, fmt.Sprintf(`document.getElementById('mode-status').textContent.indexOf('Streak %d ') === 0`, score), 5*time.Second)
		// No click: the next puzzle comes by itself.
		waitFor(t, ctx, openedMore(n), 10*time.Second)
	}
	trainShot(t, ctx, "phone-streak")
	// Leaving the page mid-run records it.
	run(t, ctx, chromedp.Navigate(srv.url("train/dashboard/")))
	waitFor(t, ctx, `document.querySelectorAll('#records dd').length > 0`, 10*time.Second)
	if rec := dashboardRecord(t, ctx, "Best Streak"); rec != "2" {
		t.Errorf("Best Streak after leaving a streak of 2: %q", rec)
	}

	open(t, ctx, srv.url("train/?mode=storm"))
	waitFor(t, ctx, puzzleIs("play")+` && /^Storm [23]:/.test(document.getElementById('mode-status').textContent)`, 10*time.Second)
	if !eval[bool](t, ctx, `!document.getElementById('storm-bar').hidden && document.getElementById('storm-clock').getBoundingClientRect().width > 100`) {
		t.Error("Storm shows no clock bar")
	}
	if !eval[bool](t, ctx, `document.querySelector('#puzzle [data-action="hint"]').hidden`) {
		t.Error("Storm offers Hint")
	}
	run(t, ctx, chromedp.KeyEvent("h"))
	if n := eval[int](t, ctx, `document.querySelectorAll('#hints li').length`); n != 0 {
		t.Errorf("the h key gave %d hints in Storm", n)
	}
	// The clock waits for the first move, as lichess's does: not for
	// the puzzle to load, nor for the player to read it.
	time.Sleep(1500 * time.Millisecond)
	if st := modeStatus(t, ctx); !strings.HasPrefix(st, "Storm 3:00 ") {
		t.Errorf("Storm before the first move: %q, want the clock at 3:00", st)
	}
	clock0 := eval[float64](t, ctx, `parseFloat(getComputedStyle(document.getElementById('storm-clock')).getPropertyValue('--share'))`)
	if clock0 != 1 {
		t.Errorf("the clock bar before the first move is %.3f full, want 1", clock0)
	}
	n := opened(t, ctx)
	solveShown(t, ctx)
	waitFor(t, ctx, openedMore(n), 10*time.Second)
	status := modeStatus(t, ctx)
	if !regexp.MustCompile(`^Storm [0-3]:\d\d · score 1 · combo [1-9]`).MatchString(status) {
		t.Errorf("Storm after a solve: %q", status)
	}
	if c := eval[string](t, ctx, `document.getElementById('storm-combo-count').textContent`); !strings.HasPrefix(c, "Combo ") || c == "Combo 0" {
		t.Errorf("combo meter %q after a solve", c)
	}
	// The meter fills toward the next bonus and starts again at each:
	// empty after a solve whose moves made the combo a multiple of it.
	share := eval[float64](t, ctx, `parseFloat(getComputedStyle(document.getElementById('storm-combo')).getPropertyValue('--share'))`)
	combo := eval[float64](t, ctx, `TC.trainer.state.run.combo`)
	const every = 5 // trainstate.js's STORM_COMBO
	if want := math.Mod(combo, every) / every; math.Abs(share-want) > 1e-9 || share >= 1 {
		t.Errorf("combo meter filled %.2f after a solve with combo %.0f, want %.2f", share, combo, want)
	}
	if clock := eval[float64](t, ctx, `parseFloat(getComputedStyle(document.getElementById('storm-clock')).getPropertyValue('--share'))`); !(clock < clock0 && clock > 0.5) {
		t.Errorf("the clock bar went from %.3f to %.3f", clock0, clock)
	}
	trainShot(t, ctx, "phone-storm")
	// Another mode mid-run: the Storm so far is recorded.
	run(t, ctx, chromedp.Click(css(`[data-mode="rated"]`)))
	waitFor(t, ctx, `document.getElementById('storm-bar').hidden`, 5*time.Second)
	if hidden := eval[bool](t, ctx, `document.querySelector('#puzzle [data-action="hint"]').hidden`); hidden {
		t.Error("Hint stays hidden after leaving Storm")
	}
	run(t, ctx, chromedp.Navigate(srv.url("train/dashboard/")))
	waitFor(t, ctx, `document.querySelectorAll('#records dd').length > 0`, 10*time.Second)
	if rec := dashboardRecord(t, ctx, "Best Storm"); rec != "1" {
		t.Errorf("Best Storm after leaving a storm of 1: %q", rec)
	}
}

// dashboardRecord reads a record of the dashboard by its name.
func dashboardRecord(t *testing.T, ctx context.Context, name string) string {
	t.Helper()
	return eval[string](t, ctx, `(() => {
		const dt = Array.from(document.querySelectorAll('#records dt')).find((d) => d.textContent === '`+name+`');
		return dt ? dt.nextElementSibling.textContent : '';
	})()`)
}

// The dashboard: a dated time axis under the rating chart, themes and
// boards named in words, and an import button that reads as one.
func TestBrowserTrainDashboard(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	day := int64(24 * 3600 * 1000)
	t0 := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC).UnixMilli()
	var hist, log []string
	for i := int64(0); i < 12; i++ {
		at := t0 + i*day*3/2
		hist = append(hist, fmt.Sprintf("[%d,%d,%d]", at, 1500+10*i, 300-15*i))
		log = append(log, fmt.Sprintf(`{"id":"tm-Back-rank","t":%d,"ok":%v,"pr":700,"th":["mateIn1","backRankMate"],"f":"standard","m":"rated"}`, at, i%3 != 0))
	}
	progress := `{"v":2,"puzzles":{},"streak":0,"best":0,"player":{"rating":1610,"rd":135,"vol":0.06},"history":[` + strings.Join(hist, ",") +
		`],"log":[` + strings.Join(log, ",") + `],"review":{},"records":{"streak":3,"storm":7}}`
	for _, vp := range [][2]int{{390, 844}, {1280, 800}} {
		name := map[int]string{390: "phone", 1280: "desktop"}[vp[0]]
		ctx := trainViewport(t, vp[0], vp[1])
		run(t, ctx, chromedp.Navigate(srv.url("train/dashboard/")))
		eval[bool](t, ctx, `localStorage.setItem('thinchess.progress', '`+progress+`'), true`)
		run(t, ctx, chromedp.Reload())
		waitFor(t, ctx, `!!document.querySelector('#rating-chart svg polyline') && document.getElementById('by-theme').textContent.indexOf('Back-rank mate') >= 0`, 10*time.Second)
		dates := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#rating-chart .chart-date')).map((d) => d.textContent)`)
		if len(dates) < 2 {
			t.Errorf("%s: dates on the axis %v, want at least two", name, dates)
		}
		for _, d := range dates {
			if !regexp.MustCompile(`^\d{1,2} Mar$`).MatchString(d) {
				t.Errorf("%s: axis date %q, want a day of March", name, d)
			}
		}
		themes := eval[string](t, ctx, `document.getElementById('by-theme').textContent`)
		if !strings.Contains(themes, "Mate in 1") || strings.Contains(themes, "backRankMate") || strings.Contains(themes, "mateIn1") {
			t.Errorf("%s: themes %q, want them in words", name, themes)
		}
		if boards := eval[string](t, ctx, `document.getElementById('by-family').textContent`); strings.Contains(boards, "standard") {
			t.Errorf("%s: boards %q, want them in words", name, boards)
		}
		if w := eval[float64](t, ctx, `document.getElementById('import-file').getBoundingClientRect().width`); w > 2 {
			t.Errorf("%s: the bare file input shows (%.0f px wide)", name, w)
		}
		if label := eval[string](t, ctx, `document.querySelector('label.file-button').textContent.trim()`); label != "Import progress…" {
			t.Errorf("%s: import button reads %q", name, label)
		}
		trainShot(t, ctx, name+"-dashboard")
	}
}
