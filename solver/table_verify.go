package solver

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/thinchess/thinchess/solver/keyspace"
)

// Verify re-checks every entry of the table against its successors,
// generated afresh by the engine's move generator (whatever generator
// built the table):
//   - a terminal state is a loss in 0 (mate, race) or a draw (stalemate,
//     insufficient material);
//   - a won state has a move to a state lost for the opponent at DTM−1,
//     and none to one lost sooner;
//   - a lost state has only moves to states won for the opponent, the
//     longest at DTM−1;
//   - a drawn state has no move to a state lost for the opponent and at
//     least one to a drawn state;
//
// and that every successor is in the table and the statistics add up.
// Together these conditions prove every value and distance exact. Verify
// returns the first violation it finds.
func (t *Table) Verify() error {
	n := t.Len()
	if _, ok := t.lookup(t.startKey); !ok {
		return fmt.Errorf("solver: the start position is not in the table")
	}
	workers := runtime.GOMAXPROCS(0)
	var (
		cursor   atomic.Int64
		mu       sync.Mutex
		first    error
		firstIdx = n
		wg       sync.WaitGroup
	)
	type tally struct {
		edges        int64
		white, black int
		draws        int
		terms        [Race + 1]int
	}
	tallies := make([]tally, workers)
	fail := func(i int, err error) {
		mu.Lock()
		defer mu.Unlock()
		if i < firstIdx {
			first, firstIdx = err, i
		}
	}
	space := keyspace.NewEngineSpace(t.c)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			exp := space.NewExpander()
			var (
				kids []uint64
				ls   lookupScratch
			)
			ta := &tallies[w]
			for {
				const chunk = 1024
				lo := int(cursor.Add(chunk)) - chunk
				if lo >= n {
					return
				}
				for i := lo; i < min(lo+chunk, n); i++ {
					var term Terminal
					term, kids, _ = exp.Expand(t.key(i), kids, nil)
					v, d := t.entry(i)
					side := keyspace.Side(t.key(i))
					switch v {
					case Win:
						if side == 0 {
							ta.white++
						} else {
							ta.black++
						}
					case Loss:
						if side == 0 {
							ta.black++
						} else {
							ta.white++
						}
					default:
						ta.draws++
					}
					if err := t.verifyEntry(i, term, t.lookupAll(kids, &ls), v, d); err != nil {
						fail(i, err)
						continue
					}
					ta.terms[term]++
					ta.edges += int64(len(kids))
				}
			}
		}()
	}
	wg.Wait()
	if first != nil {
		return first
	}
	var sum tally
	for _, ta := range tallies {
		sum.edges += ta.edges
		sum.white += ta.white
		sum.black += ta.black
		sum.draws += ta.draws
		for k := range sum.terms {
			sum.terms[k] += ta.terms[k]
		}
	}
	st := t.stats
	sum.terms[NotTerminal] = 0 // non-terminal states are counted there
	if st.States != n || int64(st.Edges) != sum.edges || st.WhiteWins != sum.white || st.BlackWins != sum.black ||
		st.Draws != sum.draws || st.Terminals != sum.terms {
		return fmt.Errorf("solver: the table's statistics %+v do not match its entries (edges %d, white wins %d, black wins %d, draws %d, terminals %v)",
			st, sum.edges, sum.white, sum.black, sum.draws, sum.terms)
	}
	return nil
}

// verifyEntry checks state i, of terminal kind term with successors kids
// (their indices, -1 for one not in the table), whose entry is v in d.
func (t *Table) verifyEntry(i int, term Terminal, kids []int32, v Value, d int) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("solver: table entry %d (%s), %s in %d: %s", i, t.Position(i).FEN(), v, d, fmt.Sprintf(format, args...))
	}
	switch {
	case term.Lost():
		if v != Loss || d != 0 {
			return bad("the position is %s, lost in 0", term)
		}
		return nil
	case term != NotTerminal:
		if v != Draw {
			return bad("the position is %s, a draw", term)
		}
		return nil
	}
	minLoss, maxWin := -1, -1
	anyDraw := false
	for _, c := range kids {
		if c < 0 {
			return bad("a successor is not in the table")
		}
		cv, cd := t.entry(int(c))
		switch cv {
		case Loss:
			if minLoss < 0 || cd < minLoss {
				minLoss = cd
			}
		case Win:
			maxWin = max(maxWin, cd)
		default:
			anyDraw = true
		}
	}
	switch {
	case minLoss >= 0:
		if v != Win || d != minLoss+1 {
			return bad("its best move reaches a position lost for the opponent in %d", minLoss)
		}
	case anyDraw:
		if v != Draw {
			return bad("its best move keeps a draw")
		}
	default:
		if v != Loss || d != maxWin+1 {
			return bad("every move reaches a position won for the opponent, the longest in %d", maxWin)
		}
	}
	return nil
}
