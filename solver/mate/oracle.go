package mate

import (
	"fmt"
	"math/bits"
	"sync"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/terms"
)

// Oracle is the Oracle of bounded mate search: it knows the positions
// where Attacker mates within Bound moves, proven by Search, and
// nothing else — it never says draw. Searches are remembered by FEN,
// and what they prove about positions met on the way is kept in a
// transposition table shared by the oracle's later searches (one table
// per concurrent caller, each up to Options.TableBits, kept as long as
// the oracle). It is safe for concurrent use.
type Oracle struct {
	Attacker engine.Color
	Bound    int
	opt      Options

	mu   sync.Mutex
	memo map[string]mateMemo
	// idle holds the searchers (each with its table) not in use, and
	// scratch those of MatesWithin.
	idle, scratch []*mateSearcher
	err           error
}

// mateMemo is a remembered search: its result or why it was undecided.
// A result without full has its distance but no first moves.
type mateMemo struct {
	r    *Result
	err  error
	full bool
}

// NewOracle returns the oracle of "attacker mates within bound
// moves", each search bounded by opt (its tree option is ignored).
func NewOracle(attacker engine.Color, bound int, opt Options) *Oracle {
	opt.MaxTreeNodes = -1
	return &Oracle{Attacker: attacker, Bound: bound, opt: opt, memo: map[string]mateMemo{}}
}

// acquire returns an idle searcher, or a new one when all are busy.
func (o *Oracle) acquire() *mateSearcher {
	o.mu.Lock()
	defer o.mu.Unlock()
	if n := len(o.idle); n > 0 {
		s := o.idle[n-1]
		o.idle = o.idle[:n-1]
		return s
	}
	return newMateSearcher(o.Attacker, o.opt)
}

// release hands s back.
func (o *Oracle) release(s *mateSearcher) {
	s.releaseFrames()
	o.mu.Lock()
	defer o.mu.Unlock()
	o.idle = append(o.idle, s)
}

// Search returns the mate search of p, from memory when p was searched
// before. A search that was not decided returns its error, which Err
// keeps too.
func (o *Oracle) Search(p *engine.Position) (*Result, error) {
	return o.search(p, true)
}

// search is Search, or with full unset the distance only (no first
// moves), which is cheaper.
func (o *Oracle) search(p *engine.Position, full bool) (*Result, error) {
	key := p.FEN()
	o.mu.Lock()
	m, ok := o.memo[key]
	o.mu.Unlock()
	if ok && (m.full || !full || m.err != nil) {
		return m.r, m.err
	}
	var r *Result
	var err error
	if o.Bound < 0 || o.Bound > terms.MaxMateMoves {
		err = fmt.Errorf("mate search: bound %d out of range: want 0 to %d moves", o.Bound, terms.MaxMateMoves)
	} else {
		s := o.acquire()
		r, err = s.search(p, o.Bound, full)
		o.release(s)
	}
	if err != nil {
		r = nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if err != nil && o.err == nil {
		o.err = err
	}
	o.memo[key] = mateMemo{r, err, full}
	return r, err
}

// Err returns the error of the first search that was not decided.
func (o *Oracle) Err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// Probe returns the value of p for its side to move when the attacker is
// proven to mate within the bound, with the distance in plies.
func (o *Oracle) Probe(p *engine.Position) (solver.Value, int, bool) {
	r, err := o.search(p, false)
	if err != nil || !r.Found {
		return solver.Draw, -1, false
	}
	if p.Side == o.Attacker {
		return solver.Win, r.Plies, true
	}
	return solver.Loss, r.Plies, true
}

// Distance is Search without the first moves: it proves the shortest
// mate from p, which costs less than proving every mating first move.
// Result.First is empty even with the attacker to move.
func (o *Oracle) Distance(p *engine.Position) (*Result, error) {
	return o.search(p, false)
}

// BestMoves returns the attacker's moves that keep the fastest mate, or
// the defences the attacker needs longest to answer, in canonical order.
// With d the proven distance of p, those are the attacker's moves after
// which the defender is mated within d−1 moves, and the defences after
// which the attacker cannot mate within d−1 (every defence is mated
// within d). Each move's proof has the node budget of a search; when
// one runs out BestMoves returns nil and Err tells why.
func (o *Oracle) BestMoves(p *engine.Position) []engine.Move {
	var buf [engine.MaxMoves]engine.Move
	moves := p.LegalMoves(buf[:0])
	engine.SortMoves(moves)
	return o.best(p, moves)
}

// IsBest reports whether the legal move m of p is one of BestMoves(p),
// proving that for m alone.
func (o *Oracle) IsBest(p *engine.Position, m engine.Move) bool {
	return len(o.best(p, []engine.Move{m})) == 1
}

// best returns those of the moves of p that BestMoves lists.
func (o *Oracle) best(p *engine.Position, moves []engine.Move) []engine.Move {
	r, err := o.search(p, false)
	if err != nil || !r.Found || p.Status() != engine.Active {
		return nil
	}
	d := r.Moves
	s := o.acquire()
	defer o.release(s)
	s.reset(p, o.Bound)
	var out []engine.Move
	for _, mv := range moves {
		s.nodes = 0
		u := s.pos.Make(mv)
		var best bool
		if p.Side == o.Attacker {
			best = s.defend(d-1, 1)
		} else {
			best = !s.attack(d-1, 1)
		}
		s.pos.Unmake(u)
		if s.stop {
			o.mu.Lock()
			defer o.mu.Unlock()
			if o.err == nil {
				o.err = fmt.Errorf("mate search for %s within %d moves: best moves of %s: %w after %d nodes",
					o.Attacker, o.Bound, p.FEN(), ErrUndecided, s.nodes)
			}
			return nil
		}
		if best {
			out = append(out, mv)
		}
	}
	return out
}

// MatesWithin reports whether the attacker mates from p within n moves,
// searching at most maxNodes positions; decided is false when the
// budget ran out first. It is meant for many cheap questions about
// positions off the main line (is a wrong move still a slower win?):
// unlike Probe it is not limited by Bound and remembers nothing, and
// each question starts from an empty table of its own, so that the
// answer depends on p, n and maxNodes alone, not on what the oracle
// searched before.
func (o *Oracle) MatesWithin(p *engine.Position, n int, maxNodes int64) (mates, decided bool) {
	if n < 0 || n > terms.MaxMateMoves || maxNodes <= 0 {
		return false, false
	}
	tableBits := min(bits.Len64(uint64(maxNodes)), maxScratchBits)
	o.mu.Lock()
	var s *mateSearcher
	if k := len(o.scratch); k > 0 {
		s, o.scratch = o.scratch[k-1], o.scratch[:k-1]
	} else {
		s = newMateSearcher(o.Attacker, Options{TableBits: tableBits})
	}
	o.mu.Unlock()
	defer func() {
		s.releaseFrames()
		o.mu.Lock()
		o.scratch = append(o.scratch, s)
		o.mu.Unlock()
	}()
	s.reset(p, n)
	// A table of fixed size, emptied: the same question gets the same
	// search whatever came before.
	if s.maxBits = tableBits; len(s.tt) != 1<<tableBits {
		s.newTable(tableBits)
	} else {
		clear(s.tt)
		s.work = 0
	}
	s.maxNodes = maxNodes
	if p.Side == o.Attacker {
		mates = s.attack(n, 0)
	} else {
		mates = s.defend(n, 0)
	}
	if s.stop {
		return false, false
	}
	return mates, true
}

// maxScratchBits bounds the table of a MatesWithin question (1 MiB).
const maxScratchBits = 16

// Method returns solver.ByMateSearch.
func (o *Oracle) Method() solver.Method { return solver.ByMateSearch }
