package picture

import (
	"strings"
	"testing"
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
		got := string(IconHTML(c.icon))
		if c.want == "" && got != "" || !strings.Contains(got, c.want) {
			t.Errorf("IconHTML(%q) = %s, want %s", c.icon, got, c.want)
		}
	}
	sprite := Sprite()
	for _, id := range []string{"i-ban", "i-pick", "i-star", "i-menu", "i-undo"} {
		if !strings.Contains(sprite, `<symbol id="`+id+`"`) {
			t.Errorf("the sprite has no %s", id)
		}
	}
}
