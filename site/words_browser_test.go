package site

import (
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/thinchess/thinchess/engine"
)

// TestBrowserWordsShots is for the eye: with THINCHESS_SCREENSHOTS set
// it saves, at 390×844 and 1280×800, the longest shipped Ban puzzle
// after the computer's move and ban and after a wrong action of the
// player's, and the Gardner mate puzzle after a miss, and logs the words
// shown. Without the variable it skips: it checks nothing the other
// tests do not.
func TestBrowserWordsShots(t *testing.T) {
	if os.Getenv("THINCHESS_SCREENSHOTS") == "" {
		t.Skip("set THINCHESS_SCREENSHOTS to a folder to take the screenshots")
	}
	needChromium(t)
	all := shippedBanPuzzles(t)
	slices.SortStableFunc(all, func(a, b banPuzzle) int {
		return len(strings.Fields(b.Solution)) - len(strings.Fields(a.Solution))
	})
	long := all[0]
	srv := serve(t, banPackSite(t, []banPuzzle{long}).dir, "")
	for _, size := range [][2]int{{390, 844}, {1280, 800}} {
		ctx := trainViewport(t, size[0], size[1])
		tag := strconv.Itoa(size[0]) + "x" + strconv.Itoa(size[1])
		words := func(what string) {
			t.Logf("%s %s: feedback %q; status %q; note %q; marks %s", tag, what,
				text(t, ctx, "#feedback"), text(t, ctx, "#status"), text(t, ctx, "#ban-note"),
				eval[string](t, ctx, `Array.from(document.querySelectorAll('#board .sq.last, #board .sq.banned')).map(b => b.dataset.square + '=' + b.title).join(' ')`))
		}
		// The Ban puzzle, mid-line: the player's first action, then the
		// computer's move and ban.
		line := strings.Fields(long.Solution)
		open(t, ctx, srv.url("train/?mode=practice&id="+long.ID))
		waitFor(t, ctx, puzzleOpen(long.ID), 60*time.Second)
		// The player's actions of the line until the computer has acted.
		mine := map[int]bool{}
		for ply := 0; ; ply = eval[int](t, ctx, `+`+boardJS+`.ply`) {
			if ply > 0 && !mine[ply-1] {
				break
			}
			if ply >= len(line)-1 {
				t.Fatalf("%s: the computer did not act", long.ID)
			}
			mine[ply] = true
			sq := squareNames.FindAllString(line[ply][2:], 2)
			clickMove(t, ctx, sq[0], sq[1])
			waitFor(t, ctx, `+`+boardJS+`.ply > `+strconv.Itoa(ply)+` && `+puzzleIs("play"), 20*time.Second)
		}
		words("ban mid-line")
		screenshot(t, ctx, "words-ban-midline-"+tag)
		// A wrong action there: one the board offers that the line does not play.
		right := line[eval[int](t, ctx, `+`+boardJS+`.ply`)]
		offered := eval[[]string](t, ctx, `(() => {
			const out = [];
			for (const b of document.querySelectorAll('#board button[data-square][data-piece]')) {
				b.click();
				document.querySelectorAll('#board button.dot, #board button.cap').forEach((d) => out.push(b.dataset.square + d.dataset.square));
				b.click();
			}
			return out;
		})()`)
		for _, wrong := range offered {
			if strings.HasSuffix(right, ":"+wrong) {
				continue
			}
			w := squareNames.FindAllString(wrong, 2)
			clickMove(t, ctx, w[0], w[1])
			waitFor(t, ctx, `document.getElementById('feedback').textContent.indexOf('✗') === 0 || document.getElementById('feedback').textContent.indexOf('that wins too') >= 0`, 20*time.Second)
			words("ban miss " + wrong)
			screenshot(t, ctx, "words-ban-miss-"+tag)
			break
		}
		// The Gardner mate puzzle after a miss: a move that mates no
		// faster than the puzzle's.
		open(t, ctx, srv.url("train/?mode=practice&id=gardner-mate"))
		waitFor(t, ctx, puzzleOpen("gardner-mate"), 30*time.Second)
		fen, variant := eval[string](t, ctx, boardJS+`.fen`), eval[string](t, ctx, boardJS+`.variant`)
		preset := variant
		if preset == "" {
			preset = "chess"
		}
		p, err := engine.Parse(fen, engine.MustPreset(preset))
		if err != nil {
			t.Fatal(err)
		}
		best := fastestMove(t, fen, variant)
		var miss string
		for _, m := range p.LegalMoves(nil) {
			q := *p
			q.Make(m)
			if c := m.Coord(p.B); c != best && len(q.LegalMoves(nil)) > 0 && !q.InCheck() {
				miss = c
			}
		}
		ms := squareNames.FindAllString(miss, 2)
		clickMove(t, ctx, ms[0], ms[1])
		waitFor(t, ctx, `document.getElementById('feedback').textContent.indexOf('✗') === 0 || document.getElementById('feedback').textContent.indexOf('that wins too') >= 0`, 20*time.Second)
		words("gardner miss " + miss)
		screenshot(t, ctx, "words-gardner-miss-"+tag)
		// Taken back: the start again, the opponent's last move (if any) marked.
		waitFor(t, ctx, puzzleIs("play")+` && +`+boardJS+`.ply === 0`, 20*time.Second)
		words("gardner after the miss is taken back")
	}
}
