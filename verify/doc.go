// Package verify proves what mode files claim, against the one judge of
// positions, solver.Oracle: a mode's claimed result and distance to
// mate, its puzzle's side, solution line and hints, and every fenced
// ```line block of its body. A mode whose reachable states fit the budget
// is solved exactly; a larger one that claims a win is checked by mate
// search; anything else is reported as not verified.
//
// The result is facts (Verification: the method, the value, the best
// moves, the principal variation, the puzzle's solution tree) kept apart
// from artifacts (Artifacts: the exact table, which the site ships).
// A Cache keeps both between runs. A won puzzle without a rating or
// themes of its own gets them from its proof: features.go measures the
// main line with the oracle that proved it (legal moves, plausible wrong
// moves, the key move, material), and rating.go turns the features into
// an estimated rating, by a linear model fitted on real lichess ratings,
// and into themes (mateIn2, onlyMove, quietMove, zugzwang, …).
//
//	s, errs := mode.Load("site")
//	facts, artifacts, verrs := verify.Verify(s, verify.DefaultOptions)
//	v := facts["gardner"] // v.Value, v.MateIn, v.Best, v.PV
//	table := artifacts["gardner"].Table
package verify
