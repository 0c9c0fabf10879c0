package printable

import "testing"

func TestQuoteAndEscape(t *testing.T) {
	tests := []struct{ in, quote, escape string }{
		{"modes/1d/gardner.md", "modes/1d/gardner.md", "modes/1d/gardner.md"},
		{"a b/é ü.md", "a b/é ü.md", "a b/é ü.md"},
		{"modes/one-file/evil\x1b[31m\r.md", `"modes/one-file/evil\x1b[31m\r.md"`, `modes/one-file/evil\x1b[31m\r.md`},
		{"two\nlines", `"two\nlines"`, `two\nlines`},
		{"tab\there", `"tab\there"`, `tab\there`},
		{"bad \xff byte", `"bad \xff byte"`, `bad \xff byte`},
		{"zero\u200bwidth", `"zero\u200bwidth"`, `zero\u200bwidth`},
		{`say "x\y" and` + "\a", `"say \"x\\y\" and\a"`, `say "x\y" and\a`},
		{"", `""`, ""},
	}
	for _, tt := range tests {
		if got := Quote(tt.in); got != tt.quote {
			t.Errorf("Quote(%q) = %s, want %s", tt.in, got, tt.quote)
		}
		if got := Escape(tt.in); got != tt.escape {
			t.Errorf("Escape(%q) = %s, want %s", tt.in, got, tt.escape)
		}
	}
}
