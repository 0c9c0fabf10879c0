// JavaScript twin: templates/static/js/rules-outcome.js.

package engine

import "fmt"

// Outcome is the result of a game or the value of a position with best
// play, whoever is to move: a win for one side, a draw, or unknown.
type Outcome uint8

// Outcomes.
const (
	Unknown Outcome = iota
	Drawn
	WhiteWins
	BlackWins
)

var outcomeNames = [...]string{"unknown", "draw", "white-wins", "black-wins"}

// WinFor returns the outcome in which c wins.
func WinFor(c Color) Outcome {
	if c == White {
		return WhiteWins
	}
	return BlackWins
}

// Winner returns the winning side, and false for a draw or unknown.
func (o Outcome) Winner() (Color, bool) {
	switch o {
	case WhiteWins:
		return White, true
	case BlackWins:
		return Black, true
	}
	return White, false
}

// String returns "white-wins", "black-wins", "draw" or "unknown", the
// words of mode files and JSON output.
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// Title says the outcome for people: "White wins", "Draw", "Unknown".
func (o Outcome) Title() string {
	switch o {
	case WhiteWins, BlackWins:
		c, _ := o.Winner()
		return c.Title() + " wins"
	case Drawn:
		return "Draw"
	}
	return "Unknown"
}

// ParseOutcome reads an outcome's name.
func ParseOutcome(s string) (Outcome, error) {
	for i, n := range outcomeNames {
		if n == s {
			return Outcome(i), nil
		}
	}
	return Unknown, fmt.Errorf("unknown result %q (want white-wins, black-wins or draw)", s)
}

// MarshalText writes the outcome's name.
func (o Outcome) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText reads an outcome's name.
func (o *Outcome) UnmarshalText(b []byte) error {
	v, err := ParseOutcome(string(b))
	if err == nil {
		*o = v
	}
	return err
}

// Describe says the outcome for people with its distance under goal g:
// "White wins: mate in 6 (11 plies)", under the race goal (won on the
// last rank, or by leaving the opponent no move) "White wins the race in
// 6 (11 plies)", "White has won" once the game is over (plies 0), "Draw
// with best play", "Value unknown". A negative plies leaves the distance
// out.
func (o Outcome) Describe(g Goal, mateIn, plies int) string {
	switch o {
	case WhiteWins, BlackWins:
		c, _ := o.Winner()
		switch {
		case plies == 0:
			return c.Title() + " has won"
		case plies > 0:
			unit := "plies"
			if plies == 1 {
				unit = "ply"
			}
			if g == GoalRace {
				return fmt.Sprintf("%s the race in %d (%d %s)", o.Title(), mateIn, plies, unit)
			}
			return fmt.Sprintf("%s: mate in %d (%d %s)", o.Title(), mateIn, plies, unit)
		}
		return o.Title()
	case Drawn:
		return "Draw with best play"
	}
	return "Value unknown"
}

// MateIn converts a distance to mate in plies, for the side to move whose
// value it is (won or lost), into the winner's moves.
func MateIn(won bool, plies int) int {
	if won {
		return (plies + 1) / 2
	}
	return plies / 2
}
