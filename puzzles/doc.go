// Package puzzles makes puzzles for packs: it mines only-move puzzles
// from a mode's exact table, and it imports mate puzzles from the
// lichess.org puzzle database. Both produce a Puzzle, whose PackLine is
// one line of a pack (see mode.Pack); WritePack writes a pack into a
// site, updating it in place, and the site's build checks its puzzles
// like any mode.
//
// Mining solves a start position exactly (solver.Solve) and walks every
// state the side to move wins. A state qualifies when, along its main
// line — the winner's fastest mate against the longest defence (the first
// such defence in canonical order) — every move of the winner is the only
// one that mates as fast, and the first move is a choice among at least
// two. Mirror images count once. Each puzzle is graded from 1 to 5 (see
// Grade) by the mate's length, whether its first move is quiet and how
// many wrong moves tempt (they capture, give check or let the win slip):
//
//	src := puzzles.Source{ID: "1d-gardner-8", Title: "1-D Chess (Gardner, 1980)", Variant: "1d", Start: start}
//	res, err := puzzles.Mine(src, puzzles.MineOptions{Count: 30})
//	if err != nil { … }
//	diff, err := puzzles.WritePack(".", "mined-1d-gardner-8", puzzles.MinedPackHeader(src, "thinchess mine 1d-gardner-8"),
//		func(yield func(*mode.PackLine, error) bool) {
//			for _, pz := range res.Puzzles {
//				if !yield(pz.PackLine(), nil) { return }
//			}
//		})
//
// Importing streams the lichess puzzle CSV, plain or zstd-compressed
// (NewLichessReader finds its columns by name and reports a bad row as
// FILE:LINE without stopping), keeps the rows with a mate theme that the
// filters choose, and checks each with the bounded mate search the build
// uses (ConvertLichess), on every core (ImportLichess): the claimed
// distance must be the shortest mate, the solver's moves optimal, and
// each recorded defence a longest one — a shorter defence is replaced by
// a longest one, and the puzzle's notes say so.
package puzzles
