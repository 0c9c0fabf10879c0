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
	// More, when not zero, makes the entry stand for that many further
	// problems of its file (errors, or warnings when Warning is set)
	// that were counted but not kept (see Bounded).
	More int
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

// KeptPerFile is how many errors, and how many warnings, of one pack's
// puzzles a streaming read keeps (see Bounded): a pack of a million
// bad lines then costs a hundred errors, not a million.
const KeptPerFile = 100

// Bounded gathers problems keeping, of each file, the first KeptPerFile
// errors and the first KeptPerFile warnings in the order they are added,
// and counting the rest in one entry of each kind per file, whose More
// says how many (and its message too). Its memory does not grow with
// the problems.
type Bounded struct {
	kept  ErrorList
	count map[boundKey]int
	more  map[boundKey]*Error
}

type boundKey struct {
	path    string
	warning bool
}

// Add keeps or counts the entries of l.
func (b *Bounded) Add(l ErrorList) {
	if b.count == nil {
		b.count, b.more = map[boundKey]int{}, map[boundKey]*Error{}
	}
	for _, e := range l {
		k := boundKey{e.Path, e.Warning}
		n := e.weight()
		b.count[k] += n
		if b.count[k] <= KeptPerFile && e.More == 0 {
			b.kept = append(b.kept, e)
			continue
		}
		m := b.more[k]
		if m == nil {
			m = &Error{Path: e.Path, Warning: e.Warning}
			b.more[k] = m
			b.kept = append(b.kept, m)
		}
		m.More += n
		kind := "errors"
		if e.Warning {
			kind = "warnings"
		}
		m.Msg = fmt.Sprintf("and %d more %s in this file, counted but not kept", m.More, kind)
	}
}

// List returns what was kept, with the entries that count the rest.
func (b *Bounded) List() ErrorList { return b.kept }

// Count is how many problems the list stands for: its entries, and the
// problems the entries with More count without keeping them.
func (l ErrorList) Count() int {
	n := 0
	for _, e := range l {
		n += e.weight()
	}
	return n
}

// weight is how many problems e stands for: More, or itself.
func (e *Error) weight() int { return max(1, e.More) }

// Capped keeps the first perFile entries of each file (the list sorted)
// and one line for the rest of that file, so that a file with a
// thousand mistakes does not bury the others.
func (l ErrorList) Capped(perFile int) ErrorList {
	total := map[string]int{}
	for _, e := range l {
		total[e.Path] += e.weight()
	}
	seen := map[string]int{}
	var out ErrorList
	for _, e := range l {
		if e.More > 0 {
			if total[e.Path] <= perFile {
				out = append(out, e) // nothing else of the file is cut
			}
			continue
		}
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
		if (a.More > 0) != (b.More > 0) {
			return b.More > 0 // what was counted comes after what was kept
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
