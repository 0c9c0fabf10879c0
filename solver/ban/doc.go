// Package ban solves Ban Chess games exactly (engine.Rules.Bans): Solve
// enumerates every state reachable from a start — a position plus its
// phase, the ban phase or the move phase with one from→to pair banned —
// and finds each state's value and distance to mate by retrograde
// analysis, as solver.Solve does for ordinary games; Oracle answers the
// solver.Oracle questions from the resulting Table.
//
// It is a package of its own because a Ban Chess table shares nothing
// with solver.Table but the vocabulary (solver.Value, solver.Terminal,
// solver.Options): it keys positions by strings rather than by the
// solver's 64-bit codec, and holds its graph explicitly.
//
//	start, _ := engine.Parse("bk,br,x,x,wr,wk:w", rulesWithBans)
//	t, err := ban.Solve(start, solver.Options{})
//	v, dtm, ok := ban.Oracle{T: t}.Probe(start)
package ban
