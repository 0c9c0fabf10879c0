// Package puzzles makes puzzle modes: it mines only-move puzzles from a
// mode's exact table, and it imports mate puzzles from the lichess.org
// puzzle database. Both produce a Puzzle, which Markdown writes as a mode
// file that the site's build checks like any other.
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
//	res, err := puzzles.Mine(puzzles.Source{
//		ID: "1d-gardner-8", Title: "1-D Chess (Gardner, 1980)",
//		Variant: "1d", Start: start,
//	}, puzzles.MineOptions{Count: 30})
//	if err != nil { … }
//	paths, err := puzzles.WriteFiles("modes/mined-1d-gardner-8", res.Puzzles)
//
// Importing reads the lichess puzzle CSV (ReadLichess), keeps the rows
// with a mateInN theme and checks each with the bounded mate search the
// build uses (ConvertLichess): the claimed distance must be the shortest
// mate, the solver's moves optimal, and each recorded defence a longest
// one — a shorter defence is replaced by a longest one, and the
// conversion says so in its notes.
package puzzles
