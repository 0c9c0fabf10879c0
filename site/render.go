package site

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site/chunks"
	"github.com/thinchess/thinchess/site/hintcost"
	"github.com/thinchess/thinchess/site/jslink"
	"github.com/thinchess/thinchess/site/markdown"
	"github.com/thinchess/thinchess/site/picture"
	"github.com/thinchess/thinchess/site/publish"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/templates"
	"github.com/thinchess/thinchess/verify"
)

// RenderOptions are the inputs of Render beyond the site and its
// verification results.
type RenderOptions struct {
	// BaseURL is the absolute URL the site is served from; it is used only
	// for canonical and og: links and the 404 page's <base>. Every other
	// URL is relative.
	BaseURL string
	// Wasm is the engine compiled for GOOS=js GOARCH=wasm and WasmExec the
	// matching wasm_exec.js (see wasmengine.Browser).
	Wasm     []byte
	WasmExec []byte
	// LiveReload adds the script that reloads pages when `thinchess serve`
	// rebuilds and shows build errors, and keeps the service worker away.
	LiveReload bool
	// Templates, when not nil, overrides the embedded templates package
	// file by file (layouts at the top, static/ for the front end): the
	// site's own templates/ folder.
	Templates fs.FS
	// verify.Cache, when not nil, keeps the explorer pages' layouts between
	// builds.
	Cache *verify.Cache
	// Memo, when not nil, keeps the chunks of puzzles for the next render.
	Memo *Memo
	// Proven are the records of the site's certificates, for the page
	// of solved starts.
	Proven []verify.Proven
	// Dates are when the source files (by slash path, as mode.Mode.Path)
	// were first published and last changed, for the feed; a file without
	// one takes DefaultDate, or is left out of the feed when that is zero.
	Dates       map[string]SourceDate
	DefaultDate time.Time
	// MaxStates is the build's exact-solving budget, which the page of
	// solved starts names; 0 is verify.DefaultOptions'.
	MaxStates int
	// streamed, when not nil, are the packs a build streamed (their
	// puzzles are in none of the site's packs), and stage, when not nil,
	// the output the chunks of puzzles go to as they are made, instead
	// of the files Render returns.
	streamed *chunks.Stream
	stage    *publish.Stage
}

// Render turns a loaded site, its verification results and the
// artifacts of the modes solved exactly (both by mode id) into every
// output file, keyed by slash-separated path. The output is
// deterministic: the same input gives byte-identical files.
func Render(s *mode.Site, results map[string]*verify.Verification, artifacts map[string]*verify.Artifacts, opt RenderOptions) (map[string][]byte, error) {
	if len(opt.Wasm) == 0 || len(opt.WasmExec) == 0 {
		return nil, fmt.Errorf("render: the wasm engine and wasm_exec.js are required (see wasmengine.Browser)")
	}
	r, err := render(s, results, artifacts, opt)
	if err != nil {
		return nil, err
	}
	return r.files, nil
}

// render is Render, returning the renderer: a build that streams its
// chunks into its output (opt.stage) finds their names and sizes in it.
func render(s *mode.Site, results map[string]*verify.Verification, artifacts map[string]*verify.Artifacts, opt RenderOptions) (*renderer, error) {
	r := &renderer{site: s, results: results, artifacts: artifacts, opt: opt, files: map[string][]byte{}, assets: map[string]string{}, fs: templates.FS, staged: map[string]int{}}
	if opt.Templates != nil {
		r.fs = overlayFS{opt.Templates, templates.FS}
	}
	if err := r.render(); err != nil {
		return nil, err
	}
	return r, nil
}

// fileNames are the names of the files rendered so far, those kept in
// files and those written into the stage, sorted.
func (r *renderer) fileNames() []string {
	names := make([]string, 0, len(r.files)+len(r.staged))
	for n := range r.files {
		names = append(names, n)
	}
	for n := range r.staged {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// fileSize is the size of the rendered file name.
func (r *renderer) fileSize(name string) int {
	if data, ok := r.files[name]; ok {
		return len(data)
	}
	return r.staged[name]
}

// overlayFS reads a file from top, else from base: a site's templates/
// folder replaces the embedded templates file by file.
type overlayFS struct{ top, base fs.FS }

func (o overlayFS) Open(name string) (fs.File, error) {
	if f, err := o.top.Open(name); err == nil {
		return f, nil
	}
	return o.base.Open(name)
}

// renderer holds the state of one Render call.
type renderer struct {
	site      *mode.Site
	results   map[string]*verify.Verification
	artifacts map[string]*verify.Artifacts
	opt       RenderOptions
	fs        fs.FS // the templates and static files
	files     map[string][]byte
	assets    map[string]string // logical name → output path
	modules   *jslink.Graph     // the front end's modules
	tables    map[string]string // mode id → table output path
	layout    *template.Template
	// pages holds the layout joined with each content template, parsed
	// once: html/template escapes a template on its first execution, so
	// reusing it across pages saves the analysis per page.
	pages  map[string]*template.Template
	mu     sync.Mutex // guards files and pages while pages render in parallel
	sprite template.HTML
	build  string
	docs   []*mode.Page
	modes  []*modeView
	// puzzles is what the pages say of the puzzles (planPuzzles).
	puzzles *puzzlePlan
	// feed holds the entries of the Atom feed (see feedEntries).
	feed []atomEntry
	// rendered are the pages written so far, for the offline list.
	rendered []*page
	// staged are the files written into opt.stage, not kept in files,
	// and their sizes (see fileNames).
	staged map[string]int
}

// render renders the site in three stages. The plan (plan) makes
// what every page reads: the assets, the play tables, the views of the
// modes, the puzzles' chunks and index with the packs' views, the feed.
// The pages are then rendered from the plan alone: no page step reads
// another's files or changes the plan, so the steps run side by side.
// Last come the files that list the others (renderListings).
func (r *renderer) render() error {
	if err := r.plan(); err != nil {
		return err
	}
	steps := []func() error{r.renderHome, r.renderModes, r.renderPacks, r.renderExplore, r.renderTrain, r.renderEditor, r.renderDocs, r.renderNotFound}
	if err := par.Try(len(steps), func(i int) error { return steps[i]() }); err != nil {
		return err
	}
	return r.renderListings()
}

// plan makes what the pages read, in order: the assets, the play
// tables (named by their content alone, so a table that several modes
// or puzzles share is written once), the build's id, the layout, the
// modes' views, the feed's entries and the puzzles' data.
func (r *renderer) plan() error {
	if err := r.addAssets(); err != nil {
		return err
	}
	r.tables = map[string]string{}
	for _, m := range r.site.Checked() {
		a := r.artifacts[m.ID]
		if a == nil || len(a.Play) == 0 {
			continue
		}
		if m.Origin.Kind != mode.FromPack && gzipSize(r.opt.Cache, a.Play) > PageTableBudget {
			// Too heavy for a first visit: the page plays on its
			// searcher, as a page over the state budget does; the
			// build has proven its claim all the same.
			continue
		}
		r.tables[m.ID] = chunks.TablePath(a.Play)
		r.files[r.tables[m.ID]] = a.Play
	}
	if sp := r.opt.streamed; sp != nil {
		for name, play := range sp.Tables() {
			r.files[name] = play
		}
	}
	r.build = r.assetHash()
	var err error
	if r.layout, err = template.New("layout").Funcs(template.FuncMap{"thousands": thousands, "icon": picture.IconHTML, "stars": stars}).ParseFS(r.fs, "layout.html"); err != nil {
		return fmt.Errorf("render: %v", err)
	}
	r.sprite = template.HTML(picture.Sprite())
	r.docs = r.site.Pages
	r.modes = make([]*modeView, len(r.site.Modes))
	err = par.Try(len(r.site.Modes), func(i int) (err error) {
		r.modes[i], err = r.modeView(r.site.Modes[i])
		return err
	})
	if err != nil {
		return err
	}
	r.feed = r.feedEntries()
	r.puzzles, err = r.planPuzzles()
	return err
}

// renderListings writes the files that list the others, after them:
// the offline page lists every file a reader may need; the sitemap,
// which lists it, and the service worker, which precaches it, come
// after it.
func (r *renderer) renderListings() error {
	if err := r.renderManifest(); err != nil {
		return err
	}
	if err := r.renderSaveList(); err != nil {
		return err
	}
	if err := r.renderOfflinePage(); err != nil {
		return err
	}
	if err := r.renderSitemap(); err != nil {
		return err
	}
	r.renderRobots()
	if err := r.renderFeed(); err != nil {
		return err
	}
	return r.renderServiceWorker()
}

// PageTableBudget is the most a mode page's play table may weigh,
// gzipped (what a server sends): about two seconds of a slow 4G link.
// A mode whose table weighs more is proven all the same, and its page
// plays on the WebAssembly searcher, as a page over the state budget
// does. TestFirstLoad holds every page's first load to it.
const PageTableBudget = 400 << 10

// page is the data every layout gets.
type page struct {
	r           *renderer
	Kind        string // home, mode, explore, train, dashboard, editor, doc, pack, offline, notfound
	Path        string // output path of the page
	Root        string // relative prefix to the site root ("../../")
	Base        string // <base href>, for the 404 page only
	Title       string
	name        string // the title without the site's
	Description string
	Canonical   string
	DocID       string
	// Image is the absolute URL of the page's preview (og:image), and
	// ImageAlt its text; both empty for a page without one.
	Image, ImageAlt string

	Mode       *modeView
	Page       *mode.Page
	Solved     []solvedRow
	Sources    sources
	Beyond     beyond
	Body       template.HTML
	Categories []category
	Board      picture.BoardView
	Data       template.JS
	Palette    []paletteItem
	Variants   []string
	Explore    *exploreView
	Pack       *packView
	// First is the trainer's first puzzle, drawn in full in the page.
	First *wire.PuzzleEntry
}

// Packs are the site's packs, for the home page.
func (p *page) Packs() []*packView { return p.r.puzzles.packs }

// Corpus counts the site's puzzles by board family and kind.
func (p *page) Corpus() corpusView { return p.r.puzzles.corpus }

// PuzzleIndex is the relative URL of the trainer's index of puzzles.
func (p *page) PuzzleIndex() string { return p.Root + p.r.puzzles.index }

// Asset returns the relative URL of an asset by its logical name.
func (p *page) Asset(name string) (string, error) {
	out, ok := p.r.assets[name]
	if !ok {
		return "", fmt.Errorf("no asset %q", name)
	}
	return p.Root + out, nil
}

// Script is the relative URL of the page's entry module.
func (p *page) Script() (string, error) {
	return p.Asset(p.script())
}

func (p *page) script() string {
	if p.Kind == "mode" && p.Mode != nil && p.Mode.solvable() {
		return puzzleScript
	}
	if p.Kind == "mode" && p.Mode != nil && p.Mode.Drillable() {
		return drillScript
	}
	if s, ok := pageScripts[p.Kind]; ok {
		return s
	}
	return defaultScript
}

// Preloads are the relative URLs of the modules the page's entry imports,
// directly or not, for <link rel="modulepreload">.
func (p *page) Preloads() ([]string, error) {
	var urls []string
	for _, m := range p.r.modules.Imported(p.script()) {
		u, err := p.Asset(m)
		if err != nil {
			return nil, err
		}
		urls = append(urls, u)
	}
	return urls, nil
}

// Home is the relative link to the home page.
func (p *page) Home() string {
	if p.Root == "" {
		return "./"
	}
	return p.Root
}

// SiteTitle is the configured site title.
func (p *page) SiteTitle() string { return p.r.site.Config.Title }

// Lang is the page language.
func (p *page) Lang() string {
	if p.r.site.Config.Language == "" {
		return "en"
	}
	return p.r.site.Config.Language
}

// Docs lists the content pages for the navigation.
func (p *page) Docs() []*mode.Page { return p.r.docs }

// HelpLink is the content page the header links to as "Help": the
// authoring guide when there is one, else the first page by weight.
func (p *page) HelpLink() *mode.Page {
	for _, d := range p.r.docs {
		if d.ID == "authoring" {
			return d
		}
	}
	if len(p.r.docs) > 0 {
		return p.r.docs[0]
	}
	return nil
}

// LiveReload reports whether the live-reload script is on.
func (p *page) LiveReload() bool { return p.r.opt.LiveReload }

// Sprite is the inline SVG piece sprite.
func (p *page) Sprite() template.HTML { return p.r.sprite }

// Engine is the relative URL of the wasm engine, which a page loads
// when it searches or solves; a game with an exact table plays on the
// page's own JavaScript engine (local.js) and never loads it.
func (p *page) Engine() (string, error) {
	return p.Asset("thinchess.wasm")
}

// Build identifies this build (a hash of its assets).
func (p *page) Build() string { return p.r.build }

// newPage returns a page at output path out.
func (r *renderer) newPage(kind, out, title string) *page {
	depth := strings.Count(out, "/")
	p := &page{r: r, Kind: kind, Path: out, Root: strings.Repeat("../", depth), Description: r.site.Config.Description}
	p.Title, p.name = title, title
	if title != r.site.Config.Title {
		p.Title = title + " · " + r.site.Config.Title
	}
	if r.baseURL() != "" {
		p.Canonical = r.canonical(out)
	}
	return p
}

// execute renders a page with its content template and stores it.
func (r *renderer) execute(p *page, file string) error {
	r.mu.Lock()
	t := r.pages[file]
	if t == nil {
		var err error
		if t, err = r.layout.Clone(); err == nil {
			_, err = t.ParseFS(r.fs, file)
		}
		if err != nil {
			r.mu.Unlock()
			return fmt.Errorf("render: %v", err)
		}
		if r.pages == nil {
			r.pages = map[string]*template.Template{}
		}
		r.pages[file] = t
	}
	r.mu.Unlock()
	var buf bytes.Buffer
	if err := t.ExecuteTemplate(&buf, "layout", p); err != nil {
		return fmt.Errorf("render %s: %v", p.Path, err)
	}
	r.mu.Lock()
	r.files[p.Path] = buf.Bytes()
	r.rendered = append(r.rendered, p)
	r.mu.Unlock()
	return nil
}

// modeView is a mode as its page and cards show it.
type modeView struct {
	*mode.Mode
	V         *verify.Verification
	A         *verify.Artifacts // nil unless solved exactly
	Board     picture.BoardView
	Thumb     template.HTML
	Body      template.HTML
	Code, FEN string
	W, H      int
	Puzzle    *puzzleView
	Data      template.JS // set per page: URLs depend on where it sits
	// ExactPlay says the computer answers from an exact table (see
	// exactPlay); Cert is the certificate record that proves the start's
	// value when the build does not (see certificateOf).
	ExactPlay bool
	Cert      *verify.Proven
	// table is the output path of the mode's play table, "" for none.
	table      string
	game       json.RawMessage
	promotions []string
}

// Drillable says the page offers drills against perfect play (it loads
// drillScript): it plays a game, not a puzzle, from a table it ships.
func (mv *modeView) Drillable() bool {
	return mv.table != "" && mv.Mode.Puzzle == nil && !mv.OverAtOnce()
}

// puzzleView is what the page says about a puzzle.
type puzzleView struct {
	Task string
}

func (r *renderer) modeView(m *mode.Mode) (*modeView, error) {
	mv, err := r.dataView(m)
	if err != nil {
		return nil, err
	}
	body, err := r.markdown(m.Body)
	if err != nil {
		return nil, fmt.Errorf("render: %s: %v", m.Path, err)
	}
	mv.Board = picture.NewBoardView(m.Start)
	mv.Thumb = template.HTML(picture.Thumbnail(m.Start, m.Title+": start position"))
	mv.Body = template.HTML(body)
	return mv, nil
}

// dataView is the light view of a mode: what its JSON needs (a pack
// puzzle's chunk entry has nothing more), without the page's board,
// thumbnail and body.
func (r *renderer) dataView(m *mode.Mode) (*modeView, error) {
	return r.viewOf(m, r.results[m.ID], r.artifacts[m.ID], r.tables[m.ID])
}

// viewOf is dataView of m with its verification v (nil when none),
// artifacts a (nil when none) and play table (its output path, "" for
// none): a streamed pack's puzzle is in none of the renderer's maps.
func (r *renderer) viewOf(m *mode.Mode, v *verify.Verification, a *verify.Artifacts, table string) (*modeView, error) {
	if m.Start == nil || m.Rules == nil {
		return nil, fmt.Errorf("render: %s: mode %q has no parsed start position", m.Path, m.ID)
	}
	game, err := json.Marshal(m.StartGame())
	if err != nil {
		return nil, fmt.Errorf("render: %s: %v", m.Path, err)
	}
	mv := &modeView{Mode: m, V: v, A: a, table: table, Code: m.Start.Code(), FEN: m.Start.FEN(), W: m.Start.B.W, H: m.Start.B.H, game: game}
	mv.ExactPlay, mv.Cert = exactTable(m, table), r.certificateOf(m, mv.V)
	for _, t := range m.Rules.PromotionTypes() {
		mv.promotions = append(mv.promotions, string(t.Letter()))
	}
	if m.Puzzle != nil {
		mv.Puzzle = &puzzleView{Task: mv.task()}
	}
	return mv, nil
}

// solvable reports whether the mode's page is a puzzle the player
// solves: a puzzle with its solution tree (the page's data carries it).
// Its page loads puzzleScript; any other mode page plays a game.
func (mv *modeView) solvable() bool {
	return mv.Mode.Puzzle != nil && mv.V != nil && mv.V.Tree != nil
}

// OverAtOnce reports whether the mode's game ends with its first action
// whatever is played: its proof reached only the start and the one
// position after it (Ban Chess on the 1×12 board, stalemated by the first
// ban). Its page tells the story before the board and opens with both
// sides on the device, so that it does not open on a finished game.
func (mv *modeView) OverAtOnce() bool {
	return mv.Mode.Puzzle == nil && mv.V != nil && mv.V.States == 2 && len(mv.V.PV) == 1
}

// task says what the puzzle asks.
func (mv *modeView) task() string {
	side := mv.Mode.Puzzle.Side.Title()
	verb := "mate"
	if mv.Rules != nil && mv.Rules.Goal == engine.GoalRace {
		verb = "win"
	}
	switch {
	case mv.V != nil && mv.V.MateIn > 0 && mv.V.Value == engine.WinFor(mv.Mode.Puzzle.Side):
		return fmt.Sprintf("%s to play and %s in %d.", side, verb, mv.V.MateIn)
	case mv.Claim != nil && mv.Claim.MateIn > 0:
		return fmt.Sprintf("%s to play and %s in %d.", side, verb, mv.Claim.MateIn)
	case mv.Claim != nil && mv.Claim.Result == engine.Drawn:
		return fmt.Sprintf("%s to play and hold the draw.", side)
	}
	return fmt.Sprintf("%s to play and win.", side)
}

// WideThumb reports a board at least three times as long as it is wide,
// drawn lying down across the card.
func (mv *modeView) WideThumb() bool { return picture.WideBoard(mv.Start.B) }

// stars lists the five stars of a difficulty, true for those it earns.
func stars(difficulty int) []bool {
	s := make([]bool, 5)
	for i := range s {
		s[i] = i < difficulty
	}
	return s
}

// VariantTitle names the preset.
func (mv *modeView) VariantTitle() string { return variantTitle(mv.Variant) }

// variantTitle names a preset for people.
func variantTitle(preset string) string {
	switch preset {
	case "1d":
		return "1-D chess"
	case "chess":
		return "Chess rules"
	case "gardner":
		return "Gardner minichess"
	case "losalamos":
		return "Los Alamos chess"
	case "race":
		return "Race"
	}
	return preset
}

// BadgeClass and BadgeText summarise how the start position was checked.
func (mv *modeView) BadgeClass() string {
	switch {
	case mv.V == nil || mv.V.Method == solver.Unverified:
		return "unverified"
	case mv.V.Verified:
		return "verified"
	}
	return "unverified"
}

// BadgeText is the badge's words.
func (mv *modeView) BadgeText() string {
	switch {
	case mv.V == nil || mv.V.Method == solver.Unverified:
		return "Not verified"
	case mv.V.Verified && mv.V.Method == solver.Exact:
		return "✓ Solved exactly"
	case mv.V.Verified:
		return "✓ Verified by mate search"
	}
	return "Not verified"
}

// ClaimText states the mode's claim in words.
func (mv *modeView) ClaimText() string {
	c := mv.Mode.Claim
	if c == nil {
		return ""
	}
	s := c.Result.Title()
	if c.MateIn > 0 {
		s += fmt.Sprintf(", mate in %d", c.MateIn)
	}
	return s
}

// MethodText says how the build checked the mode.
func (mv *modeView) MethodText() string {
	v := mv.V
	switch v.Method {
	case solver.Exact:
		if v.Certificate != "" {
			return fmt.Sprintf("Exact retrograde table of all %d reachable positions (%d moves), from the certificate %s, every entry of which the build verified.", v.States, v.Edges, v.Certificate)
		}
		if v.States > 0 {
			return fmt.Sprintf("Exact retrograde table of all %d reachable positions (%d moves).", v.States, v.Edges)
		}
		return "Exact retrograde table of every reachable position."
	case solver.ByMateSearch:
		return "Bounded mate search."
	}
	return "Not verified."
}

// ValueText is the proven value of the start position.
func (mv *modeView) ValueText() string {
	v := mv.V
	if v.Method != solver.Exact && mv.Cert != nil {
		return certificateValue(mv.Cert)
	}
	s := v.Value.Title()
	if v.MateIn > 0 {
		s += fmt.Sprintf(": mate in %d (%d plies)", v.MateIn, v.DTM)
	}
	return s
}

// PVText is the principal variation as one numbered line; under Ban
// Chess each ban named as the move it forbids (engine.NumberActions).
func (mv *modeView) PVText() string {
	if mv.Start.R.Bans {
		return mv.Start.LineText(mv.Start.NamesToWords(mv.V.PV))
	}
	return mv.Start.LineText(mv.V.PV)
}

// scriptJSON marshals v for a <script type="application/json"> element.
// encoding/json escapes <, > and &, so the text cannot close the element.
func scriptJSON(v any) (template.JS, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	return template.JS(b), nil
}

// category is one section of the home page: the modes of a board
// family, with how many puzzles the trainer has of it and where.
type category struct {
	ID, Title string
	Modes     []*modeView
	// Puzzles is how many puzzles the trainer has of the group, and
	// Train the trainer's query that picks them ("family=1d").
	Puzzles int
	Train   string
}

// homeGroup is a section of the home page: a board family, or a way of
// playing (races, Ban Chess) that cuts across boards.
type homeGroup struct {
	ID, Title string
	// Kind is true when ID is a kind of puzzle (the trainer's kind=)
	// rather than a board family (family=).
	Kind bool
}

// homeGroups are the home page's sections, in order; their titles are
// the names the mode pages' crumbs use too.
var homeGroups = []homeGroup{
	{ID: "1d", Title: "1-D chess"},
	{ID: "thin", Title: "Thin chess"},
	{ID: "minichess", Title: "Minichess"},
	{ID: "standard", Title: "Standard chess"},
	{ID: "race", Title: "Pawn races", Kind: true},
	{ID: "ban", Title: "Ban Chess", Kind: true},
}

// homeGroupOf is the home page's section of a mode: Ban Chess and races by
// their rules, the others by their board's family.
func homeGroupOf(m *mode.Mode) homeGroup {
	id := chunks.Family(m.Start.B)
	switch {
	case m.Rules != nil && m.Rules.Bans:
		id = "ban"
	case m.Rules != nil && m.Rules.Goal == engine.GoalRace:
		id = "race"
	}
	for _, g := range homeGroups {
		if g.ID == id {
			return g
		}
	}
	return homeGroup{ID: id, Title: id}
}

// GroupID and GroupTitle name the home page's section of the mode.
func (mv *modeView) GroupID() string    { return homeGroupOf(mv.Mode).ID }
func (mv *modeView) GroupTitle() string { return homeGroupOf(mv.Mode).Title }

// renderHome writes the home page, light on a phone: the counts and one
// card per section, and the catalog (modes/), which lists every mode,
// pack and state graph by section.
func (r *renderer) renderHome() error {
	cats := r.categories()
	p := r.newPage("home", "index.html", r.site.Config.Title)
	p.Categories = cats
	if err := r.execute(p, "home.html"); err != nil {
		return err
	}
	all := r.newPage("catalog", catalogPath, "All modes and packs")
	all.Categories = cats
	return r.execute(all, "catalog.html")
}

// catalogPath is the page that lists every mode, pack and state graph.
const catalogPath = "modes/index.html"

// categories are the home page's sections with their modes.
func (r *renderer) categories() []category {
	var cats []category
	counts := map[string]int{}
	for _, f := range r.puzzles.corpus.Families {
		counts["family="+f.ID] = f.Count
	}
	for _, k := range r.puzzles.corpus.Kinds {
		counts["kind="+k.ID] = k.Count
	}
	byID := map[string][]*modeView{}
	for _, mv := range r.modes {
		g := mv.GroupID()
		byID[g] = append(byID[g], mv)
	}
	for _, g := range homeGroups {
		modes := byID[g.ID]
		if len(modes) == 0 {
			continue
		}
		// Games first, then puzzles, each in the modes' own order.
		sort.SliceStable(modes, func(i, j int) bool { return modes[i].Puzzle == nil && modes[j].Puzzle != nil })
		train := "family=" + g.ID
		if g.Kind {
			train = "kind=" + g.ID
		}
		cats = append(cats, category{ID: g.ID, Title: g.Title, Modes: modes, Puzzles: counts[train], Train: train})
	}
	return cats
}

func (r *renderer) renderModes() error {
	return par.Try(len(r.modes), func(i int) error {
		mv := r.modes[i]
		p := r.newPage("mode", "modes/"+mv.ID+"/index.html", mv.Title)
		if mv.Summary != "" {
			p.Description = mv.Summary
		}
		d, err := scriptJSON(r.modeData(mv, p.Root, pageFacts))
		if err != nil {
			return fmt.Errorf("render %s: %v", mv.Path, err)
		}
		view := *mv
		view.Data = d
		p.Mode = &view
		if err := r.preview(p, mv.Start, mv.Title+": the start position"); err != nil {
			return err
		}
		return r.execute(p, "mode.html")
	})
}

func (r *renderer) renderTrain() error {
	// The dashboard names themes and boards from the corpus's index.
	dash := r.newPage("dashboard", "train/dashboard/index.html", "Your training")
	var err error
	if dash.Data, err = scriptJSON(wire.Train{Root: dash.Root, Index: dash.PuzzleIndex()}); err != nil {
		return err
	}
	if err := r.execute(dash, "dashboard.html"); err != nil {
		return err
	}
	p := r.newPage("train", "train/index.html", "Puzzle trainer")
	// The page is drawn with the easiest puzzle, which the trainer opens
	// for a new player (nothing kept on the device): it paints at once
	// and is never replaced. For a returning player the trainer chooses
	// one from the corpus's chunks, and the page stays unseen until then.
	first, pack := r.puzzles.first, r.puzzles.firstPack
	if first == nil {
		return r.execute(p, "train.html")
	}
	p.Board = picture.NewBoardView(first.Start)
	e := r.puzzleEntry(first, pack)
	p.First = &e
	if p.Data, err = scriptJSON(wire.Train{Root: p.Root, Index: p.PuzzleIndex(), First: p.First}); err != nil {
		return err
	}
	return r.execute(p, "train.html")
}

// pickChoice is a button of the trainer's board picker: the puzzles of
// a board family, or of a kind, or all (both empty).
type pickChoice struct {
	Title, Family, Kind string
}

// Picker is the trainer's board picker, drawn in the page so that it
// does not push the board down when the index arrives: all the puzzles,
// each board family, and the kinds only a proof can give (holds and Ban
// Chess); none when there is less than a choice. train.js binds it.
func (p *page) Picker() []pickChoice {
	c := p.r.puzzles.corpus
	out := []pickChoice{{Title: "All"}}
	for _, f := range c.Families {
		out = append(out, pickChoice{Title: f.Title, Family: f.ID})
	}
	for _, k := range c.Kinds {
		if k.ID == "hold" || k.ID == "ban" {
			out = append(out, pickChoice{Title: k.Title, Kind: k.ID})
		}
	}
	if len(out) < 3 {
		return nil
	}
	return out
}

// FirstHint is the Hint button's label a new player reads on the
// trainer's first puzzle (hintcost.FirstLabel), "" when the trainer must
// write it.
func (p *page) FirstHint() string { return hintcost.FirstLabel(p.First) }

// FirstMeta is the line of facts under the trainer's first puzzle, as
// trainshow.js's metaText writes it once the trainer opens the puzzle.
func (p *page) FirstMeta() string {
	if p.First == nil {
		return ""
	}
	return metaText(*p.First, p.r.puzzles.names)
}

// corpusNames are the titles the trainer's index gives the packs and
// the themes, by id.
type corpusNames struct {
	packs, themes map[string]string
}

// metaText is the line of facts under a puzzle's title in the trainer:
// its rating, its themes, its pack (unless the title names it) and
// whether the build could not prove it. It is the twin of trainshow.js's
// metaText (TestBrowserTrainFirstPaint compares them).
func metaText(e wire.PuzzleEntry, names corpusNames) string {
	rating := "Rated " + strconv.Itoa(e.Rating)
	if e.Estimated {
		rating += " (estimated)"
	}
	meta := []string{rating}
	if len(e.Themes) > 0 {
		themes := make([]string, len(e.Themes))
		for i, t := range e.Themes {
			if themes[i] = names.themes[t]; themes[i] == "" {
				themes[i] = t
			}
		}
		meta = append(meta, strings.Join(themes, ", "))
	}
	if pack := names.packs[e.Pack]; pack != "" && !strings.Contains(e.Title, pack) {
		meta = append(meta, pack)
	}
	if e.Verification != nil && !e.Verification.Verified {
		meta = append(meta, "not verified: the build could not prove it")
	}
	return strings.Join(meta, " · ")
}

// firstPuzzle is the easiest authored puzzle, else the first puzzle of
// the first pack, else nil; and the id of its pack in the index.
func (r *renderer) firstPuzzle() (*modeView, string) {
	var first *modeView
	for _, mv := range r.modes {
		if mv.Puzzle != nil && (first == nil || mv.Difficulty < first.Difficulty) {
			first = mv
		}
	}
	if first != nil {
		return first, authoredPack
	}
	for _, p := range r.site.Packs {
		var mv *modeView
		var err error
		if f := r.opt.streamed.Pack(p); f != nil {
			if f.First != nil {
				mv, err = r.viewOf(f.First, f.FirstV, nil, f.FirstTable)
			}
		} else if len(p.Puzzles) > 0 {
			mv, err = r.dataView(p.Puzzles[0])
		}
		if mv != nil && err == nil {
			return mv, p.ID
		}
	}
	return nil, ""
}

// paletteItem is one tool of the editor's palette.
type paletteItem struct {
	Code, Label, Color, Letter string
}

// editorStart is the position the editor opens on without ?pos=.
const editorStart = "bk,bn,br,x,x,wr,wn,wk:w"

func (r *renderer) renderEditor() error {
	p := r.newPage("editor", "editor/index.html", "Position editor")
	start, err := engine.Parse(editorStart, nil)
	if err != nil {
		return fmt.Errorf("render editor: %v", err)
	}
	p.Board = picture.NewBoardView(start)
	for _, c := range []engine.Color{engine.White, engine.Black} {
		for _, t := range picture.Order {
			pc := engine.MakePiece(c, t)
			p.Palette = append(p.Palette, paletteItem{Code: picture.ColorClass(c) + string(t.Letter()), Label: picture.PieceName(pc), Color: picture.ColorClass(c), Letter: string(t.Letter())})
		}
	}
	p.Palette = append(p.Palette, paletteItem{Code: "x", Label: "Remove a piece"})
	p.Variants = engine.Presets
	return r.execute(p, "editor.html")
}

func (r *renderer) renderDocs() error {
	for _, d := range r.site.Pages {
		p := r.newPage("doc", "docs/"+d.ID+"/index.html", d.Title)
		if d.Summary != "" {
			p.Description = d.Summary
		}
		body, err := r.markdown(d.Body)
		if err != nil {
			return fmt.Errorf("render %s: %v", d.Path, err)
		}
		p.Page, p.Body, p.DocID = d, template.HTML(body), d.ID
		file := "doc.html"
		if d.ID == "solved" {
			p.Solved, file = r.solvedRows(), "solved.html"
			p.Sources = r.sourcesOf(p.Solved)
			p.Beyond = r.beyondRows(p.Solved)
		}
		if err := r.execute(p, file); err != nil {
			return err
		}
	}
	return nil
}

func (r *renderer) renderNotFound() error {
	p := r.newPage("notfound", "404.html", "Not found")
	p.Canonical = ""
	if r.opt.BaseURL != "" {
		if u, err := url.Parse(r.opt.BaseURL); err == nil && u.Path != "" {
			p.Base = strings.TrimSuffix(u.Path, "/") + "/"
		} else if err == nil {
			p.Base = "/"
		}
	}
	return r.execute(p, "notfound.html")
}

// markdown renders a page body, through the cache: goldmark and chroma
// are most of a warm render's time, and bodies rarely change.
func (r *renderer) markdown(src []byte) ([]byte, error) {
	key := verify.Key("markdown", verify.BinaryHash(), string(src))
	if b, ok := r.opt.Cache.Get("markdown", key); ok {
		return b, nil
	}
	b, err := markdown.Render(src)
	if err == nil {
		r.opt.Cache.Put("markdown", key, b)
	}
	return b, err
}
