package mode

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"github.com/thinchess/thinchess/solver/terms"
	"go.yaml.in/yaml/v3"
)

// Config is the optional site.yaml.
type Config struct {
	Title       string
	BaseURL     string
	Description string
	Language    string
}

// Site is everything Load read from a source folder.
type Site struct {
	Src    string
	Config Config
	Modes  []*Mode
	Pages  []*Page
	Packs  []*Pack
}

// Puzzles returns every puzzle of the site: the modes with a puzzle, then
// the puzzles of every pack.
func (s *Site) Puzzles() []*Mode {
	var out []*Mode
	for _, m := range s.Modes {
		if m.Puzzle != nil {
			out = append(out, m)
		}
	}
	for _, p := range s.Packs {
		out = append(out, p.Puzzles...)
	}
	return out
}

// Checked returns everything verification proves: every mode, then the
// puzzles of every pack.
func (s *Site) Checked() []*Mode {
	out := append([]*Mode(nil), s.Modes...)
	for _, p := range s.Packs {
		out = append(out, p.Puzzles...)
	}
	return out
}

// Mode is one mode file: a start position, its rules, a claim, an
// optional puzzle and a Markdown body.
type Mode struct {
	ID       string // the file name without ".md"; unique in the site
	Path     string // slash-separated, relative to the source folder
	Title    string
	Category string
	Summary  string
	Variant  string
	// RuleText lists the overrides as written, for display ("bans: true").
	RuleText   []string
	Rules      *engine.Rules
	StartText  string
	Start      *engine.Position
	Difficulty int
	Icon       string
	Opponent   string
	Weight     int
	Claim      *Claim
	Puzzle     *Puzzle
	Body       []byte
	BodyLine   int
	// Origin is where the mode was read: its own file, or a line of a
	// pack's data file.
	Origin Origin
	// Info is what a pack's line says of its puzzle besides the mode;
	// a mode file says none of it.
	Info PuzzleInfo

	pos       map[string]Pos // key path ("claim.result") → where its value is
	source    []byte
	lineStart int // where a pack puzzle's line starts in source
}

// An Origin is where a mode was read: its own file under modes/ (the
// zero Origin), or a line of a pack's data file.
type Origin struct {
	Kind OriginKind
	// Pack is the pack and Line the line of its data file (from 1) of a
	// mode read FromPack.
	Pack *Pack
	Line int
	// Offset and Size are where the line's text starts in the data file
	// and its length in bytes (without a byte order mark or the end of
	// the line), for reading it again (Pack.ParseLine); set by
	// Pack.ReadPuzzles.
	Offset int64
	Size   int
}

// OriginKind says what a mode was read from.
type OriginKind uint8

// Origins.
const (
	// FromFile is a mode's own Markdown file: Mode.Path, with front
	// matter and a body.
	FromFile OriginKind = iota
	// FromPack is one line of a pack's data file (Mode.Path), a puzzle
	// kept as data.
	FromPack
)

// Claim is what a mode asserts about its start position.
type Claim struct {
	Result engine.Outcome // engine.Unknown when the claim has none
	MateIn int            // moves of the winner; 0 when not claimed
}

// Puzzle makes a mode a trainer puzzle.
type Puzzle struct {
	Side     engine.Color
	Solution string
	Hints    []Hint
}

// Hint is one step of progressive help.
type Hint struct {
	Text    string
	Squares []string
	Move    string
	Pos     Pos // where the hint starts in a mode file; zero in a pack
}

// Page is a content page (rules, guide, about).
type Page struct {
	ID       string
	Path     string
	Title    string
	Summary  string
	Weight   int
	Body     []byte
	BodyLine int
}

// Source is the whole file as it was read: front matter and body.
func (m *Mode) Source() []byte { return m.source }

// StartGame returns a game at the mode's start with nothing played: the
// saved game a page begins from.
func (m *Mode) StartGame() *game.Game { return game.New(m.Start) }

// At returns where the value of a front-matter key (a dotted path such as
// "claim.mate_in" or "puzzle.hints.1.move") is in the file.
func (m *Mode) At(key string) Pos {
	if m.Origin.Kind == FromPack {
		return m.packAt(key)
	}
	if p, ok := m.pos[key]; ok {
		return p
	}
	return Pos{1, 1}
}

// TextAt is At for a string value: where its text starts, after the
// opening quote of a quoted scalar.
func (m *Mode) TextAt(key string) Pos {
	pos := m.At(key)
	if m.Origin.Kind == FromPack {
		return pos // packAt points inside the quotes
	}
	lines := bytes.Split(m.source, []byte("\n"))
	if pos.Line >= 1 && pos.Line <= len(lines) {
		line := lines[pos.Line-1]
		if pos.Col-1 < len(line) && (line[pos.Col-1] == '"' || line[pos.Col-1] == '\'') {
			return Pos{pos.Line, pos.Col + 1}
		}
	}
	return pos
}

var idRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]*$`)

// Load reads site.yaml, modes/**/*.md and content/**/*.md under src. It
// returns every problem it finds, not just the first.
func Load(src string) (*Site, ErrorList) { return LoadMemo(src, nil) }

// LoadMemo is Load reusing, through memo (which may be nil), the puzzles
// the previous load parsed: a server rebuilding after an edit then parses
// only the pack lines that changed.
func LoadMemo(src string, memo *Memo) (*Site, ErrorList) { return load(src, memo, false) }

// LoadStream is Load without the puzzles of packs, which are left to be
// read a batch at a time with Pack.ReadPuzzles: what a check of packs of
// any length loads first.
func LoadStream(src string) (*Site, ErrorList) { return load(src, nil, true) }

// load is LoadMemo, and LoadStream when stream.
func load(src string, memo *Memo, stream bool) (*Site, ErrorList) {
	var errs ErrorList
	s := &Site{Src: src, Config: Config{Title: "thinchess", Language: "en", Description: "Small-board chess: play, solve and train."}}
	s.loadConfig(&errs)
	byID := map[string]*Mode{}
	walkMarkdown(src, "modes", &errs, func(rel string, data []byte) {
		m := loadMode(rel, data, &errs)
		if m == nil {
			return
		}
		if prev := byID[m.ID]; prev != nil {
			errs.Add(rel, 1, 1, "duplicate mode id %q: %s has the same file name", m.ID, prev.Path)
			return
		}
		byID[m.ID] = m
		s.Modes = append(s.Modes, m)
	})
	s.loadPacks(&errs, memo, NewIDSet(s.Modes), stream)
	for _, p := range s.Packs {
		p.resolveTable(byID, &errs)
	}
	sort.Slice(s.Packs, func(i, j int) bool {
		a, b := s.Packs[i], s.Packs[j]
		if a.Weight != b.Weight {
			return a.Weight < b.Weight
		}
		return a.ID < b.ID
	})
	pageIDs := map[string]string{}
	walkMarkdown(src, "content", &errs, func(rel string, data []byte) {
		p := loadPage(rel, data, &errs)
		if p == nil {
			return
		}
		if prev, ok := pageIDs[p.ID]; ok {
			errs.Add(rel, 1, 1, "duplicate page id %q: %s has the same file name", p.ID, prev)
			return
		}
		pageIDs[p.ID] = rel
		s.Pages = append(s.Pages, p)
	})
	sort.Slice(s.Modes, func(i, j int) bool {
		a, b := s.Modes[i], s.Modes[j]
		if a.Category != b.Category {
			return a.Category < b.Category
		}
		if a.Weight != b.Weight {
			return a.Weight < b.Weight
		}
		return a.ID < b.ID
	})
	sort.Slice(s.Pages, func(i, j int) bool {
		a, b := s.Pages[i], s.Pages[j]
		if a.Weight != b.Weight {
			return a.Weight < b.Weight
		}
		return a.ID < b.ID
	})
	errs.Sort()
	return s, errs
}

// LoadModeFile reads one mode file outside a site, for commands that take
// a mode in place of a position. Its category, when the front matter has
// none, is the name of its folder. It returns every problem it finds.
func LoadModeFile(file string) (*Mode, ErrorList) {
	var errs ErrorList
	rel := filepath.ToSlash(file)
	data, ok := readSource(file, rel, "a mode file", &errs)
	if !ok {
		return nil, errs
	}
	m := loadMode(rel, data, &errs)
	errs.Sort()
	if m == nil || m.Start == nil {
		if errs.Err() == nil {
			errs.Add(rel, 1, 1, "not a mode file")
		}
		return nil, errs
	}
	return m, errs
}

// walkMarkdown calls fn for every .md file under src/dir in lexical order.
func walkMarkdown(src, dir string, errs *ErrorList, fn func(rel string, data []byte)) {
	root := filepath.Join(src, dir)
	if _, err := os.Stat(root); os.IsNotExist(err) {
		return
	}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		rel = filepath.ToSlash(rel)
		if d.Type()&fs.ModeSymlink != 0 {
			if !linkedFileOK(src, p, rel, errs) {
				return nil
			}
		}
		if d.IsDir() || !strings.HasSuffix(p, ".md") {
			return nil
		}
		if data, ok := readSource(p, rel, "a mode file, page or pack header", errs); ok {
			fn(rel, data)
		}
		return nil
	})
	if err != nil {
		errs.Add(dir, 0, 0, "%v", err)
	}
}

// linkedFileOK looks at a symbolic link met while walking: a link to a
// folder is skipped (the walk does not follow them), with a warning; a
// link to a file outside the source folder is read, with a warning that
// a build elsewhere will miss it.
func linkedFileOK(src, p, rel string, errs *ErrorList) bool {
	target, err := filepath.EvalSymlinks(p)
	if err != nil {
		errs.Warn(rel, 0, 0, "a broken symbolic link: skipped (%v)", err)
		return false
	}
	fi, err := os.Stat(target)
	if err != nil {
		return false
	}
	if fi.IsDir() {
		errs.Warn(rel, 0, 0, "a symbolic link to a folder (%s): skipped, as links to folders are not followed; move or copy the folder here", target)
		return false
	}
	if !fi.Mode().IsRegular() {
		return true // a device or a pipe: the reader refuses it, and says so
	}
	root, err := filepath.EvalSymlinks(src)
	if err != nil {
		root = src
	}
	if r, err := filepath.Rel(root, target); err != nil || !filepath.IsLocal(r) {
		if strings.HasSuffix(p, ".md") {
			errs.Warn(rel, 0, 0, "a symbolic link to a file outside the source folder (%s): it is read, but a build from a clone will not have it", target)
		}
	}
	return true
}

// CheckBaseURL accepts an absolute http(s) URL with a host, the address a
// site is served from; "user.github.io/repo" (no scheme) would make
// every canonical link wrong.
func CheckBaseURL(u string) error {
	if u == "" {
		return nil
	}
	p, err := url.Parse(u)
	switch {
	case err != nil:
		return err
	case p.Scheme != "http" && p.Scheme != "https" || p.Host == "":
		return fmt.Errorf("%q is not an absolute URL: write it with its scheme and host, such as https://user.github.io/repo/", u)
	case p.RawQuery != "" || p.Fragment != "":
		return fmt.Errorf("%q has a query or a fragment: give the address the site is served from", u)
	}
	return nil
}

func (s *Site) loadConfig(errs *ErrorList) {
	name := filepath.Join(s.Src, "site.yaml")
	if _, err := os.Lstat(name); os.IsNotExist(err) {
		return
	}
	data, ok := readSource(name, "site.yaml", "site.yaml", errs)
	if !ok {
		return
	}
	d := &decoder{path: "site.yaml", errs: errs}
	n := d.parseYAML(bytes.TrimPrefix(data, []byte("\ufeff")))
	if n == nil {
		return
	}
	c := &s.Config
	d.fields(n, "site.yaml", map[string]func(*yaml.Node){
		"title": func(v *yaml.Node) { d.str(v, "title", &c.Title) },
		"base_url": func(v *yaml.Node) {
			if d.str(v, "base_url", &c.BaseURL) {
				if err := CheckBaseURL(c.BaseURL); err != nil {
					d.errorf(v, "base_url: %v", err)
				}
			}
		},
		"description": func(v *yaml.Node) { d.str(v, "description", &c.Description) },
		"language":    func(v *yaml.Node) { d.str(v, "language", &c.Language) },
	})
}

func fileID(rel string) string { return strings.TrimSuffix(path.Base(rel), ".md") }

func loadPage(rel string, data []byte, errs *ErrorList) *Page {
	front, body, bodyLine, err := splitFrontMatter(data)
	if err != nil {
		errs.Add(rel, 1, 1, "%v", err)
		return nil
	}
	p := &Page{ID: fileID(rel), Path: rel, Body: body, BodyLine: bodyLine}
	if !idRE.MatchString(p.ID) {
		errs.Add(rel, 1, 1, "file name %q: want lower-case letters, digits and dashes", p.ID+".md")
		return nil
	}
	d := &decoder{path: rel, lineOff: 1, errs: errs}
	n := d.parseYAML(front)
	if n == nil {
		return nil
	}
	d.fields(n, "front matter", map[string]func(*yaml.Node){
		"title":   func(v *yaml.Node) { d.str(v, "title", &p.Title) },
		"summary": func(v *yaml.Node) { d.str(v, "summary", &p.Summary) },
		"weight":  func(v *yaml.Node) { d.integer(v, "weight", -1000, 1000, &p.Weight) },
	})
	if p.Title == "" {
		d.errorf(n, "missing required key \"title\"")
	}
	return p
}

func loadMode(rel string, data []byte, errs *ErrorList) *Mode {
	front, body, bodyLine, err := splitFrontMatter(data)
	if err != nil {
		errs.Add(rel, 1, 1, "%v", err)
		return nil
	}
	m := &Mode{ID: fileID(rel), Path: rel, Body: body, BodyLine: bodyLine, Difficulty: 1, pos: map[string]Pos{}, source: data}
	if !idRE.MatchString(m.ID) {
		errs.Add(rel, 1, 1, "file name %q: want lower-case letters, digits and dashes", m.ID+".md")
		return nil
	}
	if dir := path.Dir(rel); dir != "modes" {
		m.Category = path.Base(dir)
	}
	d := &decoder{path: rel, lineOff: 1, errs: errs}
	n := d.parseYAML(front)
	if n == nil {
		return nil
	}
	var rulesNode, startNode *yaml.Node
	mark := func(key string, v *yaml.Node) { m.pos[key] = d.at(v) }
	// An error in a key the proof reads (the rules, the start, the claim,
	// the puzzle) keeps the mode from being verified; any other (an
	// unknown key, a bad title) is reported beside what the proof finds.
	proofOK := true
	proof := func(h func(*yaml.Node)) func(*yaml.Node) {
		return func(v *yaml.Node) {
			before := len(*errs)
			h(v)
			proofOK = proofOK && len(*errs) == before
		}
	}
	d.fields(n, "front matter", map[string]func(*yaml.Node){
		"title":      func(v *yaml.Node) { mark("title", v); d.str(v, "title", &m.Title) },
		"category":   func(v *yaml.Node) { mark("category", v); d.str(v, "category", &m.Category) },
		"summary":    func(v *yaml.Node) { mark("summary", v); d.str(v, "summary", &m.Summary) },
		"variant":    proof(func(v *yaml.Node) { mark("variant", v); d.str(v, "variant", &m.Variant) }),
		"rules":      proof(func(v *yaml.Node) { mark("rules", v); rulesNode = v }),
		"start":      proof(func(v *yaml.Node) { mark("start", v); startNode = v; d.str(v, "start", &m.StartText) }),
		"difficulty": func(v *yaml.Node) { d.integer(v, "difficulty", 1, 5, &m.Difficulty) },
		"icon":       func(v *yaml.Node) { d.str(v, "icon", &m.Icon) },
		"weight":     func(v *yaml.Node) { d.integer(v, "weight", -1000, 1000, &m.Weight) },
		"opponent": func(v *yaml.Node) {
			mark("opponent", v)
			if d.str(v, "opponent", &m.Opponent) {
				if _, err := terms.ParseStrategy(m.Opponent); err != nil {
					d.errorf(v, "opponent: %v", err)
				}
			}
		},
		"claim":  proof(func(v *yaml.Node) { mark("claim", v); m.Claim = d.claim(v, m) }),
		"puzzle": proof(func(v *yaml.Node) { mark("puzzle", v); m.Puzzle = d.puzzle(v, m) }),
	})
	if m.Title == "" {
		d.errorf(n, "missing required key \"title\"")
	}
	if startNode == nil {
		d.errorf(n, "missing required key \"start\" (a position code or FEN)")
	}
	if m.Category == "" {
		d.errorf(n, "missing key \"category\" (or put the file in a folder named after its category)")
	}
	if m.StartText == "" || m.Category == "" {
		return m
	}
	// The rules and the start are checked even when other keys are
	// wrong, so that one run reports every independent problem; the mode
	// gets its start (and is verified) only when the keys the proof
	// reads are right.
	d.settle(m, n, rulesNode, startNode, proofOK)
	return m
}

// settle gives m its rules — the preset (by default from the board's
// width) and the overrides of rulesNode — and, when proofOK and both
// are right, its start, then lints it.
func (d *decoder) settle(m *Mode, n, rulesNode, startNode *yaml.Node, proofOK bool) {
	errs := d.errs
	if m.Variant == "" {
		m.Variant = defaultVariant(m.StartText)
	}
	rules, err := engine.Preset(m.Variant)
	if err != nil {
		d.errorf(nodeOr(n, "variant"), "%v", err)
		return
	}
	before := len(*errs)
	if rulesNode != nil {
		d.rules(rulesNode, rules, m)
	}
	m.Rules = rules
	if rules.Bans && m.Claim != nil && m.Claim.MateIn > 0 {
		mp := m.At("claim.mate_in")
		errs.Add(m.Path, mp.Line, mp.Col, "claim.mate_in is not defined under Ban Chess (distances count ban plies too); claim only the result")
	}
	proofOK = proofOK && len(*errs) == before
	start, err := engine.Parse(m.StartText, rules)
	if err != nil {
		d.errorf(startNode, "start: %v", err)
		return
	}
	if proofOK {
		m.Start = start
		m.lint(errs)
	}
}

// defaultVariant is the preset of a start without a variant: 1d on a
// one-file board (or what looks like one, when it does not parse), else
// chess.
func defaultVariant(startText string) string {
	if p, err := engine.Parse(startText, engine.MustPreset("chess")); err == nil && p.B.W == 1 {
		return "1d"
	} else if err != nil && !strings.Contains(startText, "/") && strings.Count(startText, ",") > 0 {
		return "1d"
	}
	return "chess"
}

// ScaffoldSummary is the summary `thinchess new mode` writes, for the
// author to replace.
const ScaffoldSummary = "Describe the mode in one sentence."

// lint warns of what is allowed but most likely a mistake.
func (m *Mode) lint(errs *ErrorList) {
	warn := func(key, format string, args ...any) {
		p := m.At(key)
		errs.Warn(m.Path, p.Line, p.Col, format, args...)
	}
	if m.Summary == ScaffoldSummary {
		warn("summary", "the summary is still the scaffold's placeholder: say in one sentence what the mode is")
	}
	if m.Puzzle != nil && m.Claim == nil {
		warn("puzzle", "a puzzle without a claim: add claim: {result: …, mate_in: …} so that the build proves what the puzzle asks")
	}
	if m.Puzzle != nil {
		for i, h := range m.Puzzle.Hints {
			if len(strings.Fields(h.Text)) == 1 {
				warn(fmt.Sprintf("puzzle.hints.%d.text", i+1), "hint %d is one word: say what to look at, or why", i+1)
			}
		}
	}
	if m.Rules.Goal == engine.GoalCheckmate {
		for _, c := range []engine.Color{engine.White, engine.Black} {
			if m.Start.King(c) == engine.NoSquare {
				warn("start", "the start has no %s king: under checkmate rules %s can never be mated", c, c.Title())
			}
		}
	}
}

// nodeOr returns the value node of key in mapping n, or n itself.
func nodeOr(n *yaml.Node, key string) *yaml.Node {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return n
}

func (d *decoder) rules(n *yaml.Node, r *engine.Rules, m *Mode) {
	if n.Kind != yaml.MappingNode {
		d.errorf(n, "rules must be a mapping such as {castling: false}, not %s", kindName(n))
		return
	}
	handlers := map[string]func(*yaml.Node){}
	for _, name := range engine.RuleNames {
		name := name
		handlers[name] = func(v *yaml.Node) {
			m.pos["rules."+name] = d.at(v)
			switch {
			case name == "goal":
				var g string
				if d.str(v, "goal", &g) {
					if err := r.SetGoal(g); err != nil {
						d.errorf(v, "%v", err)
					}
					m.RuleText = append(m.RuleText, "goal: "+g)
				}
			case name == "promotion" && v.Kind == yaml.SequenceNode:
				var letters []string
				if d.strList(v, "promotion", &letters) {
					if err := r.SetPromotion(letters); err != nil {
						d.errorf(v, "%v", err)
					}
					m.RuleText = append(m.RuleText, "promotion: "+strings.Join(letters, ", "))
				}
			default:
				var b bool
				if d.boolean(v, name, &b) {
					if err := r.SetBool(name, b); err != nil {
						d.errorf(v, "%v", err)
					}
					m.RuleText = append(m.RuleText, name+": "+v.Value)
				}
			}
		}
	}
	d.fields(n, "rules", handlers)
}

func (d *decoder) claim(n *yaml.Node, m *Mode) *Claim {
	c := &Claim{}
	var resultNode *yaml.Node
	d.fields(n, "claim", map[string]func(*yaml.Node){
		"result": func(v *yaml.Node) {
			m.pos["claim.result"] = d.at(v)
			resultNode = v
			var text string
			if d.str(v, "claim.result", &text) {
				r, err := engine.ParseOutcome(text)
				if err != nil || r == engine.Unknown {
					d.errorf(v, "claim.result %q: want white-wins, black-wins or draw", text)
				}
				c.Result = r
			}
		},
		"mate_in": func(v *yaml.Node) {
			m.pos["claim.mate_in"] = d.at(v)
			// One limit for every claim: the longest mate the mate
			// search proves, for a mode too large to solve exactly.
			d.integer(v, "claim.mate_in", 1, terms.MaxMateMoves, &c.MateIn)
		},
	})
	if resultNode == nil && n.Kind == yaml.MappingNode {
		d.errorf(n, "claim needs a result (white-wins, black-wins or draw)")
	}
	if c.Result == engine.Drawn && c.MateIn > 0 {
		d.errorf(nodeOr(n, "mate_in"), "claim.mate_in makes no sense with result draw")
	}
	return c
}

func (d *decoder) puzzle(n *yaml.Node, m *Mode) *Puzzle {
	p := &Puzzle{}
	var sideNode *yaml.Node
	d.fields(n, "puzzle", map[string]func(*yaml.Node){
		"side": func(v *yaml.Node) {
			sideNode = v
			m.pos["puzzle.side"] = d.at(v)
			var s string
			if d.str(v, "puzzle.side", &s) {
				switch s {
				case "white":
					p.Side = engine.White
				case "black":
					p.Side = engine.Black
				default:
					d.errorf(v, "puzzle.side %q: want white or black", s)
				}
			}
		},
		"solution": func(v *yaml.Node) {
			m.pos["puzzle.solution"] = d.at(v)
			d.str(v, "puzzle.solution", &p.Solution)
		},
		"hints": func(v *yaml.Node) {
			if v.Kind != yaml.SequenceNode {
				d.errorf(v, "puzzle.hints must be a list, not %s", kindName(v))
				return
			}
			for i, hn := range v.Content {
				h := Hint{Pos: d.at(hn)}
				prefix := "puzzle.hints." + itoa(i+1)
				d.fields(hn, "hint "+itoa(i+1), map[string]func(*yaml.Node){
					"text": func(v *yaml.Node) { m.pos[prefix+".text"] = d.at(v); d.str(v, "hint text", &h.Text) },
					"squares": func(v *yaml.Node) {
						m.pos[prefix+".squares"] = d.at(v)
						d.strList(v, "hint squares", &h.Squares)
					},
					"move": func(v *yaml.Node) { m.pos[prefix+".move"] = d.at(v); d.str(v, "hint move", &h.Move) },
				})
				if h.Text == "" && hn.Kind == yaml.MappingNode {
					d.errorf(hn, "hint %d needs a text", i+1)
				}
				p.Hints = append(p.Hints, h)
			}
		},
	})
	if sideNode == nil && n.Kind == yaml.MappingNode {
		d.errorf(n, "puzzle needs a side (white or black)")
	}
	return p
}

func itoa(i int) string { return strconv.Itoa(i) }
