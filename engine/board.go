// JavaScript twin: templates/static/js/rules-board.js.

package engine

import (
	"fmt"
	"strconv"
	"sync"
)

// Square is a dense square index on a board: rank*W + file, both from 0.
type Square int16

// NoSquare marks the absence of a square (no en-passant target, no king).
const NoSquare Square = -1

// MaxSide is the largest number of files or ranks a board may have.
const MaxSide = 16

// Directions used by the ray tables: the first four are orthogonal (rook),
// the last four diagonal (bishop).
const (
	dirN = iota
	dirS
	dirE
	dirW
	dirNE
	dirNW
	dirSE
	dirSW
	numDirs
)

var dirDelta = [numDirs][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}}

// Board is the geometry of a W×H board with every table move generation
// needs, computed once per shape. Boards are immutable and shared.
type Board struct {
	W, H int
	N    int // W*H

	// OneD is true on 1-wide boards, where the knight leaps exactly two
	// squares along the file.
	OneD bool

	knight [][]Square
	king   [][]Square
	// pawnAttack[c][s] lists the squares a pawn of colour c on s attacks.
	pawnAttack [2][][]Square
	rays       [][numDirs][]Square
	names      []string
}

var (
	boardMu    sync.Mutex
	boardCache = map[[2]int]*Board{}
)

// NewBoard returns the shared geometry for a W×H board.
func NewBoard(w, h int) (*Board, error) {
	if w < 1 || w > MaxSide || h < 1 || h > MaxSide {
		return nil, fmt.Errorf("board %d×%d: files and ranks must be from 1 to %d", w, h, MaxSide)
	}
	if h == 1 && w > 1 {
		return nil, fmt.Errorf("board %d×1: a board one rank high must be one file wide (1-D boards run along a file)", w)
	}
	boardMu.Lock()
	defer boardMu.Unlock()
	if b := boardCache[[2]int{w, h}]; b != nil {
		return b, nil
	}
	b := &Board{W: w, H: h, N: w * h, OneD: w == 1}
	b.knight = make([][]Square, b.N)
	b.king = make([][]Square, b.N)
	b.pawnAttack[White] = make([][]Square, b.N)
	b.pawnAttack[Black] = make([][]Square, b.N)
	b.rays = make([][numDirs][]Square, b.N)
	b.names = make([]string, b.N)
	knightSteps := [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	if b.OneD {
		knightSteps = [][2]int{{0, 2}, {0, -2}}
	}
	for s := 0; s < b.N; s++ {
		f, r := s%w, s/w
		b.names[s] = string(rune('a'+f)) + strconv.Itoa(r+1)
		for _, d := range knightSteps {
			if t, ok := b.offset(f, r, d[0], d[1]); ok {
				b.knight[s] = append(b.knight[s], t)
			}
		}
		for d := 0; d < numDirs; d++ {
			if t, ok := b.offset(f, r, dirDelta[d][0], dirDelta[d][1]); ok {
				b.king[s] = append(b.king[s], t)
			}
			for k := 1; ; k++ {
				t, ok := b.offset(f, r, k*dirDelta[d][0], k*dirDelta[d][1])
				if !ok {
					break
				}
				b.rays[s][d] = append(b.rays[s][d], t)
			}
		}
		for _, df := range []int{-1, 1} {
			if t, ok := b.offset(f, r, df, 1); ok {
				b.pawnAttack[White][s] = append(b.pawnAttack[White][s], t)
			}
			if t, ok := b.offset(f, r, df, -1); ok {
				b.pawnAttack[Black][s] = append(b.pawnAttack[Black][s], t)
			}
		}
	}
	boardCache[[2]int{w, h}] = b
	return b, nil
}

// MustBoard is NewBoard for sizes known to be valid; it panics otherwise.
func MustBoard(w, h int) *Board {
	b, err := NewBoard(w, h)
	if err != nil {
		panic(err)
	}
	return b
}

func (b *Board) offset(f, r, df, dr int) (Square, bool) {
	f, r = f+df, r+dr
	if f < 0 || f >= b.W || r < 0 || r >= b.H {
		return NoSquare, false
	}
	return Square(r*b.W + f), true
}

// Sq returns the square on file f and rank r (both from 0).
func (b *Board) Sq(f, r int) Square { return Square(r*b.W + f) }

// File returns the file of s, from 0.
func (b *Board) File(s Square) int { return int(s) % b.W }

// Rank returns the rank of s, from 0 (rank 1 is 0).
func (b *Board) Rank(s Square) int { return int(s) / b.W }

// Name returns the algebraic name of s ("a1"), or "-" for NoSquare.
func (b *Board) Name(s Square) string {
	if s < 0 || int(s) >= b.N {
		return "-"
	}
	return b.names[s]
}

// KnightTargets returns the squares a knight on s attacks.
func (b *Board) KnightTargets(s Square) []Square { return b.knight[s] }

// KingTargets returns the squares a king on s attacks.
func (b *Board) KingTargets(s Square) []Square { return b.king[s] }

// ParseSquare reads an algebraic square name such as "a1" or "b10".
func (b *Board) ParseSquare(name string) (Square, error) {
	if len(name) < 2 || len(name) > 3 {
		return NoSquare, fmt.Errorf("bad square %q: want a file letter and a rank number, like a1", name)
	}
	f := int(name[0]) - 'a'
	r, err := strconv.Atoi(name[1:])
	if err != nil || name[1] == '0' || name[1] == '+' || name[1] == '-' {
		return NoSquare, fmt.Errorf("bad square %q: rank must be a number from 1", name)
	}
	if f < 0 || f >= b.W || r < 1 || r > b.H {
		return NoSquare, fmt.Errorf("square %q is off the %d×%d board", name, b.W, b.H)
	}
	return b.Sq(f, r-1), nil
}
