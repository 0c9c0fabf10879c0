// JavaScript twin: templates/static/js/rules-pgn.js (writing PGN only).

package game

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/thinchess/thinchess/engine"
)

// chessStartFEN is the start position of standard chess.
const chessStartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// presetStarts are the start positions a PGN without a FEN tag gets, by
// preset. The 1d and race presets have no single start.
var presetStarts = map[string]string{
	"chess":     chessStartFEN,
	"gardner":   "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
	"losalamos": "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
}

// PresetStart returns the start position (a FEN) of a rule preset's
// standard game: chess, gardner and losalamos have one; 1d and race do
// not, since their boards vary.
func PresetStart(preset string) (string, bool) {
	fen, ok := presetStarts[preset]
	return fen, ok
}

// strTags is the Seven Tag Roster, written first and in this order.
var strTags = []struct{ name, blank string }{
	{"Event", "?"}, {"Site", "?"}, {"Date", "????.??.??"}, {"Round", "?"},
	{"White", "?"}, {"Black", "?"}, {"Result", "*"},
}

// PGN returns the game in PGN export format: the Seven Tag Roster (with
// "?" for tags not given), then Variant, Rules, SetUp and FEN when they
// apply, then the other tags in name order, a blank
// line, the movetext wrapped at 80 columns and the result. The game sets
// Result, Variant (the preset name, left out for standard chess), SetUp
// and FEN (when the start is not the standard chess start) and Rules (the
// rules that differ from the preset, as "name=value" words); other tags
// are copied from tags. Result is the game's result, or the Result tag
// given while the game is still going (a resignation or a draw agreed).
func (g *Game) PGN(tags map[string]string) string {
	t := map[string]string{}
	for k, v := range tags {
		t[k] = v
	}
	for _, k := range []string{"Variant", "SetUp", "FEN", "Rules"} {
		delete(t, k)
	}
	res := g.Result()
	if given := tags["Result"]; res == "*" && engine.IsResult(given) && given != "½-½" {
		res = given
	}
	t["Result"] = res
	r := g.start.R
	if r.Preset != "chess" {
		t["Variant"] = r.Preset
	}
	if fen := g.start.FEN(); r.Preset != "chess" || fen != chessStartFEN {
		t["SetUp"], t["FEN"] = "1", fen
	}
	if over, err := RuleOverrides(r); err == nil && len(over) > 0 {
		t["Rules"] = formatRuleOverrides(over)
	}

	var sb strings.Builder
	for _, st := range strTags {
		v, ok := t[st.name]
		if !ok {
			v = st.blank
		}
		writeTag(&sb, st.name, v)
		delete(t, st.name)
	}
	for _, k := range []string{"Variant", "Rules", "SetUp", "FEN"} {
		if v, ok := t[k]; ok {
			writeTag(&sb, k, v)
			delete(t, k)
		}
	}
	rest := make([]string, 0, len(t))
	for k := range t {
		rest = append(rest, k)
	}
	sort.Strings(rest)
	for _, k := range rest {
		writeTag(&sb, k, t[k])
	}
	sb.WriteByte('\n')

	// A move number stays on the line of its move.
	var words []string
	n, side := g.start.Fullmove, g.start.Side
	if r.Bans {
		words = g.banMovetext()
	}
	for i, s := range g.SANHistory() {
		if r.Bans {
			break
		}
		switch {
		case side == engine.White:
			s = strconv.Itoa(n) + ". " + s
		case i == 0:
			s = strconv.Itoa(n) + "... " + s
		}
		words = append(words, s)
		if side == engine.Black {
			n++
		}
		side = side.Other()
	}
	words = append(words, res)
	width := 0
	for i, w := range words {
		if i > 0 && width+1+len(w) > 80 {
			sb.WriteByte('\n')
			width = 0
		} else if i > 0 {
			sb.WriteByte(' ')
			width++
		}
		sb.WriteString(w)
		width += len(w)
	}
	sb.WriteByte('\n')
	return sb.String()
}

// writeTag writes one tag pair, escaping the value.
func writeTag(sb *strings.Builder, name, value string) {
	value = strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", " ", "\r", " ").Replace(value)
	fmt.Fprintf(sb, "[%s \"%s\"]\n", name, value)
}

// formatRuleOverrides writes rule overrides as sorted "name=value" words;
// a promotion list is its letters run together ("promotion=qr").
func formatRuleOverrides(over map[string]any) string {
	names := make([]string, 0, len(over))
	for k := range over {
		names = append(names, k)
	}
	sort.Strings(names)
	words := make([]string, len(names))
	for i, k := range names {
		v := over[k]
		if l, ok := v.([]string); ok {
			v = strings.Join(l, "")
		}
		words[i] = fmt.Sprintf("%s=%v", k, v)
	}
	return strings.Join(words, " ")
}

// applyRuleWords sets the rules written by formatRuleOverrides.
func applyRuleWords(r *engine.Rules, s string) error {
	for _, w := range strings.Fields(s) {
		k, v, ok := strings.Cut(w, "=")
		if !ok {
			return fmt.Errorf("%q: want name=value", w)
		}
		switch k {
		case "goal":
			if err := r.SetGoal(v); err != nil {
				return err
			}
		case "promotion":
			if v == "false" {
				r.Promotion = 0
				continue
			}
			letters := make([]string, 0, len(v))
			for i := 0; i < len(v); i++ {
				letters = append(letters, v[i:i+1])
			}
			if len(letters) == 0 {
				return fmt.Errorf("promotion: want piece letters such as qrbn, or false")
			}
			if err := r.SetPromotion(letters); err != nil {
				return err
			}
		default:
			b, err := strconv.ParseBool(v)
			if err != nil || (v != "true" && v != "false") {
				if err := r.Clone().SetBool(k, false); err != nil {
					return err
				}
				return fmt.Errorf("%s: want true or false, got %q", k, v)
			}
			if err := r.SetBool(k, b); err != nil {
				return err
			}
		}
	}
	return nil
}

// VariantPreset returns the preset a PGN Variant tag names. It accepts the
// preset names and common spellings ("Standard", "From Position", "1-D",
// "Gardner minichess", "Los Alamos"), ignoring case, spaces, "-" and "_".
// An empty name is standard chess.
func VariantPreset(name string) (string, bool) {
	key := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_':
			return -1
		}
		if r >= 'A' && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, name)
	switch key {
	case "", "chess", "standard", "fromposition", "normal":
		return "chess", true
	case "1d", "1dchess", "onedimensional", "onedimensionalchess":
		return "1d", true
	case "gardner", "gardnerminichess", "gardnerchess":
		return "gardner", true
	case "losalamos", "losalamoschess":
		return "losalamos", true
	case "race", "octopawn":
		return "race", true
	}
	return "", false
}

// PGNError is an error at a place in PGN text. Line and Col count from 1;
// Col counts characters, not bytes.
type PGNError struct {
	Line, Col int
	// Err is the reason; for a move that cannot be played it is a
	// *LineError wrapping a *MoveError.
	Err error
}

func (e *PGNError) Error() string { return fmt.Sprintf("%d:%d: %v", e.Line, e.Col, e.Err) }

// Unwrap returns the reason.
func (e *PGNError) Unwrap() error { return e.Err }

// pgnReader reads one game of PGN text.
type pgnReader struct {
	s         string
	i         int
	line      int // line of s[i], from 1
	lineStart int // offset of the first byte of that line
}

// pos is a place in the text, kept for errors found later.
type pos struct{ line, col int }

func (r *pgnReader) here() pos {
	return pos{r.line, utf8.RuneCountInString(r.s[r.lineStart:r.i]) + 1}
}

func (r *pgnReader) errAt(p pos, format string, args ...any) error {
	return &PGNError{p.line, p.col, fmt.Errorf(format, args...)}
}

// advance moves past n bytes, counting lines.
func (r *pgnReader) advance(n int) {
	for ; n > 0 && r.i < len(r.s); n-- {
		if r.s[r.i] == '\n' {
			r.line++
			r.lineStart = r.i + 1
		}
		r.i++
	}
}

func (r *pgnReader) skipSpace() {
	for r.i < len(r.s) && strings.IndexByte(" \t\r\n\f\v", r.s[r.i]) >= 0 {
		r.advance(1)
	}
}

// skipLine moves to the start of the next line.
func (r *pgnReader) skipLine() {
	for r.i < len(r.s) && r.s[r.i] != '\n' {
		r.advance(1)
	}
	r.advance(1)
}

// token reads a run of characters up to white space or a delimiter.
func (r *pgnReader) token() string {
	start := r.i
	for r.i < len(r.s) && strings.IndexByte(" \t\r\n\f\v{}()[];$\"", r.s[r.i]) < 0 {
		r.advance(1)
	}
	return r.s[start:r.i]
}

// ParsePGN reads one game of PGN: tag pairs, then movetext with move
// numbers, comments ({…} and ; to the end of the line), NAGs ($1),
// variations (skipped, nested to any depth), moves in SAN or coordinate
// notation, and a result. The Variant tag picks the preset (see
// VariantPreset), a Rules tag adjusts it as PGN writes it, and the FEN tag
// gives the start; without FEN the standard start of chess, gardner or
// losalamos is used. It returns the game with every move played and the
// tags as written (Result added from the movetext when the tag is
// missing). Errors are *PGNError values giving the line and column.
func ParsePGN(s string) (*Game, map[string]string, error) {
	p := &pgnParser{r: pgnReader{s: s, line: 1}, tags: map[string]string{}, tagAt: map[string]pos{}}
	r := &p.r
	for {
		r.skipSpace()
		if r.i >= len(r.s) {
			break
		}
		at := r.here()
		c := r.s[r.i]
		read, err := p.markup(at, c)
		switch {
		case read:
		case len(p.opens) > 0:
			p.skipInVariation(c)
		case c == '[':
			err = p.tagPair(at)
		case c == ']' || c == '"':
			err = r.errAt(at, "unexpected %q", c)
		default:
			err = p.moveText(at)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	if err := p.finish(); err != nil {
		return nil, nil, err
	}
	return p.g, p.tags, nil
}

// pgnParser is the state of ParsePGN between its steps.
type pgnParser struct {
	r     pgnReader
	tags  map[string]string
	tagAt map[string]pos
	g     *Game // nil until the first move or ban
	opens []pos // open variations
	// result is the movetext's result, read at resultAt.
	result   string
	resultAt pos
}

// start begins the game from the tags, once, at the first move or ban.
func (p *pgnParser) start(at pos) error {
	if p.g != nil {
		return nil
	}
	var err error
	p.g, err = pgnGame(p.tags, p.tagAt, at)
	return err
}

// markup reads what is not a tag pair nor a move at c, at any depth of
// variations: escaped lines, comments (playing a {banning: …} comment of
// the main line), variation brackets and NAGs. It reports whether it
// read something, and what was wrong with it.
func (p *pgnParser) markup(at pos, c byte) (read bool, err error) {
	r := &p.r
	switch {
	case c == '%' && r.i == r.lineStart:
		r.skipLine()
	case c == ';':
		r.skipLine()
	case c == '{':
		err = p.comment(at)
	case c == '}':
		err = r.errAt(at, "} without {")
	case c == '(':
		if p.result != "" {
			err = r.errAt(at, "variation after the result %s", p.result)
			break
		}
		p.opens = append(p.opens, at)
		r.advance(1)
	case c == ')':
		if len(p.opens) == 0 {
			err = r.errAt(at, ") without (")
			break
		}
		p.opens = p.opens[:len(p.opens)-1]
		r.advance(1)
	case c == '$':
		r.advance(1)
		if t := r.token(); t == "" || strings.Trim(t, "0123456789") != "" {
			err = r.errAt(at, "NAG %q: want $ and a number, such as $1", "$"+t)
		}
	default:
		return false, nil
	}
	return true, err
}

// comment reads a {…} comment; on the main line, a {banning: …} one
// bans a move of the game.
func (p *pgnParser) comment(at pos) error {
	r := &p.r
	end := strings.IndexByte(r.s[r.i:], '}')
	if end < 0 {
		return r.errAt(at, "comment not closed: want }")
	}
	text := r.s[r.i+1 : r.i+end]
	r.advance(end + 1)
	ban, ok := strings.CutPrefix(strings.TrimSpace(text), "banning:")
	if !ok || len(p.opens) > 0 {
		return nil
	}
	if p.result != "" {
		return r.errAt(at, "ban after the result %s", p.result)
	}
	if err := p.start(at); err != nil {
		return err
	}
	if err := p.g.playBanComment(ban); err != nil {
		return &PGNError{at.line, at.col, fmt.Errorf("{banning:%s}: %v", ban, err)}
	}
	return nil
}

// skipInVariation skips whatever is at c inside a variation.
func (p *pgnParser) skipInVariation(c byte) {
	if c == '[' || c == ']' || c == '"' {
		p.r.advance(1)
	} else {
		p.r.token()
	}
}

// tagPair reads a tag pair, which must come before the moves.
func (p *pgnParser) tagPair(at pos) error {
	r := &p.r
	if p.g != nil || p.result != "" {
		return r.errAt(at, "tag pair after the moves (ParsePGN reads one game)")
	}
	name, value, err := r.tag(at)
	if err != nil {
		return err
	}
	if _, dup := p.tags[name]; dup {
		return r.errAt(at, "tag %s given twice", name)
	}
	p.tags[name], p.tagAt[name] = value, at
	return nil
}

// moveText reads a token of the main line: the result, a move number
// ("12.", "12...", glued "12.e4"), a lone run of dots, an annotation
// glyph written as a word, or a move, which it plays.
func (p *pgnParser) moveText(at pos) error {
	r := &p.r
	tok := r.token()
	if p.result != "" {
		return r.errAt(at, "%q after the result %s (ParsePGN reads one game)", tok, p.result)
	}
	if engine.IsResult(tok) {
		p.result, p.resultAt = tok, at
		return nil
	}
	k := 0
	for k < len(tok) && isDigit(tok[k]) {
		k++
	}
	if k < len(tok) && tok[k] == '.' {
		for k < len(tok) && tok[k] == '.' {
			k++
		}
		at.col += k
		tok = tok[k:]
	} else if k == len(tok) {
		return r.errAt(at, "%q is not a move or a move number (want a dot after a move number)", tok)
	}
	if strings.Trim(tok, "!?") == "" {
		return nil
	}
	if err := p.start(at); err != nil {
		return err
	}
	label := p.g.pos.Label().String()
	if err := p.g.PlayText(tok); err != nil {
		return &PGNError{at.line, at.col, &engine.LineError{Index: p.g.cursor, Text: tok, Number: label, Err: err}}
	}
	return nil
}

// finish checks the end of the text: every variation closed, the game
// started (for a text of tags only), and the result agreeing with the
// game, which it adds to the tags when they lack one.
func (p *pgnParser) finish() error {
	r := &p.r
	if len(p.opens) > 0 {
		return r.errAt(p.opens[len(p.opens)-1], "variation not closed: want )")
	}
	if err := p.start(r.here()); err != nil {
		return err
	}
	if p.result == "" {
		return nil
	}
	if got := p.g.Result(); got != "*" && p.result != "*" && normResult(p.result) != got {
		return r.errAt(p.resultAt, "result %s contradicts the game: it ended in %s, %s", p.result, p.g.Status(), got)
	}
	if _, ok := p.tags["Result"]; !ok {
		p.tags["Result"] = p.result
	}
	return nil
}

// normResult writes "½-½" as "1/2-1/2".
func normResult(s string) string {
	if s == "½-½" {
		return "1/2-1/2"
	}
	return s
}

// tag reads a tag pair [Name "value"] starting at '['.
func (r *pgnReader) tag(at pos) (name, value string, err error) {
	r.advance(1)
	r.skipSpace()
	nameAt := r.here()
	start := r.i
	for r.i < len(r.s) && (isLetter(r.s[r.i]) || isDigit(r.s[r.i]) || r.s[r.i] == '_') {
		r.advance(1)
	}
	name = r.s[start:r.i]
	if name == "" {
		return "", "", r.errAt(nameAt, "tag pair: want a tag name after [")
	}
	r.skipSpace()
	if r.i >= len(r.s) || r.s[r.i] != '"' {
		return "", "", r.errAt(r.here(), "tag %s: want a value in double quotes", name)
	}
	r.advance(1)
	var sb strings.Builder
	for {
		if r.i >= len(r.s) || r.s[r.i] == '\n' {
			return "", "", r.errAt(at, "tag %s: value not closed: want \"", name)
		}
		c := r.s[r.i]
		if c == '"' {
			r.advance(1)
			break
		}
		if c == '\\' && r.i+1 < len(r.s) && (r.s[r.i+1] == '"' || r.s[r.i+1] == '\\') {
			c = r.s[r.i+1]
			r.advance(1)
		}
		sb.WriteByte(c)
		r.advance(1)
	}
	r.skipSpace()
	if r.i >= len(r.s) || r.s[r.i] != ']' {
		return "", "", r.errAt(r.here(), "tag %s: want ] after the value", name)
	}
	r.advance(1)
	return name, sb.String(), nil
}

// pgnGame makes the game the tags describe. at is where the movetext
// starts, for errors that belong to no tag.
func pgnGame(tags map[string]string, tagAt map[string]pos, at pos) (*Game, error) {
	errAt := func(tag string, err error) error {
		p, ok := tagAt[tag]
		if !ok {
			p = at
		}
		return &PGNError{p.line, p.col, err}
	}
	preset, ok := VariantPreset(tags["Variant"])
	if !ok {
		return nil, errAt("Variant", fmt.Errorf("unknown variant %q (want one of %s)", tags["Variant"], strings.Join(engine.Presets, ", ")))
	}
	fen, ok := tags["FEN"]
	if !ok {
		if fen, ok = presetStarts[preset]; !ok {
			return nil, errAt("Variant", fmt.Errorf("variant %s has no standard start position: add a FEN tag", preset))
		}
	}
	var rulesErr error
	p, err := startPosition(preset, fen, func(r *engine.Rules) error {
		rulesErr = applyRuleWords(r, tags["Rules"])
		return rulesErr
	})
	switch {
	case rulesErr != nil:
		return nil, errAt("Rules", fmt.Errorf("tag Rules: %v", rulesErr))
	case err != nil:
		return nil, errAt("FEN", fmt.Errorf("tag FEN: %v", errors.Unwrap(err)))
	}
	return New(p), nil
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
