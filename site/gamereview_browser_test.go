package site

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestBrowserReviewGame plays a game against the perfect computer on a
// phone (390×844, touch) with a deliberate mistake, reviews it, and
// solves the mistake's puzzle in the trainer's Review. The mode is
// Gardner's 1-D chess, whose table the page reads: White wins in 6 with
// 1. Na4 alone, and the table proves 1. Rxa6 a draw (Black is
// stalemated) and 1. Ra4 and 1. Ra5 losses; the game is 1. Ra5?? Rxa5
// 2. Na4 Rxa4#, a win thrown to a loss.
func TestBrowserReviewGame(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := phoneBrowser(t, 390, 844)
	open(t, ctx, srv.url("modes/gardner/"))
	waitFor(t, ctx, `document.getElementById('board').dataset.table === 'loaded'`, 15*time.Second)
	if !eval[bool](t, ctx, `document.getElementById('game-review').hidden`) {
		t.Error("Review this game shows before the player has moved")
	}

	// The mistake, by two taps, the computer's answer, and the rest.
	tap(t, ctx, `#board button[data-square="a3"]`)
	tap(t, ctx, `#board button[data-square="a5"]`)
	waitFor(t, ctx, `document.getElementById('board').dataset.ply === '2' && document.getElementById('board').dataset.busy !== 'true'`, 10*time.Second)
	tap(t, ctx, `#board button[data-square="a2"]`)
	tap(t, ctx, `#board button[data-square="a4"]`)
	waitFor(t, ctx, `document.getElementById('board').dataset.winner === 'black'`, 10*time.Second)
	tap(t, ctx, `#review-game`)
	waitFor(t, ctx, `document.getElementById('game-review').dataset.state === 'done'`, 15*time.Second)

	// The move is marked in the move list, said in the summary and the verdict.
	marks := eval[string](t, ctx, `Array.from(document.querySelectorAll('#moves button.mv')).map((b) => b.textContent + ':' + (b.dataset.mark || '')).join(' ')`)
	if marks != "Ra5??:?? Rxa5: Na4: Rxa4#:" {
		t.Errorf("the move list reads %q, want the first move alone marked ??", marks)
	}
	if s := eval[string](t, ctx, `document.getElementById('review-summary').textContent`); s != "1 mistake: move 1." {
		t.Errorf("the summary says %q", s)
	}
	want := "1. ?? Ra5 — was a win in 6, now a loss in 2; best Na4. Refutation: 1... Rxa5 2. Na4 Rxa4#"
	if v := eval[string](t, ctx, `document.getElementById('review-marks').textContent`); !strings.HasPrefix(v, want) {
		t.Errorf("the verdict says %q, want it to start %q", v, want)
	}
	added := eval[string](t, ctx, `(() => { const a = document.getElementById('review-added'); return a.hidden ? '' : a.dataset.count + ': ' + a.textContent; })()`)
	if !strings.HasPrefix(added, "1: 1 puzzle from this game added to your reviews.") {
		t.Errorf("the page says %q about the puzzles added", added)
	}

	// A tap on the verdict goes back to the position before the mistake,
	// the best move shown.
	tap(t, ctx, `#review-marks button`)
	waitFor(t, ctx, `document.getElementById('board').dataset.ply === '0'`, 5*time.Second)
	waitFor(t, ctx, `Array.from(document.querySelectorAll('#board .best')).map((b) => b.dataset.square).sort().join() === 'a2,a4'`, 5*time.Second)
	// Redo brings the game back along its line, and the mark with it.
	tap(t, ctx, `button[data-action="redo"]`)
	waitFor(t, ctx, `(document.querySelector('#moves button.mv[data-ply="1"]') || {dataset: {}}).dataset.mark === '??'`, 5*time.Second)

	// The link leads to the trainer's Review, where the mistake's puzzle
	// comes up: the position before it, White to play.
	tap(t, ctx, `#review-added a`)
	waitFor(t, ctx, `location.pathname.endsWith('/train/') && `+puzzleIs("play"), 15*time.Second)
	eval[bool](t, ctx, `(TC.pause = 60, true)`)
	if id := eval[string](t, ctx, `document.getElementById('puzzle').dataset.id`); !strings.HasPrefix(id, "g-") {
		t.Fatalf("the trainer's Review opened %q, not the puzzle from the game", id)
	}
	if p := eval[string](t, ctx, `document.getElementById('puzzle').dataset.pack`); p != "_games" {
		t.Errorf("the puzzle's pack is %q, want _games", p)
	}
	trainShot(t, ctx, "own-puzzle-390")
	if task := eval[string](t, ctx, `document.getElementById('puzzle-task').textContent`); task != "White to play and mate in 6." {
		t.Errorf("the task is %q", task)
	}
	if pressed := eval[string](t, ctx, `document.querySelector('[data-mode="review"]').getAttribute('aria-pressed')`); pressed != "true" {
		t.Errorf("the trainer opened in another mode than Review (aria-pressed %q)", pressed)
	}

	// The mistake again is refuted by the table and taken back.
	tap(t, ctx, `#board button[data-square="a3"]`)
	tap(t, ctx, `#board button[data-square="a5"]`)
	waitFor(t, ctx, `document.getElementById('feedback').textContent.includes('Proven by the exact table')`, 10*time.Second)
	if f := eval[string](t, ctx, `document.getElementById('feedback').textContent`); !strings.HasPrefix(f, "✗ 1. Ra5? 1... Rxa5 2. Na4 Rxa4#") {
		t.Errorf("the mistake's refutation says %q", f)
	}
	waitFor(t, ctx, puzzleIs("play")+` && document.getElementById('board').dataset.ply === '0'`, 10*time.Second)

	// The best move, then the rest of the mate against the perfect defence.
	for i, mv := range [][2]string{{"a2", "a4"}, {"a4", "a6"}, {"a3", "a4"}, {"a1", "a2"}, {"a6", "a8"}, {"a4", "a5"}} {
		tap(t, ctx, `#board button[data-square="`+mv[0]+`"]`)
		tap(t, ctx, `#board button[data-square="`+mv[1]+`"]`)
		waitFor(t, ctx, fmt.Sprintf(`(%s && Number(document.getElementById('board').dataset.ply) >= %d) || %s`, puzzleIs("play"), 2*i+2, puzzleIs("solved")), 10*time.Second)
		if f := eval[string](t, ctx, `document.getElementById('feedback').textContent`); strings.HasPrefix(f, "✗") {
			t.Fatalf("%s–%s was judged wrong: %q", mv[0], mv[1], f)
		}
		if i == 0 {
			// Past the puzzle's stored first move, a hint still comes
			// from the table (the piece to move), not the solution.
			tap(t, ctx, `#puzzle [data-action="hint"]`)
			waitFor(t, ctx, `document.querySelectorAll('#hints li').length === 1 || document.getElementById('feedback').textContent.startsWith('The solution')`, 10*time.Second)
			if h := eval[string](t, ctx, `(document.querySelector('#hints li') || {textContent: ''}).textContent`); !strings.HasPrefix(h, "Move your knight on a4") {
				t.Fatalf("the hint after 1. Na4 Na5 is %q (feedback %q), want the knight on a4 to move", h, eval[string](t, ctx, `document.getElementById('feedback').textContent`))
			}
		}
	}
	waitFor(t, ctx, puzzleIs("solved"), 5*time.Second)
	if f := eval[string](t, ctx, `document.getElementById('feedback').textContent`); !strings.HasPrefix(f, "Solved!") {
		t.Errorf("after the mate the puzzle says %q", f)
	}
}

// TestBrowserReviewGameProver reviews a game on a board without a table
// (standard chess, opened on the fool's mate as a linked line: 1. f3 e5
// 2. g4?? Qh4#): the mate prover proves 2. g4 allows a mate in 1, the
// summary says only proven mistakes are marked, and no puzzle is made
// (a mate allowed has no proven best move).
func TestBrowserReviewGameProver(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := phoneBrowser(t, 390, 844)
	open(t, ctx, srv.url("modes/standard/?moves=f2f3,e7e5,g2g4,d8h4"))
	waitFor(t, ctx, `document.getElementById('board').dataset.winner === 'black' && !document.getElementById('game-review').hidden`, 30*time.Second)
	tap(t, ctx, `#review-game`)
	waitFor(t, ctx, `document.getElementById('game-review').dataset.state === 'done'`, 60*time.Second)
	marks := eval[string](t, ctx, `Array.from(document.querySelectorAll('#moves button.mv')).map((b) => b.textContent + ':' + (b.dataset.mark || '')).join(' ')`)
	if marks != "f3: e5: g4??:?? Qh4#:" {
		t.Errorf("the move list reads %q, want 2. g4 alone marked ??", marks)
	}
	sum := eval[string](t, ctx, `document.getElementById('review-summary').textContent`)
	if !strings.HasPrefix(sum, "1 mistake: move 2. Only mistakes the mate prover proves are marked") {
		t.Errorf("the summary says %q", sum)
	}
	if v := eval[string](t, ctx, `document.getElementById('review-marks').textContent`); v != "2. ?? g4 — allows a forced mate in 1. Refutation: 2... Qh4#" {
		t.Errorf("the verdict says %q", v)
	}
	if n := eval[string](t, ctx, `document.getElementById('review-added').dataset.count`); n != "0" {
		t.Errorf("%s puzzles were made of a mate allowed", n)
	}
	if eval[bool](t, ctx, `!!localStorage.getItem('thinchess.progress')`) {
		t.Error("the review wrote the trainer's progress with no puzzle to add")
	}
}
