// Package search is the game-playing searcher: iterative-deepening
// alpha-beta with a transposition table and quiescence, exact tables for
// small endings and mate search for short mates, swindles in lost
// positions; its evaluation; and matches against weak opponents that
// measure it (PlayMatch).
//
//	p, _ := engine.Parse("k/n/r/1/1/R/N/K w - - 0 1", nil)
//	r := search.Search(p, search.Limits{Time: time.Second})
//	// r.Move, r.Score, r.Mate, r.PV
package search
