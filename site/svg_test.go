package site

import (
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
)

// A mode's icon is drawn with the site's pictures when it names one, so
// it shows without an emoji font; other text is shown as it is.
func TestIconHTML(t *testing.T) {
	for _, c := range []struct{ icon, want string }{
		{"", ""},
		{"rook", `<svg class="icon icon-piece" aria-hidden="true" focusable="false"><use href="#p-r"/></svg>`},
		{" Knight ", `<use href="#p-n"/>`},
		{"♞", `<use href="#p-n"/>`},
		{"♟\uFE0F", `<use href="#p-p"/>`},
		{"ban", `<use href="#i-ban"/>`},
		{"🚫", `<use href="#i-ban"/>`},
		{"⛏️", `<use href="#i-pick"/>`},
		{"🧘", `<span class="icon" aria-hidden="true">🧘</span>`},
		{"<b>", `<span class="icon" aria-hidden="true">&lt;b&gt;</span>`},
	} {
		got := string(iconHTML(c.icon))
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("iconHTML(%q) = %s, want %s", c.icon, got, c.want)
		}
	}
	sprite := pieceSprite()
	for _, id := range []string{"i-ban", "i-pick", "i-star", "i-menu", "i-undo"} {
		if !strings.Contains(sprite, `<symbol id="`+id+`"`) {
			t.Errorf("the sprite has no %s", id)
		}
	}
}

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
