package mode

import (
	"fmt"
	"sort"
	"strings"

	"github.com/thinchess/thinchess/internal/printable"
)

// Error is a problem in a source file, located by line and column (both
// from 1; zero when unknown).
type Error struct {
	Path      string
	Line, Col int
	Msg       string
	// Warning marks a problem that does not fail the build.
	Warning bool
}

// Error is "path:line:col: message", with "warning: " before the message
// of a warning, as compilers print them. What does not print is quoted:
// a path holding a control byte as %q quotes it, a message's control
// bytes escaped in place (see package printable), so that a file named
// to recolour the terminal or rewrite the line shows its name instead.
func (e *Error) Error() string {
	msg := printable.Escape(e.Msg)
	if e.Warning {
		msg = "warning: " + msg
	}
	path := printable.Quote(e.Path)
	switch {
	case e.Line > 0 && e.Col > 0:
		return fmt.Sprintf("%s:%d:%d: %s", path, e.Line, e.Col, msg)
	case e.Line > 0:
		return fmt.Sprintf("%s:%d: %s", path, e.Line, msg)
	case e.Path != "":
		return fmt.Sprintf("%s: %s", path, msg)
	}
	return msg
}

// ErrorList is every error of a run, sorted by file and position.
type ErrorList []*Error

// Add appends an error at a position.
func (l *ErrorList) Add(path string, line, col int, format string, args ...any) {
	*l = append(*l, &Error{Path: path, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)})
}

// Warn appends a warning at a position.
func (l *ErrorList) Warn(path string, line, col int, format string, args ...any) {
	*l = append(*l, &Error{Path: path, Line: line, Col: col, Msg: fmt.Sprintf(format, args...), Warning: true})
}

// ShownPerFile is how many problems of one file the commands print.
const ShownPerFile = 20

// Capped keeps the first perFile entries of each file (the list sorted)
// and one line for the rest of that file, so that a file with a
// thousand mistakes does not bury the others.
func (l ErrorList) Capped(perFile int) ErrorList {
	total := map[string]int{}
	for _, e := range l {
		total[e.Path]++
	}
	seen := map[string]int{}
	var out ErrorList
	for _, e := range l {
		seen[e.Path]++
		switch n := seen[e.Path]; {
		case n <= perFile:
			out = append(out, e)
		case n == perFile+1:
			out = append(out, &Error{Path: e.Path, Msg: fmt.Sprintf("and %d more problems in this file (fix these first)", total[e.Path]-perFile)})
		}
	}
	return out
}

// Sort orders the list by path, line and column.
func (l ErrorList) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if a.Path != b.Path {
			return a.Path < b.Path
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
}

// Errors returns the entries that are not warnings.
func (l ErrorList) Errors() ErrorList {
	var out ErrorList
	for _, e := range l {
		if !e.Warning {
			out = append(out, e)
		}
	}
	return out
}

// Warnings returns the entries that are warnings.
func (l ErrorList) Warnings() ErrorList {
	var out ErrorList
	for _, e := range l {
		if e.Warning {
			out = append(out, e)
		}
	}
	return out
}

// Err returns the list as an error if it holds any error (warnings aside).
func (l ErrorList) Err() error {
	if len(l.Errors()) == 0 {
		return nil
	}
	return l.Errors()
}

func (l ErrorList) Error() string {
	var sb strings.Builder
	for i, e := range l {
		if i > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(e.Error())
	}
	return sb.String()
}

// GitHub formats each entry as a GitHub Actions annotation:
//
//	::error file=modes/1d/gardner.md,line=14,col=9::claim mate_in 5 is false: …
//
// An entry without a path annotates the run, not a file. Paths and
// messages are quoted as Error quotes them.
func (l ErrorList) GitHub() string {
	var sb strings.Builder
	for _, e := range l {
		kind := "error"
		if e.Warning {
			kind = "warning"
		}
		if e.Path == "" {
			fmt.Fprintf(&sb, "::%s::%s\n", kind, escapeData(printable.Escape(e.Msg)))
			continue
		}
		fmt.Fprintf(&sb, "::%s file=%s,line=%d,col=%d::%s\n", kind, escapeProperty(printable.Quote(e.Path)), max(e.Line, 1), max(e.Col, 1), escapeData(printable.Escape(e.Msg)))
	}
	return sb.String()
}

// escapeData escapes an annotation's message as GitHub's workflow
// commands require: %, CR and LF.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a property's value (file=…): as a message, and
// also ':' and ',', which would otherwise end the property.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
