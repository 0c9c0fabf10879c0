// Package game holds a game of thinchess: the moves played from a start
// position (engine.Position) and those taken back that can be replayed,
// the draws that depend on history (fifty moves, threefold repetition),
// its JSON form (the saved game of the wire and the page) and PGN, read
// and written. The rules themselves, and the notations of single moves
// and positions, are the engine's.
//
//	start, _ := engine.Parse("k/n/r/1/1/R/N/K w - - 0 1", engine.MustPreset("1d"))
//	g := game.New(start)
//	if err := g.PlayText("Na4"); err != nil { … }
//	fmt.Println(g.SANHistory(), g.Status(), g.Result()) // [Na4] active *
//	back, tags, err := game.ParsePGN(g.PGN(nil))
//
// (ExampleNew plays it out.)
//
// It is a package of its own, above engine, because nothing in the rules
// needs a game's history: the engine exports one thing for it,
// Position.FindLegal (the legal move a from → to names, or why there is
// none).
package game
