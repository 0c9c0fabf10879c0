package site

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserProgressTravels is issue 34's "your progress is yours" and
// its review queue at 390×844 with touch: a player fails a puzzle by taps
// (the rating drops, the puzzle enters the review queue), exports the
// trainer's state from the dashboard, and a second player on a fresh
// profile imports the file and has the same rating, the same queue, the
// same stored record and the same drills' bests; there Review brings
// the failed puzzle, solved by taps it waits, and it comes back when it
// is due.
func TestBrowserProgressTravels(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")

	ctx := trainViewport(t, 390, 844)
	open(t, ctx, srv.url("train/?pack=test-mates"))
	waitFor(t, ctx, puzzleIs("play"), 15*time.Second)
	failed := eval[string](t, ctx, `document.getElementById('puzzle').dataset.id`)
	wrong := wrongMove(t, eval[string](t, ctx, boardJS+`.fen`), eval[string](t, ctx, boardJS+`.variant`))
	tapMove(t, ctx, wrong)
	waitFor(t, ctx, `document.getElementById('review-count').textContent === '1'`, 15*time.Second)
	rating := eval[string](t, ctx, `document.getElementById('player-rating').textContent`)
	if rating == "1500" {
		t.Fatalf("a failed puzzle left the rating at %s", rating)
	}

	tap(t, ctx, `.player-line a[href="dashboard/"]`)
	waitFor(t, ctx, `location.pathname.endsWith('/dashboard/') && document.getElementById('player-rating').textContent === '`+rating+`'`, 15*time.Second)
	// A drill's best (drillbests.js) travels in the same file.
	const drills = `{"1d-gardner-8 k/n/r/1/1/R/N/K w - -":{"moves":6,"lost":0}}`
	eval[bool](t, ctx, `localStorage.setItem('thinchess.drills', '`+drills+`'), true`)
	kept := eval[string](t, ctx, `localStorage.getItem('thinchess.progress')`)
	exported := download(t, ctx, `[data-action="export"]`, "thinchess-progress.json")

	other := trainViewport(t, 390, 844)
	run(t, other, chromedp.Navigate(srv.url("train/dashboard/")))
	waitFor(t, other, `document.getElementById('player-rating').textContent === '1500'`, 15*time.Second)
	run(t, other, chromedp.SetUploadFiles(css(`#import-file`), []string{exported}))
	waitFor(t, other, `document.getElementById('data-note').textContent.indexOf('Imported') === 0`, 10*time.Second)
	if got := eval[string](t, other, `document.getElementById('player-rating').textContent`); got != rating {
		t.Errorf("the imported rating reads %s, the exporter's %s", got, rating)
	}
	if got := eval[string](t, other, `localStorage.getItem('thinchess.progress')`); got != kept {
		t.Errorf("the import on a fresh profile stored\n%s\nthe exporter's\n%s", got, kept)
	}
	if got := eval[string](t, other, `localStorage.getItem('thinchess.drills')`); got != drills {
		t.Errorf("the drills' bests on the fresh profile are %s, the exporter's %s", got, drills)
	}
	open(t, other, srv.url("train/"))
	waitFor(t, other, `document.getElementById('review-count').textContent === '1'`, 15*time.Second)
	if got := eval[string](t, other, `document.getElementById('player-rating').textContent`); got != rating {
		t.Errorf("the trainer on the fresh profile shows the rating %s, want %s", got, rating)
	}

	// Review brings the failed puzzle; solved, it waits until it is due.
	n := opened(t, other)
	tap(t, other, `[data-mode="review"]`)
	waitFor(t, other, openedMore(n)+` && `+puzzleOpen(failed), 15*time.Second)
	tapSolve(t, other)
	waitFor(t, other, `document.getElementById('review-count').textContent === '0'`, 10*time.Second)
	due := eval[float64](t, other, `JSON.parse(localStorage.getItem('thinchess.progress')).review['`+failed+`'].due`)
	n = opened(t, other)
	eval[bool](t, other, fmt.Sprintf(`(() => { const d = %d - Date.now(); TC.now = () => Date.now() + d + 60000; return true; })()`, int64(due)))
	tap(t, other, `[data-mode="review"]`)
	waitFor(t, other, openedMore(n)+` && `+puzzleOpen(failed)+` && document.getElementById('review-count').textContent === '1'`, 15*time.Second)
}

// tapSolve solves the mate puzzle the trainer shows by taps, move by
// move, and waits until it says it is solved.
func tapSolve(t *testing.T, ctx context.Context) {
	t.Helper()
	for i := 0; i < 12; i++ {
		waitFor(t, ctx, puzzleIs("play")+` || `+puzzleIs("solved"), 10*time.Second)
		if eval[bool](t, ctx, puzzleIs("solved")) {
			return
		}
		ply := eval[string](t, ctx, `document.getElementById('board').dataset.ply`)
		tapMove(t, ctx, fastestMove(t, eval[string](t, ctx, boardJS+`.fen`), eval[string](t, ctx, boardJS+`.variant`)))
		// Taps a loaded machine lost leave the ply: the loop plays again.
		holds(ctx, puzzleIs("solved")+` || (`+puzzleIs("play")+` && document.getElementById('board').dataset.ply !== '`+ply+`')`, 15*time.Second)
	}
	t.Fatal("the puzzle did not end after 12 moves")
}
