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
// search's), 4 clock reads and no table built after the one that ran
// out, whatever phase it fell in — a table build included.
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
				if n := res.Nodes - c.nodesAt; n > 5120 || c.readsAfter > 4 {
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
