package site

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Sets and cycles (the Woodpecker method, trainsets.js) as a player on a
// touch phone meets them: a set made from the filters (the test site's
// pack of three mates), run twice — one mistake in the first cycle, none
// in the second — and both cycles listed with their time and accuracy;
// its share link, opened on a fresh profile, offers the set, and the same
// puzzles come up in the same order.
func TestBrowserTrainSets(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := phoneBrowser(t, 390, 844)
	// Sets with no set yet opens no puzzle: it waits for one to be made.
	run(t, ctx, chromedp.Navigate(srv.url("train/?mode=sets")))
	waitFor(t, ctx, setsShown, 15*time.Second)
	eval[bool](t, ctx, `TC.pause = 150, true`)
	if !eval[bool](t, ctx, `document.getElementById('sets-box').open`) {
		t.Error("Sets opens with its box folded though no set runs")
	}
	// The filters: the pack of three mates.
	tap(t, ctx, `#filters-box > summary`)
	run(t, ctx, chromedp.SetValue(css(`#f-pack`), "test-mates"))
	eval[bool](t, ctx, `document.getElementById('f-pack').dispatchEvent(new Event('change', {bubbles: true})), true`)
	waitFor(t, ctx, `document.getElementById('set-filter').textContent === 'The filters choose: Pack Test mates.'`, 5*time.Second)
	tap(t, ctx, `#set-name`)
	run(t, ctx, chromedp.SendKeys(css(`#set-name`), "Woodpecker"))
	tap(t, ctx, `#set-make button`)
	waitFor(t, ctx, `document.querySelectorAll('#set-list .set-item').length === 1`, 10*time.Second)
	if h := eval[string](t, ctx, `document.querySelector('#set-list .set-item h3').textContent`); h != "Woodpecker · 3 puzzles" {
		t.Fatalf("the set made: %q", h)
	}
	ids := setIDs(t, ctx)
	if got := slices.Sorted(slices.Values(ids)); !slices.Equal(got, []string{"tm-Back-rank", "tm-Rook-swap", "tm-one-file"}) {
		t.Fatalf("the set holds %v, want the pack's three puzzles", ids)
	}
	trainShot(t, ctx, "phone-sets-made")

	// Cycle 1: a wrong move in the first puzzle, the others clean.
	playCycle(t, ctx, ids, true)
	if got := eval[string](t, ctx, `document.getElementById('train-error').textContent`); !strings.Contains(got, "2/3 first try (67%)") || !strings.Contains(got, "cycle 2") {
		t.Errorf("after cycle 1 the trainer says %q", got)
	}
	tap(t, ctx, `#sets-box > summary`)
	waitFor(t, ctx, `document.getElementById('sets-box').open`, 5*time.Second)
	if b := eval[string](t, ctx, `document.querySelector('#set-list [data-set-action="run"]').textContent`); b != "Run cycle 2" {
		t.Errorf("the set's button after cycle 1: %q", b)
	}
	// Cycle 2, clean, in the same order.
	playCycle(t, ctx, ids, false)
	tap(t, ctx, `#sets-box > summary`)
	waitFor(t, ctx, `document.getElementById('sets-box').open`, 5*time.Second)
	cycles := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#set-list .set-cycles li')).map((li) => li.textContent)`)
	want := []*regexp.Regexp{
		regexp.MustCompile(`^Cycle 1: \d+:\d\d · 2/3 first try \(67%\)$`),
		regexp.MustCompile(`^Cycle 2: \d+:\d\d · 3/3 first try \(100%\)$`),
	}
	if len(cycles) != 2 || !want[0].MatchString(cycles[0]) || !want[1].MatchString(cycles[1]) {
		t.Errorf("the set's cycles listed: %q", cycles)
	}
	// Each cycle's time is the time spent solving, more than nothing.
	ms := eval[[]float64](t, ctx, `JSON.parse(localStorage.getItem('thinchess.progress')).sets[0].cycles.map((c) => c.ms)`)
	if len(ms) != 2 || ms[0] < 500 || ms[1] < 500 {
		t.Errorf("the cycles' times: %v ms", ms)
	}
	trainShot(t, ctx, "phone-sets-two-cycles")

	// The share link, opened on a fresh profile.
	tap(t, ctx, `#set-list [data-set-action="share"]`)
	waitFor(t, ctx, `!!document.querySelector('#set-list .set-link')`, 5*time.Second)
	link := eval[string](t, ctx, `document.querySelector('#set-list .set-link').value`)
	if !strings.Contains(link, "/train/?set=Woodpecker&ids=") || len(link) > len(srv.url("train/"))+60 {
		t.Errorf("share link %q", link)
	}
	exported := download(t, ctx, `#set-list [data-set-action="export"]`, "thinchess-set-woodpecker.json")
	other := phoneBrowser(t, 390, 844)
	run(t, other, chromedp.Navigate(link))
	waitFor(t, other, setsShown, 15*time.Second)
	eval[bool](t, other, `TC.pause = 150, true`)
	waitFor(t, other, `!document.getElementById('set-offer').hidden`, 10*time.Second)
	if got := eval[string](t, other, `document.getElementById('set-offer-text').textContent`); got != "A set shared with you: “Woodpecker”, 3 puzzles." {
		t.Errorf("the link offers %q", got)
	}
	trainShot(t, other, "phone-sets-offer")
	tap(t, other, `[data-set-offer="add"]`)
	waitFor(t, other, `document.querySelectorAll('#set-list .set-item').length === 1`, 10*time.Second)
	if got := setIDs(t, other); !slices.Equal(got, ids) {
		t.Errorf("the shared set holds %v, the first player's %v", got, ids)
	}
	tap(t, other, `#set-list [data-set-action="run"]`)
	n := 0
	waitFor(t, other, openedMore(n)+` && document.getElementById('puzzle').dataset.id === '`+ids[0]+`'`, 15*time.Second)
	if got := modeStatus(t, other); got != "Woodpecker · 1/3 · cycle 1" {
		t.Errorf("the shared set's line: %q", got)
	}

	// A foreign file is refused and changes nothing; the first player's
	// exported set comes in with its two cycles.
	foreign := filepath.Join(t.TempDir(), "foreign.json")
	if err := os.WriteFile(foreign, []byte(`{"kind":"thinchess-progress","progress":{}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	kept := eval[string](t, other, `localStorage.getItem('thinchess.progress')`)
	run(t, other, chromedp.SetUploadFiles(css(`#set-file`), []string{foreign}))
	waitFor(t, other, `document.getElementById('set-note').textContent === 'This file is not a thinchess set. Nothing was changed.'`, 10*time.Second)
	if after := eval[string](t, other, `localStorage.getItem('thinchess.progress')`); after != kept {
		t.Errorf("a foreign file changed the progress to %s", after)
	}
	run(t, other, chromedp.SetUploadFiles(css(`#set-file`), []string{exported}))
	waitFor(t, other, `document.querySelectorAll('#set-list .set-item').length === 2`, 10*time.Second)
	if got := eval[int](t, other, `document.querySelectorAll('#set-list .set-item:nth-child(2) .set-cycles li').length`); got != 2 {
		t.Errorf("the imported set lists %d cycles, want 2", got)
	}
}

// setsShown: the trainer is up and shows Sets.
const setsShown = `!!window.TC && !!TC.trainer && !document.getElementById('sets-box').hidden`

// setIDs are the puzzles of the first set kept in the progress.
func setIDs(t *testing.T, ctx context.Context) []string {
	t.Helper()
	var ids []string
	raw := eval[string](t, ctx, `JSON.stringify(JSON.parse(localStorage.getItem('thinchess.progress')).sets[0].ids)`)
	if err := json.Unmarshal([]byte(raw), &ids); err != nil {
		t.Fatal(err)
	}
	return ids
}

// playCycle runs the first set's next cycle and plays it, by taps: its
// puzzles come in the order ids, each solved by the fastest mate (with a wrong
// move first in the first puzzle when miss is set), the next coming by
// itself; the line above the board counts them.
func playCycle(t *testing.T, ctx context.Context, ids []string, miss bool) {
	t.Helper()
	before := opened(t, ctx)
	tap(t, ctx, `#set-list [data-set-action="run"]`)
	for i, id := range ids {
		waitFor(t, ctx, openedMore(before)+` && document.getElementById('puzzle').dataset.id === '`+id+`'`, 15*time.Second)
		if got, want := modeStatus(t, ctx), "Woodpecker · "+string(rune('1'+i))+"/3 · cycle "; !strings.HasPrefix(got, want) {
			t.Errorf("puzzle %d: the line says %q, want %q…", i+1, got, want)
		}
		if miss && i == 0 {
			tapMove(t, ctx, wrongMove(t, eval[string](t, ctx, boardJS+`.fen`), eval[string](t, ctx, boardJS+`.variant`)))
			waitFor(t, ctx, `document.getElementById('feedback').textContent.indexOf('✗') === 0`, 10*time.Second)
		}
		n := opened(t, ctx)
		for k := 0; k < 12 && !eval[bool](t, ctx, puzzleIs("solved")+` || +document.getElementById('puzzle').dataset.opened > `+strconv.Itoa(n)); k++ {
			waitFor(t, ctx, puzzleIs("play")+` || `+puzzleIs("solved"), 15*time.Second)
			if eval[bool](t, ctx, puzzleIs("solved")) {
				break
			}
			// A move whose taps a loaded machine lost leaves the puzzle
			// waiting: the next turn of the loop plays it again.
			tapMove(t, ctx, fastestMove(t, eval[string](t, ctx, boardJS+`.fen`), eval[string](t, ctx, boardJS+`.variant`)))
			holds(ctx, `!(`+puzzleIs("play")+`) || document.getElementById('feedback').textContent.indexOf('✗') === 0`, 15*time.Second)
		}
	}
	// The last solved, the cycle is done: the trainer says so.
	waitFor(t, ctx, `document.getElementById('train-error').textContent.includes('is done')`, 15*time.Second)
}

// tapMove plays a move given in coordinates ("a10a9") by two taps; the
// first is tapped again when no target shows, the second while the
// targets still show (a busy machine may lose either while the board
// settles).
func tapMove(t *testing.T, ctx context.Context, move string) {
	t.Helper()
	sq := squareNames.FindAllString(move, 2)
	for try := 0; try < 3; try++ {
		tap(t, ctx, `#board button[data-square="`+sq[0]+`"]`)
		if holds(ctx, `!!document.querySelector('#board button.dot, #board button.cap')`, 3*time.Second) {
			break
		}
	}
	for try := 0; try < 3; try++ {
		tap(t, ctx, `#board button[data-square="`+sq[1]+`"]`)
		if holds(ctx, `!document.querySelector('#board button.dot, #board button.cap')`, 3*time.Second) {
			break
		}
	}
}

// holds reports whether a JavaScript condition comes to hold within
// the timeout.
func holds(ctx context.Context, cond string, timeout time.Duration) bool {
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+cond+")")); err == nil && ok {
			return true
		}
	}
	return false
}
