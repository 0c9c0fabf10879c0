//go:build lite

package bridge

// The light build, for mode pages whose every position is in a
// precomputed table: the game, the table and its strategies, without the
// searchers, so the play page loads less. A position outside the table
// gets an error naming what is missing, never a made-up answer.

import (
	"errors"
	"math/rand/v2"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/search"
)

// errNoSearch is the answer of the light build where only a search could
// answer.
var errNoSearch = errors.New("this position is not in the mode's table, and the light engine of this page has no searcher")

func (s *Session) searchMove(string, time.Duration, *rand.Rand) (engine.Move, error) {
	return engine.NoMove, errNoSearch
}

func searchAnalysis(*engine.Position, func() *search.Searcher, []uint64, time.Duration, *Analysis) error {
	return errNoSearch
}

func judgeBySearch(*engine.Position, engine.Move, string) (Obj, error) {
	return nil, errNoSearch
}

// banTable is not in the light build: Ban Chess pages have no precomputed
// table and load the full engine, so the ban solver stays out of the
// light one.
func (s *Session) banTable() (*solver.BanTable, error) {
	return nil, errors.New("the light engine of this page has no Ban Chess solver")
}
