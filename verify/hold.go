package verify

import (
	"slices"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// HoldTheme is the theme of a "hold the draw" puzzle: the side to move
// is drawn, and one move alone keeps the draw.
const HoldTheme = "holdDraw"

// holdExtraMove is what a hold's length adds when the rating model,
// fitted on mates, weighs it: to see that every other move loses, the
// solver must see the opponent's win one move further than its own line.
// It is an assumption, not a fit: no player has rated a hold yet.
const holdExtraMove = 1

// describeHold sets the estimated rating and the themes of a verified
// puzzle whose side holds a draw, measured along its solution: at each
// of the solver's turns its legal moves, those that keep the draw, and
// its plausible wrong moves (those that lose while they capture or give
// check). The rating is the mate model's, reading the hold's moves plus
// holdExtraMove as the mate's length.
func describeHold(m *mode.Mode, o solver.Oracle, v *Verification, line []engine.Move) {
	needRating := m.Info.Rating == 0
	needThemes := len(m.Info.Themes) == 0
	if (!needRating && !needThemes) || len(line) == 0 || m.Start.R.Bans {
		return
	}
	f := measureHold(o, m.Start, line)
	if needRating {
		g := f
		g.mateIn += holdExtraMove
		v.EstimatedRating = estimateRating(&g)
	}
	if needThemes {
		themes := []string{HoldTheme}
		if slices.ContainsFunc(f.keeping, func(n int) bool { return n == 1 }) {
			themes = append(themes, "onlyMove")
		}
		if f.quietKey {
			themes = append(themes, "quietMove")
		}
		if f.captureKey {
			themes = append(themes, "capture")
		}
		if f.promotion {
			themes = append(themes, "promotion")
		}
		v.Themes = themes
	}
}

// measureHold returns the features of a hold from start along line, the
// solver's moves counted in mateIn.
func measureHold(o solver.Oracle, start *engine.Position, line []engine.Move) features {
	var f features
	f.countPieces(start)
	p := *start
	solverSide := start.Side
	for _, mv := range line {
		if p.Side != solverSide {
			p.Make(mv)
			continue
		}
		best := o.BestMoves(&p)
		var buf [engine.MaxMoves]engine.Move
		legal := p.LegalMoves(buf[:0])
		plausible := 0
		for _, a := range legal {
			if !slices.Contains(best, a) && (isCapture(&p, a) || givesCheck(&p, a)) {
				plausible++
			}
		}
		f.legal = append(f.legal, len(legal))
		f.keeping = append(f.keeping, len(best))
		f.plausible = append(f.plausible, plausible)
		if f.mateIn == 0 {
			f.captureKey = isCapture(&p, mv)
			f.quietKey = !f.captureKey && !givesCheck(&p, mv)
		}
		f.mateIn++
		f.promotion = f.promotion || mv.Promotion() != engine.NoPieceType
		p.Make(mv)
	}
	return f
}
