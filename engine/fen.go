// JavaScript twin: templates/static/js/rules-fen.js (Parse: rules-code.js).

package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// DefaultRules returns the preset a bare position is read under: 1d on a
// one-file board, chess otherwise.
func DefaultRules(w int) *Rules {
	if w == 1 {
		return MustPreset("1d")
	}
	return MustPreset("chess")
}

// Parse reads a position in either notation: FEN (it has spaces) or the
// position code (cells and ":w"/":b"). With r nil the default preset for
// the board's width applies.
func Parse(s string, r *Rules) (*Position, error) {
	t := strings.TrimSpace(s)
	if strings.ContainsAny(t, " \t") {
		return ParseFEN(t, r)
	}
	if strings.Contains(t, ":") || strings.Contains(t, ",") {
		return ParseCode(t, r)
	}
	return nil, fmt.Errorf("bad position %q: want a position code such as \"bk,x,wk:w\" or a FEN such as \"k/1/K w - - 0 1\"", s)
}

// ParseFEN reads a generalised FEN: ranks top first separated by "/",
// digit runs (several digits allowed) for empty squares, then side to
// move, castling, en-passant square, halfmove clock and move number. The
// last four fields may be left out. Under bans a seventh field, ply and
// ban ("12" or "12:e2e4", see ParseBanField), may follow the sixth.
func ParseFEN(s string, r *Rules) (*Position, error) {
	fields := strings.Fields(s)
	if len(fields) < 2 || len(fields) > 7 {
		return nil, fmt.Errorf("bad FEN %q: want 2 to 6 fields (placement, side, castling, en passant, halfmove, move number) and under bans a 7th (ply[:banned]), got %d", s, len(fields))
	}
	rows := strings.Split(fields[0], "/")
	grid := make([][]Piece, len(rows))
	for i, row := range rows {
		rank := len(rows) - i
		var cells []Piece
		for j := 0; j < len(row); {
			c := row[j]
			switch {
			case c >= '0' && c <= '9':
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(row[j:k])
				if n == 0 || n > MaxSide || row[j] == '0' {
					return nil, fmt.Errorf("bad FEN: rank %d: empty run %q must be from 1 to %d", rank, row[j:k], MaxSide)
				}
				for ; n > 0; n-- {
					cells = append(cells, NoPiece)
				}
				j = k
			default:
				t, ok := PieceTypeFromLetter(c)
				if !ok {
					return nil, fmt.Errorf("bad FEN: rank %d, character %d: %q is not a piece letter (want one of KQRBNP kqrbnp or a digit)", rank, j+1, c)
				}
				col := White
				if c >= 'a' {
					col = Black
				}
				cells = append(cells, MakePiece(col, t))
				j++
			}
			if len(cells) > MaxSide {
				return nil, fmt.Errorf("bad FEN: rank %d has more than %d squares", rank, MaxSide)
			}
		}
		if len(cells) == 0 {
			return nil, fmt.Errorf("bad FEN: rank %d is empty", rank)
		}
		if i > 0 && len(cells) != len(grid[0]) {
			return nil, fmt.Errorf("bad FEN: rank %d has %d squares but rank %d has %d", rank, len(cells), len(rows), len(grid[0]))
		}
		grid[i] = cells
	}
	p, err := fromGrid(grid, r)
	if err != nil {
		return nil, fmt.Errorf("bad FEN: %v", err)
	}
	switch fields[1] {
	case "w":
		p.Side = White
	case "b":
		p.Side = Black
	default:
		return nil, fmt.Errorf("bad FEN: side to move %q: want w or b", fields[1])
	}
	if len(fields) > 2 {
		if err := p.parseCastling(fields[2]); err != nil {
			return nil, fmt.Errorf("bad FEN: %v", err)
		}
	}
	if len(fields) > 3 && fields[3] != "-" {
		ep, err := p.B.ParseSquare(fields[3])
		if err != nil {
			return nil, fmt.Errorf("bad FEN: en passant: %v", err)
		}
		if err := p.checkEP(ep); err != nil {
			return nil, fmt.Errorf("bad FEN: en passant %s: %v", fields[3], err)
		}
		p.EP = ep
	}
	if len(fields) > 4 {
		n, err := strconv.Atoi(fields[4])
		if err != nil || n < 0 || n > 100000 {
			return nil, fmt.Errorf("bad FEN: halfmove clock %q: want a number from 0", fields[4])
		}
		p.Halfmove = n
	}
	if len(fields) > 5 {
		n, err := strconv.Atoi(fields[5])
		if err != nil || n < 1 || n > 100000 {
			return nil, fmt.Errorf("bad FEN: move number %q: want a number from 1", fields[5])
		}
		p.Fullmove = n
	}
	if err := p.finish(); err != nil {
		return nil, fmt.Errorf("bad FEN: %v", err)
	}
	if len(fields) == 7 {
		if err := p.parseBanField(fields[6]); err != nil {
			return nil, fmt.Errorf("bad FEN: %v", err)
		}
	}
	return p, nil
}

// fromGrid builds a position from rows of cells, top rank first.
func fromGrid(grid [][]Piece, r *Rules) (*Position, error) {
	h, w := len(grid), len(grid[0])
	if h > MaxSide {
		return nil, fmt.Errorf("%d ranks: at most %d allowed", h, MaxSide)
	}
	b, err := NewBoard(w, h)
	if err != nil {
		return nil, err
	}
	if r == nil {
		r = DefaultRules(w)
	}
	p := NewPosition(b, r)
	for i, row := range grid {
		for f, pc := range row {
			if pc != NoPiece {
				p.Put(b.Sq(f, h-1-i), pc)
			}
		}
	}
	return p, nil
}

// checkEP checks that ep can be the en-passant target: an empty square
// just behind a pawn of the side that moved, which has just double-stepped.
func (p *Position) checkEP(ep Square) error {
	b := p.B
	mover := p.Side.Other()
	wantRank := 2 // White's double step passes rank 3
	if mover == Black {
		wantRank = b.H - 3
	}
	if b.Rank(ep) != wantRank {
		return fmt.Errorf("must be on rank %d with %s to move", wantRank+1, p.Side)
	}
	if b.H < 4 {
		return fmt.Errorf("no double step is possible on a board of %d ranks", b.H)
	}
	pawnSq := ep + p.pawnStep(mover)
	if p.sq[ep] != NoPiece || p.sq[pawnSq] != MakePiece(mover, Pawn) || p.sq[ep-p.pawnStep(mover)] != NoPiece {
		return fmt.Errorf("no %s pawn has just moved two squares past it", mover)
	}
	return nil
}

// parseCastling reads the castling field: "-", KQkq, or file letters
// (Shredder-FEN) naming the rooks.
func (p *Position) parseCastling(f string) error {
	if f == "-" {
		return nil
	}
	b := p.B
	for i := 0; i < len(f); i++ {
		c := f[i]
		col := White
		if c >= 'a' {
			col = Black
		}
		back := 0
		if col == Black {
			back = b.H - 1
		}
		k := p.king[col]
		if k == NoSquare || b.Rank(k) != back {
			return fmt.Errorf("castling %q: the %s king is not on its back rank", string(c), col)
		}
		lower := c | 0x20
		var rook Square = NoSquare
		kingSide := false
		switch {
		case lower == 'k' || lower == 'q':
			kingSide = lower == 'k'
			// The outermost rook on that side of the king.
			for fl := 0; fl < b.W; fl++ {
				s := b.Sq(fl, back)
				if p.sq[s] != MakePiece(col, Rook) {
					continue
				}
				if kingSide && fl > b.File(k) {
					rook = s
				}
				if !kingSide && fl < b.File(k) && rook == NoSquare {
					rook = s
				}
			}
		case lower >= 'a' && int(lower-'a') < b.W:
			s := b.Sq(int(lower-'a'), back)
			if p.sq[s] == MakePiece(col, Rook) {
				rook = s
			}
			kingSide = b.File(s) > b.File(k)
		default:
			return fmt.Errorf("castling %q: want K, Q, k, q, a file letter or -", string(c))
		}
		if rook == NoSquare {
			return fmt.Errorf("castling %q: no %s rook to castle with", string(c), col)
		}
		i := int(col) * 2
		if !kingSide {
			i++
		}
		if p.Castle&(1<<i) != 0 {
			return fmt.Errorf("castling %q: right given twice", string(c))
		}
		p.Castle |= 1 << i
		p.castleRook[i] = rook
		p.castleKing[col] = k
	}
	return nil
}

// finish validates a freshly set-up position and computes its hash.
func (p *Position) finish() error {
	b := p.B
	for c := White; c <= Black; c++ {
		if p.count[c][King] > 1 {
			return fmt.Errorf("%s has %d kings; at most one is allowed", c, p.count[c][King])
		}
	}
	if p.R.Goal != GoalRace {
		for f := 0; f < b.W; f++ {
			if s := b.Sq(f, b.H-1); p.sq[s] == MakePiece(White, Pawn) && b.H > 1 {
				return fmt.Errorf("white pawn on %s, its promotion rank", b.Name(s))
			}
			if s := b.Sq(f, 0); p.sq[s] == MakePiece(Black, Pawn) && b.H > 1 {
				return fmt.Errorf("black pawn on %s, its promotion rank", b.Name(s))
			}
		}
	}
	if err := p.R.Check(p); err != nil {
		return err
	}
	if k := p.king[p.Side.Other()]; k != NoSquare && p.Attacked(k, p.Side) {
		return fmt.Errorf("the %s king on %s is in check but it is %s's move", p.Side.Other(), b.Name(k), p.Side)
	}
	if p.R.PromoteToCaptured && p.R.InitialMaterial == [2][7]int8{} {
		r := p.R.Clone()
		r.InitialMaterial = p.count
		p.R = r
	}
	p.Ply = 2*(p.Fullmove-1) + int(p.Side)
	p.BanPhase, p.Ban = p.R.Bans, NoMove
	p.rehash()
	return nil
}

// FEN returns the position in generalised FEN, with the seventh field
// (ply and ban) under bans.
func (p *Position) FEN() string {
	b := p.B
	var sb strings.Builder
	for r := b.H - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < b.W; f++ {
			pc := p.sq[b.Sq(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			sb.WriteByte(pc.FENLetter())
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	sb.WriteString(" " + p.sideLetter() + " " + p.castlingField() + " ")
	sb.WriteString(b.Name(p.EP))
	sb.WriteString(" " + strconv.Itoa(p.Halfmove) + " " + strconv.Itoa(p.Fullmove))
	if p.R.Bans {
		sb.WriteString(" " + p.banField())
	}
	return sb.String()
}

func (p *Position) sideLetter() string {
	if p.Side == White {
		return "w"
	}
	return "b"
}

// castlingField writes KQkq when each right's rook is the outermost one on
// its side, and the rook's file letter otherwise.
func (p *Position) castlingField() string {
	if p.Castle == 0 {
		return "-"
	}
	b := p.B
	var out []byte
	for i := 0; i < 4; i++ {
		if p.Castle&(1<<i) == 0 {
			continue
		}
		col := Color(i / 2)
		rs := p.castleRook[i]
		kingSide := i%2 == 0
		outer := true
		for fl := 0; fl < b.W; fl++ {
			s := b.Sq(fl, b.Rank(rs))
			if p.sq[s] == MakePiece(col, Rook) && ((kingSide && fl > b.File(rs)) || (!kingSide && fl < b.File(rs))) {
				outer = false
			}
		}
		var c byte
		switch {
		case outer && kingSide:
			c = 'K'
		case outer:
			c = 'Q'
		default:
			c = byte('A' + b.File(rs))
		}
		if col == Black {
			c |= 0x20
		}
		out = append(out, c)
	}
	return string(out)
}
