package search

import (
	"testing"
	"time"

	"github.com/thinchess/thinchess/engine"
)

// fakeClock is a searcher's clock that stands still until its read
// number at, then jumps an hour at every read, past every deadline: the
// time runs out at a chosen point of the search, the same point at every
// run.
type fakeClock struct {
	s     *Searcher
	start time.Time
	at    int
	reads int
	// nodesAt, tablesAt and readsAfter are what the search had done at
	// the jump and did from then on.
	nodesAt    int64
	tablesAt   int
	readsAfter int
}

// tables counts the exact tables a searcher built.
func tables(s *Searcher) int {
	n := len(s.exact.games)
	for _, ts := range s.exact.endings {
		n += len(ts)
	}
	return n
}

func (c *fakeClock) now() time.Time {
	c.reads++
	switch {
	case c.reads < c.at:
		return c.start
	case c.reads == c.at:
		c.nodesAt, c.tablesAt = c.s.nodes, tables(c.s)
	default:
		c.readsAfter++
	}
	return c.start.Add(time.Duration(c.reads-c.at+1) * time.Hour)
}

// deadlineCases are positions whose searches pass through every phase
// that must keep the clock: the alpha-beta search, a mate proof, a table
// of the game built at the root and ending tables built inside the
// quiescence search.
var deadlineCases = []struct {
	name, pos, variant string
	// builds says the clock must, at one of the reads tried, stop a
	// table build.
	builds bool
}{
	{"chess opening", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "", false},
	{"Gardner, rooks and knights: ending tables built during the search", "k3r/4n/5/1N3/1R2K w - - 0 1", "gardner", true},
	{"1-D, a table of the game at the root", "bk,bn,br,x,x,wr,wn,wk:w", "", true},
	{"chess, won ending: a mate proof", "8/8/8/4k3/8/8/3QK3/8 w - - 0 1", "", false},
}

// TestSearchKeepsItsDeadline runs each search with a clock that runs
// out at its 1st, 2nd, 3rd, 5th, … read, and checks that the search ends at once
// every time: at most 5,120 positions (a mate proof's poll interval and a
// search's, or the first iteration, which always completes), 5 clock
// reads (one more than before the first iteration had to complete: its
// end is timed) and no table built after the one that ran out, whatever
// phase it fell in — a table build included.
func TestSearchKeepsItsDeadline(t *testing.T) {
	for _, tc := range deadlineCases {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParse(t, tc.pos, tc.variant)
			stoppedBuilds := 0
			for _, at := range []int{1, 2, 3, 5, 8, 13, 21, 34, 55} {
				s := NewSearcher(14)
				c := &fakeClock{s: s, start: time.Unix(0, 0), at: at}
				s.clock = c.now
				res := s.Search(p, Limits{Time: time.Second})
				if c.reads < at {
					break // the search ended before the clock ran out
				}
				if n := res.Nodes - c.nodesAt; n > 5120 || c.readsAfter > 5 {
					t.Errorf("time up at read %d: %d positions and %d reads after it", at, n, c.readsAfter)
				}
				if n := tables(s) - c.tablesAt; n > 0 {
					t.Errorf("time up at read %d: %d tables built after it", at, n)
				}
				if res.Move == engine.NoMove {
					t.Errorf("time up at read %d: no move", at)
				}
				stoppedBuilds += s.exact.stopped
			}
			if tc.builds && stoppedBuilds == 0 {
				t.Errorf("the clock never ran out inside a table build: the case no longer tests one")
			}
		})
	}
}

// TestSearchStopAndProgress: Limits.Stop ends a search like its clock
// does, with the move of the last iteration completed, and
// Limits.Progress reports every iteration completed, deeper each time,
// each line starting with a legal move.
func TestSearchStopAndProgress(t *testing.T) {
	p := mustParse(t, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", "")
	var infos []Info
	polls := 0
	res := NewSearcher(16).Search(p, Limits{
		Stop:     func() bool { polls++; return polls >= 200 },
		Progress: func(i Info) { infos = append(infos, i) },
	})
	if polls != 200 {
		t.Errorf("Stop polled %d times after it said stop at poll 200", polls)
	}
	if len(infos) == 0 || len(infos) != res.Depth {
		t.Fatalf("%d progress reports for %d iterations", len(infos), res.Depth)
	}
	legal := p.LegalMoves(nil)
	for i, in := range infos {
		if in.Depth != i+1 || len(in.PV) == 0 || !contains(legal, in.PV[0]) {
			t.Errorf("report %d: depth %d, line %v", i, in.Depth, in.PV)
		}
	}
	last := infos[len(infos)-1]
	if res.Move != last.PV[0] || res.Score != last.Score {
		t.Errorf("stopped search played %v (score %d), its last iteration found %v (score %d)", res.Move, res.Score, last.PV[0], last.Score)
	}
}

func contains(moves []engine.Move, m engine.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// TestFirstIterationAlwaysCompletes: however early the time runs out —
// during the table of the game, the mate proof, or an ending table built
// inside the quiescence search — the move played comes from a completed
// first iteration, never the first move generated. The Gardner position
// is one where ending tables in the quiescence search used to take the
// whole budget before depth 1 ended (issue 36: e5d4 at depth 0, a lost
// game).
func TestFirstIterationAlwaysCompletes(t *testing.T) {
	cases := []struct{ pos, variant string }{
		{"rnbqk/pp2p/P1pP1/1PP1P/R1BQK b - - 0 3", "gardner"},
		{"k3r/4n/5/1N3/1R2K w - - 0 1", "gardner"},
		{"bk,bn,br,x,x,wr,wn,wk:w", ""},
		{"8/8/8/4k3/8/8/3QK3/8 w - - 0 1", ""},
	}
	for _, tc := range cases {
		p := mustParse(t, tc.pos, tc.variant)
		legal := p.LegalMoves(nil)
		for _, at := range []int{1, 2, 3, 5, 8, 13} {
			s := NewSearcher(14)
			c := &fakeClock{s: s, start: time.Unix(0, 0), at: at}
			s.clock = c.now
			res := s.Search(p, Limits{Time: 100 * time.Millisecond})
			if res.Exact {
				continue // a table or a proof answered: no iteration needed
			}
			if res.Depth < 1 || !contains(legal, res.Move) || len(res.PV) == 0 || res.PV[0] != res.Move {
				t.Errorf("%s, time up at read %d: move %v at depth %d, line %v", tc.pos, at, res.Move, res.Depth, res.PV)
			}
		}
		// Stopped by Limits.Stop at its first poll, likewise.
		res := NewSearcher(14).Search(p, Limits{Stop: func() bool { return true }})
		if !res.Exact && res.Depth < 1 {
			t.Errorf("%s, stopped at once: move %v at depth %d", tc.pos, res.Move, res.Depth)
		}
	}
}

// TestFailedMateProofDoesNotEndDeepening: a mate proof that fails after
// using more than half the budget leaves the rest to the search, which
// keeps deepening while the next iteration fits (issue 36: the searcher
// stopped at depth 1 and played a2a3, which allows mate in 4; e1d1,
// found at depth 13 without the proof, holds). Until the proof has run,
// every read of the clock moves it 1 ms on, so the proof stops at half
// the budget; then the clock stands still: iterations cost nothing, so
// every one fits.
func TestFailedMateProofDoesNotEndDeepening(t *testing.T) {
	p := mustParse(t, "5/Q4/2ppk/P4/2b1K w - - 1 37", "gardner")
	if !worthMateSearch(p) {
		t.Fatal("the position no longer tries a mate proof: the test tests nothing")
	}
	s := NewSearcher(16)
	now := time.Unix(0, 0)
	s.clock = func() time.Time {
		if s.nodes == 0 { // the proof adds its nodes when it returns
			now = now.Add(time.Millisecond)
		}
		return now
	}
	res := s.Search(p, Limits{Time: 100 * time.Millisecond, Depth: 8})
	if res.Exact {
		t.Fatalf("the mate proof or a table answered (%v): the test tests nothing", res.Move)
	}
	if res.Depth != 8 {
		t.Errorf("deepening stopped at depth %d after the mate proof, want 8", res.Depth)
	}
	if spent := now.Sub(time.Unix(0, 0)); spent < 50*time.Millisecond {
		t.Errorf("the proof spent %v before the iterations, want at least half the budget: the test tests nothing", spent)
	}
}

// TestNextIterationFits: the time before the first iteration does not
// predict the next one's; the last iteration's does.
func TestNextIterationFits(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		last, elapsed, budget time.Duration
		want                  bool
	}{
		{1 * ms, 55 * ms, 100 * ms, true},  // a failed mate proof took 55 ms
		{10 * ms, 60 * ms, 100 * ms, true}, // 60 + 30 fits
		{20 * ms, 60 * ms, 100 * ms, false},
		{0, 100 * ms, 100 * ms, true},
		{0, 101 * ms, 100 * ms, false},
	}
	for _, tc := range cases {
		if got := nextIterationFits(tc.last, tc.elapsed, tc.budget); got != tc.want {
			t.Errorf("nextIterationFits(%v, %v, %v) = %v, want %v", tc.last, tc.elapsed, tc.budget, got, tc.want)
		}
	}
}
