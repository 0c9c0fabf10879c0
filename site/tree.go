package site

import (
	"sort"

	"github.com/thinchess/thinchess/engine"
)

// maxTreeNodes bounds a puzzle's solution tree; past it, alternative
// branches are cut and the browser answers them from the table or search.
const maxTreeNodes = 4000

// buildTree builds the trainer's solution tree: at the player's turns
// every optimal move (the solution's first), at the opponent's the
// solution's defence or else the longest one.
func buildTree(m *Mode, j judge, line []engine.Move) *TreeNode {
	budget := maxTreeNodes
	player := m.Puzzle.Side
	var build func(p engine.Position, line []engine.Move, depth int) *TreeNode
	build = func(p engine.Position, line []engine.Move, depth int) *TreeNode {
		n := &TreeNode{FEN: p.FEN()}
		if st := p.Status(); st != engine.Active {
			n.End = st.String()
			return n
		}
		val, _, known := j.value(&p)
		if !known || budget <= 0 || depth > 400 || (val == valDraw && len(line) == 0) {
			return n
		}
		budget--
		n.SAN = map[string]string{}
		n.Next = map[string]*TreeNode{}
		if p.Side == player {
			acc := j.optimal(&p)
			sort.Slice(acc, func(a, b int) bool {
				if len(line) > 0 && (acc[a] == line[0]) != (acc[b] == line[0]) {
					return acc[a] == line[0]
				}
				return acc[a].Coord(p.B) < acc[b].Coord(p.B)
			})
			for _, mv := range acc {
				c := mv.Coord(p.B)
				n.Accept = append(n.Accept, c)
				n.SAN[c] = p.SAN(mv)
				var rest []engine.Move
				if len(line) > 0 && line[0] == mv {
					rest = line[1:]
				}
				q := p
				q.Make(mv)
				n.Next[c] = build(q, rest, depth+1)
			}
			sort.Strings(n.Accept)
			return n
		}
		var reply engine.Move
		var rest []engine.Move
		if len(line) > 0 {
			reply, rest = line[0], line[1:]
		} else if best := j.optimal(&p); len(best) > 0 {
			reply = firstByCoord(&p, best)
		} else {
			return n
		}
		c := reply.Coord(p.B)
		n.Reply = c
		n.SAN[c] = p.SAN(reply)
		q := p
		q.Make(reply)
		n.Next[c] = build(q, rest, depth+1)
		return n
	}
	return build(*m.Start, line, 0)
}
