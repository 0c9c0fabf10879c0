package bridge

// Ban Chess in the browser: the state's ban fields, bans as actions, and
// the computer's bans and moves from an exact ban table solved in the
// instance (the shipped ban modes have a few thousand states; the build
// does not serialize ban tables). The solver itself is in the full
// build only (ban_solve.go): ban pages load the full engine.

import (
	"fmt"
	"math/rand/v2"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/ban"
)

// banSolveStates bounds the ban table a page solves for its computer.
const banSolveStates = 2_000_000

// actionOf returns an action of p as the page needs it: a move as
// moveOf writes it, a ban with its squares, "ban " and the move it
// forbids ("ban Ra4", see engine.BanSAN) as its SAN and its action-log
// text as its coordinates.
func actionOf(p *engine.Position, a engine.Move) Obj {
	if !a.IsBan() {
		return moveOf(p, a)
	}
	from, to := p.B.Name(a.From()), p.B.Name(a.To())
	return Obj{{"from", from}, {"to", to}, {"promo", ""}, {"san", "ban " + p.BanSAN(a)}, {"coord", p.ActionText(a)}, {"ban", true}}
}

// actionWords writes each action of a line played from p for people
// (engine.Position.ActionWords).
func actionWords(p *engine.Position, line []engine.Move) []string { return p.ActionWords(line) }

// banFields are the state's Ban Chess fields: whether the game has bans,
// whether it is in a ban phase, who acts, the banned pair ({from, to} or
// null), whether a mate or stalemate came from the ban, and whether the
// game started in a ban phase (for the page's turn arithmetic).
func banFields(g *game.Game) Obj {
	p := g.Position()
	var banned any
	if !p.BanPhase && p.Ban != engine.NoMove {
		banned = Obj{{"from", p.B.Name(p.Ban.From())}, {"to", p.B.Name(p.Ban.To())}}
	}
	st := g.Status()
	byBan := p.R.Bans && banned != nil && (st == engine.Checkmate || st == engine.Stalemate)
	return Obj{
		{"bans", p.R.Bans}, {"banPhase", p.BanPhase}, {"actor", p.Actor().String()},
		{"banned", banned}, {"byBan", byBan}, {"startBanPhase", g.Start().BanPhase},
	}
}

// pickAction chooses the actor's ban or move under bans: perfect and
// aggressive play a best action of the ban table, cooperative an action
// that leaves the actor worst off by it, random any legal action.
func (s *Session) pickAction(strategy string, rng *rand.Rand) (engine.Move, error) {
	p := s.game.Position()
	var buf [engine.MaxMoves]engine.Move
	actions := append([]engine.Move(nil), p.Actions(buf[:0])...)
	if len(actions) == 0 || s.game.Status().IsOver() {
		return engine.NoMove, fmt.Errorf("nothing to play: the game is over (%s)", s.game.Status())
	}
	switch strategy {
	case "random":
		return actions[rng.IntN(len(actions))], nil
	case "perfect", "aggressive", "", "cooperative":
	default:
		return engine.NoMove, fmt.Errorf("unknown strategy %q: want perfect, aggressive, cooperative or random", strategy)
	}
	t, err := s.banTable()
	if err != nil {
		return engine.NoMove, err
	}
	if strategy != "cooperative" {
		best := t.BestActions(p)
		if len(best) == 0 {
			return engine.NoMove, fmt.Errorf("the position %s is not in the ban table", p.FEN())
		}
		return best[rng.IntN(len(best))], nil
	}
	// Cooperative: the action whose outcome is worst for the actor.
	var worst []engine.Move
	worstScore := 0
	for _, mv := range t.ActionValues(p) {
		score := banScore(mv.Value, mv.DTM)
		switch {
		case worst == nil || score < worstScore:
			worst, worstScore = []engine.Move{mv.Move}, score
		case score == worstScore:
			worst = append(worst, mv.Move)
		}
	}
	if len(worst) == 0 {
		return engine.NoMove, fmt.Errorf("the position %s is not in the ban table", p.FEN())
	}
	return worst[rng.IntN(len(worst))], nil
}

// banScore orders values for the actor: faster wins higher, slower
// losses higher than faster ones, draws between.
func banScore(v solver.Value, dtm int) int {
	switch v {
	case solver.Win:
		return 1_000_000 - dtm
	case solver.Loss:
		return -1_000_000 + dtm
	}
	return 0
}

// banAnalysis answers analyse under bans from the ban table: the value
// for the game, the plies to mate (bans and moves), the best actions and
// the PV in the action log.
func (s *Session) banAnalysis() (*Analysis, error) {
	p := s.game.Position()
	a := newAnalysis(p)
	t, err := s.banTable()
	if err != nil {
		return nil, err
	}
	if !fromOracle(ban.Oracle{T: t}, p, a) {
		return nil, fmt.Errorf("the position %s is not in the ban table", p.FEN())
	}
	st := t.Stats()
	a.States = st.States
	a.Method, a.MethodText = "table", fmt.Sprintf("exact Ban Chess table of all %d reachable states, solved in the browser", st.States)
	if a.Value == engine.Drawn {
		a.Summary = "Draw with best play (bans and moves)."
	} else {
		a.Summary = fmt.Sprintf("%s: mate in %d plies (bans and moves counted).", a.Value.Title(), a.DTM)
	}
	return a, nil
}
