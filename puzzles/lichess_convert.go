package puzzles

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver/mate"
	"github.com/thinchess/thinchess/solver/terms"
)

// ConvertOptions tune ConvertLichess.
type ConvertOptions struct {
	// MateNodes bounds each mate search; 0 means DefaultMateNodes.
	MateNodes int64
}

// DefaultMateNodes is the node budget of each mate search while
// importing: the same as the site's build uses.
const DefaultMateNodes = 20_000_000

// ErrDisproved is wrapped by the error ConvertLichess returns when the
// mate search proves a row's claim or line wrong (as opposed to a row it
// could not read or decide).
var ErrDisproved = errors.New("disproved")

// ErrUndecided is wrapped by the error ConvertLichess returns when the
// mate search runs out of nodes before it can prove or refute a row.
var ErrUndecided = errors.New("undecided")

// mateInTheme returns N of a theme "mateInN", or ok false for another
// theme.
func mateInTheme(t string) (n string, ok bool) {
	n, ok = strings.CutPrefix(t, "mateIn")
	if !ok || n == "" || strings.Trim(n, "0123456789") != "" {
		return "", false
	}
	return n, true
}

// MateIn returns the distance the row's themes claim: N from a mateInN
// theme, else, for a row with the theme "mate", the number of the
// solver's moves in Moves. It returns 0 when the row is not a mate
// puzzle, and an error when its themes disagree.
func (r *LichessRow) MateIn() (int, error) {
	n := 0
	for _, t := range r.Themes {
		if m, ok := mateInTheme(t); ok {
			k, err := strconv.Atoi(m)
			if err != nil || k < 1 || k > terms.MaxMateMoves {
				return 0, fmt.Errorf("theme %s: want mateIn1 to mateIn%d", t, terms.MaxMateMoves)
			}
			if n != 0 && n != k {
				return 0, fmt.Errorf("themes claim both mateIn%d and mateIn%d", n, k)
			}
			n = k
		}
	}
	if n == 0 && r.HasTheme("mate") {
		n = len(r.Moves) / 2
	}
	return n, nil
}

// ConvertLichess turns a parsed row into a standard-chess puzzle: the
// start is the position after the opponent's move Moves[0], the claim is
// a win for the side then to move with the distance from the themes, and
// the solution is the rest of Moves in SAN. It checks the row the way the
// site's build does, with a bounded mate search: the claimed distance
// must be the shortest mate, each of the solver's moves must keep it, and
// each recorded defence must be a longest one. A defence that is not is
// replaced by the first longest defence in canonical order, the line
// goes on with the fastest mate from there, and the puzzle's notes say
// so; a line that stops before the mate is completed the same way. The
// row is replayed first when Replay has not been called. Errors are
// *RowError values; they wrap ErrDisproved when the search refutes the
// claim or the line, and ErrUndecided when it runs out of nodes first.
func ConvertLichess(r *LichessRow, opt ConvertOptions) (*Puzzle, error) {
	fail := func(field string, err error) error {
		return &RowError{File: r.File, Line: r.Line, Row: r.Row, ID: r.ID, Field: field, Err: err}
	}
	n, err := r.MateIn()
	if err != nil {
		return nil, fail("Themes", err)
	}
	if n == 0 {
		return nil, fail("Themes", fmt.Errorf("%q has no mate or mateInN theme: only mate puzzles can be checked", strings.Join(r.Themes, " ")))
	}
	if r.Before == nil {
		if err := r.Replay(); err != nil {
			return nil, err
		}
	}
	if opt.MateNodes == 0 {
		opt.MateNodes = DefaultMateNodes
	}
	start := *r.Before
	setup := start.SAN(r.Played[0])
	setupLabel := moveNumber(&start)
	start.Make(r.Played[0])
	attacker := start.Side
	o := mate.NewOracle(attacker, n, mate.Options{MaxNodes: opt.MateNodes})

	res, err := o.Distance(&start)
	switch {
	case err != nil:
		return nil, fail("Themes", fmt.Errorf("mateIn%d not decided (%w): %v", n, ErrUndecided, err))
	case !res.Found:
		return nil, fail("Themes", fmt.Errorf("claim mateIn%d is false: %s has no mate in %d (%w by mate search)", n, attacker.Title(), n, ErrDisproved))
	case res.Moves < n:
		return nil, fail("Themes", fmt.Errorf("claim mateIn%d is too long: %s mates in %d (%w by mate search)", n, attacker.Title(), res.Moves, ErrDisproved))
	}

	line, notes, err := followLine(o, &start, r, n)
	if err != nil {
		return nil, fail("Moves", err)
	}

	first := start.SAN(line[0])
	moves := "moves"
	if n == 1 {
		moves = "move"
	}
	pz := &Puzzle{
		ID:         "lichess-" + r.ID,
		Start:      &start,
		StartText:  start.FEN(),
		Result:     engine.WinFor(attacker),
		MateIn:     n,
		Side:       attacker,
		Line:       line,
		Task:       fmt.Sprintf("%s has just played %s%s. %s to play and mate in %d %s.", attacker.Other().Title(), setupLabel, setup, attacker.Title(), n, moves),
		PuzzleMeta: r.PuzzleMeta,
	}
	pz.Last = r.Played[0].Coord(r.Before.B)
	pz.Hints = []mode.Hint{
		{Text: fmt.Sprintf("The first move starts on %s.", start.B.Name(line[0].From())), Squares: []string{start.B.Name(line[0].From())}},
		{Text: fmt.Sprintf("Play %s.", first), Move: strings.TrimRight(first, "+#")},
	}
	pz.Notes = importNotes(notes)
	return pz, nil
}

// followLine follows the recorded line of r from start, where the
// attacker mates in n, with o: every recorded move the mate search
// proves best is kept; a recorded attacker's move that is not refutes
// the row; a recorded defence that is not a longest one is replaced,
// and the line goes on with the fastest mate; a line that stops before
// the mate is completed. It returns the line and notes saying what was
// changed.
func followLine(o *mate.Oracle, start *engine.Position, r *LichessRow, n int) ([]engine.Move, []string, error) {
	var notes []string
	var line []engine.Move
	p := *start
	attacker := start.Side
	recorded := r.Played[1:]
	diverged := false
	for k := 0; p.Status() == engine.Active; k++ {
		// The recorded move is proven best on its own; the others are
		// searched only when it is not, or when the line goes on past it.
		var mv engine.Move
		kept := k < len(recorded) && o.IsBest(&p, recorded[k])
		if err := o.Err(); err != nil {
			return nil, nil, fmt.Errorf("not decided (%w): %v", ErrUndecided, err)
		}
		if kept {
			mv = recorded[k]
		} else {
			best := o.BestMoves(&p)
			if err := o.Err(); err != nil {
				return nil, nil, fmt.Errorf("not decided (%w): %v", ErrUndecided, err)
			}
			if len(best) == 0 {
				return nil, nil, fmt.Errorf("no move keeps the mate after %s (%w by mate search)", start.FormatLine(line), ErrDisproved)
			}
			switch {
			case k < len(recorded) && p.Side == attacker:
				return nil, nil, fmt.Errorf("move %d %s (%s%s) does not keep the mate in %d: optimal is %s (%w by mate search)",
					k+2, r.Moves[k+1], moveNumber(&p), p.SAN(recorded[k]), n, sanJoin(&p, best), ErrDisproved)
			case k < len(recorded):
				mv = best[0]
				notes = append(notes, fmt.Sprintf("the recorded defence %s%s is not a longest one; replaced by %s, and the line goes on with the fastest mate", moveNumber(&p), p.SAN(recorded[k]), p.SAN(mv)))
				recorded, diverged = recorded[:k], true // the rest answers another defence
			default:
				mv = best[0]
				if k == len(recorded) && !diverged {
					notes = append(notes, fmt.Sprintf("the recorded line stops before the mate; completed from %s%s", moveNumber(&p), p.SAN(mv)))
				}
			}
		}
		line = append(line, mv)
		p.Make(mv)
		if len(line) > 2*n {
			return nil, nil, fmt.Errorf("the line does not mate within %d moves (%w by mate search)", n, ErrDisproved)
		}
	}
	if p.Status() != engine.Checkmate {
		return nil, nil, fmt.Errorf("the line ends in %s, not checkmate (%w)", p.Status(), ErrDisproved)
	}
	return line, notes, nil
}

// importNotes is the puzzle's notes for what followLine changed, as
// plain text (the trainer shows notes as they are); empty when nothing.
func importNotes(notes []string) string {
	if len(notes) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("Changed on import, after checking with the mate search.")
	for _, n := range notes {
		b.WriteString(" " + strings.ToUpper(n[:1]) + n[1:] + ".")
	}
	return b.String()
}

func sanJoin(p *engine.Position, moves []engine.Move) string {
	var s []string
	for _, mv := range moves {
		s = append(s, p.SAN(mv))
	}
	return strings.Join(s, ", ")
}

// moveNumber labels the next move of p: "24." or "24...".
func moveNumber(p *engine.Position) string {
	if p.Side == engine.White {
		return fmt.Sprintf("%d. ", p.Fullmove)
	}
	return fmt.Sprintf("%d... ", p.Fullmove)
}
