package site

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserProgressTravels is issue 34's "your progress is yours" at
// 390×844 with touch: a player fails a puzzle by taps (the rating drops,
// the puzzle enters the review queue), exports the trainer's state from
// the dashboard, and a second player on a fresh profile imports the file
// and has the same rating, the same queue and the same stored record.
func TestBrowserProgressTravels(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")

	ctx := trainViewport(t, 390, 844)
	open(t, ctx, srv.url("train/?pack=test-mates"))
	waitFor(t, ctx, puzzleIs("play"), 15*time.Second)
	wrong := wrongMove(t, eval[string](t, ctx, boardJS+`.fen`), eval[string](t, ctx, boardJS+`.variant`))
	tapMove(t, ctx, wrong)
	waitFor(t, ctx, `document.getElementById('review-count').textContent === '1'`, 15*time.Second)
	rating := eval[string](t, ctx, `document.getElementById('player-rating').textContent`)
	if rating == "1500" {
		t.Fatalf("a failed puzzle left the rating at %s", rating)
	}

	tap(t, ctx, `.player-line a[href="dashboard/"]`)
	waitFor(t, ctx, `location.pathname.endsWith('/dashboard/') && document.getElementById('player-rating').textContent === '`+rating+`'`, 15*time.Second)
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
	open(t, other, srv.url("train/"))
	waitFor(t, other, `document.getElementById('review-count').textContent === '1'`, 15*time.Second)
	if got := eval[string](t, other, `document.getElementById('player-rating').textContent`); got != rating {
		t.Errorf("the trainer on the fresh profile shows the rating %s, want %s", got, rating)
	}
}
