// Package drill holds the modes' named drills: positions of a mode's
// exact table worth practising by name against perfect play, which a
// mode page offers beside the drills it picks from the table itself
// (templates/static/js/drill.js).
package drill

import (
	"sort"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
)

// A named drill is a position of a mode's exact table that is worth
// practising by name: the side to move wins it against perfect defence
// (in MateIn moves) or holds it to a draw. They are kept here, in one
// small table by mode, rather than in the modes' front matter: a drill is
// a fact about a mode's table (which positions its start reaches), not
// part of the page's story, and a mode file's author never has to learn
// another key. TestNamedDrillsProven solves each mode's table and checks
// every drill's position is in it with the value and distance said
// here, so no unproven drill ships.
type namedDrill struct {
	Name string
	// Code is the position in the mode's notation, the side to move
	// after the colon.
	Code string
	// Goal is "win" or "draw" for the side to move; MateIn the fastest
	// mate of a win, in the winner's moves.
	Goal   string
	MateIn int
}

// namedDrills are the named drills of each mode, by mode ID. A mode's
// page offers them when it ships its table.
var namedDrills = map[string][]namedDrill{
	"1d-gardner-8": {
		{Name: "Rook and knight against rook", Code: "x,bk,wn,x,br,x,wr,wk:w", Goal: "win", MateIn: 3},
		{Name: "Knight and rook against knight", Code: "bk,x,x,bn,wn,wr,x,wk:w", Goal: "win", MateIn: 5},
	},
	"1d-12": {
		{Name: "Rook and two knights against a king", Code: "x,x,bk,x,x,x,x,wn,x,wn,wr,wk:w", Goal: "win", MateIn: 6},
	},
	"thin-2x8-queen-bishop": {
		{Name: "Queen against a lone king", Code: "wq,x/x,x/x,bk/x,x/x,x/x,x/x,x/x,wk:w", Goal: "win", MateIn: 9},
		{Name: "Queen against bishop", Code: "x,x/x,x/x,x/x,x/x,x/bb,bk/x,x/wq,wk:w", Goal: "win", MateIn: 15},
		{Name: "Hold the start", Code: "x,bk/x,bq/x,bb/x,x/x,x/wb,x/wq,x/wk,x:w", Goal: "draw"},
	},
	"thin-2x8-rook-bishop": {
		{Name: "Rook and bishop against a king", Code: "x,x/x,x/x,x/wr,x/x,x/wb,bk/x,x/x,wk:w", Goal: "win", MateIn: 16},
	},
	"thin-3x4-rook-bishop": {
		{Name: "Rook and king against king", Code: "x,x,wk/wr,x,x/x,bk,x/x,x,x:w", Goal: "win", MateIn: 5},
		{Name: "Rook against bishop", Code: "x,x,wk/x,x,x/bk,x,x/bb,x,wr:w", Goal: "win", MateIn: 15},
	},
}

// position parses d's position under the mode's rules.
func (d namedDrill) position(r *engine.Rules) (*engine.Position, error) {
	return engine.ParseCode(d.Code, r)
}

// Of returns the named drills of m as its page reads them, each
// position as a FEN. A drill whose code does not parse is left out
// (TestNamedDrillsProven fails on it).
func Of(m *mode.Mode) []wire.Drill {
	var out []wire.Drill
	for _, d := range namedDrills[m.ID] {
		if p, err := d.position(m.Rules); err == nil {
			out = append(out, wire.Drill{Name: d.Name, Start: p.FEN(), Goal: d.Goal, MateIn: d.MateIn})
		}
	}
	return out
}

// Modes lists the modes with named drills, by ID, in order.
func Modes() []string {
	ids := make([]string, 0, len(namedDrills))
	for id := range namedDrills {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
