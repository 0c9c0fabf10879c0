// Package terms holds the words and bounds that the content and the
// solvers share: the strategies a computer opponent plays by and the
// longest mate the mate search proves. It imports nothing of the module,
// so the content loader (mode) checks a mode's opponent and claim
// without importing a solver.
//
//	s, err := terms.ParseStrategy("cooperative") // terms.Cooperative
//	if n > terms.MaxMateMoves { ... }            // no claim of mate in n
package terms

// MaxMateMoves is the longest mate, in moves of the winner, that the
// mate search (solver/mate) proves and that a claim or a puzzle may ask
// for.
const MaxMateMoves = 100
