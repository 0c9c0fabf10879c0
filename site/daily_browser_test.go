package site

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/thinchess/thinchess/internal/wire"
)

// TestBrowserTrainDaily follows the home page's "Puzzle of the day" at
// 390×844: it opens a puzzle of the family whose turn it is today (the
// families with puzzles in the index's order, one a day from 1970-01-01,
// daily.js), and a second player, on a fresh profile, gets the same one.
func TestBrowserTrainDaily(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	var idx wire.Index
	for name, data := range site.files {
		if strings.HasPrefix(name, "assets/puzzles/index.") {
			if err := json.Unmarshal(data, &idx); err != nil {
				t.Fatal(err)
			}
		}
	}
	var families []string
	for _, f := range idx.Families {
		if f.Count > 0 {
			families = append(families, f.ID)
		}
	}
	if len(families) < 2 {
		t.Fatalf("the test site's index has families %v: want two or more to tell the days apart", families)
	}
	turn := func(at time.Time) string { return families[int(at.UTC().Unix()/86400)%len(families)] }
	before := turn(time.Now())

	ctx := trainViewport(t, 390, 844)
	run(t, ctx, chromedp.Navigate(srv.url("")))
	run(t, ctx, chromedp.Click(css(`.hero-links a[href$="train/?daily"]`)))
	waitFor(t, ctx, `location.pathname.endsWith('/train/') && `+puzzleIs("play"), 15*time.Second)
	id := eval[string](t, ctx, `document.getElementById('puzzle').dataset.id`)
	family := eval[string](t, ctx, `document.getElementById('puzzle').dataset.family`)
	if family != before && family != turn(time.Now()) {
		t.Errorf("the day's puzzle %s is of family %q, want today's %q (of %v)", id, family, before, families)
	}
	// It is daily.js's pick for today, not the page's first puzzle.
	eval[bool](t, ctx, `(import(document.querySelector('link[rel=modulepreload][href*="/daily."]').href)
		.then((m) => m.dailyPuzzle(TC.trainer.corpus, m.utcDate(Date.now())))
		.then((e) => { window.dailyID = e.id; }), true)`)
	waitFor(t, ctx, `typeof window.dailyID === 'string'`, 10*time.Second)
	if want := eval[string](t, ctx, `window.dailyID`); want != id {
		t.Errorf("the trainer opened %s, daily.js picks %s for today", id, want)
	}

	other := trainViewport(t, 390, 844)
	open(t, other, srv.url("train/?daily"))
	waitFor(t, other, puzzleIs("play"), 15*time.Second)
	if again := eval[string](t, other, `document.getElementById('puzzle').dataset.id`); again != id {
		t.Errorf("a second player's puzzle of the day is %s, the first's %s", again, id)
	}
}
