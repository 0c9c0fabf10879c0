package mode

import (
	"bytes"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"
)

// splitFrontMatter separates "---"-fenced YAML at the top of a file from
// the Markdown body. It returns the YAML, the body and the line the body
// starts on.
func splitFrontMatter(data []byte) (front, body []byte, bodyLine int, err error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !bytes.HasPrefix(data, []byte("---\n")) && !bytes.HasPrefix(data, []byte("---\r\n")) {
		return nil, nil, 0, fmt.Errorf("missing front matter: the file must start with a line \"---\"")
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	for i := 1; i < len(lines); i++ {
		if strings.TrimRight(string(lines[i]), "\r\n") == "---" {
			front = bytes.Join(lines[1:i], nil)
			body = bytes.Join(lines[i+1:], nil)
			return front, body, i + 2, nil
		}
	}
	return nil, nil, 0, fmt.Errorf("front matter is not closed: no line \"---\" after the first")
}

// decoder walks YAML nodes and records errors with file positions.
type decoder struct {
	path string
	// lineOff is added to node lines: the line of the first YAML line, less one.
	lineOff int
	errs    *ErrorList
}

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	line, col := 0, 0
	if n != nil {
		line, col = n.Line+d.lineOff, n.Column
	}
	d.errs.Add(d.path, line, col, format, args...)
}

var yamlLineRE = regexp.MustCompile(`line (\d+)(?:, column (\d+))?: `)

// parseYAML decodes text into a node tree, turning YAML syntax errors into
// positioned errors.
func (d *decoder) parseYAML(text []byte) *yaml.Node {
	if !d.checkYAMLText(text) {
		return nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(text, &doc); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		line, col := 0, 0
		if m := yamlLineRE.FindStringSubmatch(msg); m != nil {
			line, _ = strconv.Atoi(m[1])
			line += d.lineOff
			col = 1 // the parser names the line only
			if m[2] != "" {
				col, _ = strconv.Atoi(m[2])
			}
			msg = strings.Replace(msg, m[0], "", 1)
		}
		if q, ok := unclosedQuote(text); ok {
			// The parser names where the runaway value ended, not where
			// it began: point at the opening quote.
			d.errs.Add(d.path, q.Line+d.lineOff, q.Col, "bad YAML: the value starting with %s is not closed on its line: end it with %s", quoteName(text, q), quoteName(text, q))
			return nil
		}
		if at, ok := misindented(text, line-d.lineOff); ok && strings.Contains(msg, "did not find expected key") {
			// The parser names the line before the one out of line.
			line, col = at.Line+d.lineOff, at.Col
		}
		if strings.Contains(msg, "mapping values are not allowed") || strings.Contains(msg, "did not find expected key") {
			msg += " (check the indentation: keys of one mapping line up, and a value indented under its key needs the key to end with a colon)"
		}
		d.errs.Add(d.path, line, col, "bad YAML: %s", msg)
		return nil
	}
	if len(doc.Content) == 0 {
		return &yaml.Node{Kind: yaml.MappingNode, Line: 1, Column: 1}
	}
	return doc.Content[0]
}

// unclosedQuote finds the first value of text that opens a quote (after
// "key: " or "- ") and does not close it on its line. YAML allows a
// quoted value to run over lines, so it is asked only once the parser
// has failed: a quote left open is then the likely cause, and the parser
// reports it lines later. The position is of the opening quote (line
// from 1 in text, column from 1, in bytes).
func unclosedQuote(text []byte) (Pos, bool) {
	for n, l := range strings.Split(string(text), "\n") {
		l = strings.TrimRight(l, "\r")
		i := valueStart(l)
		if i < 0 || i >= len(l) || l[i] != '"' && l[i] != '\'' {
			continue
		}
		if !quoteCloses(l[i+1:], l[i]) {
			return Pos{n + 1, i + 1}, true
		}
	}
	return Pos{}, false
}

// misindented finds the first line after line (from 1 in text) whose
// indentation lines up with no line up to line: a key indented by one
// space too many or too few, which the parser reports on the line before
// it. The position is of the line's first character.
func misindented(text []byte, line int) (Pos, bool) {
	lines := strings.Split(string(text), "\n")
	if line < 1 || line > len(lines) {
		return Pos{}, false
	}
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }
	used := map[int]bool{}
	for _, l := range lines[:line] {
		if t := strings.TrimSpace(l); t != "" && t[0] != '#' {
			used[indent(l)] = true
		}
	}
	for n := line; n < len(lines); n++ {
		l := strings.TrimRight(lines[n], "\r")
		if t := strings.TrimSpace(l); t == "" || t[0] == '#' {
			continue
		}
		if !used[indent(l)] {
			return Pos{n + 1, indent(l) + 1}, true
		}
		return Pos{}, false
	}
	return Pos{}, false
}

// valueStart returns where the value of a "key: value" or "- value" line
// starts, or -1.
func valueStart(l string) int {
	t := strings.TrimLeft(l, " ")
	at := len(l) - len(t)
	for strings.HasPrefix(t, "- ") {
		rest := strings.TrimLeft(t[2:], " ")
		at += len(t) - len(rest)
		t = rest
	}
	if t != "" && (t[0] == '"' || t[0] == '\'') {
		return at
	}
	if t == "" || t[0] == '#' {
		return -1
	}
	k := strings.Index(t, ": ")
	if k < 0 {
		return -1
	}
	rest := t[k+2:]
	v := strings.TrimLeft(rest, " ")
	return at + k + 2 + len(rest) - len(v)
}

// quoteCloses reports whether s, the text after an opening quote q,
// holds its closing quote: in single quotes a doubled quote stands for
// one, in double quotes a backslash escapes the next character.
func quoteCloses(s string, q byte) bool {
	for i := 0; i < len(s); i++ {
		switch {
		case q == '"' && s[i] == '\\':
			i++
		case s[i] == q && q == '\'' && i+1 < len(s) && s[i+1] == '\'':
			i++
		case s[i] == q:
			return true
		}
	}
	return false
}

// quoteName names the quote character at p in text, as the author typed it.
func quoteName(text []byte, p Pos) string {
	l := strings.Split(string(text), "\n")[p.Line-1]
	return "`" + l[p.Col-1:p.Col] + "`"
}

// checkYAMLText reports, with a line and column, what the YAML parser
// reports without one — invalid UTF-8 and control characters — and tabs
// in the indentation, which it reports obscurely. It returns false after
// the first problem.
func (d *decoder) checkYAMLText(text []byte) bool {
	line, col := 1, 1
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRune(text[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			d.errs.Add(d.path, line+d.lineOff, col, "bad YAML: invalid UTF-8 (byte 0x%02X): save the file as UTF-8", text[i])
			return false
		case r == '\n':
			line, col = line+1, 0
		case r != '\t' && r != '\r' && (r < 0x20 || r == 0x7F || r >= 0x80 && r < 0xA0):
			name := fmt.Sprintf("U+%04X", r)
			if r == 0 {
				name += " (NUL)"
			}
			d.errs.Add(d.path, line+d.lineOff, col, "bad YAML: control character %s is not allowed: remove it", name)
			return false
		}
		i += size
		col++
	}
	for n, l := range bytes.Split(text, []byte("\n")) {
		indent := l[:len(l)-len(bytes.TrimLeft(l, " \t"))]
		if t := bytes.IndexByte(indent, '\t'); t >= 0 && len(bytes.TrimSpace(l)) > 0 {
			d.errs.Add(d.path, n+1+d.lineOff, t+1, "bad YAML: a tab in the indentation: YAML indents with spaces only")
			return false
		}
	}
	return true
}

// fields walks a mapping, calling the handler of each key; unknown and
// repeated keys are errors. It returns false if n is not a mapping.
func (d *decoder) fields(n *yaml.Node, what string, handlers map[string]func(v *yaml.Node)) bool {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "%s must be a mapping of keys to values, not %s", what, kindName(n))
		return false
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		h, ok := handlers[k.Value]
		if !ok {
			d.errorf(k, "unknown key %q in %s (want one of %s)", k.Value, what, keyList(handlers))
			continue
		}
		if seen[k.Value] {
			d.errorf(k, "key %q appears twice in %s", k.Value, what)
			continue
		}
		seen[k.Value] = true
		h(v)
	}
	return true
}

func keyList(handlers map[string]func(v *yaml.Node)) string {
	keys := make([]string, 0, len(handlers))
	for k := range handlers {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ", ")
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	}
	if n.Tag == "!!null" {
		return "empty"
	}
	return fmt.Sprintf("%q", n.Value)
}

// str decodes a scalar string.
func (d *decoder) str(n *yaml.Node, name string, dst *string) bool {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		d.errorf(n, "%s must be a string, not %s", name, kindName(n))
		return false
	}
	*dst = n.Value // even when too long: the key is there
	if len(n.Value) > MaxFieldBytes {
		d.errorf(n, "%s is %d bytes long: a value may be at most %d", name, len(n.Value), MaxFieldBytes)
		return false
	}
	if err := checkText(name, n.Value); err != nil {
		d.errorf(n, "%v", err)
		return false
	}
	return true
}

// checkText refuses a control character in a text value (a YAML escape
// such as "\e[31m" or "\x07", a JSON "\u001b"): pages and terminals
// would show it raw. Tabs and line ends are text.
func checkText(name, v string) error {
	for i, r := range v {
		if r < 0x20 && r != '\t' && r != '\n' || r == 0x7F || r >= 0x80 && r < 0xA0 {
			return fmt.Errorf("%s has the control character %s at byte %d: write text, not escapes", name, runeName(r), i+1)
		}
	}
	return nil
}

// runeName names a control character: "U+001B (ESC)".
func runeName(r rune) string {
	names := map[rune]string{0: "NUL", 0x07: "BEL", 0x08: "BS", 0x0D: "CR", 0x1B: "ESC", 0x7F: "DEL"}
	if n, ok := names[r]; ok {
		return fmt.Sprintf("U+%04X (%s)", r, n)
	}
	return fmt.Sprintf("U+%04X", r)
}

// MaxFieldBytes bounds a string value of the front matter, and
// MaxFileBytes a mode file, page or pack header, and MaxLineBytes a line
// of a pack: larger input is refused before it is parsed.
const (
	MaxFieldBytes = 4096
	MaxFileBytes  = 1 << 20
	MaxLineBytes  = 64 << 10
)

// integer decodes an integer in [lo, hi].
func (d *decoder) integer(n *yaml.Node, name string, lo, hi int, dst *int) bool {
	v, err := strconv.Atoi(n.Value)
	if n.Kind != yaml.ScalarNode || n.Tag != "!!int" || err != nil {
		d.errorf(n, "%s must be a whole number, not %s", name, kindName(n))
		return false
	}
	if v < lo || v > hi {
		d.errorf(n, "%s must be from %d to %d, not %d", name, lo, hi, v)
		return false
	}
	*dst = v
	return true
}

// boolean decodes true or false.
func (d *decoder) boolean(n *yaml.Node, name string, dst *bool) bool {
	if n.Kind != yaml.ScalarNode || n.Tag != "!!bool" {
		d.errorf(n, "%s must be true or false, not %s", name, kindName(n))
		return false
	}
	*dst = n.Value == "true" || n.Value == "True" || n.Value == "TRUE"
	return true
}

// strList decodes a list of strings (a single string is a list of one).
func (d *decoder) strList(n *yaml.Node, name string, dst *[]string) bool {
	if n.Kind == yaml.ScalarNode && n.Tag == "!!str" {
		*dst = []string{n.Value}
		return true
	}
	if n.Kind != yaml.SequenceNode {
		d.errorf(n, "%s must be a list, not %s", name, kindName(n))
		return false
	}
	ok := true
	for _, c := range n.Content {
		var s string
		if !d.str(c, name+" entry", &s) {
			ok = false
			continue
		}
		*dst = append(*dst, s)
	}
	return ok
}

// at returns the file position of a node.
func (d *decoder) at(n *yaml.Node) Pos {
	if n == nil {
		return Pos{}
	}
	return Pos{n.Line + d.lineOff, n.Column}
}

// Pos is a line and column in a source file.
type Pos struct{ Line, Col int }
