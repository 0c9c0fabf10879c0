// Package bridge is what the browser's engine does, as plain Go: games
// in sessions (play, move, undo, goto, PGN, move lines), exact tables
// loaded from the build, the computer's moves by strategy, analysis and
// judging of the player's moves — every proven answer from a
// solver.Oracle, so the page says what the CLI and the build say — and
// the editor's exact solve. Answers are Obj values that JSON encodes
// without reflection, keeping the wasm binary small.
//
// cmd/thinchess-wasm only adds the syscall/js glue; everything here is
// tested natively:
//
//	s, _ := bridge.Load("1d", nil, "bk,bn,br,x,x,wr,wn,wk:w")
//	s.Play("Na4")
//	a, _ := s.Analyse(0) // a.Value, a.BestMoves, a.PV, a.Summary
//	fmt.Println(bridge.JSON(a.Obj()))
package bridge
