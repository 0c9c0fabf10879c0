package puzzles

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver/mate"
)

// ImportOptions tune ConvertLichess.
type ImportOptions struct {
	// MateNodes bounds each mate search; 0 means DefaultMateNodes.
	MateNodes int64
	// Category is the mode category written into each file; empty means
	// "lichess".
	Category string
}

// DefaultMateNodes is the node budget of each mate search while
// importing: the same as the site's build uses.
const DefaultMateNodes = 20_000_000

// ErrDisproved is wrapped by the error ConvertLichess returns when the
// mate search proves a row's claim or line wrong (as opposed to a row it
// could not read or decide).
var ErrDisproved = errors.New("disproved")

var mateInRE = regexp.MustCompile(`^mateIn([0-9]+)$`)

// MateIn returns the distance the row's themes claim: N from a mateInN
// theme, else, for a row with the theme "mate", the number of the
// solver's moves in Moves. It returns 0 when the row is not a mate
// puzzle, and an error when its themes disagree.
func (r *LichessRow) MateIn() (int, error) {
	n := 0
	for _, t := range r.Themes {
		if m := mateInRE.FindStringSubmatch(t); m != nil {
			k, err := strconv.Atoi(m[1])
			if err != nil || k < 1 || k > mate.MaxMoves {
				return 0, fmt.Errorf("theme %s: want mateIn1 to mateIn%d", t, mate.MaxMoves)
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
// goes on with the fastest mate from there, and a note says so; a line
// that stops before the mate is completed the same way. Errors wrap
// ErrDisproved when the search refutes the claim or the line.
func ConvertLichess(r *LichessRow, opt ImportOptions) (*Puzzle, []string, error) {
	fail := func(field string, err error) error {
		return &RowError{Row: r.Row, Line: r.Line, ID: r.ID, Field: field, Err: err}
	}
	n, err := r.MateIn()
	if err != nil {
		return nil, nil, fail("Themes", err)
	}
	if n == 0 {
		return nil, nil, fail("Themes", fmt.Errorf("%q has no mate or mateInN theme: only mate puzzles can be checked", strings.Join(r.Themes, " ")))
	}
	if opt.MateNodes == 0 {
		opt.MateNodes = DefaultMateNodes
	}
	if opt.Category == "" {
		opt.Category = "lichess"
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
		return nil, nil, fail("Themes", fmt.Errorf("mateIn%d not decided: %v", n, err))
	case !res.Found:
		return nil, nil, fail("Themes", fmt.Errorf("claim mateIn%d is false: %s has no mate in %d (%w by mate search)", n, attacker.Title(), n, ErrDisproved))
	case res.Moves < n:
		return nil, nil, fail("Themes", fmt.Errorf("claim mateIn%d is too long: %s mates in %d (%w by mate search)", n, attacker.Title(), res.Moves, ErrDisproved))
	}

	var notes []string
	var line []engine.Move
	p := start
	recorded := r.Played[1:]
	diverged := false
	for k := 0; p.Status() == engine.Active; k++ {
		// The recorded move is proven best on its own; the others are
		// searched only when it is not, or when the line goes on past it.
		var mv engine.Move
		kept := k < len(recorded) && o.IsBest(&p, recorded[k])
		if err := o.Err(); err != nil {
			return nil, nil, fail("Moves", err)
		}
		if kept {
			mv = recorded[k]
		} else {
			best := o.BestMoves(&p)
			if err := o.Err(); err != nil {
				return nil, nil, fail("Moves", err)
			}
			if len(best) == 0 {
				return nil, nil, fail("Moves", fmt.Errorf("no move keeps the mate after %s (%w by mate search)", start.FormatLine(line), ErrDisproved))
			}
			switch {
			case k < len(recorded) && p.Side == attacker:
				return nil, nil, fail("Moves", fmt.Errorf("move %d %s (%s%s) does not keep the mate in %d: optimal is %s (%w by mate search)",
					k+2, r.Moves[k+1], moveNumber(&p), p.SAN(recorded[k]), n, sanJoin(&p, best), ErrDisproved))
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
			return nil, nil, fail("Moves", fmt.Errorf("the line does not mate within %d moves (%w by mate search)", n, ErrDisproved))
		}
	}
	if p.Status() != engine.Checkmate {
		return nil, nil, fail("Moves", fmt.Errorf("the line ends in %s, not checkmate (%w)", p.Status(), ErrDisproved))
	}

	first := start.SAN(line[0])
	pz := &Puzzle{
		ID:         "lichess-" + modeID(r.ID),
		Title:      "Lichess puzzle " + r.ID,
		Category:   opt.Category,
		Summary:    fmt.Sprintf("%s to play and mate in %d. Rated %d on lichess.org; themes: %s.", attacker.Title(), n, r.Rating, strings.Join(r.Themes, ", ")),
		Variant:    "chess",
		Start:      &start,
		StartText:  start.FEN(),
		Difficulty: ratingDifficulty(r.Rating),
		Result:     engine.WinFor(attacker),
		MateIn:     n,
		Side:       attacker,
		Line:       line,
	}
	pz.Hints = []mode.Hint{
		{Text: fmt.Sprintf("The first move starts on %s.", start.B.Name(line[0].From())), Squares: []string{start.B.Name(line[0].From())}},
		{Text: fmt.Sprintf("Play %s.", first), Move: strings.TrimRight(first, "+#")},
	}
	moves := "moves"
	if n == 1 {
		moves = "move"
	}
	pz.Challenge = fmt.Sprintf("%s has just played %s%s. %s to play and mate in %d %s.", attacker.Other().Title(), setupLabel, setup, attacker.Title(), n, moves)
	var b strings.Builder
	fmt.Fprintf(&b, "Puzzle %s from the lichess.org puzzle database (CC0), rated %d (±%d), played %d times.", r.ID, r.Rating, r.RatingDeviation, r.NbPlays)
	if r.GameURL != "" {
		fmt.Fprintf(&b, " Source game: %s", r.GameURL)
	}
	b.WriteString("\n")
	if len(notes) > 0 {
		b.WriteString("\nChanged on import, after checking with the mate search:\n\n")
		for _, n := range notes {
			fmt.Fprintf(&b, "- %s\n", n)
		}
	}
	pz.Notes = b.String()
	return pz, notes, nil
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

// modeID turns a lichess puzzle id, whose letters are case-sensitive,
// into a mode id of lower-case letters, digits and dashes without
// merging two ids: each capital letter becomes a dash and its lower case.
func modeID(id string) string {
	var b strings.Builder
	for _, c := range id {
		if unicode.IsUpper(c) {
			b.WriteByte('-')
			c = unicode.ToLower(c)
		}
		b.WriteRune(c)
	}
	return b.String()
}

// ratingDifficulty grades a lichess rating: below 1000 is 1, then one
// more for each 400 points, 2200 and above is 5.
func ratingDifficulty(rating int) int {
	switch {
	case rating < 1000:
		return 1
	case rating < 1400:
		return 2
	case rating < 1800:
		return 3
	case rating < 2200:
		return 4
	}
	return 5
}
