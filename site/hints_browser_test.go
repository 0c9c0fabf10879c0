package site

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/solver/mate"
)

// The trainer's hints and proven alternatives, played on the shipped
// site as a player would: a hint on a puzzle of each pack kind
// (a 1-D mate from play, a race, a hold with its danger, Ban Chess with
// the move to ban, a lichess import), what it costs said on the button
// before it is pressed, a solve with hints costing less than a miss; and
// a slower winning move answered "wins too", taken back with no rating
// change and no mistake. The hints at one of issue 33's sizes
// (390×844), at all three with THINCHESS_FULL_TESTS; the alternative at
// 390×844.

// shippedEntries reads every puzzle of the shipped site's chunks.
func shippedEntries(t *testing.T) []wire.PuzzleEntry {
	t.Helper()
	var all []wire.PuzzleEntry
	for name, data := range shippedBuild(t).files {
		base := strings.TrimPrefix(name, "assets/puzzles/")
		if base == name || strings.HasPrefix(base, "index.") || strings.HasPrefix(base, "ids-") {
			continue
		}
		var c wire.Chunk
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		all = append(all, c...)
	}
	if len(all) == 0 {
		t.Fatal("the shipped site has no puzzles")
	}
	slices.SortFunc(all, func(a, b wire.PuzzleEntry) int { return strings.Compare(a.ID, b.ID) })
	return all
}

// firstEntry is the first puzzle (by id) that ok accepts.
func firstEntry(t *testing.T, all []wire.PuzzleEntry, what string, ok func(e *wire.PuzzleEntry) bool) *wire.PuzzleEntry {
	t.Helper()
	var best *wire.PuzzleEntry
	for i := range all {
		if e := &all[i]; ok(e) && (best == nil || e.ID < best.ID) {
			best = e
		}
	}
	if best == nil {
		t.Fatalf("no shipped puzzle is %s", what)
	}
	return best
}

// hintButton is the Hint button's label.
func hintButton(t *testing.T, ctx context.Context) string {
	return eval[string](t, ctx, `document.querySelector('#puzzle [data-action="hint"]').textContent`)
}

// playTreeMove clicks the first action the puzzle's tree accepts where
// the player is (a ban is the opponent's move, clicked the same way).
func playTreeMove(t *testing.T, ctx context.Context) {
	t.Helper()
	c := eval[string](t, ctx, `TC.page.node.accept[0]`)
	m := regexp.MustCompile(`^(?:[mb]:)?([a-p]\d+)([a-p]\d+)`).FindStringSubmatch(c)
	if m == nil {
		t.Fatalf("the tree's move %q", c)
	}
	clickMove(t, ctx, m[1], m[2])
}

// solveByTree plays the tree's moves until the puzzle is solved.
func solveByTree(t *testing.T, ctx context.Context) {
	t.Helper()
	for i := 0; i < 20; i++ {
		waitFor(t, ctx, puzzleIs("play")+` || `+puzzleIs("solved"), 15*time.Second)
		if eval[bool](t, ctx, puzzleIs("solved")) {
			return
		}
		ply := eval[int](t, ctx, `+`+boardJS+`.ply`)
		playTreeMove(t, ctx)
		waitFor(t, ctx, fmt.Sprintf(`+%s.ply > %d || %s`, boardJS, ply, puzzleIs("solved")), 10*time.Second)
	}
	t.Fatal("the puzzle did not end after 20 moves")
}

var missCost = regexp.MustCompile(`^Show solution \(a miss: −(\d+)\)$`)

func TestBrowserTrainHints(t *testing.T) {
	needChromium(t)
	all := shippedEntries(t)
	noHints := func(e *wire.PuzzleEntry) bool {
		return e.Puzzle != nil && len(e.Puzzle.Hints) == 0 && e.Puzzle.Tree != nil
	}
	banTurn := func(e *wire.PuzzleEntry) bool {
		r := e.Puzzle.Tree
		return len(r.Accept) > 0 && r.Next[r.Accept[0]] != nil && len(r.Next[r.Accept[0]].Accept) > 0 && strings.HasPrefix(r.Next[r.Accept[0]].Accept[0], "b:")
	}
	cases := []hintCase{
		{"1d-mate", firstEntry(t, all, "a 1-D mate from play without hints", func(e *wire.PuzzleEntry) bool {
			return e.Kind == "mate" && e.Family == "1d" && strings.HasPrefix(e.Pack, "games-") && noHints(e) && e.Verification.MateIn == 2
		}), []string{"Move your ", "The "}, false, true},
		{"race", firstEntry(t, all, "a race without hints", func(e *wire.PuzzleEntry) bool { return e.Kind == "race" && noHints(e) }),
			[]string{"Move your ", "The "}, false, true},
		{"hold", firstEntry(t, all, "a hold with its danger", func(e *wire.PuzzleEntry) bool {
			return e.Kind == "hold" && noHints(e) && e.Puzzle.Danger != nil
		}), []string{"Danger: after ", "Move your ", "The "}, false, true},
		{"ban", firstEntry(t, all, "a Ban Chess puzzle where the player bans", func(e *wire.PuzzleEntry) bool {
			return e.Kind == "ban" && noHints(e) && banTurn(e)
		}), []string{"Move your ", "The "}, true, false},
		{"lichess", firstEntry(t, all, "a lichess import", func(e *wire.PuzzleEntry) bool { return e.Pack == "lichess-mates" && e.Puzzle.Tree != nil }),
			nil, false, true},
	}
	srv := serve(t, shippedSite(t), "")
	eachScreen(t, 0, func(t *testing.T, sc screen) {
		ctx := sc.open(t, 3*time.Minute)
		for _, c := range cases {
			hintEachKind(t, ctx, sc, srv, c)
		}
	})
}

// hintCase is a puzzle of a pack kind whose hints TestBrowserTrainHints
// takes.
type hintCase struct {
	name  string
	e     *wire.PuzzleEntry
	hints []string // the start of each hint's text (nil: the puzzle's own)
	ban   bool     // after the first move, the player bans
	solve bool
}

// hintEachKind takes the hints of c's puzzle, then (c.ban) the hint
// where the player bans, and (c.solve) solves it: the button says each
// hint's cost before it is pressed, the hints read as c.hints say, and
// a solve with hints costs less than the miss the button named.
func hintEachKind(t *testing.T, ctx context.Context, sc screen, srv *siteServer, c hintCase) {
	t.Helper()
	open(t, ctx, srv.url("train/?mode=rated&id="+c.e.ID))
	waitFor(t, ctx, puzzleOpen(c.e.ID), 30*time.Second)
	want := c.hints
	if want == nil {
		for _, h := range c.e.Puzzle.Hints {
			want = append(want, h.Text)
		}
	}
	if l := hintButton(t, ctx); !strings.HasPrefix(l, "Hint (costs ") {
		t.Errorf("%s %s: the Hint button says %q, want what it costs", c.name, c.e.ID, l)
	}
	for i, w := range want {
		sc.press(t, ctx, `#puzzle [data-action="hint"]`)
		waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#hints li').length === %d`, i+1), 5*time.Second)
		got := eval[string](t, ctx, fmt.Sprintf(`document.querySelectorAll('#hints li')[%d].textContent`, i))
		if !strings.HasPrefix(got, w) {
			t.Errorf("%s %s: hint %d is %q, want it to start %q", c.name, c.e.ID, i+1, got, w)
		}
		waitFor(t, ctx, `document.querySelectorAll('#board .hint').length > 0`, 5*time.Second)
	}
	trainShot(t, ctx, "hints-"+sc.name+"-"+c.name)
	label := hintButton(t, ctx)
	miss := missCost.FindStringSubmatch(label)
	if miss == nil {
		t.Errorf("%s %s: after the hints the button says %q, want Show solution and what a miss costs", c.name, c.e.ID, label)
	}
	if c.ban {
		playTreeMove(t, ctx)
		waitFor(t, ctx, puzzleIs("play")+` && TC.page.node && (TC.page.node.accept || [''])[0].startsWith('b:')`, 10*time.Second)
		sc.press(t, ctx, `#puzzle [data-action="hint"]`)
		waitFor(t, ctx, fmt.Sprintf(`document.querySelectorAll('#hints li').length === %d`, len(want)+1), 5*time.Second)
		got := eval[string](t, ctx, `Array.from(document.querySelectorAll('#hints li')).pop().textContent`)
		if !strings.HasPrefix(got, "Ban ") {
			t.Errorf("%s %s: the hint where the player bans is %q, want the move to ban", c.name, c.e.ID, got)
		}
		trainShot(t, ctx, "hints-"+sc.name+"-ban-phase")
	}
	if !c.solve || miss == nil {
		return
	}
	solveByTree(t, ctx)
	change := eval[string](t, ctx, `document.getElementById('rating-change').textContent`)
	d, err := strconv.Atoi(strings.NewReplacer("−", "-", "+", "").Replace(change))
	if err != nil {
		t.Fatalf("%s %s: rating change %q", c.name, c.e.ID, change)
	}
	if m, _ := strconv.Atoi(miss[1]); d <= -m {
		t.Errorf("%s %s: solved with %d hints, the rating changed by %d: no better than the miss the button named (−%d)", c.name, c.e.ID, len(want), d, m)
	}
	t.Logf("%s %s (rated %d): %d hints, solved: %s (a miss: −%s)", c.name, c.e.ID, c.e.Rating, len(want), change, miss[1])
	trainShot(t, ctx, "hints-"+sc.name+"-"+c.name+"-solved")
}

// slowerWin finds a shipped 1-D mate puzzle (played from its exact table
// in the page) and a first move of the player's that the tree does not
// accept but that still mates, more slowly: the mate prover proves it.
func slowerWin(t *testing.T, all []wire.PuzzleEntry) (*wire.PuzzleEntry, string, int) {
	t.Helper()
	for i := range all {
		e := &all[i]
		if e.Kind != "mate" || e.Family != "1d" || e.Table == "" || e.Verification == nil || e.Verification.MateIn != 2 || e.Puzzle.Tree == nil {
			continue
		}
		r, err := engine.Preset(e.Variant)
		if err != nil {
			continue
		}
		p, err := engine.Parse(e.FEN, r)
		if err != nil {
			continue
		}
		for _, m := range p.LegalMoves(nil) {
			c := m.Coord(p.B)
			if strings.Contains(strings.Join(e.Puzzle.Tree.Accept, " "), c) {
				continue
			}
			q := *p
			q.Make(m)
			res, err := mate.Search(&q, p.Side, 4, mate.Options{MaxTreeNodes: -1})
			if err == nil && res.Found {
				return e, c, res.Moves
			}
		}
	}
	t.Fatal("no shipped 1-D mate in 2 has a slower winning first move")
	return nil, "", 0
}

func TestBrowserTrainSlowerWin(t *testing.T) {
	needChromium(t)
	e, move, n := slowerWin(t, shippedEntries(t))
	t.Logf("%s: %s mates in %d after it (the puzzle: mate in 2)", e.ID, move, n)
	srv := serve(t, shippedSite(t), "")
	ctx := trainViewport(t, 390, 844)
	open(t, ctx, srv.url("train/?mode=rated&id="+e.ID))
	waitFor(t, ctx, puzzleOpen(e.ID), 30*time.Second)
	rating := eval[string](t, ctx, `document.getElementById('player-rating').textContent`)
	clickMove(t, ctx, move[:len(move)/2], move[len(move)/2:])
	waitFor(t, ctx, `document.getElementById('feedback').textContent.indexOf('wins too') >= 0 || document.getElementById('feedback').textContent.indexOf('✗') >= 0`, 15*time.Second)
	fb := eval[string](t, ctx, `document.getElementById('feedback').textContent`)
	want := fmt.Sprintf("that wins too, in %d moves: find the fastest, in 2.", n+1)
	if !strings.Contains(fb, want) || strings.Contains(fb, "✗") {
		t.Errorf("after %s: %q, want %q and no ✗", move, fb, want)
	}
	trainShot(t, ctx, "slower-win")
	waitFor(t, ctx, puzzleAt(0), 10*time.Second)
	if m := eval[int](t, ctx, `TC.page.mistakes`); m != 0 {
		t.Errorf("a proven win counted as %d mistakes", m)
	}
	if r := eval[string](t, ctx, `document.getElementById('player-rating').textContent`); r != rating {
		t.Errorf("the rating changed from %s to %s on a winning move", rating, r)
	}
	if c := eval[string](t, ctx, `document.getElementById('rating-change').textContent`); c != "" {
		t.Errorf("a winning move shows a rating change %q", c)
	}
	solveByTree(t, ctx)
	if c := eval[string](t, ctx, `document.getElementById('rating-change').textContent`); !strings.HasPrefix(c, "+") {
		t.Errorf("solved after trying a slower win: the rating changed by %q, want a gain", c)
	}
	trainShot(t, ctx, "slower-win-solved")
}
