package site

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// TestBrowserDrill plays a drill against perfect play on a phone (390×844,
// touch) as a player would: on the test site's 1-D Gardner page it opens
// the Drill box, starts a fresh drill and follows its link to the same
// drill, then opens a seeded Medium drill and plays it by taps: once
// a winning move slower than the fastest (the first position where the
// table has one), else the table's fastest mate. The page grades it with
// exactly the moves that slower move lost, and keeps the best; Reset
// and a perfect try make a new best, and a try helped by Best move
// keeps none.
func TestBrowserDrill(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	m, tb := solvedMode(t, filepath.Join(renderSrc, "modes", "1d-chess", "gardner.md"))

	ctx := phoneBrowser(t, 390, 844)
	const playing = `document.getElementById('drill').dataset.state === 'playing' && document.getElementById('board').dataset.fen === document.getElementById('drill').dataset.start`
	// New drill picks a fresh one; its link opens the same drill again.
	open(t, ctx, srv.url("modes/gardner/"))
	waitFor(t, ctx, `document.getElementById('board').dataset.table === 'loaded'`, 10*time.Second)
	tap(t, ctx, `#drill > summary`)
	tap(t, ctx, `#drill button[data-drill="new"]`)
	waitFor(t, ctx, playing+` && !document.getElementById('drill-link').hidden`, 10*time.Second)
	fresh := eval[string](t, ctx, `document.getElementById('drill').dataset.start`)
	seed := eval[string](t, ctx, `document.getElementById('drill').dataset.seed`)
	if href := eval[string](t, ctx, `document.getElementById('drill-link').getAttribute('href')`); href != "?drill="+seed+"&band=medium" {
		t.Errorf("the link to drill %s is %q", seed, href)
	}
	tap(t, ctx, `#drill-link`)
	waitFor(t, ctx, `location.search.startsWith('?drill=') && document.getElementById('drill').open && `+playing, 15*time.Second)
	if again := eval[string](t, ctx, `document.getElementById('drill').dataset.start`); again != fresh {
		t.Errorf("the link to drill %s opened %s, not %s", seed, again, fresh)
	}

	// The drill of seed 11 has a slower winning move on its way.
	open(t, ctx, srv.url("modes/gardner/?drill=11&band=medium"))
	waitFor(t, ctx, playing, 10*time.Second)
	if seed := eval[string](t, ctx, `document.getElementById('drill').dataset.seed`); seed != "11" {
		t.Errorf("the drill's seed is %q, want the URL's 11", seed)
	}
	start := eval[string](t, ctx, `document.getElementById('drill').dataset.start`)
	p, err := engine.Parse(start, m.Rules)
	if err != nil {
		t.Fatal(err)
	}
	v, dtm, ok := tb.Probe(p)
	if !ok || v != solver.Win {
		t.Fatalf("the drill %s is %v in the table (known %v), want a win", start, v, ok)
	}
	perfect := engine.MateIn(true, dtm)
	if perfect < 4 || perfect > 6 {
		t.Errorf("a Medium drill of mate in %d", perfect)
	}
	task := eval[string](t, ctx, `document.getElementById('drill-task').textContent`)
	if want := fmt.Sprintf("to play and win: mate in %d against perfect defence.", perfect); !strings.Contains(task, want) {
		t.Errorf("the task says %q, want %q", task, want)
	}
	player := p.Side.String()
	// The open box fits the phone: nothing in it sticks out of it, and
	// the page does not scroll sideways.
	if out := eval[string](t, ctx, `(() => {
		const box = document.getElementById('drill').getBoundingClientRect();
		const out = [...document.querySelectorAll('#drill *')].filter((e) => e.getBoundingClientRect().right > box.right + 0.5);
		return out.map((e) => e.tagName + (e.id ? '#' + e.id : '')).join(' ') + (document.documentElement.scrollWidth > innerWidth ? ' page' : '');
	})()`); out != "" {
		t.Errorf("out of the drill box at 390 px: %s", out)
	}
	trainShot(t, ctx, "drill-start-390")

	played, lost := playDrill(t, ctx, tb, m.Rules, player, true)
	if lost == 0 {
		t.Fatal("no position of the drill had a slower winning move: pick another seed")
	}
	waitFor(t, ctx, `document.getElementById('drill').dataset.state !== 'playing'`, 5*time.Second)
	if state := eval[string](t, ctx, `document.getElementById('drill').dataset.state`); state != "won" {
		t.Fatalf("the drill ended %q, want won", state)
	}
	if got := eval[string](t, ctx, `document.getElementById('drill').dataset.lost`); got != strconv.Itoa(lost) {
		t.Errorf("the page counts %s moves lost, the slower move lost %d", got, lost)
	}
	result := eval[string](t, ctx, `document.getElementById('drill-result').textContent`)
	want := fmt.Sprintf("Won in %d moves; perfect was %d — %s lost. A new best.", played, perfect, plural(lost, "move"))
	if played != perfect+lost || result != want {
		t.Errorf("after %d moves (mate in %d, %d lost) the drill says %q, want %q", played, perfect, lost, result, want)
	}
	if best := eval[string](t, ctx, `document.getElementById('drill-best').textContent`); best != fmt.Sprintf("Your best: won in %d moves, %s lost.", played, plural(lost, "move")) {
		t.Errorf("the best shown is %q, want %q", best, fmt.Sprintf("Your best: won in %d moves, %s lost.", played, plural(lost, "move")))
	}
	t.Logf("drill %s: %q", start, result)
	trainShot(t, ctx, "drill-won-390")

	// Reset plays the drill again, a fresh try: played perfectly, it
	// loses nothing and is the new best.
	tap(t, ctx, `button[data-action="reset"]`)
	waitFor(t, ctx, `document.getElementById('drill').dataset.state === 'playing' && document.getElementById('board').dataset.ply === '0'`, 5*time.Second)
	if again, _ := playDrill(t, ctx, tb, m.Rules, player, false); again != perfect {
		t.Errorf("the fastest mate took %d moves, the table says %d", again, perfect)
	}
	waitFor(t, ctx, `document.getElementById('drill').dataset.state === 'won'`, 5*time.Second)
	if result := eval[string](t, ctx, `document.getElementById('drill-result').textContent`); result != fmt.Sprintf("Won in %d moves — perfect play. A new best.", perfect) {
		t.Errorf("played perfectly, the drill says %q", result)
	}
	if best := eval[string](t, ctx, `document.getElementById('drill-best').textContent`); best != fmt.Sprintf("Your best: won in %d moves, perfect.", perfect) {
		t.Errorf("after a perfect try the best shown is %q", best)
	}

	// A try helped by Best move is graded but keeps no best.
	tap(t, ctx, `button[data-action="reset"]`)
	waitFor(t, ctx, `document.getElementById('drill').dataset.state === 'playing' && document.getElementById('board').dataset.ply === '0'`, 5*time.Second)
	tap(t, ctx, `button[data-action="best"]`)
	waitFor(t, ctx, `document.getElementById('analysis').textContent.startsWith('Best move: ')`, 5*time.Second)
	playDrill(t, ctx, tb, m.Rules, player, false)
	waitFor(t, ctx, `document.getElementById('drill').dataset.state === 'won'`, 5*time.Second)
	if result := eval[string](t, ctx, `document.getElementById('drill-result').textContent`); result != fmt.Sprintf("Won in %d moves — perfect play. No best is kept: the best move was shown.", perfect) {
		t.Errorf("helped by Best move, the drill says %q", result)
	}
}

// playDrill plays the player's moves of a drill by taps until the game
// ends: the table's fastest mate, but with slow the first winning move
// slower than the fastest that a position offers. It returns the moves
// played and the moves of mate the slower move lost.
func playDrill(t *testing.T, ctx context.Context, tb *solver.Table, r *engine.Rules, player string, slow bool) (played, lost int) {
	t.Helper()
	for ; ; played++ {
		if played > 20 {
			t.Fatal("the drill did not end in 20 moves")
		}
		waitFor(t, ctx, `(() => { const b = document.getElementById('board').dataset; return b.over !== '' || (b.turn === '`+player+`' && b.busy !== 'true'); })()`, 10*time.Second)
		if eval[string](t, ctx, `document.getElementById('board').dataset.over`) != "" {
			return played, lost
		}
		fen := eval[string](t, ctx, `document.getElementById('board').dataset.fen`)
		q, err := engine.Parse(fen, r)
		if err != nil {
			t.Fatal(err)
		}
		mv, slower := drillMove(tb, q, slow && lost == 0)
		lost += slower
		tap(t, ctx, `#board button[data-square="`+q.B.Name(mv.From())+`"]`)
		tap(t, ctx, `#board button[data-square="`+q.B.Name(mv.To())+`"]`)
		waitFor(t, ctx, `document.getElementById('board').dataset.fen !== `+strconv.Quote(fen), 5*time.Second)
	}
}

// drillMove is the player's move in p: with slow, the slowest winning
// move slower than the fastest mate when there is one, and the moves of
// mate it loses; else the fastest mate's first move in canonical order.
func drillMove(tb *solver.Table, p *engine.Position, slow bool) (engine.Move, int) {
	mvs := tb.MoveValues(p)
	best := tb.BestMoves(p)[0]
	fastest := -1
	for _, mv := range mvs {
		if mv.Value == solver.Win && (fastest < 0 || mv.DTM < fastest) {
			fastest = mv.DTM
		}
	}
	if slow {
		for _, mv := range mvs {
			if mv.Value == solver.Win && mv.DTM > fastest {
				return mv.Move, (mv.DTM - fastest) / 2
			}
		}
	}
	return best, 0
}

// plural is "1 move" or "n moves".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

// TestBrowserNamedDrill plays a named drill of 1-D Gardner on a phone:
// the page lists the mode's named drills (package drill), a tap starts
// one, the table's fastest mate wins it with no move lost, and End drill
// goes back to the mode's start.
func TestBrowserNamedDrill(t *testing.T) {
	needChromium(t)
	src := t.TempDir()
	if err := os.CopyFS(src, os.DirFS(renderSrc)); err != nil {
		t.Fatal(err)
	}
	modeText, err := os.ReadFile("../modes/1d-chess/1d-gardner-8.md")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "modes", "1d-chess", "1d-gardner-8.md"), modeText, 0o644); err != nil {
		t.Fatal(err)
	}
	site := buildSiteFrom(t, src, "")
	srv := serve(t, site.dir, "")
	m, tb := solvedMode(t, filepath.Join(src, "modes", "1d-chess", "1d-gardner-8.md"))

	ctx := phoneBrowser(t, 390, 844)
	open(t, ctx, srv.url("modes/1d-gardner-8/"))
	waitFor(t, ctx, `document.getElementById('board').dataset.table === 'loaded'`, 10*time.Second)
	tap(t, ctx, `#drill > summary`)
	names := eval[string](t, ctx, `[...document.querySelectorAll('#drill button[data-drill="named"]')].map((b) => b.textContent).join('; ')`)
	if names != "Rook and knight against rook; Knight and rook against knight" {
		t.Fatalf("the named drills are %q", names)
	}
	tap(t, ctx, `#drill button[data-drill="named"][data-index="1"]`)
	waitFor(t, ctx, `document.getElementById('drill').dataset.state === 'playing' && document.getElementById('board').dataset.fen === document.getElementById('drill').dataset.start`, 10*time.Second)
	if task := eval[string](t, ctx, `document.getElementById('drill-task').textContent`); task != "Knight and rook against knight. White to play and win: mate in 5 against perfect defence." {
		t.Errorf("the named drill's task is %q", task)
	}
	if eval[bool](t, ctx, `!document.getElementById('drill-link').hidden`) {
		t.Error("a named drill offers a seed's link")
	}
	if played, _ := playDrill(t, ctx, tb, m.Rules, "white", false); played != 5 {
		t.Errorf("the fastest mate took %d moves, the drill says 5", played)
	}
	waitFor(t, ctx, `document.getElementById('drill').dataset.state === 'won'`, 5*time.Second)
	if result := eval[string](t, ctx, `document.getElementById('drill-result').textContent`); result != "Won in 5 moves — perfect play. A new best." {
		t.Errorf("the named drill ends %q", result)
	}
	trainShot(t, ctx, "drill-named-390")

	tap(t, ctx, `#drill button[data-drill="end"]`)
	waitFor(t, ctx, `document.getElementById('board').dataset.fen === `+strconv.Quote(m.Start.FEN())+` && document.getElementById('drill-now').hidden`, 5*time.Second)
	if state := eval[string](t, ctx, `document.getElementById('drill').dataset.state || ''`); state != "" {
		t.Errorf("after End drill the drill box still says %q", state)
	}
}

// solvedMode loads the mode file at path and solves its start exactly.
func solvedMode(t *testing.T, path string) (*mode.Mode, *solver.Table) {
	t.Helper()
	m, errs := mode.LoadModeFile(path)
	if len(errs.Errors()) > 0 {
		t.Fatal(errs)
	}
	tb, err := solver.Solve(m.Start, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return m, tb
}
