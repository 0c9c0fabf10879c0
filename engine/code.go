// JavaScript twin: templates/static/js/rules-code.js.

package engine

import (
	"fmt"
	"strings"
)

// ParseCode reads a position code: cells top rank first, each "x" or a
// side letter and a piece letter ("wk", "br"); cells of a rank separated
// by ",", ranks by "/"; then ":w" or ":b". Without any "/", the cells are
// the ranks of a one-file board, top first. With r nil the default preset
// for the board's width applies.
func ParseCode(s string, r *Rules) (*Position, error) {
	s = strings.TrimSpace(s)
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return nil, fmt.Errorf("bad position code %q: missing side to move (\":w\" or \":b\" at the end)", s)
	}
	cellsPart, side := s[:i], s[i+1:]
	if side != "w" && side != "b" {
		return nil, fmt.Errorf("bad position code: side to move %q: want w or b", side)
	}
	var rows [][]string
	if strings.Contains(cellsPart, "/") {
		for _, row := range strings.Split(cellsPart, "/") {
			rows = append(rows, strings.Split(row, ","))
		}
	} else {
		for _, c := range strings.Split(cellsPart, ",") {
			rows = append(rows, []string{c})
		}
	}
	if len(rows) > MaxSide {
		return nil, fmt.Errorf("bad position code: %d ranks, at most %d allowed", len(rows), MaxSide)
	}
	grid := make([][]Piece, len(rows))
	cell := 0
	for i, row := range rows {
		rank := len(rows) - i
		if len(row) > MaxSide {
			return nil, fmt.Errorf("bad position code: rank %d has %d cells, at most %d allowed", rank, len(row), MaxSide)
		}
		if i > 0 && len(row) != len(rows[0]) {
			return nil, fmt.Errorf("bad position code: rank %d has %d cells but rank %d has %d", rank, len(row), len(rows), len(rows[0]))
		}
		for _, c := range row {
			cell++
			pc, err := parseCell(strings.TrimSpace(c))
			if err != nil {
				return nil, fmt.Errorf("bad position code: cell %d (rank %d): %v", cell, rank, err)
			}
			grid[i] = append(grid[i], pc)
		}
	}
	p, err := fromGrid(grid, r)
	if err != nil {
		return nil, fmt.Errorf("bad position code: %v", err)
	}
	if side == "b" {
		p.Side = Black
	}
	if err := p.finish(); err != nil {
		return nil, fmt.Errorf("bad position code: %v", err)
	}
	return p, nil
}

func parseCell(c string) (Piece, error) {
	if c == "x" {
		return NoPiece, nil
	}
	if len(c) != 2 || (c[0] != 'w' && c[0] != 'b') {
		return NoPiece, fmt.Errorf("%q is not a cell: want x or w/b followed by k, q, r, b, n or p", c)
	}
	t, ok := PieceTypeFromLetter(c[1])
	if !ok || c[1] < 'a' {
		return NoPiece, fmt.Errorf("%q is not a cell: %q is not a piece letter (want k, q, r, b, n or p)", c, c[1])
	}
	col := White
	if c[0] == 'b' {
		col = Black
	}
	return MakePiece(col, t), nil
}

// Code returns the position code of p.
func (p *Position) Code() string {
	b := p.B
	var sb strings.Builder
	for r := b.H - 1; r >= 0; r-- {
		for f := 0; f < b.W; f++ {
			if f > 0 {
				sb.WriteByte(',')
			}
			pc := p.sq[b.Sq(f, r)]
			if pc == NoPiece {
				sb.WriteByte('x')
			} else {
				sb.WriteByte("wb"[pc.Color()])
				sb.WriteByte(pc.Type().Letter())
			}
		}
		if r > 0 {
			if b.W == 1 {
				sb.WriteByte(',')
			} else {
				sb.WriteByte('/')
			}
		}
	}
	sb.WriteString(":" + p.sideLetter())
	return sb.String()
}
