package site

import (
	"bufio"
	"context"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// banPuzzle is a shipped Ban Chess puzzle: its id and its line of
// actions ("m:a7a5 b:a3a2 …"), the player's and the opponent's.
type banPuzzle struct {
	ID       string `json:"id"`
	Solution string `json:"solution"`
	pack     string // the pack's file
	line     []byte // the pack's line of the puzzle
}

// squareNames finds the squares an action names ("a10a9": a10, a9).
var squareNames = regexp.MustCompile(`[a-p][0-9]+`)

// banCoords finds a ban written by its coordinates ("b:a4a2", "banned: a4a2").
var banCoords = regexp.MustCompile(`b:[a-p][0-9]|banned: [a-p][0-9]`)

// shippedBanPuzzles reads the puzzles of the Ban Chess packs of packs/.
func shippedBanPuzzles(t *testing.T) []banPuzzle {
	t.Helper()
	files, err := filepath.Glob("../packs/games-ban-*.jsonl")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Ban Chess pack in ../packs: %v", err)
	}
	var out []banPuzzle
	for _, f := range files {
		fh, err := os.Open(f)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for n := 1; sc.Scan(); n++ {
			var p banPuzzle
			if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
				t.Fatalf("%s:%d: %v", f, n, err)
			}
			p.pack, p.line = f, slices.Clone(sc.Bytes())
			out = append(out, p)
		}
		fh.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// TestBrowserBanPuzzlesFinish solves shipped Ban Chess puzzles in the
// trainer by taps on the board (clicks at 1280×800), each to its end:
// every one whose line goes past the first move and ban (the trainer
// lost those lines after the computer's move and ban), and 50 of the
// others drawn with a fixed seed, at 360×640; a sample of three long
// and three other lines without THINCHESS_FULL_TESTS, and at 390×844
// and 1280×800 in the full run; one page a size. Each puzzle is opened
// by its permalink; the computer's pause before its actions is
// shortened (TC.pause), the rest is as a player meets it.
func TestBrowserBanPuzzlesFinish(t *testing.T) {
	needChromium(t)
	all := shippedBanPuzzles(t)
	var long, short []banPuzzle
	for _, p := range all {
		if len(strings.Fields(p.Solution)) > 2 {
			long = append(long, p)
		} else {
			short = append(short, p)
		}
	}
	rng := rand.New(rand.NewPCG(33, 1))
	rng.Shuffle(len(short), func(i, j int) { short[i], short[j] = short[j], short[i] })
	// The sample: the three longest lines and three others, the same
	// each run; the whole population with THINCHESS_FULL_TESTS, at
	// 360×640 (a test size's run takes about 7 s a puzzle under load:
	// the population at every size would take the full run's 40
	// minutes), and the sample at the other two sizes.
	byLength := slices.Clone(long)
	slices.SortStableFunc(byLength, func(a, b banPuzzle) int {
		return len(strings.Fields(b.Solution)) - len(strings.Fields(a.Solution))
	})
	sample := append(byLength[:min(3, len(long))], short[:min(3, len(short))]...)
	chosen := sample
	if fullTests() {
		chosen = append(long, short[:min(50, len(short))]...)
	}
	t.Logf("%d Ban puzzles: %d of %d with longer lines, %d of %d others", len(chosen), min(len(chosen), len(long)), len(long), len(chosen)-min(len(chosen), len(long)), len(short))

	srv := serve(t, banPackSite(t, chosen).dir, "")
	eachScreen(t, 1, func(t *testing.T, sc screen) {
		chosen := chosen
		if sc != screens[1] {
			chosen = sample
		}
		ctx := sc.open(t, 20*time.Minute)
		run(t, ctx, chromedp.Func(func(c context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(c, cdppage.AddScriptToEvaluateOnNewDocument, cdppage.AddScriptToEvaluateOnNewDocumentParams{Source: `window.TC = Object.assign(window.TC || {}, {pause: 20});`})
			return err
		}))
		t0 := time.Now()
		for _, p := range chosen {
			solveBanPuzzle(t, ctx, sc, srv, p)
			if t.Failed() {
				break
			}
		}
		t.Logf("%s: %d puzzles solved in %v", sc.name, len(chosen), time.Since(t0).Round(time.Millisecond))
	})
}

// banStep is what the trainer shows between two of the player's
// actions, read in one evaluation: the puzzle's state, the actions
// played, the feedback, the status line and the move error.
type banStep struct {
	State    string `json:"state"`
	Ply      int    `json:"ply"`
	Feedback string `json:"feedback"`
	Status   string `json:"status"`
	Error    string `json:"error"`
}

const banStepJS = `({state: document.getElementById('puzzle').dataset.state || '', ply: +(` + boardJS + `.ply || 0),
	feedback: document.getElementById('feedback').textContent,
	status: document.getElementById('status').textContent,
	error: document.getElementById('move-error').hidden ? '' : document.getElementById('move-error').textContent})`

// banReopened counts the Ban puzzles opened a second time because the
// first load hung (solveBanPuzzle).
var banReopened atomic.Int32

// loadingJS says what a page that has not loaded its puzzle waits for:
// the engine's start (the body's wasm-loading class, TC.wasmReadyAt) and
// the status and feedback lines.
const loadingJS = `'wasm-loading ' + document.body.classList.contains('wasm-loading') + ', wasmReadyAt ' + (window.TC && TC.wasmReadyAt) +
	', status ' + JSON.stringify(document.getElementById('status').textContent) + ', feedback ' + JSON.stringify(document.getElementById('feedback').textContent)`

// solveBanPuzzle opens Ban puzzle p and plays its line's actions of the
// player by taps on a phone, clicks on a laptop (a ban by the squares of
// the move it forbids), the computer answering, until the trainer says
// it is solved at the line's end.
func solveBanPuzzle(t *testing.T, ctx context.Context, sc screen, srv *siteServer, p banPuzzle) {
	t.Helper()
	line := strings.Fields(p.Solution)
	opened := `document.getElementById('puzzle').dataset.id === '` + p.ID + `' && (` + puzzleIs("play") + ` || ` + puzzleIs("solved") + `)`
	run(t, ctx, chromedp.Navigate(srv.url("train/?mode=practice&id="+p.ID)))
	if !holds(ctx, opened, 60*time.Second) {
		// Twice in CI's full run (231 navigations in one tab, four
		// browser tests at once on two cores) one Ban puzzle stayed at
		// "Loading…" with its words shown: the engine's load never
		// answered. Not reproduced alone. Say what the page was waiting
		// for, and open it again once: a second hang fails.
		t.Logf("%s: still loading after 60 s (%s); opening it again", p.ID, eval[string](t, ctx, loadingJS))
		if banReopened.Add(1) > 1 {
			t.Fatalf("%s: a second puzzle that did not load", p.ID)
		}
		run(t, ctx, chromedp.Navigate(srv.url("train/?mode=practice&id="+p.ID)))
		waitFor(t, ctx, opened, 60*time.Second)
	}
	mine := map[int]bool{}
	var s banStep
	for step := 0; ; step++ {
		s = eval[banStep](t, ctx, banStepJS)
		if strings.HasPrefix(s.Feedback, "✗") || s.Error != "" {
			t.Fatalf("%s: %s (action %d of %s) refused: %q %q", p.ID, line[max(0, s.Ply-1)], s.Ply, p.Solution, s.Feedback, s.Error)
		}
		if s.State == "solved" {
			break
		}
		// After the computer's move and ban the feedback says the move and
		// the status line the ban, in words ("White to move; Black banned
		// Ra4."), once.
		if s.Ply > 0 && !mine[s.Ply-1] {
			if !strings.Contains(s.Status, " banned ") || banCoords.MatchString(s.Status) {
				t.Errorf("%s: after the computer's %s: status %q, want its ban in words", p.ID, line[s.Ply-1], s.Status)
			}
			if strings.Contains(s.Feedback, "ban") || banCoords.MatchString(s.Feedback) {
				t.Errorf("%s: after the computer's %s: feedback %q repeats the ban the status names", p.ID, line[s.Ply-1], s.Feedback)
			}
		}
		if s.Ply >= len(line) || step > len(line) {
			t.Fatalf("%s: the line's %d actions are played and the puzzle is not over: %q", p.ID, len(line), s.Feedback)
		}
		mine[s.Ply] = true
		sq := squareNames.FindAllString(line[s.Ply][2:], 2)
		sc.move(t, ctx, sq[0], sq[1])
		waitFor(t, ctx, `(+`+boardJS+`.ply > `+strconv.Itoa(s.Ply)+` && (`+puzzleIs("play")+` || `+puzzleIs("solved")+`)) || document.getElementById('feedback').textContent.indexOf('✗') === 0 || !document.getElementById('move-error').hidden`, 10*time.Second)
	}
	if !strings.HasPrefix(s.Feedback, "Solved!") {
		t.Fatalf("%s: not solved after its line %s: %q", p.ID, p.Solution, s.Feedback)
	}
	if s.Ply != len(line) {
		t.Errorf("%s: solved after %d actions, the line has %d", p.ID, s.Ply, len(line))
	}
	if banCoords.MatchString(s.Feedback) {
		t.Errorf("%s: feedback names a ban by its coordinates: %q", p.ID, s.Feedback)
	}
}

// banPackSite builds the test site with puzzles of the shipped Ban Chess
// packs added: each of their packs, its header and only their lines (a
// Ban puzzle's cold verification takes a tenth of a second to half a
// second; the four packs' 306 took a minute).
func banPackSite(t *testing.T, puzzles []banPuzzle) *builtSite {
	t.Helper()
	src := t.TempDir()
	if err := os.CopyFS(src, os.DirFS(renderSrc)); err != nil {
		t.Fatal(err)
	}
	lines := map[string][]byte{}
	for _, p := range puzzles {
		lines[p.pack] = append(append(lines[p.pack], p.line...), '\n')
	}
	for f, b := range lines {
		head, err := os.ReadFile(strings.TrimSuffix(f, ".jsonl") + ".md")
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(src, "packs")
		if err := os.WriteFile(filepath.Join(dir, strings.TrimSuffix(filepath.Base(f), ".jsonl")+".md"), head, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return buildSiteFrom(t, src, "")
}

// TestBrowserBanSlowerWin: in a Ban Chess puzzle, an action proven to
// win too, only slower (the Ban table counts plies, bans and moves), is
// a proven alternative as in the other puzzles: no ✗, no mistake, the
// action taken back. The play-test met Ka4 in
// games-ban-thin-2x6-rook-bishop-c7d05182d8 (Black mates in 21 plies
// after it) marked "✗" and charged.
func TestBrowserBanSlowerWin(t *testing.T) {
	needChromium(t)
	const id = "games-ban-thin-2x6-rook-bishop-c7d05182d8"
	var chosen []banPuzzle
	for _, p := range shippedBanPuzzles(t) {
		if p.ID == id {
			chosen = append(chosen, p)
		}
	}
	if len(chosen) != 1 {
		t.Fatalf("%s is not a shipped Ban puzzle", id)
	}
	srv := serve(t, banPackSite(t, chosen).dir, "")
	ctx := trainViewport(t, 390, 844)
	open(t, ctx, srv.url("train/?id="+id))
	waitFor(t, ctx, puzzleOpen(id)+` && `+puzzleIs("play"), 60*time.Second)
	clickMove(t, ctx, "a5", "a4")
	waitFor(t, ctx, `/that wins too|✗/.test(document.getElementById('feedback').textContent)`, 60*time.Second)
	if fb := text(t, ctx, "#feedback"); !strings.Contains(fb, "that wins too, in ") || strings.Contains(fb, "✗") {
		t.Fatalf("after Ka4: feedback %q, want a proven alternative", fb)
	}
	waitFor(t, ctx, `+`+boardJS+`.ply === 0 && `+puzzleIs("play"), 20*time.Second)
	if fb := text(t, ctx, "#feedback"); strings.Contains(fb, "✗") {
		t.Errorf("after the alternative was taken back: feedback %q", fb)
	}
}
