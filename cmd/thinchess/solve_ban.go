package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/thinchess/thinchess/cmd/thinchess/internal/pacing"
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/ban"
	"github.com/thinchess/thinchess/verify"
)

// parseBanPosition reads a position under the variant with bans on. A
// FEN's seventh field (ply[:banned]) is read too.
func parseBanPosition(cmd, variant, position string) (*engine.Position, error) {
	plain := position
	if f := strings.Fields(position); len(f) == 7 {
		plain = strings.Join(f[:6], " ")
	}
	p, err := parseVariantPosition(variant, plain)
	if err != nil {
		return nil, fmt.Errorf("thinchess %s: %v", cmd, err)
	}
	r := p.R.Clone()
	if err := r.SetBool("bans", true); err != nil {
		return nil, err
	}
	if p, err = engine.Parse(position, r); err != nil {
		return nil, fmt.Errorf("thinchess %s: %v", cmd, err)
	}
	return p, nil
}

// hasBanField reports whether position is a FEN with the seventh field.
func hasBanField(position string) bool { return len(strings.Fields(position)) == 7 }

// runSolveBans solves a Ban Chess position and prints it like solve: the
// value for the side to act (the banner in a ban phase), dtm in plies of
// both kinds, and best and pv as actions ("b:e2e4", moves in SAN).
func runSolveBans(p *engine.Position, maxStates int, asJSON bool, stdout, stderr io.Writer) int {
	pacing.Resume() // solve is registered to pace itself; this path does not
	began := time.Now()
	t, err := ban.Solve(p, solver.Options{MaxStates: maxStates})
	if err != nil {
		fmt.Fprintf(stderr, "thinchess solve: %v\n", err)
		return 1
	}
	seconds := time.Since(began).Seconds()
	v, dtm, _ := t.Value(p)
	st := t.Stats()
	res := verify.SolveResult{
		Result: v.String(), Winner: "none", DTM: dtm,
		States: st.States, Edges: st.Edges, WhiteWins: st.WhiteWins, BlackWins: st.BlackWins, Draws: st.Draws,
		Terminals: verify.Terminals{Mate: st.Mates, Stalemate: st.Stalemates, Insufficient: st.Insufficient, Race: st.Races},
		Best:      []string{}, PV: []string{}, Seconds: seconds,
	}
	switch v {
	case solver.Win:
		res.Winner = p.Actor().String()
	case solver.Loss:
		res.Winner = p.Actor().Other().String()
	}
	for _, a := range t.BestActions(p) {
		res.Best = append(res.Best, p.ActionName(a))
	}
	res.PV = p.ActionNames(solver.PV(ban.Oracle{T: t}, p, solver.PVLength))
	if asJSON {
		out, err := json.Marshal(res)
		if err != nil {
			fmt.Fprintf(stderr, "thinchess solve: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s\n", out)
		return 0
	}
	b := p.B
	fmt.Fprintf(stdout, "%s (%d×%d, %s, bans), %s to act\n", p.FEN(), b.W, b.H, p.R.Preset, p.Actor())
	switch v {
	case solver.Draw:
		fmt.Fprintf(stdout, "result:    draw\n")
	default:
		winner := p.Actor()
		if v == solver.Loss {
			winner = winner.Other()
		}
		fmt.Fprintf(stdout, "result:    %s wins in %d plies (bans and moves)\n", winner.Title(), dtm)
	}
	fmt.Fprintf(stdout, "best:      %s\n", strings.Join(res.Best, " "))
	fmt.Fprintf(stdout, "line:      %s\n", strings.Join(res.PV, " "))
	fmt.Fprintf(stdout, "states:    %d reachable (%d positions), %d actions between them\n", st.States, st.Positions, st.Edges)
	fmt.Fprintf(stdout, "values:    %d won by White, %d won by Black, %d drawn\n", st.WhiteWins, st.BlackWins, st.Draws)
	fmt.Fprintf(stdout, "terminals: %d mate, %d stalemate, %d insufficient material, %d race\n", st.Mates, st.Stalemates, st.Insufficient, st.Races)
	fmt.Fprintf(stdout, "solved in %.3f s\n", seconds)
	return 0
}
