package puzzles

import (
	"fmt"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
)

// Variety: a player should meet each puzzle once in the whole site. The
// keys below say when two puzzles are one for a player, beyond mirror
// images and transpositions (CanonicalKey):
//
//   - on a single file, positions equal up to a shift along the file
//     (ShiftKey): the same pieces in the same order and spacing;
//   - near-twins that differ by a piece playing no part (TwinKey): the
//     same solution move for move, whatever else stands on the board;
//
// and the motif (Motif: the first move's piece, whether it captures or
// checks, and how the line ends) is capped in each pack so that no one
// idea fills a family.

// ShiftKey identifies a position on a one-file board up to a shift along
// the file and up to its mirror image: the pieces from the first occupied
// square to the last, with the side to move. It is "" on other boards.
func ShiftKey(p *engine.Position) string {
	if p.B.W != 1 && p.B.H != 1 {
		return ""
	}
	best := ""
	for _, s := range symmetries {
		if !s.allowed(p) {
			continue
		}
		k := s.key(p)
		board, rest, _ := strings.Cut(k, " ")
		board = strings.Trim(strings.ReplaceAll(board, "/", ""), ".")
		if k = board + " " + rest; best == "" || k < best {
			best = k
		}
	}
	return best
}

// TwinKey identifies a puzzle's solution whatever else stands on the
// board: the kind of puzzle, the side to act and, move by move, the
// piece that moves, whether it captures and its squares. Two puzzles
// with the same key differ only by pieces that play no part, and count
// once. (Shifted copies on a file are ShiftKey's.)
func TwinKey(p *engine.Position, line []engine.Move, kind Kind) string {
	var b strings.Builder
	b.WriteString(kind.String() + " " + p.Actor().String())
	q := *p
	for _, mv := range line {
		b.WriteByte(' ')
		if mv.IsBan() {
			b.WriteByte('!')
		} else if pc := q.At(mv.From()); pc != engine.NoPiece {
			b.WriteByte(pc.Type().Letter())
		}
		if isCapture(&q, mv) {
			b.WriteByte('x')
		}
		b.WriteString(mv.Coord(p.B))
		q.MakeAction(mv)
	}
	return b.String()
}

// Motif names a puzzle's idea for the cap on motifs: its kind, the
// piece of its first move (or a ban), whether that move captures and
// whether it checks, and for a win whether it is a win in one and the
// piece that ends it.
func Motif(p *engine.Position, line []engine.Move, kind Kind) string {
	if len(line) == 0 {
		return kind.String()
	}
	first := line[0]
	var b strings.Builder
	b.WriteString(kind.String() + " ")
	if first.IsBan() {
		b.WriteString("ban")
	} else {
		b.WriteByte(p.At(first.From()).Type().Letter())
		if isCapture(p, first) {
			b.WriteString(" capture")
		}
		if givesCheck(p, first) {
			b.WriteString(" check")
		}
	}
	if kind == KindWin {
		q := *p
		var last engine.Move
		var piece engine.Piece
		for i, mv := range line {
			if i%2 == 0 || !p.R.Bans {
				last, piece = mv, q.At(mv.From())
			}
			q.MakeAction(mv)
		}
		if len(line) == 1 {
			b.WriteString(" in one")
		} else if last.IsBan() {
			b.WriteString(", ends by a ban")
		} else if piece != engine.NoPiece {
			b.WriteString(", ends with " + string(piece.Type().Letter()))
		}
	}
	return b.String()
}

// KeySet is a set of puzzles already in the site, by the keys that make
// two puzzles one for a player: a miner given one skips the positions it
// holds (see PuzzleKeys).
type KeySet map[string]bool

// PuzzleKeys are the keys under which the puzzle of kind starting at p
// with line is recorded in a KeySet: its canonical key, its shift key
// on a one-file board and its twin key, each prefixed with the rules'
// kind (Ban Chess puzzles are other puzzles than those without bans).
func PuzzleKeys(p *engine.Position, line []engine.Move, kind Kind) []string {
	rules := "chess:"
	if p.R.Bans {
		rules = "bans:"
	}
	keys := []string{rules + "pos:" + CanonicalKey(p), rules + "twin:" + TwinKey(p, line, kind)}
	if s := ShiftKey(p); s != "" {
		keys = append(keys, rules+"shift:"+s)
	}
	return keys
}

// Has reports whether any of keys is taken.
func (t KeySet) Has(keys []string) bool {
	for _, k := range keys {
		if t[k] {
			return true
		}
	}
	return false
}

// Add records keys.
func (t KeySet) Add(keys []string) {
	for _, k := range keys {
		t[k] = true
	}
}

// PackKeys returns the keys (PuzzleKeys) of every puzzle of packs, each
// read with its pack's rules, for a miner to skip: the first error names
// the pack line that could not be read.
func PackKeys(packs []*mode.Pack) (KeySet, error) {
	keys := KeySet{}
	for _, pk := range packs {
		for _, m := range pk.Puzzles {
			if m.Start == nil || m.Puzzle == nil {
				continue
			}
			line, err := SolutionLine(m)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: solution %q: %v", pk.DataPath, m.Origin.Line, m.Puzzle.Solution, err)
			}
			kind := KindWin
			if m.Claim != nil && m.Claim.Result == engine.Drawn {
				kind = KindHold
			}
			at := *m.Start
			at.Halfmove, at.Fullmove = 0, 1
			keys.Add(PuzzleKeys(&at, line, kind))
		}
	}
	return keys, nil
}

// SolutionLine reads the solution of puzzle m from its start: moves, or
// under Ban Chess actions (moves and bans).
func SolutionLine(m *mode.Mode) ([]engine.Move, error) {
	if m.Start.R.Bans {
		return m.Start.ParseActions(m.Puzzle.Solution)
	}
	return m.Start.ParseLine(m.Puzzle.Solution)
}
