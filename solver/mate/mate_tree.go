package mate

import "github.com/thinchess/thinchess/engine"

// treeBuilder grows the solution tree of a proven mate.
type treeBuilder struct {
	s     *mateSearcher
	limit int
	count int
	// allOptimal keeps every optimal attacker move below the root;
	// otherwise the first one found.
	allOptimal bool
	// allowCut cuts subtrees once the limit is reached; otherwise
	// reaching it sets overflow and the pass is abandoned.
	allowCut bool
	overflow bool
	complete bool
}

// buildTree sets res.Tree for the proven shortest mate res.Moves. It
// first tries to list every optimal attacker move at every node; if that
// tree is too big it keeps every optimal first move but one optimal move
// at deeper attacker nodes, cutting subtrees if even that is too big.
func (s *mateSearcher) buildTree(res *Result) {
	limit := DefaultTreeNodes
	if s.maxTree > 0 {
		limit = s.maxTree
	}
	attackerToMove := s.pos.Side == s.attacker
	for _, all := range []bool{true, false} {
		t := &treeBuilder{s: s, limit: limit, allOptimal: all, allowCut: !all, complete: true}
		root := &Node{Mate: res.Moves}
		t.grow(root, 0, attackerToMove, true)
		if t.overflow {
			continue
		}
		res.Tree, res.TreeAllOptimal, res.TreeComplete = root, all, t.complete
		return
	}
}

// grow fills n.Next for the node n, the current position, whose exact
// mate distance is n.Mate.
func (t *treeBuilder) grow(n *Node, ply int, attackerToMove, root bool) {
	if n.Mate == 0 || t.overflow {
		return
	}
	if t.count >= t.limit || t.s.stop {
		if !t.allowCut {
			t.overflow = true
			return
		}
		n.Cut, t.complete = true, false
		return
	}
	s := t.s
	p := &s.pos
	var buf [engine.MaxMoves]engine.Move
	moves := append([]engine.Move(nil), p.LegalMoves(buf[:0])...)
	engine.SortMoves(moves)
	for _, m := range moves {
		san := p.SAN(m)
		u := p.Make(m)
		var child *Node
		if attackerToMove {
			if s.defend(n.Mate-1, ply+1) {
				child = &Node{Mate: n.Mate - 1}
			}
		} else if d, ok := s.attackDistance(1, n.Mate, ply+1); ok {
			child = &Node{Mate: d}
		}
		if child != nil {
			child.M, child.Move, child.Coord = m, san, m.Coord(p.B)
			t.count++
			t.grow(child, ply+1, !attackerToMove, false)
			n.Next = append(n.Next, child)
		}
		p.Unmake(u)
		if t.overflow {
			return
		}
		if s.stop {
			n.Cut, t.complete = true, false
			return
		}
		if child != nil && attackerToMove && !t.allOptimal && !root {
			return
		}
	}
}
