package verify

import (
	"slices"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// maxTreeNodes bounds a puzzle's solution tree; past it, alternative
// branches are cut and the browser answers them from the table or search.
const maxTreeNodes = 4000

// HeldEnd is the end of a "hold the draw" puzzle's tree: the solution
// line is played out and the position is still drawn.
const HeldEnd = "held"

// buildTree builds the trainer's solution tree: at the player's turns
// every optimal move (the solution's first), at the opponent's the
// solution's defence or else the longest one.
func buildTree(m *mode.Mode, o solver.Oracle, line []engine.Move) *TreeNode {
	budget := maxTreeNodes
	player := m.Puzzle.Side
	hold := m.Claim != nil && m.Claim.Result == engine.Drawn
	var build func(p engine.Position, line []engine.Move, depth int) *TreeNode
	build = func(p engine.Position, line []engine.Move, depth int) *TreeNode {
		n := &TreeNode{FEN: p.FEN()}
		if st := p.Status(); st != engine.Active {
			n.End = st.String()
			return n
		}
		val, _, known := o.Probe(&p)
		if known && val == solver.Draw && len(line) == 0 && depth > 0 && hold {
			// A hold ends when its line does: the draw is kept.
			n.End = HeldEnd
			return n
		}
		if !known || budget <= 0 || depth > 400 || (val == solver.Draw && len(line) == 0) {
			return n
		}
		budget--
		n.SAN = map[string]string{}
		n.Next = map[string]*TreeNode{}
		if p.Actor() == player {
			acc := o.BestMoves(&p)
			if len(line) > 0 {
				// The solution's move first, so that the budget is spent
				// on it; the rest in canonical order.
				if i := slices.Index(acc, line[0]); i > 0 {
					acc = append(append([]engine.Move{line[0]}, acc[:i]...), acc[i+1:]...)
				}
			}
			for _, mv := range acc {
				c := treeCoord(&p, mv)
				n.Accept = append(n.Accept, c)
				n.SAN[c] = p.ActionName(mv)
				var rest []engine.Move
				if len(line) > 0 && line[0] == mv {
					rest = line[1:]
				}
				q := p
				q.MakeAction(mv)
				n.Next[c] = build(q, rest, depth+1)
			}
			engine.SortMoves(acc)
			n.Accept = n.Accept[:0]
			for _, mv := range acc {
				n.Accept = append(n.Accept, treeCoord(&p, mv))
			}
			return n
		}
		var reply engine.Move
		var rest []engine.Move
		if len(line) > 0 {
			reply, rest = line[0], line[1:]
		} else if best := o.BestMoves(&p); len(best) > 0 {
			reply = best[0]
		} else {
			return n
		}
		c := treeCoord(&p, reply)
		n.Reply = c
		n.SAN[c] = p.ActionName(reply)
		q := p
		q.MakeAction(reply)
		n.Next[c] = build(q, rest, depth+1)
		return n
	}
	return build(*m.Start, line, 0)
}

// treeCoord names an action in the tree as the browser's engine plays
// it: a move in coordinates ("e2e4"), a ban in the action log ("b:e2e4").
func treeCoord(p *engine.Position, a engine.Move) string {
	if a.IsBan() {
		return p.ActionText(a)
	}
	return a.Coord(p.B)
}
