package solver

import (
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver/keyspace"
)

// Terminal is the kind of a terminal state (see keyspace.Terminal): a
// table's Stats count its states by it, and Table.Terminal reports it.
type Terminal = keyspace.Terminal

// The terminal kinds.
const (
	NotTerminal  = keyspace.NotTerminal
	Mate         = keyspace.Mate
	Stalemate    = keyspace.Stalemate
	Insufficient = keyspace.Insufficient
	Race         = keyspace.Race
)

// KeyBits returns how wide the state keys of start's states are (see
// keyspace.KeyBits): Solve keys states of at most 64 bits.
func KeyBits(start *engine.Position) (int, error) { return keyspace.KeyBits(start) }
