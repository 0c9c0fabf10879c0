// Package solver answers questions about positions exactly, by
// retrograde analysis of every reachable state (Solve and Table, and
// solver/ban for Ban Chess), and holds what every judge shares: the Oracle
// interface that the CLI, the build and the browser all ask, its
// principal variation (PV), Value and Method. Its sub-packages add the
// bounded mate search for boards too large to enumerate (solver/mate,
// whose mate.Oracle is the third oracle) and the game-playing alpha-beta
// search (solver/search).
//
// # Exact tables
//
// Solve enumerates every state reachable from a start position under its
// rules — a state is the pieces, the side to move, the castling rights and
// a capturable en-passant square — and solves them all by backward
// induction:
//
//   - terminal states are seeded: checkmate, a race reached by the
//     opponent, and no legal move under the race goal are lost for the
//     side to move; stalemate and insufficient material are draws;
//   - every state has a count of its moves; when a state is found lost,
//     all its predecessors are won, and when it is found won, each
//     predecessor's count drops by one, and a predecessor whose count
//     reaches zero — its last move that did not lose has been refuted —
//     is lost;
//   - states are resolved in layers of increasing distance to mate, so a
//     won state takes its fastest win and a lost state its slowest loss:
//     every distance (DTM, in plies) is exact;
//   - whatever is never resolved is a draw: neither side can force a
//     mate, so best play repeats positions forever. Repetition needs no
//     special handling and no path-dependent rule.
//
// The fifty-move rule is ignored: values and distances are those of the
// game without it.
//
// States are identified exactly by a 64-bit key (a packed encoding of the
// state, fixed for the start position's board and material — never a
// hash), held in a sorted array with a small directory; the keys, their
// sets and the move generators over them are solver/keyspace. Positions with
// only kings, queens, rooks, bishops and knights (every 1-D position,
// the thin boards' piece endgames) are generated on bitboards and solved
// by un-moving, storing no edges: about 25 bytes a state at the peak of a
// solve, 11 in the finished table (half that for a start solved in mirror
// pairs, below). Others (pawns, castling, the race
// goal) use the engine's move generator and store the graph's edges
// reversed. The work is split between goroutines by ranges of keys, each
// goroutine owning its share of the set of states; a set larger than the
// caches is split into many more ranges, worked through one at a time, so
// that the memory each touches stays in the caches' and the TLB's reach.
//
// A start whose placement is its own mirror image — turned through 180
// degrees with the colours swapped, as the 1-D and thin starts are — is
// solved one state of each mirror pair at a time: a state and its mirror
// (the other side to move) have the same value and distance, and a move
// from one is the mirror of a move from the other, so the solver keeps
// the states with White to move and expands and un-moves their mirrors;
// the table keeps them too and numbers the pairs (the kept states, then
// their mirrors), and its binary and play forms hold the kept states'
// entries only. That halves the work, the memory and the tables when
// every reachable state's mirror is reachable, which a short search from
// both ends usually proves first; otherwise the enumeration tracks which
// half of each pair it has reached, and the table holds exactly the
// reachable states either way.
//
// A Table answers for any reachable position: Probe gives the value and
// the distance to mate, BestMoves every optimal move, MoveValues every
// move's outcome and Choose a move by Strategy; the package function
// PV gives a principal variation of any Oracle.
// Verify re-checks every entry against its successors. MarshalBinary
// writes the values in a few bits a state; UnmarshalTable reads them back
// (in the browser too) by enumerating the states again, without solving.
//
//	start, _ := engine.Parse("bk,bn,br,x,x,wr,wn,wk:w", nil)
//	t, err := solver.Solve(start, solver.Options{})
//	if err != nil {
//		return err
//	}
//	v, dtm, _ := t.Probe(start)          // win, 11: White mates in 6
//	fmt.Println(v, dtm, start.SANLine(solver.PV(t, start, 20)))
package solver
