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

// holdExtraMove is how far beyond a hold's own line a solver must read
// to see that a wrong move the oracle does not see lose fails: to see
// that every other move loses, the solver must see the opponent's win
// one move further than its own line. It is an assumption, not a fit:
// no player has rated a hold yet.
const holdExtraMove = 1

// describeHold sets the estimated rating and the themes of a verified
// puzzle whose side holds a draw, measured along its solution: at each
// of the solver's turns its legal moves, those that keep the draw, and
// its plausible wrong moves (those that lose while they capture or give
// check). The rating is the bounded solvers' (see measureHold).
func describeHold(m *mode.Mode, o solver.Oracle, v *Verification, line []engine.Move) {
	needRating := m.Info.Rating == 0
	needThemes := len(m.Info.Themes) == 0
	if (!needRating && !needThemes) || len(line) == 0 || m.Start.R.Bans {
		return
	}
	f := measureHold(o, m.Start, line)
	if needRating {
		v.EstimatedRating = estimateRating(&f)
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
// solver's moves counted in mateIn. As the bounded solvers meet it, a
// hold's right moves are those that keep the draw and each wrong move is
// refuted by the opponent's win after it; a wrong move the oracle does
// not see lose is refuted only when the hold is seen to its end and
// holdExtraMove beyond (to see that every other move loses, the solver
// must see the opponent's win one move further than its own line).
func measureHold(o solver.Oracle, start *engine.Position, line []engine.Move) features {
	var f features
	f.countPieces(start)
	p := *start
	solverSide := start.Side
	var branches branching
	for i, mv := range line {
		branches.add(&p)
		if p.Side != solverSide {
			p.Make(mv)
			continue
		}
		best := o.BestMoves(&p)
		var buf [engine.MaxMoves]engine.Move
		legal := p.LegalMoves(buf[:0])
		plausible := 0
		seen := len(line) - i + 2*holdExtraMove
		cands := make([]candidate, 0, len(legal))
		for _, a := range legal {
			c := candidate{check: givesCheck(&p, a), capture: isCapture(&p, a)}
			if !slices.Contains(best, a) {
				c.refute = refutation(o, &p, a, seen)
				if c.check || c.capture {
					plausible++
				}
			}
			cands = append(cands, c)
		}
		sortCandidates(cands)
		f.ordeal.turns = append(f.ordeal.turns, cands)
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
	f.ordeal.branching = branches.mean()
	return f
}
