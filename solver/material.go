package solver

import "github.com/thinchess/thinchess/engine"

// pieceValue is the material value of each piece type in centipawns,
// indexed by engine.PieceType. Kings have none: they are never traded.
var pieceValue = [7]int{0, 100, 300, 320, 500, 900, 0}

// PieceValue returns the material value of a piece type in centipawns
// (100 for a pawn, 0 for a king).
func PieceValue(t engine.PieceType) int { return pieceValue[t] }
