package search

import (
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/mate"
)

// bookMove is the attacker's move at one node of a proven mate.
type bookMove struct {
	move engine.Move
	mate int // attacker moves to mate from the node
}

// maxBook bounds the positions a Searcher remembers from mate trees.
const maxBook = 1 << 20

// bookResult answers from the remembered mate trees: a position met in
// the solution tree of a mate proven earlier in the game is played by
// that tree, without searching again.
func (s *Searcher) bookResult(p *engine.Position) (SearchResult, bool) {
	b, ok := s.book[p.Hash()]
	if !ok {
		return SearchResult{}, false
	}
	// A stale entry (another game's position with the same key and a
	// different move list) is never played.
	var buf [engine.MaxMoves]engine.Move
	legal := false
	for _, m := range p.LegalMoves(buf[:0]) {
		legal = legal || m == b.move
	}
	if !legal {
		return SearchResult{}, false
	}
	score := MateScore - (2*b.mate - 1)
	return SearchResult{Move: b.move, Score: score, Mate: b.mate, PV: []engine.Move{b.move}, Exact: true}, true
}

// worthMateSearch reports a won-looking ending, where a long forced mate
// is likelier than a search horizon can see: the opponent has at most a
// minor piece and two pawns besides the king, and the side to move is a
// rook's worth ahead.
func worthMateSearch(p *engine.Position) bool {
	if p.R.Goal != engine.GoalCheckmate {
		return false
	}
	us, them := p.Side, p.Side.Other()
	if p.King(them) == engine.NoSquare {
		return false
	}
	var mat [2]int
	for c := engine.White; c <= engine.Black; c++ {
		for t := engine.Pawn; t < engine.King; t++ {
			mat[c] += solver.PieceValue(t) * p.Count(c, t)
		}
	}
	minors := p.Count(them, engine.Knight) + p.Count(them, engine.Bishop)
	heavy := p.Count(them, engine.Rook) + p.Count(them, engine.Queen)
	return heavy == 0 && minors <= 1 && p.Count(them, engine.Pawn) <= 2 && mat[us]-mat[them] >= 450
}

// mateResult tries to prove a mate with MateSearch within half the
// search's budget, and on success remembers the solution tree and plays
// its first move.
func (s *Searcher) mateResult(p *engine.Position, lim Limits, start time.Time) (SearchResult, bool) {
	if (lim.Nodes <= 0 && lim.Time <= 0) || !worthMateSearch(p) {
		return SearchResult{}, false
	}
	half := start.Add(lim.Time / 2)
	stop := func() bool { return s.expired() || (s.timed && s.now().After(half)) }
	opt := mate.Options{TableBits: 18, MaxTreeNodes: 200_000, MaxNodes: 1 << 62, Stop: stop}
	if lim.Nodes > 0 {
		opt.MaxNodes = max(lim.Nodes/2, 1)
	}
	res, err := mate.Search(p, p.Side, 30, opt)
	s.nodes += res.Nodes
	if err != nil || !res.Found || res.Tree == nil || len(res.Tree.Next) == 0 {
		return SearchResult{}, false
	}
	if s.book == nil || len(s.book) > maxBook {
		s.book = map[uint64]bookMove{}
	}
	q := *p
	s.learn(&q, res.Tree, true)
	first := res.Tree.Next[0].M
	return SearchResult{Move: first, Score: MateScore - res.Plies, Mate: res.Moves, PV: []engine.Move{first}, Exact: true}, true
}

// learn records the attacker's first listed move at every attacker node
// of the tree rooted at the current position q.
func (s *Searcher) learn(q *engine.Position, n *mate.Node, attackerToMove bool) {
	if len(n.Next) == 0 {
		return
	}
	if attackerToMove {
		s.book[q.Hash()] = bookMove{move: n.Next[0].M, mate: n.Mate}
	}
	for _, c := range n.Next {
		u := q.Make(c.M)
		s.learn(q, c, !attackerToMove)
		q.Unmake(u)
	}
}
