// Package keyspace is the state space Solve works in: the states
// reachable from a start position as 64-bit keys. It holds how a state is
// keyed (Codec: a position packed into a key and back, and the key's
// width, KeyBits), how keys are stored (Mix, a bijection that spreads
// keys evenly; Set, one part of a growing hash set of mixed keys with a
// 16-bit info each, and Split, which divides a set's parts; Index, the
// sorted keys of a table with their lookups), and how keys are expanded
// (Space hands out Expanders, which give a state's terminal kind and
// successors: Pieces, a bitboard generator that also un-moves and
// mirrors, for positions of pieces only, and EngineSpace, the engine's
// move generator, for every rule).
//
//	c, err := keyspace.NewCodec(start)
//	k, _ := c.Encode(start)
//	var sp keyspace.Space = keyspace.NewEngineSpace(c)
//	if ps, ok := keyspace.NewPieces(c, start); ok {
//		sp = ps
//	}
//	term, succ, _ := sp.NewExpander().Expand(k, nil, nil)
//
// The solver (package solver) enumerates and solves the space; this
// package knows nothing of values or tables. Its API is wide because the
// solver's hot loops call it directly: every method is small, and the
// compiler inlines across the package boundary as it did within one.
package keyspace
