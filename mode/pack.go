package mode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/memo"
	"github.com/thinchess/thinchess/solver/terms"
	"go.yaml.in/yaml/v3"
)

// A Pack is a collection of puzzles kept as data rather than as one
// Markdown file each: imported and mined puzzles live in packs. It is two
// files under packs/: ID.md, whose front matter names the pack (title,
// summary, source, licence, and the variant and rules its puzzles share)
// and whose body describes it, and ID.jsonl, one puzzle per line as a
// JSON object (see PackLine). The authoring guide documents the format.
type Pack struct {
	ID       string // the file name without ".md"
	Path     string // the header, slash-separated, relative to the source folder
	DataPath string // the puzzles (ID.jsonl)
	Title    string
	Summary  string
	Source   string // where the puzzles come from
	Licence  string
	Variant  string
	Rules    *engine.Rules
	RuleText []string
	Icon     string
	Weight   int
	// Table names the mode whose game every puzzle of the pack is a
	// position of: the build solves that mode once and proves each puzzle
	// by lookups in its exact table, instead of solving the puzzle's own
	// game. TableMode is that mode once the site is loaded, and TableAt
	// where the header names it.
	Table     string
	TableMode *Mode
	TableAt   Pos
	// Proof, when MateSearchProof, says every puzzle is proven by mate
	// search: the build does not try to solve a puzzle's own game
	// exactly first (for puzzles from large boards, where the attempt
	// enumerates its whole budget before it gives up).
	Proof string
	// Unverified, the header's unverified key, lets the pack ship
	// puzzles the build cannot prove (each marked so on the site); any
	// other pack's unproven puzzle is an error.
	Unverified bool
	Body       []byte
	BodyLine   int
	// Puzzles are the pack's puzzles in file order, each a Mode read
	// FromPack this pack, whose Path is DataPath.
	Puzzles []*Mode

	rulesText string // the header's variant and rules, part of every puzzle's Source
	header    string // the header file, on which every puzzle's Mode depends
}

// HeaderText is the pack's header file as read: every puzzle of the
// pack depends on it (its title, icon and rules).
func (p *Pack) HeaderText() string { return p.header }

// Memo keeps the puzzles the last two loads parsed for the next (see
// LoadMemo): two, so that a load that saw a file half-written by an
// editor does not cost the next load its memory. It is safe for one
// load at a time.
type Memo struct {
	lines memo.Memo[lineKey, *Mode]
	seed  maphash.Seed
}

// lineKey is a pack line in the memo: its pack's header (by path and
// the hash of its text) and the hash of the line.
type lineKey struct {
	pack         string
	header, line uint64
}

// NewMemo returns an empty memo.
func NewMemo() *Memo { return &Memo{seed: maphash.MakeSeed()} }

// keys returns a function that gives the memo's key of a line of p (the
// zero key without a memo).
func (memo *Memo) keys(p *Pack) func(line []byte) lineKey {
	if memo == nil {
		return func([]byte) lineKey { return lineKey{} }
	}
	header := maphash.String(memo.seed, p.header)
	return func(line []byte) lineKey { return lineKey{p.Path, header, maphash.Bytes(memo.seed, line)} }
}

// line is a pack puzzle's line in its file.
func (m *Mode) line() []byte { return m.source[m.lineStart:] }

// find returns the puzzle a recent load parsed from line of p, or nil.
// k is the line's key (memo.keys).
func (memo *Memo) find(p *Pack, line []byte, k lineKey) *Mode {
	if memo == nil {
		return nil
	}
	if m, ok := memo.lines.Get(k); ok && m.Origin.Pack.header == p.header && bytes.Equal(m.line(), line) {
		return m
	}
	return nil
}

// reuse returns a copy of the puzzle old parsed from the same line, now
// line n of p.
func (p *Pack) reuse(old *Mode, n int) *Mode {
	m := *old
	m.Origin = Origin{Kind: FromPack, Pack: p, Line: n}
	return &m
}

// PuzzleInfo is what a pack puzzle carries besides its mode: the texts
// of its line and what its source says of it.
type PuzzleInfo struct {
	Task       string // the task sentence, when not the default
	Notes      string
	PuzzleMeta // as the line gives it
}

// PuzzleMeta is what a puzzle's source says of it: its rating, rating
// deviation, popularity and play count (on lichess.org, or estimated by
// whoever made the pack), its themes and openings, the game it comes
// from and the move that led to its start. Every field is optional.
// A pack line (PackLine), a row of lichess's database (LichessRow in
// package puzzles), a puzzle as made (puzzles.Puzzle) and a loaded pack
// puzzle (PuzzleInfo) all embed it; its JSON keys are a pack line's.
type PuzzleMeta struct {
	// Rating is a Glicko-2 rating, 0 to MaxRating (0 is unknown).
	Rating int `json:"rating,omitempty"`
	// RatingDeviation is the rating's deviation, 0 to MaxRatingDeviation.
	RatingDeviation int `json:"rating_deviation,omitempty"`
	// Popularity is the share of votes up less down, in percent.
	Popularity int `json:"popularity,omitempty"`
	// Plays is how many times it was played.
	Plays  int      `json:"plays,omitempty"`
	Themes []string `json:"themes,omitempty"`
	// URL is the game the puzzle comes from, kept as data (never markup).
	URL      string   `json:"url,omitempty"`
	Openings []string `json:"openings,omitempty"`
	// Last is the move that led to the start, in coordinates ("e2e4").
	Last string `json:"last,omitempty"`
}

// PackLine is one line of a pack's data file. Only id, start, result and
// solution are required; variant defaults to the pack's, side to the side
// to move, title to what the claim asks ("Mate in 3", "Win in 2" under the
// race goal, "Hold the draw"; "Win" without a length) and the pack's
// title, difficulty to a grade of the rating.
type PackLine struct {
	ID         string     `json:"id"`
	Title      string     `json:"title,omitempty"`
	Variant    string     `json:"variant,omitempty"`
	Start      string     `json:"start"`
	Result     string     `json:"result"`
	MateIn     int        `json:"mate_in,omitempty"`
	Side       string     `json:"side,omitempty"`
	Solution   string     `json:"solution"`
	Hints      []PackHint `json:"hints,omitempty"`
	Task       string     `json:"task,omitempty"`
	Notes      string     `json:"notes,omitempty"`
	Difficulty int        `json:"difficulty,omitempty"`
	PuzzleMeta
}

// PackHint is a hint of a pack puzzle, as in a mode's front matter.
type PackHint struct {
	Text    string   `json:"text"`
	Squares []string `json:"squares,omitempty"`
	Move    string   `json:"move,omitempty"`
}

// Encode returns the line as one line of JSON (without the newline).
// HTML characters are not escaped: the file is data, not markup.
func (l *PackLine) Encode() []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(l); err != nil {
		panic(err) // a PackLine has only strings, numbers and lists of them
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// PackHeader is what a pack's header file says, for writers.
type PackHeader struct {
	Title, Summary, Source, Licence, Variant string
	// Generator, when not empty, is written as the first comment.
	Generator string
	Rules     []Rule
	Icon      string
	// Table, when not empty, names the mode whose exact table proves the
	// puzzles (see Pack.Table); Proof is the header's proof key.
	Table, Proof string
	Body         string
}

// FormatPackHeader returns the header file of a pack.
func FormatPackHeader(h PackHeader) []byte {
	var fm yaml.Node
	fm.Kind = yaml.MappingNode
	add := func(key string, v *yaml.Node) { fm.Content = append(fm.Content, plain(key), v) }
	add("title", quoted(h.Title))
	if h.Summary != "" {
		add("summary", quoted(h.Summary))
	}
	if h.Source != "" {
		add("source", quoted(h.Source))
	}
	if h.Licence != "" {
		add("licence", quoted(h.Licence))
	}
	if h.Variant != "" {
		add("variant", plain(h.Variant))
	}
	if len(h.Rules) > 0 {
		rules := &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle}
		for _, r := range h.Rules {
			rules.Content = append(rules.Content, plain(r.Name), ruleValue(r))
		}
		add("rules", rules)
	}
	if h.Icon != "" {
		add("icon", quoted(h.Icon))
	}
	if h.Table != "" {
		add("table", plain(h.Table))
	}
	if h.Proof != "" {
		add("proof", plain(h.Proof))
	}
	var b bytes.Buffer
	b.WriteString("---\n")
	if h.Generator != "" {
		fmt.Fprintf(&b, "# Generated by %s; the puzzles are in the .jsonl file beside this one.\n", h.Generator)
	}
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	enc.Encode(&fm)
	enc.Close()
	b.WriteString("---\n")
	if h.Body != "" {
		b.WriteString("\n" + strings.TrimSpace(h.Body) + "\n")
	}
	return b.Bytes()
}

var puzzleIDRE = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$`)

// loadPacks reads packs/*.md and, unless stream, their .jsonl files;
// ids holds the ids of the modes, and takes those of the puzzles.
func (s *Site) loadPacks(errs *ErrorList, memo *Memo, ids *IDSet, stream bool) {
	walkMarkdown(s.Src, "packs", errs, func(rel string, data []byte) {
		if p := loadPackHeader(rel, data, errs); p != nil {
			if !stream {
				p.loadData(s.Src, errs, memo, ids)
			}
			s.Packs = append(s.Packs, p)
		}
	})
	if memo != nil {
		memo.lines.Turn()
	}
	// A data file without a header is a mistake, not something to skip.
	files, _ := filepath.Glob(filepath.Join(s.Src, "packs", "*.jsonl"))
	for _, f := range files {
		if _, err := os.Stat(strings.TrimSuffix(f, ".jsonl") + ".md"); err != nil {
			rel, _ := filepath.Rel(s.Src, f)
			errs.Add(filepath.ToSlash(rel), 0, 0, "a pack's puzzles without its header: write %s beside it (front matter with at least a title)", path.Base(strings.TrimSuffix(filepath.ToSlash(rel), ".jsonl")+".md"))
		}
	}
}

func loadPackHeader(rel string, data []byte, errs *ErrorList) *Pack {
	front, body, bodyLine, err := splitFrontMatter(data)
	if err != nil {
		errs.Add(rel, 1, 1, "%v", err)
		return nil
	}
	p := &Pack{ID: fileID(rel), Path: rel, DataPath: strings.TrimSuffix(rel, ".md") + ".jsonl", Body: body, BodyLine: bodyLine, header: string(data)}
	if !idRE.MatchString(p.ID) {
		errs.Add(rel, 1, 1, "file name %q: want lower-case letters, digits and dashes", p.ID+".md")
		return nil
	}
	if path.Dir(rel) != "packs" {
		errs.Add(rel, 1, 1, "packs live directly in packs/, not in sub-folders")
		return nil
	}
	nerr := len(*errs)
	d := &decoder{path: rel, lineOff: 1, errs: errs}
	n := d.parseYAML(front)
	if n == nil {
		return nil
	}
	var rulesNode *yaml.Node
	holder := &Mode{pos: map[string]Pos{}}
	d.fields(n, "front matter", map[string]func(*yaml.Node){
		"title":   func(v *yaml.Node) { d.str(v, "title", &p.Title) },
		"summary": func(v *yaml.Node) { d.str(v, "summary", &p.Summary) },
		"source":  func(v *yaml.Node) { d.str(v, "source", &p.Source) },
		"licence": func(v *yaml.Node) { d.str(v, "licence", &p.Licence) },
		"variant": func(v *yaml.Node) { d.str(v, "variant", &p.Variant) },
		"rules":   func(v *yaml.Node) { rulesNode = v },
		"icon":    func(v *yaml.Node) { d.str(v, "icon", &p.Icon) },
		"weight":  func(v *yaml.Node) { d.integer(v, "weight", -1000, 1000, &p.Weight) },
		"table": func(v *yaml.Node) {
			if d.str(v, "table", &p.Table) {
				p.TableAt = d.at(v)
				if p.Table == "" {
					d.errorf(v, "table is empty: name the mode whose exact table proves the puzzles, or leave the key out")
				}
			}
		},
		"unverified": func(v *yaml.Node) { d.boolean(v, "unverified", &p.Unverified) },
		"proof": func(v *yaml.Node) {
			if d.str(v, "proof", &p.Proof) && p.Proof != MateSearchProof {
				d.errorf(v, "proof %q: the only value is %s (leave the key out to let the build choose)", p.Proof, MateSearchProof)
			}
		},
	})
	if p.Title == "" {
		d.errorf(n, "missing required key \"title\"")
	}
	if p.Variant == "" {
		p.Variant = "chess"
	}
	rules, err := engine.Preset(p.Variant)
	if err != nil {
		d.errorf(nodeOr(n, "variant"), "%v", err)
		return nil
	}
	if rulesNode != nil {
		d.rules(rulesNode, rules, holder)
	}
	if len(*errs) > nerr {
		return nil
	}
	p.Rules, p.RuleText = rules, holder.RuleText
	p.rulesText = p.Variant + "\n" + strings.Join(p.RuleText, "\n")
	return p
}

// MateSearchProof is the value of a pack header's proof key that makes
// the build prove every puzzle by mate search (see Pack.Proof).
const MateSearchProof = "mate-search"

// claimTitle names what a claim asks of the player: "Mate in 3", "Win
// in 2" under the race goal, "Hold the draw", or "Win".
func claimTitle(c *Claim, goal engine.Goal) string {
	switch {
	case c.Result == engine.Drawn:
		return "Hold the draw"
	case c.MateIn > 0 && goal == engine.GoalCheckmate:
		return fmt.Sprintf("Mate in %d", c.MateIn)
	case c.MateIn > 0:
		return fmt.Sprintf("Win in %d", c.MateIn)
	}
	return "Win"
}

// resolveTable finds the mode the header's table key names, which must
// play the pack's game: the same rules.
func (p *Pack) resolveTable(byID map[string]*Mode, errs *ErrorList) {
	if p.Table == "" {
		return
	}
	m := byID[p.Table]
	switch {
	case m == nil || m.Origin.Kind == FromPack:
		errs.Add(p.Path, p.TableAt.Line, p.TableAt.Col, "table %q: no mode under modes/ has that id", p.Table)
	case m.Start == nil || m.Rules == nil:
		// The mode's own errors say why.
	case !engine.SameGame(m.Rules, p.Rules):
		errs.Add(p.Path, p.TableAt.Line, p.TableAt.Col, "table %q: that mode plays other rules (variant %s%s) than the pack (variant %s%s)", p.Table,
			m.Variant, ruleSuffix(m.RuleText), p.Variant, ruleSuffix(p.RuleText))
	default:
		p.TableMode = m
	}
}

// ruleSuffix writes rule overrides after a variant: " with a, b".
func ruleSuffix(rules []string) string {
	if len(rules) == 0 {
		return ""
	}
	return " with " + strings.Join(rules, ", ")
}

// loadData reads the pack's puzzles, one per line, into p.Puzzles;
// blank lines are allowed. Bad lines are reported (at most KeptPerFile
// of them, the rest counted) and the others kept.
func (p *Pack) loadData(src string, errs *ErrorList, memo *Memo, ids *IDSet) {
	var b Bounded
	p.ReadPuzzles(src, ReadOptions{Memo: memo, IDs: ids, Errs: &b}, func(batch []*Mode) ErrorList {
		p.Puzzles = append(p.Puzzles, batch...)
		return nil
	})
	*errs = append(*errs, b.List()...)
}

// parseLine turns one line of a pack into a puzzle mode, or reports why
// it cannot.
func (p *Pack) parseLine(n int, line []byte, errs *ErrorList) *Mode {
	l, col, err := decodePackLine(line)
	if err != nil {
		errs.Add(p.DataPath, n, col, "%v", err)
		return nil
	}
	m := &Mode{
		ID: l.ID, Path: p.DataPath, Title: l.Title, Category: p.ID, Variant: l.Variant, StartText: l.Start,
		Difficulty: l.Difficulty, Icon: p.Icon, Opponent: "perfect", source: line,
		Origin: Origin{Kind: FromPack, Pack: p, Line: n},
		Info:   PuzzleInfo{Task: l.Task, Notes: l.Notes, PuzzleMeta: l.PuzzleMeta},
	}
	if key, err := p.settleLine(m, l); err != nil {
		errs.Add(p.DataPath, n, m.At(key).Col, "%v", err)
		return nil
	}
	// The cache key of a puzzle is its Source: its line and the pack's
	// rules, so editing the header's rules re-verifies the pack.
	m.source = append([]byte(p.rulesText+"\n"), line...)
	m.lineStart = len(p.rulesText) + 1
	return m
}

// decodePackLine decodes one line of a pack's data file, which must hold
// one JSON object of PackLine's keys, each once; on an error it returns
// the column to report it at.
func decodePackLine(line []byte) (*PackLine, int, error) {
	var l PackLine
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, jsonErrorCol(line, err), errors.New(jsonErrorText(err))
	}
	if dec.More() {
		return nil, int(dec.InputOffset()) + 1, errors.New("more than one JSON value on the line: want one puzzle per line")
	}
	if key, col := duplicateKey(line); key != "" {
		return nil, col, fmt.Errorf("key %q appears twice: a puzzle (or hint) names each key once", key)
	}
	return &l, 0, nil
}

// settleLine checks the keys of l and gives m, the mode of l, its claim,
// rules, start and puzzle; on an error it returns the key to report it at.
func (p *Pack) settleLine(m *Mode, l *PackLine) (string, error) {
	if key, err := checkPackLine(l); err != nil {
		return key, err
	}
	if m.Difficulty == 0 {
		m.Difficulty = RatingDifficulty(l.Rating)
	}
	result, err := engine.ParseOutcome(l.Result)
	if err != nil || result == engine.Unknown {
		return "result", fmt.Errorf("result %q: want white-wins, black-wins or draw", l.Result)
	}
	if l.MateIn < 0 || l.MateIn > terms.MaxMateMoves || result == engine.Drawn && l.MateIn > 0 {
		return "mate_in", fmt.Errorf("mate_in %d: want 1 to %d with a win (the longest mate the mate search proves), none with a draw", l.MateIn, terms.MaxMateMoves)
	}
	m.Claim = &Claim{Result: result, MateIn: l.MateIn}
	if key, err := p.lineRules(m); err != nil {
		return key, err
	}
	if m.Rules.Bans && l.MateIn > 0 {
		return "mate_in", errors.New("mate_in is not defined under Ban Chess (distances count ban plies too); claim only the result")
	}
	if m.Title == "" {
		m.Title = claimTitle(m.Claim, m.Rules.Goal) + " · " + p.Title
	}
	start, err := engine.Parse(l.Start, m.Rules)
	if err != nil {
		return "start", fmt.Errorf("start: %v", err)
	}
	m.Start = start
	return linePuzzle(m, l)
}

// checkPackLine checks the keys of l that need nothing else: those
// required, the id's form, the difficulty and the statistics.
func checkPackLine(l *PackLine) (string, error) {
	switch {
	case l.ID == "":
		return "id", errors.New("missing \"id\"")
	case !puzzleIDRE.MatchString(l.ID):
		return "id", fmt.Errorf("id %q: want letters, digits, dashes and underscores (at most 64)", l.ID)
	case l.Start == "":
		return "start", errors.New("missing \"start\" (a position code or FEN)")
	case l.Solution == "":
		return "solution", errors.New("missing \"solution\" (the line that solves the puzzle)")
	case l.Difficulty < 0 || l.Difficulty > 5:
		return "difficulty", fmt.Errorf("difficulty %d: want 1 to 5", l.Difficulty)
	}
	for _, f := range []struct{ key, v string }{{"title", l.Title}, {"task", l.Task}, {"notes", l.Notes}} {
		if err := checkText(f.key, f.v); err != nil {
			return f.key, err
		}
	}
	for i, h := range l.Hints {
		if err := checkText(fmt.Sprintf("hint %d", i+1), h.Text); err != nil {
			return "hints." + strconv.Itoa(i+1) + ".text", err
		}
	}
	return l.PuzzleMeta.Check()
}

// lineRules gives m the pack's rules, or the preset of its own variant
// when the pack overrides no rule.
func (p *Pack) lineRules(m *Mode) (string, error) {
	rules := p.Rules
	if m.Variant == "" || m.Variant == p.Variant {
		m.Variant, m.RuleText = p.Variant, p.RuleText
	} else {
		if len(p.RuleText) > 0 {
			return "variant", fmt.Errorf("variant %s: the pack's rules are for %s; put puzzles of other rules in another pack", m.Variant, p.Variant)
		}
		var err error
		if rules, err = engine.Preset(m.Variant); err != nil {
			return "variant", err
		}
	}
	m.Rules = rules
	return "", nil
}

// linePuzzle gives m, whose start is set, the puzzle of l: the side to
// act (under Ban Chess, in a ban phase, the banner), the solution, the
// hints, and checks l's last move.
func linePuzzle(m *Mode, l *PackLine) (string, error) {
	start := m.Start
	pz := &Puzzle{Side: start.Actor(), Solution: l.Solution}
	switch l.Side {
	case "", pz.Side.String():
	default:
		return "side", fmt.Errorf("side %q: the side to act at the start is %s", l.Side, pz.Side)
	}
	for i, h := range l.Hints {
		if h.Text == "" {
			return "hints." + strconv.Itoa(i+1), fmt.Errorf("hint %d needs a text", i+1)
		}
		// No Pos: finding a place on the line costs a walk over its JSON,
		// which At does only when an error needs it.
		pz.Hints = append(pz.Hints, Hint{Text: h.Text, Squares: h.Squares, Move: h.Move})
	}
	m.Puzzle = pz
	if l.Last != "" {
		_, to, err := start.B.CoordSquares(l.Last)
		if err == nil && (start.At(to) == engine.NoPiece || start.At(to).Color() == start.Side) {
			err = fmt.Errorf("no piece of %s stands on %s", start.Side.Other(), start.B.Name(to))
		}
		if err != nil {
			return "last", fmt.Errorf("last move %q: %v", l.Last, err)
		}
	}
	return "", nil
}

// The ranges of a puzzle's statistics, as lichess gives them: a rating
// (Glicko-2; its puzzle database runs from 400 to about 3300) from 0 to
// MaxRating, a rating deviation from 0 to MaxRatingDeviation (Glicko's
// ceiling), a popularity from -MaxPopularity to MaxPopularity (the share
// of votes up less down, in percent) and a number of plays from 0.
const (
	MaxRating          = 4000
	MaxRatingDeviation = 500
	MaxPopularity      = 100
)

// Check checks a puzzle's statistics against their ranges. It returns
// the key of the first out of range (as in a pack line) and what is
// wrong with it, or "", nil.
func (pm *PuzzleMeta) Check() (string, error) {
	switch {
	case pm.Rating < 0 || pm.Rating > MaxRating:
		return "rating", fmt.Errorf("rating %d: want 0 to %d", pm.Rating, MaxRating)
	case pm.RatingDeviation < 0 || pm.RatingDeviation > MaxRatingDeviation:
		return "rating_deviation", fmt.Errorf("rating deviation %d: want 0 to %d", pm.RatingDeviation, MaxRatingDeviation)
	case pm.Popularity < -MaxPopularity || pm.Popularity > MaxPopularity:
		return "popularity", fmt.Errorf("popularity %d: want %d to %d", pm.Popularity, -MaxPopularity, MaxPopularity)
	case pm.Plays < 0:
		return "plays", fmt.Errorf("plays %d: want 0 or more", pm.Plays)
	}
	return "", nil
}

// RatingDifficulty grades a puzzle rating from 1 to 5: below 1000 is 1,
// then one more for each 400 points, 2200 and above is 5. A rating of 0
// (unknown) is 1.
func RatingDifficulty(rating int) int {
	switch {
	case rating < 1000:
		return 1
	case rating < 1400:
		return 2
	case rating < 1800:
		return 3
	case rating < 2200:
		return 4
	}
	return 5
}

// packKeys maps the keys Mode.At knows to the keys of a pack line.
var packKeys = map[string]string{
	"claim": "result", "claim.result": "result", "claim.mate_in": "mate_in",
	"puzzle": "solution", "puzzle.side": "side", "puzzle.solution": "solution",
}

// packAt returns where the value of key is on the puzzle's line: its
// first character, inside the quotes of a string. Hint keys are
// "puzzle.hints.N.field" (N from 1).
func (m *Mode) packAt(key string) Pos {
	line := m.line()
	if k, ok := packKeys[key]; ok {
		key = k
	}
	key = strings.TrimPrefix(key, "puzzle.")
	if col := valueCol(line, key); col > 0 {
		return Pos{m.Origin.Line, col}
	}
	return Pos{m.Origin.Line, 1}
}

// valueCol returns the 1-based column where the value of a dotted key
// path ("start", "hints.2.move", list items numbered from 1) starts in a
// JSON object, inside the quotes of a string, or 0 when the path is not
// there.
func valueCol(line []byte, key string) int {
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber() // a number too large for a float64 still has a place
	return findValue(dec, line, nil, strings.Split(key, "."))
}

// findValue reads one value at path and everything in it, and returns the
// column of the value at want, or 0.
func findValue(dec *json.Decoder, line []byte, path, want []string) int {
	start := int(dec.InputOffset())
	for start < len(line) && strings.IndexByte(" \t:,", line[start]) >= 0 {
		start++
	}
	tok, err := dec.Token()
	if err != nil {
		return 0
	}
	if slices.Equal(path, want) {
		if start < len(line) && line[start] == '"' {
			start++
		}
		return start + 1
	}
	path = path[:len(path):len(path)] // appends below copy
	switch tok {
	case json.Delim('{'):
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return 0
			}
			name, _ := k.(string)
			if c := findValue(dec, line, append(path, name), want); c != 0 {
				return c
			}
		}
		dec.Token()
	case json.Delim('['):
		for i := 1; dec.More(); i++ {
			if c := findValue(dec, line, append(path, strconv.Itoa(i)), want); c != 0 {
				return c
			}
		}
		dec.Token()
	}
	return 0
}

// jsonErrorCol returns the column a decoding error points at.
func jsonErrorCol(line []byte, err error) int {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return int(se.Offset)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return len(line) + 1
	case errors.As(err, &te):
		return max(1, valueCol(line, jsonPath(te.Field)))
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		name, _ := strconv.Unquote(strings.TrimPrefix(err.Error(), "json: unknown field "))
		if i := bytes.Index(line, []byte(strconv.Quote(name))); i >= 0 {
			return i + 2
		}
	}
	return 1
}

// jsonErrorText rewords a decoding error for authors.
func jsonErrorText(err error) string {
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &te) && te.Field == "":
		return fmt.Sprintf("a pack line must be a JSON object, not a JSON %s", te.Value)
	case errors.As(err, &te) && isInt(te.Type.Kind()) && strings.HasPrefix(te.Value, "number "):
		// A fraction, an exponent or a number too large for an integer.
		return fmt.Sprintf("%s must be a whole number, not %s", jsonPath(te.Field), strings.TrimPrefix(te.Value, "number "))
	case errors.As(err, &te):
		return fmt.Sprintf("%s must be %s, not a JSON %s", jsonPath(te.Field), jsonKind(te.Type.Kind().String()), te.Value)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return "the line ends inside the JSON object"
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return "unknown key " + strings.TrimPrefix(err.Error(), "json: unknown field ") + "; a pack line knows " + strings.Join(packLineKeys, ", ")
	}
	return "not a JSON object: " + strings.TrimPrefix(err.Error(), "json: ")
}

// isInt says whether k is a kind of Go integer.
func isInt(k reflect.Kind) bool { return k >= reflect.Int && k <= reflect.Uint64 }

func jsonKind(k string) string {
	switch k {
	case "string":
		return "a string"
	case "slice":
		return "a list"
	case "struct":
		return "an object"
	}
	return "a number"
}

// packLineKeys are the keys of a pack line, in PackLine's order.
var packLineKeys = jsonKeys(reflect.TypeFor[PackLine]())

// jsonPath returns the path of a field as encoding/json's errors give it
// ("PuzzleMeta.rating", "hints.text") as the keys of a pack line spell
// it: without the names of embedded structs.
func jsonPath(field string) string {
	var keys []string
	for k := range strings.SplitSeq(field, ".") {
		if k != reflect.TypeFor[PuzzleMeta]().Name() {
			keys = append(keys, k)
		}
	}
	return strings.Join(keys, ".")
}
