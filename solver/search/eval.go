package search

import (
	"sync"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// compass steps of the eight directions: four orthogonal then four diagonal.
var compass = [8][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

// shape holds the evaluation terms that depend only on the board's
// shape, computed once per board.
type shape struct {
	b *engine.Board
	// rays[s][d] lists the squares from s outwards in direction d.
	rays [][8][]engine.Square
	// centre[s] grows toward the middle of the board: 0 on the squares
	// farthest from it, up to 8 on the central squares.
	centre []int
	// edge[s] is 8−centre[s]: how far out toward a corner s is.
	edge []int
	// kingZone[s] lists s and the squares a king on s reaches.
	kingZone [][]engine.Square
	// maxDist is the largest king distance on the board.
	maxDist int
}

var shapes sync.Map // *engine.Board → *shape

// shapeOf returns the cached shape tables of b.
func shapeOf(b *engine.Board) *shape {
	if v, ok := shapes.Load(b); ok {
		return v.(*shape)
	}
	sh := &shape{b: b}
	sh.rays = make([][8][]engine.Square, b.N)
	sh.centre = make([]int, b.N)
	sh.edge = make([]int, b.N)
	sh.kingZone = make([][]engine.Square, b.N)
	// Distance from the centre in half squares, so even sides have a
	// centre between squares.
	maxD := (b.W - 1) + (b.H - 1)
	for s := 0; s < b.N; s++ {
		sq := engine.Square(s)
		f, r := b.File(sq), b.Rank(sq)
		for d, st := range compass {
			for k := 1; ; k++ {
				ff, rr := f+k*st[0], r+k*st[1]
				if ff < 0 || ff >= b.W || rr < 0 || rr >= b.H {
					break
				}
				sh.rays[s][d] = append(sh.rays[s][d], b.Sq(ff, rr))
			}
		}
		d := abs(2*f-(b.W-1)) + abs(2*r-(b.H-1))
		c := 8
		if maxD > 0 {
			c = 8 * (maxD - d) / maxD
		}
		sh.centre[s], sh.edge[s] = c, 8-c
		sh.kingZone[s] = append([]engine.Square{sq}, b.KingTargets(sq)...)
	}
	sh.maxDist = max(b.W, b.H) - 1
	v, _ := shapes.LoadOrStore(b, sh)
	return v.(*shape)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// kingDist is the number of king steps between two squares.
func kingDist(b *engine.Board, a, c engine.Square) int {
	return max(abs(b.File(a)-b.File(c)), abs(b.Rank(a)-b.Rank(c)))
}

// Evaluate scores p in centipawns from the side to move's point of view,
// statically (no search). It works on any board and preset, from terms
// computed from the board's shape: material; mobility (squares each piece
// reaches); centralisation of knights, bishops, queens and, in the
// endgame, kings; pawn advancement toward the board's own promotion rank,
// more for passed pawns; a light king-safety term (attacks on the squares
// around the king while queens or rooks remain); and, when one side is far
// ahead, a push of the lone king toward the edge. Under the race goal the
// distance of each side's leading piece to its far rank dominates.
func Evaluate(p *engine.Position) int {
	sh := shapeOf(p.B)
	race := p.R.Goal == engine.GoalRace
	var e evalTerms
	e.lead = [2]int{p.B.H, p.B.H}
	e.addPieces(p, sh, race, p.R.Promotion != 0 && !race)
	e.addKings(p, sh)
	score := e.score
	if !race {
		score[0] += mopUp(p, sh, e.material, engine.White)
		score[1] += mopUp(p, sh, e.material, engine.Black)
	} else {
		score[0] += raceLead(e.lead[0])
		score[1] += raceLead(e.lead[1])
	}
	v := e.material[0] - e.material[1] + score[0] - score[1]
	if p.Side == engine.Black {
		v = -v
	}
	return v + 10 // the move is worth a little
}

// evalTerms are Evaluate's sums, by colour.
type evalTerms struct {
	material, npm, score [2]int
	// kingAttacks counts the moves of a side's pieces to squares next
	// to the other king.
	kingAttacks [2]int
	lead        [2]int // each side's nearest distance to its far rank
}

// addPieces adds every piece's material and the terms of its square:
// under the race goal its progress, for a pawn pawnTerm, for a knight,
// bishop, rook or queen its mobility, centralisation and attacks next to
// the enemy king.
func (e *evalTerms) addPieces(p *engine.Position, sh *shape, race, promotes bool) {
	b := p.B
	for s := 0; s < b.N; s++ {
		sq := engine.Square(s)
		pc := p.At(sq)
		if pc == engine.NoPiece {
			continue
		}
		c, t := pc.Color(), pc.Type()
		e.material[c] += solver.PieceValue(t)
		if t != engine.Pawn && t != engine.King {
			e.npm[c] += solver.PieceValue(t)
		}
		rank := b.Rank(sq)
		toGo := b.H - 1 - rank // ranks to the far rank
		if c == engine.Black {
			toGo = rank
		}
		if race {
			e.lead[c] = min(e.lead[c], toGo)
			e.score[c] += 12 * (b.H - 1 - toGo)
		}
		enemyKing := p.King(c.Other())
		switch t {
		case engine.Pawn:
			e.score[c] += pawnTerm(p, sq, c, toGo, promotes)
		case engine.Knight:
			e.score[c] += 4 * sh.centre[s]
			n := 0
			for _, to := range b.KnightTargets(sq) {
				if q := p.At(to); q == engine.NoPiece || q.Color() != c {
					n++
				}
				if enemyKing != engine.NoSquare && kingDist(b, to, enemyKing) <= 1 {
					e.kingAttacks[c]++
				}
			}
			e.score[c] += 4 * n
		case engine.Bishop, engine.Rook, engine.Queen:
			n := 0
			for d := 0; d < 8; d++ {
				if (t == engine.Rook && d >= 4) || (t == engine.Bishop && d < 4) {
					continue
				}
				for _, to := range sh.rays[s][d] {
					q := p.At(to)
					if q == engine.NoPiece || q.Color() != c {
						n++
					}
					if enemyKing != engine.NoSquare && kingDist(b, to, enemyKing) <= 1 {
						e.kingAttacks[c]++
					}
					if q != engine.NoPiece {
						break
					}
				}
			}
			switch t {
			case engine.Bishop:
				e.score[c] += 4*n + 3*sh.centre[s]
			case engine.Rook:
				e.score[c] += 2 * n
			default:
				e.score[c] += n + 2*sh.centre[s]
			}
		}
	}
}

// addKings adds each king's terms, weighed by the phase of the game (256
// with plenty of pieces, falling to 0 as they come off): endgame kings
// walk to the centre, middlegame kings stay home behind their pieces,
// and attacks next to a king count while the attacker still has heavy
// pieces. addPieces must have run.
func (e *evalTerms) addKings(p *engine.Position, sh *shape) {
	b := p.B
	phase := min(e.npm[0]+e.npm[1], 4000) * 256 / 4000
	for c := engine.White; c <= engine.Black; c++ {
		k := p.King(c)
		if k == engine.NoSquare {
			continue
		}
		shield := 0
		for _, t := range b.KingTargets(k) {
			if q := p.At(t); q != engine.NoPiece && q.Color() == c {
				shield++
			}
		}
		eg := 5 * sh.centre[k]
		mg := 4*shield - 3*sh.centre[k]
		e.score[c] += (mg*phase + eg*(256-phase)) / 256
		them := c.Other()
		if p.Count(them, engine.Queen)+p.Count(them, engine.Rook) > 0 {
			e.score[c] -= 5 * e.kingAttacks[them] * phase / 256
		}
	}
}

// raceLead rewards the side whose leading piece is close to its far rank.
func raceLead(toGo int) int {
	if toGo <= 0 {
		return 2000
	}
	return 800 / (toGo * toGo)
}

// pawnTerm scores a pawn of colour c on sq with toGo ranks to its far
// rank: the closer to promotion the more, doubled for a passed pawn.
func pawnTerm(p *engine.Position, sq engine.Square, c engine.Color, toGo int, promotes bool) int {
	b := p.B
	span := b.H - 1
	if span <= 1 {
		return 0
	}
	done := span - toGo // ranks advanced from the back rank
	v := 6 * done * done * 8 / span
	if !promotes {
		return v / 4
	}
	if passed(p, sq, c) {
		v = 2*v + 10
	}
	return v
}

// passed reports whether no enemy pawn stands ahead of the pawn on sq on
// its file or the files beside it.
func passed(p *engine.Position, sq engine.Square, c engine.Color) bool {
	b := p.B
	f, r := b.File(sq), b.Rank(sq)
	step := 1
	if c == engine.Black {
		step = -1
	}
	enemy := engine.MakePiece(c.Other(), engine.Pawn)
	for rr := r + step; rr >= 0 && rr < b.H; rr += step {
		for ff := max(f-1, 0); ff <= min(f+1, b.W-1); ff++ {
			if p.At(b.Sq(ff, rr)) == enemy {
				return false
			}
		}
	}
	return true
}

// mopUp rewards side c, far ahead in material against a side without
// pawns, for driving the enemy king to the edge and bringing its own
// king close: the technique every basic mate needs.
func mopUp(p *engine.Position, sh *shape, material [2]int, c engine.Color) int {
	them := c.Other()
	if material[c]-material[them] < 300 || p.Count(them, engine.Pawn) > 0 {
		return 0
	}
	ek, ok := p.King(them), p.King(c)
	if ek == engine.NoSquare {
		return 0
	}
	v := 12 * sh.edge[ek]
	if ok != engine.NoSquare {
		v += 6 * (sh.maxDist - kingDist(p.B, ok, ek))
	}
	return v
}
