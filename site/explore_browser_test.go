package site

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// exploreNodeJS is a node of the explorer page's data (#explore-data),
// as graph.js's readNodes reads it.
type exploreNodeJS struct {
	I      int    `json:"i"`
	FEN    string `json:"fen"`
	Value  string `json:"value"`
	DTM    int    `json:"dtm"`
	End    string `json:"end"`
	Layer  int    `json:"layer"`
	Parent int    `json:"parent"`
	Moves  []struct {
		SAN string `json:"san"`
		To  int    `json:"to"`
	} `json:"moves"`
}

// readExploreNodes reads the nodes of the page's data: each an array
// [x, y, layer, fen, value, dtm, end, parent, via, flags, moves], a move
// [san, to, …].
func readExploreNodes(t *testing.T, text string) []exploreNodeJS {
	t.Helper()
	var data struct {
		Nodes [][]json.RawMessage `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(text), &data); err != nil {
		t.Fatal(err)
	}
	nodes := make([]exploreNodeJS, len(data.Nodes))
	for i, a := range data.Nodes {
		n := &nodes[i]
		n.I = i
		var moves [][]json.RawMessage
		for j, dst := range []any{2: &n.Layer, 3: &n.FEN, 4: &n.Value, 5: &n.DTM, 6: &n.End, 7: &n.Parent, 10: &moves} {
			if dst == nil || j >= len(a) {
				continue
			}
			if err := json.Unmarshal(a[j], dst); err != nil {
				t.Fatalf("node %d, field %d: %v", i, j, err)
			}
		}
		for _, m := range moves {
			var mv struct {
				SAN string `json:"san"`
				To  int    `json:"to"`
			}
			if err := json.Unmarshal(m[0], &mv.SAN); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(m[1], &mv.To); err != nil {
				t.Fatal(err)
			}
			n.Moves = append(n.Moves, mv)
		}
	}
	return nodes
}

// exploreAt is the condition that the explorer shows state k (k > 0).
func exploreAt(k, of int) string {
	return fmt.Sprintf(`document.getElementById('ex-state-h').textContent === 'State %d of %d'`, k+1, of)
}

// boardFEN reads the pieces of the page's board as a FEN placement, top
// rank first.
const boardFEN = `(function () {
  var b = document.getElementById('board');
  var w = parseInt(b.style.getPropertyValue('--w'), 10), h = parseInt(b.style.getPropertyValue('--h'), 10);
  var ranks = [];
  for (var r = h; r >= 1; r--) {
    var s = '', run = 0;
    for (var f = 0; f < w; f++) {
      var sq = b.querySelector('[data-square="' + String.fromCharCode(97 + f) + r + '"]');
      var p = sq && sq.dataset.piece;
      if (!p) { run++; continue; }
      if (run) { s += run; run = 0; }
      s += p[0] === 'w' ? p[1].toUpperCase() : p[1];
    }
    if (run) s += run;
    ranks.push(s);
  }
  return ranks.join('/');
})()`

// placementSide is a FEN's placement and side to move.
func placementSide(fen string) string {
	f := strings.Fields(fen)
	if len(f) < 2 {
		return fen
	}
	return f[0] + " " + f[1]
}

// TestBrowserExplore opens an explorer page, clicks a state in the
// picture, checks the detail panel (board, value, moves), reaches another
// state by keyboard through the list of a row, follows a move, and plays
// from the state on the mode page, which opens on that position with the
// player to move.
func TestBrowserExplore(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	ctx := browser(t, 1280, 1000)
	run(t, ctx, chromedp.Navigate(srv.url("explore/gardner/")))
	waitFor(t, ctx, `document.body.classList.contains('explore-ready')`, 20*time.Second)

	nodes := readExploreNodes(t, eval[string](t, ctx, `document.getElementById('explore-data').textContent`))
	if len(nodes) != 1237 {
		t.Fatalf("%d nodes, want the whole graph of 1237", len(nodes))
	}
	if n := eval[int](t, ctx, `document.querySelectorAll('#ex-svg [data-i]').length`); n != len(nodes) {
		t.Fatalf("%d states drawn, want %d", n, len(nodes))
	}
	// The start is shown first.
	if h := eval[string](t, ctx, `document.getElementById('ex-state-h').textContent`); h != "The start position" {
		t.Fatalf("heading %q", h)
	}
	if got := eval[string](t, ctx, boardFEN); got != strings.Fields(nodes[0].FEN)[0] {
		t.Fatalf("start board %s, want %s", got, nodes[0].FEN)
	}

	// Click a state four plies from the start, Black... whichever side is
	// to move there, that is not over and has moves.
	k := -1
	for _, n := range nodes {
		if n.Layer == 4 && n.End == "-" && len(n.Moves) > 1 && n.Value == "W" {
			k = n.I
			break
		}
	}
	if k < 0 {
		t.Fatal("no state to click in row 5")
	}
	run(t, ctx, chromedp.Click(css(fmt.Sprintf(`#ex-svg [data-i="%d"]`, k))))
	waitFor(t, ctx, exploreAt(k, len(nodes)), 5*time.Second)
	n := nodes[k]
	heading := eval[string](t, ctx, `document.getElementById('ex-state-h').textContent`)
	facts := eval[string](t, ctx, `document.getElementById('ex-facts').textContent`)
	if heading != fmt.Sprintf("State %d of %d", k+1, len(nodes)) || !strings.Contains(facts, n.FEN) || !strings.Contains(facts, fmt.Sprintf("White wins, mate in %d plies", n.DTM)) {
		t.Fatalf("detail panel: %q, %q; want state %d, %s, White wins in %d", heading, facts, k+1, n.FEN, n.DTM)
	}
	if got := eval[string](t, ctx, boardFEN); got != strings.Fields(n.FEN)[0] {
		t.Fatalf("board %s, want %s", got, n.FEN)
	}
	moves := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#ex-moves .ex-move')).map(function (e) { return e.textContent; })`)
	if len(moves) != len(n.Moves) {
		t.Fatalf("moves listed %v, want %d", moves, len(n.Moves))
	}
	for j, m := range n.Moves {
		if moves[j] != m.SAN {
			t.Fatalf("move %d listed %q, want %q", j, moves[j], m.SAN)
		}
	}
	if eval[int](t, ctx, `document.querySelectorAll('#ex-moves .ex-best').length`) == 0 {
		t.Fatal("no move is marked optimal in a won state")
	}
	if list := eval[string](t, ctx, `document.querySelector('#ex-states [aria-current="true"]').textContent`); !strings.Contains(list, n.FEN) {
		t.Fatalf("the row's list marks %q", list)
	}

	// By keyboard: choose row 3 in the list, tab to its second state and
	// press Enter.
	run(t, ctx, chromedp.Focus(css(`#ex-row`)))
	run(t, ctx, chromedp.SetValue(css(`#ex-row`), "2"))
	eval[bool](t, ctx, `document.getElementById('ex-row').dispatchEvent(new Event('change')) || true`)
	second := eval[int](t, ctx, `parseInt(document.querySelectorAll('#ex-states button')[1].dataset.i, 10)`)
	run(t, ctx, chromedp.Focus(css(`#ex-states li:nth-child(2) button`)), chromedp.KeyEvent(kb.Enter))
	waitFor(t, ctx, exploreAt(second, len(nodes)), 5*time.Second)
	if nodes[second].Layer != 2 {
		t.Fatalf("the keyboard chose node %d in row %d", second, nodes[second].Layer+1)
	}
	// Follow a move to a shown state, then come back to the clicked one.
	to := nodes[second].Moves[0].To
	run(t, ctx, chromedp.Click(css(`#ex-moves button.ex-move`)))
	waitFor(t, ctx, exploreAt(to, len(nodes)), 5*time.Second)
	run(t, ctx, chromedp.Click(css(fmt.Sprintf(`#ex-svg [data-i="%d"]`, k))))
	waitFor(t, ctx, exploreAt(k, len(nodes)), 5*time.Second)

	// Play from here: the mode page opens on the state, the player to move.
	href := eval[string](t, ctx, `document.getElementById('ex-play').getAttribute('href')`)
	if !strings.HasPrefix(href, "../../modes/gardner/?moves=") {
		t.Fatalf("play link %q", href)
	}
	run(t, ctx, chromedp.Click(css(`#ex-play`)))
	waitFor(t, ctx, `location.pathname.indexOf('/modes/gardner/') >= 0`, 10*time.Second)
	waitFor(t, ctx, `document.body.classList.contains('engine-ready')`, 30*time.Second)
	want := placementSide(n.FEN)
	waitFor(t, ctx, fmt.Sprintf(`(`+boardJS+`.fen || '').split(' ').slice(0, 2).join(' ') === %q`, want), 15*time.Second)
	if got := eval[string](t, ctx, boardFEN); got != strings.Fields(n.FEN)[0] {
		t.Fatalf("the mode page shows %s, want %s", got, n.FEN)
	}
	s := shownGame(t, ctx)
	if s.Cursor != n.Layer || len(s.SAN) != n.Layer {
		t.Fatalf("the mode page played %d moves (%v), want the %d of the line", s.Cursor, s.SAN, n.Layer)
	}
	if you := eval[string](t, ctx, `document.getElementById('you-play').textContent`); you != "You play "+s.Side+"." {
		t.Fatalf("the page says %q, %s is to move", you, s.Side)
	}
	if status := eval[string](t, ctx, `document.getElementById('status').textContent`); !strings.Contains(status, fmt.Sprintf("after %d moves", n.Layer)) {
		t.Fatalf("status %q", status)
	}
	// The game goes on from there: the player's move is answered.
	first := eval[string](t, ctx, firstMoveJS)
	if first == "" {
		t.Fatal("no legal move on the mode page")
	}
	clickMove(t, ctx, first[:2], first[2:])
	waitFor(t, ctx, overOrPast(n.Layer+2), 15*time.Second)

	// A puzzle mode leaves the checker for free play from the linked state.
	run(t, ctx, chromedp.Navigate(srv.url("modes/gardner-mate/"+strings.TrimPrefix(href, "../../modes/gardner/"))))
	waitFor(t, ctx, `document.body.classList.contains('engine-ready')`, 30*time.Second)
	waitFor(t, ctx, fmt.Sprintf(`(`+boardJS+`.fen || '').split(' ').slice(0, 2).join(' ') === %q`, want), 15*time.Second)
	if !eval[bool](t, ctx, puzzleIs("free")) {
		t.Fatal("the puzzle checker is still on")
	}

	// A bad link says so and leaves the start position.
	run(t, ctx, chromedp.Navigate(srv.url("modes/gardner/?moves=a1a2+zz")))
	waitFor(t, ctx, `document.body.classList.contains('engine-ready') && !document.getElementById('move-error').hidden`, 30*time.Second)
	if msg := eval[string](t, ctx, `document.getElementById('move-error').textContent`); !strings.Contains(msg, "not a line of coordinates") {
		t.Fatalf("bad link message %q", msg)
	}
	if s := shownGame(t, ctx); s.Cursor != 0 {
		t.Fatalf("a bad link played %d moves", s.Cursor)
	}
	run(t, ctx, chromedp.Navigate(srv.url("modes/gardner/?moves=a1a8")))
	waitFor(t, ctx, `document.body.classList.contains('engine-ready') && !document.getElementById('move-error').hidden`, 30*time.Second)
	if msg := eval[string](t, ctx, `document.getElementById('move-error').textContent`); !strings.Contains(msg, "Move 1 of the linked line cannot be played") {
		t.Fatalf("illegal link message %q", msg)
	}
}
