package verify

import (
	"math"
	"strconv"
	"strings"
)

// The difficulty model is a population of bounded solvers. A solver of
// rating R reads a tree of about N(R) positions, so on a line whose
// positions have b legal moves on average (the geometric mean, both
// sides' turns) it sees ln N(R) / ln b plies ahead; solvers of the same
// rating differ by logistic noise on ln N. At each of the puzzle's turns
// a solver drops every wrong move whose failure it can see (its
// refutation is within its depth) and picks among the moves left in
// proportion to how much they draw the eye: checks, captures and a key
// that gives material away weigh differently from quiet moves. A puzzle
// is solved when every turn is; its rating is the rating at which half
// the population solves it.
//
// The population is computed, not sampled: the share of solvers of
// rating R that see a refutation of ρ plies is a logistic function of
// ρ·ln b − ln N(R), so the model is deterministic and costs a few
// microseconds a puzzle. The constants are fitted on the real ratings of
// the lichess sample (TestRatingModel).

// candidate is a move of the solver at one of its turns, as the bounded
// solvers meet it: what draws attention to it, and for a wrong move the
// plies a search needs to see that it fails (refute); refute is 0 for a
// right move.
type candidate struct {
	check, capture, sacrifice bool
	refute                    int
}

// ordeal is a puzzle as the bounded solvers meet it: its candidates at
// each of the solver's turns along the main line, and the line's
// branching factor.
type ordeal struct {
	turns     [][]candidate
	branching float64
}

// population is the bounded solvers' constants.
type population struct {
	// Nodes is ln N at rating 1500, NodesPer400 what 400 rating points
	// add to it, and Noise the logistic scale of ln N among solvers of
	// one rating.
	Nodes, NodesPer400, Noise float64
	// Check, Capture and Sacrifice are the log-weights a move's check,
	// capture, and (a right move's) sacrifice add to its pull.
	Check, Capture, Sacrifice float64
}

// solvers are the population the build rates puzzles with, fitted by
// TestRatingModel on the training part of the lichess sample.
var solvers = population{Nodes: 17.01, NodesPer400: 7.07, Noise: 1.93, Check: 2.39, Capture: 0.93, Sacrifice: 0.58}

// weight is how strongly c draws a solver's eye.
func (pop *population) weight(c candidate) float64 {
	lw := 0.0
	if c.check {
		lw += pop.Check
	}
	if c.capture {
		lw += pop.Capture
	}
	if c.sacrifice && c.refute == 0 {
		lw += pop.Sacrifice
	}
	return math.Exp(lw)
}

// pull is a group of alike candidates of a turn as a population
// weighs them: their summed weight, and for wrong moves the
// refutation's cost in ln nodes (0 for the right moves).
type pull struct {
	weight, cost float64
}

// pulls groups each turn of o: the right moves' summed weight first,
// then the wrong moves, alike ones (same marks and refutation) summed.
func (pop *population) pulls(o *ordeal) [][]pull {
	lnB := math.Log(max(o.branching, 2))
	out := make([][]pull, 0, len(o.turns))
	for _, turn := range o.turns {
		ps := []pull{{}}
		for i, c := range turn {
			w := pop.weight(c)
			switch {
			case c.refute == 0:
				ps[0].weight += w
			case i > 0 && turn[i-1] == c:
				ps[len(ps)-1].weight += w
			default:
				ps = append(ps, pull{w, float64(c.refute) * lnB})
			}
		}
		if ps[0].weight > 0 {
			out = append(out, ps)
		}
	}
	return out
}

// solveChance is the share of the solvers of rating r that solve a
// puzzle of pulls ps.
func (pop *population) solveChance(ps [][]pull, r float64) float64 {
	lnNodes := pop.Nodes + pop.NodesPer400*(r-1500)/400
	chance := 1.0
	for _, turn := range ps {
		wrong := 0.0
		for _, p := range turn[1:] {
			// The share of solvers that do not see the move fail.
			wrong += p.weight / (1 + math.Exp((lnNodes-p.cost)/pop.Noise))
		}
		chance *= turn[0].weight / (turn[0].weight + wrong)
	}
	return chance
}

// rating is the rating at which half of the population solves o, within
// [minEstimate, maxEstimate], found by bisection (solveChance rises with
// the rating when NodesPer400 is positive).
func (pop *population) rating(o *ordeal) float64 {
	ps := pop.pulls(o)
	lo, hi := float64(minEstimate), float64(maxEstimate)
	if pop.solveChance(ps, lo) >= 0.5 {
		return lo
	}
	if pop.solveChance(ps, hi) < 0.5 {
		return hi
	}
	for hi-lo > 0.25 {
		mid := (lo + hi) / 2
		if pop.solveChance(ps, mid) >= 0.5 {
			hi = mid
		} else {
			lo = mid
		}
	}
	return (lo + hi) / 2
}

// String writes o as its testdata line does: the branching factor, then
// each turn's candidates after a "|", each as its refutation depth ("k"
// for a right move) and its marks (+ check, x capture, s sacrifice),
// with "*n" for n alike: "b 23.512 | k+ 3 3x*2".
func (o *ordeal) String() string {
	var sb strings.Builder
	sb.WriteString("b " + strconv.FormatFloat(o.branching, 'f', 3, 64))
	for _, turn := range o.turns {
		sb.WriteString(" |")
		for i := 0; i < len(turn); {
			j := i + 1
			for j < len(turn) && turn[j] == turn[i] {
				j++
			}
			sb.WriteString(" " + turn[i].String())
			if j-i > 1 {
				sb.WriteString("*" + strconv.Itoa(j-i))
			}
			i = j
		}
	}
	return sb.String()
}

// String writes c as ordeal.String does.
func (c candidate) String() string {
	s := "k"
	if c.refute > 0 {
		s = strconv.Itoa(c.refute)
	}
	if c.check {
		s += "+"
	}
	if c.capture {
		s += "x"
	}
	if c.sacrifice {
		s += "s"
	}
	return s
}
