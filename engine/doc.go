// Package engine holds the rules of thinchess: boards of any size from
// 1×1 to 16×16, pieces, positions, legal move generation with make/unmake,
// the rule presets (1d, chess, gardner, losalamos, race) and the notations
// of positions and moves (position code, FEN, SAN, coordinates). A game —
// its history, undo and redo, the draws history decides, its JSON and PGN
// — is engine/game's.
//
// A position is read from either notation and explored move by move:
//
//	p, err := engine.Parse("bk,bn,br,x,x,wr,wn,wk:w", nil) // 1-D, preset 1d
//	if err != nil { … }
//	var buf [engine.MaxMoves]engine.Move
//	for _, m := range p.LegalMoves(buf[:0]) {
//		u := p.Make(m)
//		// … look at p …
//		p.Unmake(u)
//	}
//
// The hot path (LegalMoves, Make, Unmake) allocates nothing: positions are
// plain values, the caller owns the move buffer and every geometric table
// is computed once per board shape.
//
// # Correctness properties
//
// Each of the 33 properties of the chess design is a pgregory.net/rapid
// test (property_*_test.go) checked on every position of random games on
// 8×8, 6×6, Gardner, Los Alamos, 2×10, 1-D and race boards, against
// refBoard, the rules written a second time, slowly, in the tests. The
// games lean towards castling rights, en passant, promotion, clocks near
// 100, repetitions, mates and stalemates; -rapid.checks raises their
// number. A test says which boards a property does not apply to. For
// repetition an en-passant target counts only when the capture is legal
// (FIDE 9.2.3), not when the pawn that could take is pinned to its king.
//
//   - turn alternation, turn enforcement: TestPropertyTurnAlternation,
//     TestPropertyTurnEnforcement
//   - king, queen, rook, bishop, knight and pawn movement:
//     TestPropertyKingMovement, TestPropertyQueenMovement,
//     TestPropertyRookMovement, TestPropertyBishopMovement,
//     TestPropertyKnightMovement, TestPropertyPawnMovement
//   - sliding, friendly blocking, captures: TestPropertySlidingBlocking,
//     TestPropertyFriendlyBlocking, TestPropertyCaptures
//   - castling availability, execution and rights revocation:
//     TestPropertyCastlingAvailability, TestPropertyCastlingExecution,
//     TestPropertyCastlingRightsRevocation
//   - en passant availability, execution and expiration:
//     TestPropertyEnPassantAvailability, TestPropertyEnPassantExecution,
//     TestPropertyEnPassantExpiration
//   - promotion requirement and execution:
//     TestPropertyPromotionRequirement, TestPropertyPromotionExecution
//   - check, checkmate, stalemate, insufficient material, threefold
//     repetition and fifty-move detection: TestPropertyCheckDetection,
//     TestPropertyCheckmateDetection, TestPropertyStalemateDetection,
//     TestPropertyInsufficientMaterialDetection,
//     TestPropertyThreefoldRepetitionDetection,
//     TestPropertyFiftyMoveDetection
//   - legal moves preserve king safety:
//     TestPropertyLegalMovesPreserveKingSafety
//   - invalid move rejection, new game reset, undo:
//     TestPropertyInvalidMoveRejection, TestPropertyNewGameReset,
//     TestPropertyUndo
//   - move history consistency, half-move clock, position history:
//     TestPropertyMoveHistoryConsistency, TestPropertyHalfMoveClock,
//     TestPropertyPositionHistory
//   - serialization round-trip (FEN, position code, SAN, coordinates,
//     JSON, PGN): TestPropertySerializationRoundTrip
//
// Two differential tests compare the engine with independent move
// generators: TestFairyStockfishPerft, perft divide on random Gardner and
// Los Alamos positions against Fairy-Stockfish over UCI (skipped when the
// fairy-stockfish binary is missing), and, in the bench module,
// TestDifferentialChess, legal moves and game status in random games of
// standard chess against github.com/corentings/chess. A disagreement
// found there becomes a case in testdata/rules.
package engine
