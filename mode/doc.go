// Package mode reads and writes the sources of a thinchess site: mode
// files (a start position, its rules, a claim, an optional puzzle and a
// Markdown body, with YAML front matter) and content pages. It is the
// first stage of the build, Load, and it knows nothing of solving: the
// claims it reads are checked by package verify.
//
// Every problem is reported where it is, as file:line:col, and Load
// returns all of them, not just the first:
//
//	s, errs := mode.Load("site")
//	if errs.Err() != nil {
//		fmt.Print(errs.GitHub()) // ::error file=modes/x.md,line=4,col=9::…
//	}
//
// Format writes a mode file back, for the commands that generate them
// (thinchess new, mine and import):
//
//	data := mode.Format(&mode.File{
//		Title: "Rook mate", Category: "drills", Start: "bk,x,x,wr,wk:w",
//		Claim: &mode.Claim{Result: engine.WhiteWins, MateIn: 2},
//		Body:  "## Challenge\n\nMate in two.\n",
//	})
package mode
