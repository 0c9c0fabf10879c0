// Command bench compares thinchess's perft with a peer Go chess library,
// github.com/corentings/chess/v2, on the standard start position (depth 5)
// and Kiwipete (depth 4), both counting the last ply in bulk.
//
// It lives in its own module so that the main module does not depend on
// the peer. From this directory:
//
//	go run . -runs 5          # a table of medians: nodes/s of each, and the ratio
//	go test -bench . -count 5 # the same as Go benchmarks (nodes/s metric)
//
// The peer is driven through its fastest public API, Position.ValidMoves
// and Position.Update (what its own perft test uses), and its counts are
// checked against the reference before any timing is trusted. Both
// programs are measured single-threaded and on every CPU (the peer's root
// moves split over goroutines the same way PerftParallel splits ours).
//
// The module's tests also use the peer as an independent rules oracle:
// TestDifferentialChess plays seeded random games and compares the legal
// moves, the halfmove clock and the game's status at every position
// (go test -run Differential -diff.games 20000 for a longer run).
package main
