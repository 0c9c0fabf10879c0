package solver

import (
	"fmt"

	"github.com/thinchess/thinchess/engine"
)

// An Oracle is the one judge of positions that every part of thinchess
// asks — verification, puzzle trees, mining, the lichess importer, the
// CLI and the browser — so that all of them give the same answer.
//
// Three oracles exist: an exact Table, a ban.Oracle over an exact Ban
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
