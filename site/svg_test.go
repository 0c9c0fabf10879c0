package site

import (
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
)

// The home page's sections: Ban Chess and races by their rules, the
// rest by the board's family.
func TestHomeGroupOf(t *testing.T) {
	for _, c := range []struct {
		start, variant string
		bans           bool
		want           string
	}{
		{"bk,bn,br,x,x,wr,wn,wk:w", "1d", false, "1-D chess"},
		{"bk,bn,br,x,x,wr,wn,wk:w", "1d", true, "Ban Chess"},
		{"k1/2/K1/R1 w - - 0 1", "chess", false, "Thin chess"},
		{"rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", "gardner", false, "Minichess"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "chess", false, "Standard chess"},
		{"ppp/3/PPP w - - 0 1", "race", false, "Pawn races"},
	} {
		r, err := engine.Preset(c.variant)
		if err != nil {
			t.Fatal(err)
		}
		r.Bans = c.bans
		p, err := engine.Parse(c.start, r)
		if err != nil {
			t.Fatalf("%s: %v", c.start, err)
		}
		if got := homeGroupOf(&mode.Mode{Start: p, Rules: r}).Title; got != c.want {
			t.Errorf("homeGroupOf(%s, %s, bans %v) = %s, want %s", c.start, c.variant, c.bans, got, c.want)
		}
	}
}
