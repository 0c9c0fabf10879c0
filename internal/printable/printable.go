// Package printable makes text that came from files or the command line
// safe to print on a terminal or in a CI log: a file named
// "evil\x1b[31m\r.md" must not recolour or rewrite the line that names
// it. Quote is for a value printed on its own (a path): unchanged when
// every character prints, else quoted as Go's %q quotes it. Escape is for
// a whole message: its non-printing characters escaped in place.
//
//	fmt.Fprintf(w, "%s:%d: %s\n", printable.Quote(path), line, printable.Escape(msg))
//
// The package imports nothing of the module, so every layer may use it.
package printable

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Quote returns s unchanged when it is valid UTF-8 and every character
// of it prints (a space prints; a tab, a newline or an escape does not),
// else s quoted as Go's %q quotes it: "evil\x1b[31m\r.md". The empty
// string is quoted too, so that it shows: "".
func Quote(s string) string {
	if s != "" && prints(s) {
		return s
	}
	return strconv.Quote(s)
}

// Escape returns s with each character that does not print escaped as
// Go's %q escapes it (\x1b, \r, \n, \u200b), and each byte that is not
// UTF-8 as \xNN; the rest, quotes and backslashes included, is left as
// it is.
func Escape(s string) string {
	if prints(s) {
		return s
	}
	var sb strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			sb.WriteString(`\x`)
			sb.WriteString(strconv.FormatUint(uint64(s[i])>>4, 16))
			sb.WriteString(strconv.FormatUint(uint64(s[i])&15, 16))
		case unicode.IsPrint(r):
			sb.WriteString(s[i : i+n])
		default:
			q := strconv.QuoteRune(r) // '\x1b'
			sb.WriteString(q[1 : len(q)-1])
		}
		i += n
	}
	return sb.String()
}

// prints reports whether s is valid UTF-8 whose every character prints.
func prints(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || !unicode.IsPrint(r) {
			return false
		}
		i += n
	}
	return true
}
