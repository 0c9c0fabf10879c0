package puzzles

import (
	"fmt"
	"testing"
)

// TestChooseCapsAllCheckAmongLongerWins: in a pack of the searcher's
// games, the wins of two moves or more where every move of the winner
// checks are at most MaxAllCheck percent of the pack's wins of two moves
// or more (issue 32's measure), not of the whole pack. In the first case
// holds make the pack large: a cap on a share of the pack (30 of 100)
// kept all 30 all-check wins beside 20 other longer wins, 60% of them,
// as it still does in a pack mined over a table.
func TestChooseCapsAllCheckAmongLongerWins(t *testing.T) {
	for _, c := range []struct {
		quiet, allCheck, holds int
	}{
		{20, 30, 50},
		{3, 20, 0},  // no floor: at most 1 of 4
		{70, 30, 0}, // 30 of 100: none dropped
		{0, 12, 40}, // no longer win but all-check ones: none kept
	} {
		g := &gamer{opt: GameOptions{MaxMateIn1: DefaultMaxMateIn1}, selfPlay: true}
		add := func(n int, kind Kind, length int, allCheck bool) {
			for range n {
				i := len(g.found)
				g.found = append(g.found, &natural{
					kind: kind, length: length, allCheck: allCheck,
					key:   fmt.Sprintf("k%03d", i),
					keys:  []string{fmt.Sprintf("k%03d", i)},
					motif: fmt.Sprintf("m%03d", i),
				})
			}
		}
		add(c.quiet, KindWin, 2, false)
		add(c.allCheck, KindWin, 3, true)
		add(c.holds, KindHold, 1, false)
		table := &gamer{opt: g.opt, found: g.found}
		if c.holds == 50 {
			if n := len(table.choose()); n != 100 {
				t.Errorf("%+v over a table: %d puzzles kept, want all 100 (30 all-check wins are 30%% of the pack)", c, n)
			}
		}
		kept := g.choose()
		multi, all := 0, 0
		for _, k := range kept {
			if k.kind == KindWin && k.length >= 2 {
				multi++
				if k.allCheck {
					all++
				}
			}
		}
		if all*100 > multi*MaxAllCheck {
			t.Errorf("%+v: %d all-check wins of %d wins of two moves or more, want at most %d%%", c, all, multi, MaxAllCheck)
		}
		// The cap takes no more than it must: one more all-check win
		// would go over it.
		if all < c.allCheck && (all+1)*100 <= (multi+1)*MaxAllCheck {
			t.Errorf("%+v: %d all-check wins of %d kept, one more would fit the cap", c, all, multi)
		}
		if got := len(kept) - all; got != c.quiet+c.holds {
			t.Errorf("%+v: %d other puzzles kept, want all %d", c, got, c.quiet+c.holds)
		}
	}
}
