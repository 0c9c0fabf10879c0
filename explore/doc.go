// Package explore chooses and lays out what the state-graph explorer
// shows of an exactly solved table: the whole reachable graph when it is
// small, otherwise the winning subtree from the start (or, for a drawn
// start, the drawn core around it), placed in rows at build time so that
// the page script only draws it.
//
//	t, _ := solver.Solve(start, solver.Options{})
//	g := explore.Layout(t, explore.DefaultOptions)
//	fmt.Println(g.Scope, len(g.Nodes), g.Width, g.Height)
//	data, _ := json.Marshal(g.Nodes) // the page's compact node arrays
package explore
