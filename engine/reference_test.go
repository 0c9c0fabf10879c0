package engine_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/engine"
)

// refBoard is the rules of thinchess as the property tests state them,
// written from the rule descriptions and sharing no code with the
// engine's move generator. It reads a position square by square through
// the public accessors (At, Side, EP, the FEN's castling field) and finds
// moves the slow, obvious way: a piece's targets by walking its lines,
// legality by playing the move on a copy and asking every enemy piece
// whether it hits the king.
type refBoard struct {
	w, h   int
	cells  []engine.Piece // rank*w + file, rank 1 first
	side   engine.Color
	rules  *engine.Rules
	ep     int // en-passant target, or -1
	rights []refRight
}

// refRight is a castling right: the side and the rook it castles with.
type refRight struct {
	color engine.Color
	rook  int
}

// refMove is a move of the reference rules.
type refMove struct {
	from, to  int
	promo     engine.PieceType
	double    bool // a pawn's two-square advance
	enPassant bool
	castle    bool
	rook      int // castling: the rook's square
}

// newRef reads p into a reference board.
func newRef(p *engine.Position) *refBoard {
	b := &refBoard{w: p.B.W, h: p.B.H, side: p.Side, rules: p.R, ep: -1}
	b.cells = make([]engine.Piece, b.w*b.h)
	for r := 0; r < b.h; r++ {
		for f := 0; f < b.w; f++ {
			b.cells[r*b.w+f] = p.At(p.B.Sq(f, r))
		}
	}
	if p.EP != engine.NoSquare {
		b.ep = b.sq(p.B.File(p.EP), p.B.Rank(p.EP))
	}
	b.rights = b.readRights(strings.Fields(p.FEN())[2])
	return b
}

// readRights reads a FEN castling field: K and Q name the outermost rook
// on that side of the king on its back rank, a file letter names the
// rook on that file.
func (b *refBoard) readRights(field string) []refRight {
	var out []refRight
	if field == "-" {
		return nil
	}
	for i := 0; i < len(field); i++ {
		c := field[i]
		col := engine.White
		if c >= 'a' {
			col = engine.Black
		}
		back := b.backRank(col)
		king := b.king(col)
		rook := -1
		switch lower := c | 0x20; lower {
		case 'k', 'q':
			for f := 0; f < b.w; f++ {
				s := b.sq(f, back)
				if b.cells[s] != engine.MakePiece(col, engine.Rook) {
					continue
				}
				if lower == 'k' && f > b.file(king) || lower == 'q' && f < b.file(king) && rook < 0 {
					rook = s
				}
			}
		default:
			rook = b.sq(int(lower-'a'), back)
		}
		out = append(out, refRight{col, rook})
	}
	return out
}

func (b *refBoard) sq(f, r int) int   { return r*b.w + f }
func (b *refBoard) file(s int) int    { return s % b.w }
func (b *refBoard) rank(s int) int    { return s / b.w }
func (b *refBoard) name(s int) string { return refName(b.file(s), b.rank(s)) }

// refName is the algebraic name of a square: file letter, rank number.
func refName(f, r int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

// onBoard reports whether file f and rank r are on the board.
func (b *refBoard) onBoard(f, r int) bool { return f >= 0 && f < b.w && r >= 0 && r < b.h }

func (b *refBoard) backRank(c engine.Color) int {
	if c == engine.White {
		return 0
	}
	return b.h - 1
}

// forward is the rank step of c's pawns.
func forward(c engine.Color) int {
	if c == engine.White {
		return 1
	}
	return -1
}

// king returns the square of c's king, or -1.
func (b *refBoard) king(c engine.Color) int {
	return slices.Index(b.cells, engine.MakePiece(c, engine.King))
}

func (b *refBoard) own(s int) bool {
	return b.cells[s] != engine.NoPiece && b.cells[s].Color() == b.side
}

func (b *refBoard) enemy(s int) bool {
	return b.cells[s] != engine.NoPiece && b.cells[s].Color() != b.side
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int { return max(x, -x) }

// between lists the squares strictly between two squares on a line (a
// rank, file or diagonal); nil if they are not on one.
func (b *refBoard) between(from, to int) []int {
	df, dr := b.file(to)-b.file(from), b.rank(to)-b.rank(from)
	if df != 0 && dr != 0 && abs(df) != abs(dr) {
		return nil
	}
	var out []int
	sf, sr := sign(df), sign(dr)
	for f, r := b.file(from)+sf, b.rank(from)+sr; f != b.file(to) || r != b.rank(to); f, r = f+sf, r+sr {
		out = append(out, b.sq(f, r))
	}
	return out
}

// pathClear reports whether every square strictly between two squares on
// a line is empty.
func (b *refBoard) pathClear(from, to int) bool {
	for _, s := range b.between(from, to) {
		if b.cells[s] != engine.NoPiece {
			return false
		}
	}
	return true
}

// attacks reports whether the piece on from attacks square to: a king
// one step in any direction, a knight's leap (exactly two squares along
// the file on a one-file board), a pawn one step diagonally forward, and
// the sliders along open lines.
func (b *refBoard) attacks(from, to int) bool {
	pc := b.cells[from]
	df, dr := b.file(to)-b.file(from), b.rank(to)-b.rank(from)
	if pc == engine.NoPiece || df == 0 && dr == 0 {
		return false
	}
	switch pc.Type() {
	case engine.King:
		return abs(df) <= 1 && abs(dr) <= 1
	case engine.Knight:
		if b.w == 1 {
			return abs(dr) == 2
		}
		return abs(df)*abs(dr) == 2
	case engine.Pawn:
		return dr == forward(pc.Color()) && abs(df) == 1
	case engine.Rook:
		return (df == 0 || dr == 0) && b.pathClear(from, to)
	case engine.Bishop:
		return abs(df) == abs(dr) && b.pathClear(from, to)
	case engine.Queen:
		return (df == 0 || dr == 0 || abs(df) == abs(dr)) && b.pathClear(from, to)
	}
	return false
}

// attacked reports whether any piece of colour by attacks s.
func (b *refBoard) attacked(s int, by engine.Color) bool {
	for e, pc := range b.cells {
		if pc != engine.NoPiece && pc.Color() == by && b.attacks(e, s) {
			return true
		}
	}
	return false
}

// inCheck reports whether c has a king and it is attacked.
func (b *refBoard) inCheck(c engine.Color) bool {
	k := b.king(c)
	return k >= 0 && b.attacked(k, c.Other())
}

// raceOver reports, under the race goal, whether the side that just moved
// has a piece on its far rank.
func (b *refBoard) raceOver() bool {
	mover := b.side.Other()
	far := b.backRank(b.side)
	for f := 0; f < b.w; f++ {
		if pc := b.cells[b.sq(f, far)]; pc != engine.NoPiece && pc.Color() == mover {
			return true
		}
	}
	return false
}

// pseudo lists the moves of the side to move's piece on s, ignoring
// whether they leave its king attacked. Castling is not among them.
func (b *refBoard) pseudo(s int) []refMove {
	pc := b.cells[s]
	if pc == engine.NoPiece || pc.Color() != b.side {
		return nil
	}
	if pc.Type() == engine.Pawn {
		return b.pawnMoves(s)
	}
	var out []refMove
	for t := range b.cells {
		if !b.own(t) && b.attacks(s, t) {
			out = append(out, refMove{from: s, to: t, rook: -1})
		}
	}
	return out
}

// pawnMoves lists the pawn on s's moves: a step forward onto an empty
// square, two from its second rank when double steps are on (both
// squares empty, not onto the last rank), a diagonal step onto an enemy
// piece or onto the en-passant target. On the last rank it promotes to
// each type of the rules' set (and cannot move there if the set is
// empty), except under the race goal, where it stays a pawn.
func (b *refBoard) pawnMoves(s int) []refMove {
	fwd := forward(b.side)
	f, r := b.file(s), b.rank(s)
	last := b.backRank(b.side.Other())
	second := b.backRank(b.side) + fwd
	var out []refMove
	add := func(m refMove) {
		if b.rank(m.to) != last || b.rules.Goal == engine.GoalRace {
			out = append(out, m)
			return
		}
		for _, t := range b.rules.PromotionTypes() {
			m.promo = t
			out = append(out, m)
		}
	}
	if b.onBoard(f, r+fwd) && b.cells[b.sq(f, r+fwd)] == engine.NoPiece {
		add(refMove{from: s, to: b.sq(f, r+fwd), rook: -1})
		if b.rules.DoubleStep && r == second && b.onBoard(f, r+2*fwd) && r+2*fwd != last &&
			b.cells[b.sq(f, r+2*fwd)] == engine.NoPiece {
			out = append(out, refMove{from: s, to: b.sq(f, r+2*fwd), double: true, rook: -1})
		}
	}
	for _, df := range []int{-1, 1} {
		if !b.onBoard(f+df, r+fwd) {
			continue
		}
		t := b.sq(f+df, r+fwd)
		switch {
		case b.enemy(t):
			add(refMove{from: s, to: t, rook: -1})
		case b.rules.EnPassant && t == b.ep && b.cells[t] == engine.NoPiece &&
			b.cells[b.sq(f+df, r)] == engine.MakePiece(b.side.Other(), engine.Pawn):
			out = append(out, refMove{from: s, to: t, enPassant: true, rook: -1})
		}
	}
	return out
}

// castlings lists the castling moves the rules allow before the king's
// safety after them is asked: the right is held, its rook stands on its
// square, the king moves two squares towards it and the rook lands on the
// square the king crosses; every square either of them passes or lands on
// is empty but for the two of them; the king is not in check and the
// square it crosses is not attacked.
func (b *refBoard) castlings() []refMove {
	if !b.rules.Castling {
		return nil
	}
	var out []refMove
	k := b.king(b.side)
	for _, right := range b.rights {
		if right.color != b.side || k < 0 || b.cells[right.rook] != engine.MakePiece(b.side, engine.Rook) ||
			b.rank(right.rook) != b.rank(k) {
			continue
		}
		dir := sign(b.file(right.rook) - b.file(k))
		if !b.onBoard(b.file(k)+2*dir, b.rank(k)) {
			continue
		}
		kt, rt := k+2*dir, k+dir
		lo, hi := min(k, right.rook, kt, rt), max(k, right.rook, kt, rt)
		clear := true
		for s := lo; s <= hi; s++ {
			if s != k && s != right.rook && b.cells[s] != engine.NoPiece {
				clear = false
			}
		}
		if !clear || b.inCheck(b.side) || b.attacked(k+dir, b.side.Other()) {
			continue
		}
		out = append(out, refMove{from: k, to: kt, castle: true, rook: right.rook})
	}
	return out
}

// play returns the board after m. Castling rights are dropped when the
// king moves and when anything moves from or to a right's rook square.
func (b *refBoard) play(m refMove) *refBoard {
	n := *b
	n.cells = slices.Clone(b.cells)
	mover := n.cells[m.from]
	switch {
	case m.castle:
		rook := n.cells[m.rook]
		n.cells[m.from], n.cells[m.rook] = engine.NoPiece, engine.NoPiece
		n.cells[m.to], n.cells[(m.from+m.to)/2] = mover, rook
	default:
		pc := mover
		if m.enPassant {
			n.cells[m.to-forward(b.side)*b.w] = engine.NoPiece
		}
		if m.promo != engine.NoPieceType {
			pc = engine.MakePiece(b.side, m.promo)
		}
		n.cells[m.from], n.cells[m.to] = engine.NoPiece, pc
	}
	n.rights = nil
	for _, r := range b.rights {
		switch {
		case r.color == b.side && mover.Type() == engine.King:
		case !m.castle && (m.from == r.rook || m.to == r.rook):
		default:
			n.rights = append(n.rights, r)
		}
	}
	n.side = b.side.Other()
	n.ep = -1
	if m.double {
		n.ep = (m.from + m.to) / 2
	}
	return &n
}

// safe reports whether m leaves the mover's king, if it has one,
// unattacked.
func (b *refBoard) safe(m refMove) bool {
	return !b.play(m).inCheck(b.side)
}

// legal lists the legal moves: pseudo-moves and castlings that leave the
// mover's king safe. Under the race goal a game already won has none.
func (b *refBoard) legal() []refMove {
	if b.rules.Goal == engine.GoalRace && b.raceOver() {
		return nil
	}
	var out []refMove
	for s := range b.cells {
		for _, m := range b.pseudo(s) {
			if b.safe(m) {
				out = append(out, m)
			}
		}
	}
	for _, m := range b.castlings() {
		if b.safe(m) {
			out = append(out, m)
		}
	}
	return out
}

// legalFrom lists the legal moves of the piece on s (castling included
// for the king).
func (b *refBoard) legalFrom(s int) []refMove {
	var out []refMove
	for _, m := range b.legal() {
		if m.from == s {
			out = append(out, m)
		}
	}
	return out
}

// insufficient is the material rule: bare kings, or on a board wider than
// one file a king and one knight or bishop against a bare king.
func (b *refBoard) insufficient() bool {
	minors := 0
	for _, pc := range b.cells {
		switch pc.Type() {
		case engine.Pawn, engine.Rook, engine.Queen:
			return false
		case engine.Knight, engine.Bishop:
			minors++
		}
	}
	if b.king(engine.White) < 0 || b.king(engine.Black) < 0 {
		return false
	}
	return minors == 0 || minors == 1 && b.w > 1
}

// status is what the position shows by itself: under the race goal a
// race won by the side that just moved, or lost by a side without moves;
// otherwise mate or stalemate when no move is legal, then insufficient
// material when the rules count it.
func (b *refBoard) status() engine.Status {
	if b.rules.Goal == engine.GoalRace {
		switch {
		case b.raceOver():
			return engine.RaceWin
		case len(b.legal()) == 0:
			return engine.NoMoves
		}
		return engine.Active
	}
	switch {
	case len(b.legal()) == 0 && b.inCheck(b.side):
		return engine.Checkmate
	case len(b.legal()) == 0:
		return engine.Stalemate
	case b.rules.InsufficientMaterial && b.insufficient():
		return engine.InsufficientMaterial
	}
	return engine.Active
}

// key identifies a position for repetition: the pieces, the side to
// move, the castling rights and the en-passant target, the last only
// when a pawn of the side to move can legally capture onto it (FIDE
// 9.2.3: possible moves only; a pawn pinned to its king, as in
// 8/8/8/KPp4r/8/8/8/6k1 w - c6, does not count).
func (b *refBoard) key() string {
	var sb strings.Builder
	for _, pc := range b.cells {
		sb.WriteByte(" PNBRQK  pnbrqk"[int(pc.Color())*8+int(pc.Type())])
	}
	fmt.Fprintf(&sb, " %v", b.side)
	for _, r := range b.rights {
		fmt.Fprintf(&sb, " %v%d", r.color, r.rook)
	}
	for s, pc := range b.cells {
		if pc != engine.MakePiece(b.side, engine.Pawn) {
			continue
		}
		if slices.ContainsFunc(b.pawnMoves(s), func(m refMove) bool { return m.enPassant && b.safe(m) }) {
			fmt.Fprintf(&sb, " ep%d", b.ep)
			break
		}
	}
	return sb.String()
}

// coord writes m in coordinate notation, castling as the king's move.
func (b *refBoard) coord(m refMove) string {
	s := b.name(m.from) + b.name(m.to)
	if m.promo != engine.NoPieceType {
		s += string(m.promo.Letter())
	}
	return s
}

// coords writes moves in coordinate notation, sorted.
func (b *refBoard) coords(ms []refMove) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = b.coord(m)
	}
	slices.Sort(out)
	return out
}
