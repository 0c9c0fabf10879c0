package game

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/engine"
)

// banMovetext writes the actions played in PGN movetext: each move
// preceded by its ban as a comment, "1. {banning: e2e4} d4 {banning: d7d5}
// e6", and a ban with no move after it (the one that ended the game, or
// the last action so far) as a comment of its own.
func (g *Game) banMovetext() []string {
	var words []string
	q := g.start
	first := true
	for _, a := range g.line[:g.cursor] {
		switch {
		case first && q.Side == engine.Black:
			words = append(words, strconv.Itoa(q.Fullmove)+"...")
		case first || (a.IsBan() && q.Side == engine.White):
			words = append(words, strconv.Itoa(q.Fullmove)+".")
		}
		first = false
		if a.IsBan() {
			words = append(words, "{banning: "+q.B.Name(a.From())+q.B.Name(a.To())+"}")
		} else {
			words = append(words, q.SAN(a))
		}
		q.MakeAction(a)
	}
	return words
}

// playBanComment plays the ban a PGN {banning: e2e4} comment names.
func (g *Game) playBanComment(text string) error {
	if !g.pos.R.Bans {
		return fmt.Errorf("a ban in a game without bans (add the tag [Rules \"bans=true\"])")
	}
	if st := g.Status(); st.IsOver() {
		return fmt.Errorf("the game is over (%s)", st)
	}
	b, err := g.pos.ParseBan(strings.TrimSpace(text))
	if err != nil {
		return fmt.Errorf("%s", reason(err))
	}
	return g.Play(b)
}

// bannedError returns err, the reason move text s was refused, or a
// clearer one when s is a move of the banned pair.
func bannedError(p *engine.Position, s string, err error) error {
	if p.Ban == engine.NoMove {
		return err
	}
	q := *p
	q.Ban = engine.NoMove
	if m, err2 := q.ParseMove(s); err2 == nil && p.Ban.Bans(m) {
		b := p.B
		return &engine.MoveError{Kind: engine.ErrIllegal, Move: strings.TrimSpace(s), Msg: fmt.Sprintf("%s%s is banned for this move", b.Name(m.From()), b.Name(m.To()))}
	}
	return err
}

// reason returns a move error's message without the move itself.
func reason(err error) string {
	if me, ok := err.(*engine.MoveError); ok {
		return me.Msg
	}
	return err.Error()
}
