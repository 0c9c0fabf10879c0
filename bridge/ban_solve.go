package bridge

import (
	"errors"
	"fmt"

	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/ban"
)

// banTable solves the game's ban table from its start once.
func (s *Session) banTable() (*ban.Table, error) {
	if s.bans != nil {
		return s.bans, nil
	}
	t, err := ban.Solve(s.game.Start(), solver.Options{MaxStates: banSolveStates, Workers: 1})
	if errors.Is(err, solver.ErrTooLarge) {
		return nil, fmt.Errorf("this Ban Chess game has more than %d states, too many to solve in the browser; choose the random opponent", banSolveStates)
	}
	if err != nil {
		return nil, fmt.Errorf("ban table: %v", err)
	}
	s.bans = t
	return t, nil
}
