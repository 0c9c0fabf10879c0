package site

import (
	"context"
	"strings"
	"testing"
	"time"
)

// Issue 33's trainer checks at the sizes the other tests do not cover:
// TestBrowserTrainStreakStorm and TestBrowserTrainHints play at 390×844;
// here Storm's clock (in view, still at 3:00 before the first move) and
// a hint (in view, numbered once, its cost said on the button before)
// at 360×640 with touch and at 1280×800, on the small test site.
func TestBrowserTrainOtherSizes(t *testing.T) {
	needChromium(t)
	site := buildTestSite(t, "")
	srv := serve(t, site.dir, "")
	for _, sz := range []struct {
		name  string
		w, h  int
		phone bool
	}{{"360x640", 360, 640, true}, {"1280x800", 1280, 800, false}} {
		var ctx context.Context
		if sz.phone {
			ctx = phoneBrowser(t, sz.w, sz.h)
		} else {
			ctx = trainViewport(t, sz.w, sz.h)
		}
		// A hint on a puzzle that has one: the button says its cost
		// first; the hint shows, numbered once, with the board in view.
		open(t, ctx, srv.url("train/?mode=rated&id=gardner-mate"))
		waitFor(t, ctx, puzzleOpen("gardner-mate")+` && `+puzzleIs("play"), 30*time.Second)
		label := eval[string](t, ctx, `document.querySelector('#puzzle [data-action="hint"]').textContent`)
		if !strings.HasPrefix(label, "Hint (costs ") {
			t.Errorf("%s: the Hint button says %q, want its cost (Hint (costs …))", sz.name, label)
		}
		eval[bool](t, ctx, `document.querySelector('#puzzle [data-action="hint"]').click(), true`)
		waitFor(t, ctx, `document.querySelectorAll('#hints li').length === 1`, 10*time.Second)
		if h := eval[string](t, ctx, `document.querySelector('#hints li').textContent`); strings.HasPrefix(h, "Hint") || strings.HasPrefix(h, "1.") {
			t.Errorf("%s: the hint reads %q: numbered twice", sz.name, h)
		}
		if bad := eval[string](t, ctx, inViewJS("#board", "#hints li", `#puzzle [data-action="hint"]`)); bad != "" {
			t.Errorf("%s: after a hint: %s", sz.name, bad)
		}
		// Storm: the clock bar in view, and it waits for the first move.
		open(t, ctx, srv.url("train/?mode=storm"))
		waitFor(t, ctx, puzzleIs("play")+` && /^Storm [23]:/.test(document.getElementById('mode-status').textContent)`, 20*time.Second)
		time.Sleep(1500 * time.Millisecond)
		if st := modeStatus(t, ctx); !strings.HasPrefix(st, "Storm 3:00 ") {
			t.Errorf("%s: Storm before the first move: %q, want the clock at 3:00", sz.name, st)
		}
		if bad := eval[string](t, ctx, inViewJS("#storm-clock", "#board", "#mode-status")); bad != "" {
			t.Errorf("%s: Storm: %s", sz.name, bad)
		}
	}
}
