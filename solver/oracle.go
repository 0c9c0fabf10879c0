package solver

import (
	"fmt"
	"sync"

	"github.com/thinchess/thinchess/engine"
)

// An Oracle is the one judge of positions that every part of thinchess
// asks — verification, puzzle trees, mining, the lichess importer, the
// CLI and the browser — so that all of them give the same answer.
//
// Three oracles exist: an exact Table, a BanOracle over an exact Ban
// Chess table, and a MateOracle that proves mates by bounded search.
type Oracle interface {
	// Probe returns the value of p for its side to move and the distance
	// to mate in plies (-1 for a draw), and false when the oracle does
	// not know p.
	Probe(p *engine.Position) (v Value, dtm int, ok bool)
	// BestMoves returns every optimal move of p in canonical order (see
	// engine.CompareMoves): for the winner the moves that keep the
	// fastest mate, for the loser the longest defences, in a draw the
	// moves that keep the draw. Under Ban Chess they are actions: bans in
	// a ban phase. It returns nil when p is unknown or the game is over.
	BestMoves(p *engine.Position) []engine.Move
	// Method says how the oracle knows what it knows.
	Method() Method
}

// PVLength bounds the principal variations thinchess shows, in plies.
const PVLength = 400

// PV returns the principal variation of o from p: at each step the first
// of the best moves in canonical order, until the game ends, o does not
// know the position, max moves are played or the next move would repeat
// a position of the line (drawn lines go round in circles). Under Ban
// Chess the line holds actions: bans and moves.
func PV(o Oracle, p *engine.Position, max int) []engine.Move {
	q := *p
	seen := []engine.Position{q}
	var line []engine.Move
	for len(line) < max && q.Status() == engine.Active {
		best := o.BestMoves(&q)
		if len(best) == 0 {
			break
		}
		q.MakeAction(best[0])
		for i := range seen {
			if seen[i].Equal(&q) {
				return line
			}
		}
		seen = append(seen, q)
		line = append(line, best[0])
	}
	return line
}

// Method is how a value was found.
type Method uint8

// Methods.
const (
	// Unverified: nothing could be decided.
	Unverified Method = iota
	// Exact: a retrograde table of every reachable state.
	Exact
	// ByMateSearch: a bounded mate search, which proves wins and never
	// draws.
	ByMateSearch
	// ByGameSearch: the alpha-beta searcher's estimate, proving nothing
	// but the mates it sees.
	ByGameSearch
)

var methodNames = [...]string{"none", "exact", "mate-search", "search"}

// String returns "none", "exact", "mate-search" or "search".
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", uint8(m))
}

// MarshalText writes the method's name.
func (m Method) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads a method's name.
func (m *Method) UnmarshalText(b []byte) error {
	for i, n := range methodNames {
		if n == string(b) {
			*m = Method(i)
			return nil
		}
	}
	return fmt.Errorf("unknown method %q (want none, exact, mate-search or search)", b)
}

// Method returns Exact.
func (t *Table) Method() Method { return Exact }

// BanOracle is the Oracle of an exact Ban Chess table. Its values are for
// the side to move, as every oracle's are, while the table's are for the
// side to act (the banner, in a ban phase); its best moves are actions.
type BanOracle struct{ T *BanTable }

// Probe returns the value of p for its side to move.
func (o BanOracle) Probe(p *engine.Position) (Value, int, bool) {
	v, dtm, ok := o.T.Value(p)
	if ok && p.Actor() != p.Side {
		v = -v
	}
	return v, dtm, ok
}

// BestMoves returns the best actions of p in canonical order.
func (o BanOracle) BestMoves(p *engine.Position) []engine.Move { return o.T.BestActions(p) }

// Method returns Exact.
func (o BanOracle) Method() Method { return Exact }

// MateOracle is the Oracle of bounded mate search: it knows the positions
// where Attacker mates within Bound moves, proven by MateSearch, and
// nothing else — it never says draw. Searches are remembered by FEN. It
// is safe for concurrent use.
type MateOracle struct {
	Attacker engine.Color
	Bound    int
	opt      MateOptions

	mu   sync.Mutex
	memo map[string]mateMemo
	err  error
}

// mateMemo is a remembered search: its result or why it was undecided.
type mateMemo struct {
	r   *MateResult
	err error
}

// NewMateOracle returns the oracle of "attacker mates within bound
// moves", each search bounded by opt (its tree option is ignored).
func NewMateOracle(attacker engine.Color, bound int, opt MateOptions) *MateOracle {
	opt.MaxTreeNodes = -1
	return &MateOracle{Attacker: attacker, Bound: bound, opt: opt, memo: map[string]mateMemo{}}
}

// Search returns the mate search of p, from memory when p was searched
// before. A search that was not decided returns its error, which Err
// keeps too.
func (o *MateOracle) Search(p *engine.Position) (*MateResult, error) {
	key := p.FEN()
	o.mu.Lock()
	m, ok := o.memo[key]
	o.mu.Unlock()
	if ok {
		return m.r, m.err
	}
	r, err := MateSearch(p, o.Attacker, o.Bound, o.opt)
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
func (o *MateOracle) Err() error {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.err
}

// Probe returns the value of p for its side to move when the attacker is
// proven to mate within the bound, with the distance in plies.
func (o *MateOracle) Probe(p *engine.Position) (Value, int, bool) {
	r, err := o.Search(p)
	if err != nil || !r.Found {
		return Draw, -1, false
	}
	if p.Side == o.Attacker {
		return Win, r.Plies, true
	}
	return Loss, r.Plies, true
}

// BestMoves returns the attacker's moves that keep the fastest mate, or
// the defences the attacker needs longest to answer, in canonical order.
func (o *MateOracle) BestMoves(p *engine.Position) []engine.Move {
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

// Method returns ByMateSearch.
func (o *MateOracle) Method() Method { return ByMateSearch }
