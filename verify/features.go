package verify

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// features are what a won puzzle's proof says about how hard it is to
// solve: measured along the main line (the solution, then the oracle's
// first best moves to the end), at the solver's turns, with the oracle
// that proved the win. They feed the rating model (estimateRating) and
// the themes (proofThemes).
type features struct {
	// mateIn counts the solver's moves on the main line, to the mate
	// (or to the win under the race goal); bans are not counted.
	mateIn int
	// legal, keeping and plausible count at each of the solver's turns
	// on the main line: its legal actions, those that keep the proven
	// result (see keepsResult) and its plausible wrong moves, the
	// moves not optimal that still give check, capture, or win at most
	// slowerBy moves slower (see slowerWin). plausible is nil when the
	// slower wins were not looked for.
	legal, keeping, plausible []int
	// quietKey and captureKey describe the key move (the solver's first
	// move): it neither checks nor captures, or it captures.
	quietKey, captureKey bool
	// sacrifice: the key move gives up at least a minor piece's worth
	// of material, counted after the main line's reply.
	sacrifice bool
	// promotion: a move of the solver on the main line promotes.
	promotion bool
	// zugzwang: at a defender's turn of the main line the defender, not
	// in check, loses faster with every move than it would by passing
	// (exact tables only).
	zugzwang bool
	// squares is the board's size; pieces counts the pieces on it at the
	// start (kings too) and material their value in pawns (kings none).
	squares, pieces, material int
	// ordeal is the puzzle as the bounded solvers meet it (the rating
	// model's input, see solvers.go).
	ordeal ordeal
}

// slowerBy is how many moves slower than the fastest mate a wrong move
// may win and still count as a plausible try.
const slowerBy = 1

// slowerWinNodes bounds each mate search that asks whether a wrong move
// of the solver still wins (mate search only; exact tables answer at
// once). A question left undecided counts as no slower win.
const slowerWinNodes = 1000

// minorPiece is a minor piece's worth in centipawns, the least material
// a sacrifice gives up.
const minorPiece = 300

// boundedProver is an oracle that answers "does the attacker mate from p
// within n moves?" within a node budget (mate.Oracle).
type boundedProver interface {
	MatesWithin(p *engine.Position, n int, maxNodes int64) (mates, decided bool)
}

// measure returns the features of the puzzle won by solverSide from
// start, whose checked solution is line (possibly shorter than the main
// line, possibly empty). With slowerNodes above 0 it looks for the
// solver's slower wins too: an exact table tells them at once, mate
// search spends up to slowerNodes nodes on each wrong move (see
// slowerWinNodes). It returns false when o does not prove the start won
// for solverSide.
func measure(o solver.Oracle, start *engine.Position, solverSide engine.Color, line []engine.Move, slowerNodes int64) (features, bool) {
	var f features
	if won, _ := winsFor(o, start, solverSide); !won {
		return f, false
	}
	f.countPieces(start)
	exact := o.Method() == solver.Exact && !start.R.Bans
	p := *start
	var branches branching
	for ply := 0; ply <= 2*solver.PVLength && p.Status() == engine.Active; ply++ {
		branches.add(&p)
		var mv engine.Move
		if ply < len(line) {
			mv = line[ply]
		} else if best := o.BestMoves(&p); len(best) > 0 {
			mv = best[0]
		} else {
			break
		}
		if p.Actor() != solverSide {
			f.zugzwang = f.zugzwang || exact && zugzwang(o, &p)
			p.MakeAction(mv)
			continue
		}
		legal, keeping, plausible, cands := solverTurn(o, &p, slowerNodes)
		f.ordeal.turns = append(f.ordeal.turns, cands)
		f.legal = append(f.legal, legal)
		f.keeping = append(f.keeping, keeping)
		if slowerNodes > 0 {
			f.plausible = append(f.plausible, plausible)
		}
		if !mv.IsBan() {
			if f.mateIn == 0 { // the key move
				f.captureKey = isCapture(&p, mv)
				f.quietKey = !f.captureKey && !givesCheck(&p, mv)
				f.sacrifice = sacrifice(o, &p, mv, line, ply)
				markSacrifice(cands, f.sacrifice)
			}
			f.mateIn++
			f.promotion = f.promotion || mv.Promotion() != engine.NoPieceType
		}
		p.MakeAction(mv)
	}
	f.ordeal.branching = branches.mean()
	return f, true
}

// branching is the geometric mean of the legal actions at the positions
// of a line, both sides' turns.
type branching struct {
	lnSum float64
	n     int
}

// add counts the legal actions of p.
func (b *branching) add(p *engine.Position) {
	var buf [engine.MaxMoves]engine.Move
	b.lnSum += math.Log(float64(max(len(p.Actions(buf[:0])), 1)))
	b.n++
}

// mean is the geometric mean of the counts added, 1 when none were.
func (b *branching) mean() float64 {
	if b.n == 0 {
		return 1
	}
	return math.Exp(b.lnSum / float64(b.n))
}

// markSacrifice marks the right moves of a turn's candidates as
// sacrifices when the key move is one.
func markSacrifice(cands []candidate, sac bool) {
	for i := range cands {
		if cands[i].refute == 0 {
			cands[i].sacrifice = sac
		}
	}
}

// countPieces sets the board's size, the pieces on it and their material
// in pawns (kings none).
func (f *features) countPieces(start *engine.Position) {
	f.squares = start.B.W * start.B.H
	for c := engine.White; c <= engine.Black; c++ {
		for t := engine.Pawn; t <= engine.King; t++ {
			n := start.Count(c, t)
			f.pieces += n
			f.material += n * solver.PieceValue(t) / 100
		}
	}
}

// solverTurn measures a turn of the solver in p: its legal actions,
// those that keep the proven result, its plausible wrong moves (bans
// are never plausible: they neither check nor capture), and every
// action as a candidate of the bounded solvers: the optimal ones right,
// the others refuted when the fastest win is seen (2d−1 plies for a win
// in d moves), or sooner when an exact table says they lose faster.
func solverTurn(o solver.Oracle, p *engine.Position, slowerNodes int64) (legal, keeping, plausible int, cands []candidate) {
	_, dtm, _ := o.Probe(p)
	d := (dtm + 1) / 2 // the solver's moves to the end, this one included
	prover, _ := o.(boundedProver)
	best := o.BestMoves(p)
	var buf [engine.MaxMoves]engine.Move
	actions := p.Actions(buf[:0])
	cands = make([]candidate, 0, len(actions))
	for _, a := range actions {
		optimal := slices.Contains(best, a)
		if keepsResult(o, p, a, optimal) {
			keeping++
		}
		c := candidate{check: givesCheck(p, a), capture: isCapture(p, a)}
		if !optimal {
			c.refute = refutation(o, p, a, 2*d-1)
		}
		cands = append(cands, c)
		switch {
		case optimal || a.IsBan():
		case isCapture(p, a), givesCheck(p, a):
			plausible++
		case slowerNodes > 0 && slowerWin(o, prover, slowerNodes, p, a, d):
			plausible++
		}
	}
	sortCandidates(cands)
	return len(actions), keeping, plausible, cands
}

// refutation is how many plies a search from p needs to see that the
// solver's wrong action a fails, when the right moves are seen to win
// (or hold) within seen plies: sooner when an exact table says a loses
// faster, the plies to the solver's loss after a.
func refutation(o solver.Oracle, p *engine.Position, a engine.Move, seen int) int {
	seen = max(seen, 1)
	if o.Method() != solver.Exact {
		return seen
	}
	q := *p
	q.MakeAction(a)
	if st := q.Status(); st != engine.Active {
		if w, ok := q.Winner(st); ok && w != p.Actor() {
			return 1
		}
		return seen
	}
	if lost, dtm := winsFor(o, &q, p.Actor().Other()); lost {
		return min(seen, 1+dtm)
	}
	return seen
}

// sortCandidates orders a turn's candidates: right moves first, then by
// refutation depth and marks, so that alike ones are neighbours.
func sortCandidates(cands []candidate) {
	key := func(c candidate) int {
		k := c.refute * 8
		if c.check {
			k += 4
		}
		if c.capture {
			k += 2
		}
		if c.sacrifice {
			k++
		}
		return k
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return key(a) - key(b) })
}

// winsFor reports whether side wins p by the oracle's account, and in
// how many plies.
func winsFor(o solver.Oracle, p *engine.Position, side engine.Color) (bool, int) {
	v, dtm, ok := o.Probe(p)
	return ok && (v == solver.Win && p.Side == side || v == solver.Loss && p.Side != side), dtm
}

// keepsResult reports whether action a of p (optimal or not) keeps the
// result the oracle proves: under an exact table the win, however long;
// under mate search the mate within its bound, which along the main
// line only the optimal moves keep.
func keepsResult(o solver.Oracle, p *engine.Position, a engine.Move, optimal bool) bool {
	if optimal || o.Method() != solver.Exact {
		return optimal
	}
	q := *p
	q.MakeAction(a)
	if st := q.Status(); st != engine.Active {
		w, ok := q.Winner(st)
		return ok && w == p.Actor()
	}
	won, _ := winsFor(o, &q, p.Actor())
	return won
}

// slowerWin reports whether the solver's wrong move a of p, whose
// fastest win takes d moves, still wins within d+slowerBy moves: asked
// of the prover within maxNodes when there is one, else of the oracle's
// Probe (exact tables).
func slowerWin(o solver.Oracle, prover boundedProver, maxNodes int64, p *engine.Position, a engine.Move, d int) bool {
	q := *p
	q.MakeAction(a)
	if prover != nil {
		mates, decided := prover.MatesWithin(&q, d-1+slowerBy, maxNodes)
		return mates && decided
	}
	if o.Method() != solver.Exact {
		return false
	}
	won, dtm := winsFor(o, &q, p.Actor())
	return won && 1+dtm/2 <= d+slowerBy
}

// zugzwang reports whether the defender, to move in p and not in check,
// loses faster with every move than by passing: the position with the
// side to move flipped is a draw or a loss for the solver, or a slower
// win. It needs the flipped position in the (exact) table.
func zugzwang(o solver.Oracle, p *engine.Position) bool {
	if p.InCheck() || p.R.Bans {
		return false
	}
	v, dtm, ok := o.Probe(p)
	if !ok || v != solver.Loss {
		return false
	}
	q := *p
	q.MakeNull()
	pv, pdtm, ok := o.Probe(&q)
	if !ok {
		return false
	}
	return pv != solver.Win || pdtm > dtm
}

// sacrifice reports whether the key move mv of p gives up at least a
// minor piece's worth of the solver's material balance, counted after
// the main line's reply (the solution's, else the oracle's first best).
func sacrifice(o solver.Oracle, p *engine.Position, mv engine.Move, line []engine.Move, ply int) bool {
	side := p.Side
	before := balance(p, side)
	q := *p
	q.MakeAction(mv)
	for q.Status() == engine.Active && q.Actor() != side {
		var reply engine.Move
		if ply+1 < len(line) {
			reply = line[ply+1]
		} else if best := o.BestMoves(&q); len(best) > 0 {
			reply = best[0]
		} else {
			break
		}
		q.MakeAction(reply)
		ply++
	}
	return before-balance(&q, side) >= minorPiece
}

// balance is side's material minus its opponent's, in centipawns.
func balance(p *engine.Position, side engine.Color) int {
	b := 0
	for t := engine.Pawn; t <= engine.Queen; t++ {
		b += (p.Count(side, t) - p.Count(side.Other(), t)) * solver.PieceValue(t)
	}
	return b
}

func isCapture(p *engine.Position, mv engine.Move) bool {
	return !mv.IsBan() && (p.At(mv.To()) != engine.NoPiece || mv.IsEnPassant())
}

func givesCheck(p *engine.Position, mv engine.Move) bool {
	return !mv.IsBan() && p.GivesCheck(mv)
}

// String lists the features for people and test fixtures:
// "mateIn 2; legal 3 4; keeping 1 3; plausible 1 0; quietKey; zugzwang;
// squares 8; pieces 4; material 8". Flags are named only when set.
func (f *features) String() string {
	ints := func(xs []int) string {
		s := make([]string, len(xs))
		for i, x := range xs {
			s[i] = strconv.Itoa(x)
		}
		return strings.Join(s, " ")
	}
	parts := []string{"mateIn " + strconv.Itoa(f.mateIn), "legal " + ints(f.legal), "keeping " + ints(f.keeping)}
	if f.plausible != nil {
		parts = append(parts, "plausible "+ints(f.plausible))
	}
	for _, flag := range []struct {
		on   bool
		name string
	}{{f.quietKey, "quietKey"}, {f.captureKey, "captureKey"}, {f.sacrifice, "sacrifice"}, {f.promotion, "promotion"}, {f.zugzwang, "zugzwang"}} {
		if flag.on {
			parts = append(parts, flag.name)
		}
	}
	parts = append(parts, "squares "+strconv.Itoa(f.squares), "pieces "+strconv.Itoa(f.pieces), "material "+strconv.Itoa(f.material))
	return strings.Join(parts, "; ")
}
