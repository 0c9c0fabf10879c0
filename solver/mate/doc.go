// Package mate proves or refutes "the attacker mates in at most N moves"
// by a bounded AND/OR search, for positions too large to solve exactly,
// and wraps it as a solver.Oracle (Oracle): proven wins with their
// distances and best moves, never a draw.
//
//	p, _ := engine.Parse("7k/8/5K2/8/8/8/8/R7 w - - 0 1", nil)
//	res, err := mate.Search(p, engine.White, 3, mate.Options{})
//	// res.Found, res.Moves (2), res.First: Kg6 and Kf7 mate in 2
//	o := mate.NewOracle(engine.White, 3, mate.Options{})
//	line := solver.PV(o, p, solver.PVLength) // Kg6 Kg8 Ra8#
package mate
