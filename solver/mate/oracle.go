package mate

import (
	"sync"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// Oracle is the Oracle of bounded mate search: it knows the positions
// where Attacker mates within Bound moves, proven by Search, and
// nothing else — it never says draw. Searches are remembered by FEN. It
// is safe for concurrent use.
type Oracle struct {
	Attacker engine.Color
	Bound    int
	opt      Options

	mu   sync.Mutex
	memo map[string]mateMemo
	err  error
}

// mateMemo is a remembered search: its result or why it was undecided.
type mateMemo struct {
	r   *Result
	err error
}

// NewOracle returns the oracle of "attacker mates within bound
// moves", each search bounded by opt (its tree option is ignored).
func NewOracle(attacker engine.Color, bound int, opt Options) *Oracle {
	opt.MaxTreeNodes = -1
	return &Oracle{Attacker: attacker, Bound: bound, opt: opt, memo: map[string]mateMemo{}}
}

// Search returns the mate search of p, from memory when p was searched
// before. A search that was not decided returns its error, which Err
// keeps too.
func (o *Oracle) Search(p *engine.Position) (*Result, error) {
	key := p.FEN()
	o.mu.Lock()
	m, ok := o.memo[key]
	o.mu.Unlock()
	if ok {
		return m.r, m.err
	}
	r, err := Search(p, o.Attacker, o.Bound, o.opt)
	if err != nil {
		r = nil
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if err != nil && o.err == nil {
		o.err = err
	}
	o.memo[key] = mateMemo{r, err}
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
	r, err := o.Search(p)
	if err != nil || !r.Found {
		return solver.Draw, -1, false
	}
	if p.Side == o.Attacker {
		return solver.Win, r.Plies, true
	}
	return solver.Loss, r.Plies, true
}

// BestMoves returns the attacker's moves that keep the fastest mate, or
// the defences the attacker needs longest to answer, in canonical order.
func (o *Oracle) BestMoves(p *engine.Position) []engine.Move {
	r, err := o.Search(p)
	if err != nil || !r.Found || p.Status() != engine.Active {
		return nil
	}
	var out []engine.Move
	if p.Side == o.Attacker {
		for _, f := range r.First {
			if f.Moves == r.Moves {
				out = append(out, f.Move)
			}
		}
		engine.SortMoves(out)
		return out
	}
	longest := -1
	var buf [engine.MaxMoves]engine.Move
	for _, mv := range p.LegalMoves(buf[:0]) {
		q := *p
		q.Make(mv)
		rq, err := o.Search(&q)
		switch {
		case err != nil || !rq.Found:
		case rq.Moves > longest:
			longest, out = rq.Moves, []engine.Move{mv}
		case rq.Moves == longest:
			out = append(out, mv)
		}
	}
	engine.SortMoves(out)
	return out
}

// Method returns solver.ByMateSearch.
func (o *Oracle) Method() solver.Method { return solver.ByMateSearch }
