package site

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// shownPuzzle is what #puzzle says it shows: its id and board family.
type shownPuzzle struct {
	ID     string `json:"id"`
	Family string `json:"family"`
}

// pressNext presses Next n times, as a player skimming puzzles would,
// and returns what each press opened.
func pressNext(t *testing.T, ctx context.Context, sc screen, n int) []shownPuzzle {
	t.Helper()
	var out []shownPuzzle
	for i := 0; i < n; i++ {
		k := opened(t, ctx)
		sc.press(t, ctx, `[data-action="next"]`)
		waitFor(t, ctx, fmt.Sprintf(`+(document.getElementById('puzzle').dataset.opened || 0) > %d && document.getElementById('puzzle-task').textContent !== ''`, k), 20*time.Second)
		out = append(out, eval[shownPuzzle](t, ctx, `({id: document.getElementById('puzzle').dataset.id, family: document.getElementById('puzzle').dataset.family})`))
	}
	return out
}

// TestBrowserTrainVariety: on "All" at the starting rating (1,500), 100
// presses of Next give at least 80 different puzzles, from every board
// family the site has (they gave 6 puzzles, all 1-D, one of them 6
// times); a skipped puzzle does not come straight back; Storm mixes
// the families too. At one of issue 33's sizes (1280×800), at all three
// with THINCHESS_FULL_TESTS (Next tapped on a phone).
func TestBrowserTrainVariety(t *testing.T) {
	needChromium(t)
	site := shippedBuild(t)
	srv := serve(t, site.dir, "")
	eachScreen(t, 2, func(t *testing.T, sc screen) { checkVariety(t, sc, srv) })
}

// checkVariety presses Next 100 times on "All", then a Storm's puzzles,
// at the screen's size.
func checkVariety(t *testing.T, sc screen, srv *siteServer) {
	ctx := sc.open(t, 10*time.Minute)
	open(t, ctx, srv.url("train/?mode=rated"))
	waitFor(t, ctx, `document.getElementById('puzzle').dataset.id && document.querySelectorAll('#f-family option').length > 1`, 20*time.Second)
	if r := eval[string](t, ctx, `document.getElementById('player-rating').textContent`); r != "1500" {
		t.Fatalf("a new player's rating is %s, want 1500", r)
	}
	families := eval[[]string](t, ctx, `Array.from(document.querySelectorAll('#f-family option')).map(o => o.value).filter(Boolean)`)
	t0 := time.Now()
	shown := pressNext(t, ctx, sc, 100)
	t.Logf("100 presses of Next in %v", time.Since(t0).Round(time.Millisecond))
	ids := map[string]int{}
	byFamily := map[string]int{}
	for i, p := range shown {
		ids[p.ID]++
		byFamily[p.Family]++
		if i > 0 && shown[i-1].ID == p.ID {
			t.Errorf("press %d: %s came straight back", i+1, p.ID)
		}
	}
	t.Logf("%d different puzzles; by family %v", len(ids), byFamily)
	if len(ids) < 80 {
		t.Errorf("100 presses of Next gave %d different puzzles, want at least 80", len(ids))
	}
	for _, f := range families {
		if byFamily[f] == 0 {
			t.Errorf("100 presses of Next gave no puzzle of the family %s (%v)", f, byFamily)
		}
	}

	// Storm: the families take turns too.
	sc.press(t, ctx, `[data-mode="storm"]`)
	storm := pressNext(t, ctx, sc, 3*len(families))
	seen := map[string]bool{}
	for _, p := range storm {
		seen[p.Family] = true
	}
	for _, f := range families {
		if !seen[f] {
			var list []string
			for _, p := range storm {
				list = append(list, p.ID)
			}
			t.Errorf("Storm: %d puzzles and none of the family %s: %s", len(storm), f, strings.Join(list, " "))
		}
	}
}
