package ban

import (
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// banStart parses a position under a preset with bans on.
func banStart(t testing.TB, preset, pos string) *engine.Position {
	t.Helper()
	r := engine.MustPreset(preset)
	if err := r.SetBool("bans", true); err != nil {
		t.Fatal(err)
	}
	p, err := engine.Parse(pos, r)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// bruteState is one state of the brute-force graph.
type bruteState struct {
	pos   engine.Position
	next  []int
	actor engine.Color
	won   int8 // 0 unknown or draw, 1 White, 2 Black
	dtm   int
}

// bruteKey names a Ban Chess state by its FEN without the counters.
func bruteKey(p *engine.Position) string {
	f := strings.Fields(p.FEN())
	_, ban, _ := strings.Cut(f[6], ":")
	return strings.Join(f[:4], " ") + " " + ban
}

// bruteSolve builds the whole state graph from start with nothing but
// the engine's actions and statuses, then finds values by synchronous
// rounds: in round r every state with a successor won by its actor in
// r-1 plies is won in r, and every state whose successors are all won by
// the opponent, the slowest in r-1, is lost in r.
func bruteSolve(start *engine.Position) ([]bruteState, map[string]int) {
	index := map[string]int{bruteKey(start): 0}
	states := []bruteState{{pos: *start}}
	var buf [engine.MaxMoves]engine.Move
	for i := 0; i < len(states); i++ {
		p := states[i].pos
		states[i].actor = p.Actor()
		switch st := p.Status(); st {
		case engine.Active:
		case engine.Checkmate, engine.RaceWin, engine.NoMoves:
			states[i].won = int8(p.Side.Other()) + 1
			continue
		default:
			continue
		}
		for _, a := range p.Actions(buf[:0]) {
			q := p
			q.MakeAction(a)
			k := bruteKey(&q)
			j, ok := index[k]
			if !ok {
				j = len(states)
				index[k] = j
				states = append(states, bruteState{pos: q})
			}
			states[i].next = append(states[i].next, j)
		}
	}
	known := make([]bool, len(states))
	for i := range states {
		known[i] = states[i].won != 0
	}
	for r := 1; ; r++ {
		type res struct {
			i   int
			won int8
		}
		var found []res
		for i, s := range states {
			if known[i] || len(s.next) == 0 {
				continue
			}
			own := int8(s.actor) + 1
			lost := true
			for _, j := range s.next {
				if known[j] && states[j].won == own && states[j].dtm == r-1 {
					found = append(found, res{i, own})
					lost = false
					break
				}
				if !known[j] || states[j].won == own || states[j].won == 0 {
					lost = false
				}
			}
			if lost {
				found = append(found, res{i, 3 - own})
			}
		}
		if len(found) == 0 {
			return states, index
		}
		for _, f := range found {
			known[f.i], states[f.i].won, states[f.i].dtm = true, f.won, r
		}
	}
}

// TestBanSolveMatchesBruteForce compares every state of the ban table
// with an independent brute-force solve on tiny boards.
func TestBanSolveMatchesBruteForce(t *testing.T) {
	tests := []struct{ preset, pos string }{
		{"1d", "bk,br,x,x,wr,wk:w"},
		{"1d", "bk,bn,br,x,wr,wn,wk:w"},
		{"1d", "bk,x,bn,x,x,wr,x,wk:w"},
		{"chess", "x,bk/x,x/x,x/wr,x/wk,x:w"},
		{"chess", "bk,x,x/x,x,x/x,x,x/wk,wq,x:w"},
		{"chess", "bk,x/x,x/wp,x/x,wk:w"},
	}
	for _, tc := range tests {
		t.Run(tc.pos, func(t *testing.T) {
			start := banStart(t, tc.preset, tc.pos)
			tb, err := Solve(start, solver.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if err := tb.Verify(); err != nil {
				t.Fatal(err)
			}
			states, _ := bruteSolve(start)
			if got := tb.Stats().States; got != len(states) {
				t.Errorf("table has %d reachable states, brute force %d", got, len(states))
			}
			wins := 0
			for _, s := range states {
				v, d, ok := tb.Value(&s.pos)
				if !ok {
					t.Fatalf("%s: not in the table", s.pos.FEN())
				}
				want, wantD := solver.Draw, -1
				if s.won != 0 {
					want, wantD = solver.Loss, s.dtm
					if s.won == int8(s.actor)+1 {
						want = solver.Win
						wins++
					}
				}
				if v != want || d != wantD {
					t.Fatalf("%s: table %v in %d, brute force %v in %d", s.pos.FEN(), v, d, want, wantD)
				}
			}
			v, d, _ := tb.Value(start)
			t.Logf("%s: %d positions, %d states, start %v in %d (%d wins for the side to act)", tc.pos, tb.Stats().Positions, len(states), v, d, wins)
		})
	}
}

// TestBanBestActions checks the optimal actions of the forced-ban mate
// and that a principal variation ends the game.
func TestBanBestActions(t *testing.T) {
	p := banStart(t, "chess", "R6k/7p/8/8/8/8/8/6K1 b - - 0 1 1")
	tb, err := Solve(p, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	v, d, ok := tb.Value(p)
	if !ok || v != solver.Win || d != 1 {
		t.Fatalf("forced-ban mate: %v in %d (%v), want a win in 1 for White, the banner", v, d, ok)
	}
	best := tb.BestActions(p)
	if len(best) != 1 || engine.FormatActions(p, best) != "b:h8g7" {
		t.Errorf("best %s, want b:h8g7", engine.FormatActions(p, best))
	}
	start := banStart(t, "1d", "bk,br,x,x,wr,wk:w")
	tb, err = Solve(start, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	pv := solver.PV(Oracle{tb}, start, 200)
	q := *start
	for _, a := range pv {
		q.MakeAction(a)
	}
	if v, _, _ := tb.Value(start); v != solver.Draw && q.Status() == engine.Active {
		t.Errorf("PV %s does not end the game", engine.FormatActions(start, pv))
	}
}
