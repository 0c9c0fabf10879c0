package markdown

import (
	"strings"
	"testing"
)

func TestMarkdownLexers(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"line", "```line\n1. Na4 Na5 2. Nxa6+ 1-0\n```\n", `<span class="m">1.</span>`},
		{"line castling", "```line\n1. O-O e8=Q#\n```\n", `<span class="k">O-O</span>`},
		{"code", "```position\nbk,x,wk:w\n```\n", `<span class="nc">wk</span>`},
		{"fen", "```position\nk/1/K w - - 0 1\n```\n", `<span class="nc">K</span>`},
		{"raw html off", "<b>x</b>\n", `<!-- raw HTML omitted -->`},
		{"heading id", "## The Challenge\n", `<h2 id="the-challenge">`},
	}
	for _, tt := range tests {
		got, err := Render([]byte(tt.src))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(got), tt.want) {
			t.Errorf("%s: got %s, want it to contain %s", tt.name, got, tt.want)
		}
	}
}
