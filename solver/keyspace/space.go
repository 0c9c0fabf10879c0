package keyspace

import (
	"fmt"

	"github.com/thinchess/thinchess/engine"
)

// Terminal is how a state ends the game by itself, or NotTerminal.
type Terminal uint8

// Terminal kinds. Mate and Race are lost for the side to move; Stalemate
// and Insufficient are draws.
const (
	NotTerminal Terminal = iota
	// Mate: the side to move is checkmated.
	Mate
	// Stalemate: the side to move has no legal move and is not in check.
	Stalemate
	// Insufficient: neither side has the material to mate (lone kings; on
	// a 2-D board, king and one minor piece against a king).
	Insufficient
	// Race: under the race goal, the side that just moved reached its far
	// rank, or the side to move has no legal move.
	Race
)

var terminalNames = [...]string{"-", "mate", "stalemate", "insufficient", "race"}

// String returns the name graph prints: "-", "mate", "stalemate",
// "insufficient" or "race".
func (t Terminal) String() string {
	if int(t) < len(terminalNames) {
		return terminalNames[t]
	}
	return "?"
}

// Reason says in words how the state ended the game: "checkmate",
// "stalemate", "insufficient material", "race won"; "" when it did not.
func (t Terminal) Reason() string {
	switch t {
	case Mate:
		return "checkmate"
	case Stalemate:
		return "stalemate"
	case Insufficient:
		return "insufficient material"
	case Race:
		return "race won"
	}
	return ""
}

// Lost reports whether the terminal state is lost for the side to move.
func (t Terminal) Lost() bool { return t == Mate || t == Race }

// TerminalOf maps an engine status to the terminal kind a table records
// (NotTerminal for a position still in play).
func TerminalOf(st engine.Status) Terminal {
	switch st {
	case engine.Checkmate:
		return Mate
	case engine.Stalemate:
		return Stalemate
	case engine.InsufficientMaterial:
		return Insufficient
	case engine.RaceWin, engine.NoMoves:
		return Race
	}
	return NotTerminal
}

// Space is the graph of a start position's states: it hands out
// expanders, which turn a state's key into its moves and successors.
// Everything the solver learns about the rules comes through expand, the
// one successor function: a Ban Chess phase would be another case in it.
type Space interface {
	Codec() *Codec
	NewExpander() Expander
}

// Expander generates the successors of states for one goroutine.
type Expander interface {
	// expand returns the terminal kind of the state with key k and, when
	// it is not terminal, the keys of its successors, one per legal move,
	// in buf[:0]; with moves non-nil it also returns the moves, in
	// moves[:0], in the same order.
	Expand(k uint64, buf []uint64, moves []engine.Move) (Terminal, []uint64, []engine.Move)
	// count returns the terminal kind of state k and its number of legal
	// moves (zero for a terminal state).
	Count(k uint64) (Terminal, int)
}

// PredecessorSpace is a state space that can also generate predecessors
// by un-moving, so the solver needs to store no edges.
type PredecessorSpace interface {
	Space
	NewUnmover() Unmover
}

// Unmover generates predecessor candidates for one goroutine.
type Unmover interface {
	// unmoves appends to buf the key of every state that could have moved
	// to state k: each real predecessor exactly once, and possibly keys
	// that are not states at all, which the caller skips.
	Unmoves(k uint64, buf []uint64) []uint64
}

// EngineSpace generates successors with the engine's move generator. It
// handles every rule the engine knows; the solver stores its edges.
type EngineSpace struct {
	c *Codec
}

// NewEngineSpace returns the engine's state space of codec c.
func NewEngineSpace(c *Codec) *EngineSpace { return &EngineSpace{c: c} }

// Codec returns the codec of the space's keys.
func (s *EngineSpace) Codec() *Codec { return s.c }

// NewExpander returns an Expander for one goroutine.
func (s *EngineSpace) NewExpander() Expander { return &engineExpander{c: s.c} }

// engineExpander is the per-goroutine state of an EngineSpace.
type engineExpander struct {
	c     *Codec
	pos   engine.Position
	legal [engine.MaxMoves]engine.Move
}

// terminal classifies the decoded position, which has n legal moves.
func (e *engineExpander) terminal(n int) Terminal {
	p := &e.pos
	r := p.R
	if n == 0 {
		return TerminalOf(p.Status())
	}
	if r.InsufficientMaterial && r.Goal == engine.GoalCheckmate && minorsOnly(p) {
		return TerminalOf(p.Status())
	}
	return NotTerminal
}

// minorsOnly reports whether neither side has a pawn, rook or queen.
func minorsOnly(p *engine.Position) bool {
	for c := engine.White; c <= engine.Black; c++ {
		if p.Count(c, engine.Pawn)+p.Count(c, engine.Rook)+p.Count(c, engine.Queen) > 0 {
			return false
		}
	}
	return true
}

func (e *engineExpander) Expand(k uint64, buf []uint64, moves []engine.Move) (Terminal, []uint64, []engine.Move) {
	buf = buf[:0]
	if moves != nil {
		moves = moves[:0]
	}
	e.c.Decode(k, &e.pos)
	legal := e.pos.LegalMoves(e.legal[:0])
	if t := e.terminal(len(legal)); t != NotTerminal {
		return t, buf, moves
	}
	for _, m := range legal {
		u := e.pos.Make(m)
		ck, ok := e.c.Encode(&e.pos)
		if !ok {
			panic(fmt.Sprintf("solver: %s after %s has no state key", e.pos.FEN(), m.Coord(e.pos.B)))
		}
		e.pos.Unmake(u)
		buf = append(buf, ck)
		if moves != nil {
			moves = append(moves, m)
		}
	}
	return NotTerminal, buf, moves
}

func (e *engineExpander) Count(k uint64) (Terminal, int) {
	e.c.Decode(k, &e.pos)
	n := len(e.pos.LegalMoves(e.legal[:0]))
	if t := e.terminal(n); t != NotTerminal {
		return t, 0
	}
	return NotTerminal, n
}
