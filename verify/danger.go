package verify

import (
	"slices"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// Danger is what a hold's tempting wrong first move allows, from its
// refutation: the trainer's first hint on a "hold the draw" puzzle.
type Danger struct {
	// Move is the wrong move, in SAN.
	Move string `json:"move"`
	// Reply is the refutation's first move (coordinates) and ReplySAN
	// the same move in SAN.
	Reply    string `json:"reply"`
	ReplySAN string `json:"replySan"`
	// WinIn is the opponent's moves to win after Move (to mate, or to
	// win the race).
	WinIn int `json:"winIn"`
}

// holdDanger finds the danger of a hold at start, whose drawing moves
// are best: among the moves that lose, a tempting one (a capture or a
// check) if there is one, the quickest refuted first, then in canonical
// order. It returns nil under Ban Chess (the hints there are bans) and
// when no move is proven to lose.
func holdDanger(start *engine.Position, o solver.Oracle, best []engine.Move) *Danger {
	if start.R.Bans {
		return nil
	}
	var buf [engine.MaxMoves]engine.Move
	legal := start.LegalMoves(buf[:0])
	engine.SortMoves(legal)
	var d *Danger
	pickTempting, pickDTM := false, 0
	for _, mv := range legal {
		if slices.Contains(best, mv) {
			continue
		}
		q := *start
		q.Make(mv)
		val, dtm, known := o.Probe(&q)
		if !known || val != solver.Win {
			continue
		}
		replies := o.BestMoves(&q)
		if len(replies) == 0 {
			continue
		}
		tempting := isCapture(start, mv) || givesCheck(start, mv)
		if d != nil && (pickTempting && !tempting || pickTempting == tempting && dtm >= pickDTM) {
			continue
		}
		r := replies[0]
		d = &Danger{Move: start.SAN(mv), Reply: r.Coord(q.B), ReplySAN: q.SAN(r), WinIn: engine.MateIn(true, dtm)}
		pickTempting, pickDTM = tempting, dtm
	}
	return d
}
