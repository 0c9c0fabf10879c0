package verify

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/text"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/memo"
	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// Options bound the work verification may do.
type Options struct {
	// MaxStates is the largest reachable state space solved exactly.
	MaxStates int
	// MateNodes bounds each mate search, and ModeNodes all the mate
	// searches of one mode together (0 means ModeBudget × MateNodes).
	MateNodes, ModeNodes int
	// Cache, when not nil, keeps solver results between builds.
	Cache *Cache
	// Memo, when not nil, keeps results in memory for the next run.
	Memo *Memo
	// BundleLabel names the file this run writes in each pack's bundle
	// of results (see Cache.LoadBundle): AllLabel when empty, which also
	// merges the files of shards into it.
	BundleLabel string
	// Certificates is the folder of certificates (thinchess prove) for
	// starts over MaxStates, "" for none: a mode whose start has one there
	// is verified against it once the certificate itself is verified.
	Certificates string
	// Progress, when not nil, is called after each mode or puzzle is
	// verified with how many are and how many there are; calls come one
	// at a time, done rising.
	Progress func(done, total int)
	// certs is that folder as Verify lists it, once a run.
	certs *certIndex
	// PackTableStates bounds the tables of packs with a table key (see
	// DefaultPackTableStates).
	PackTableStates int
	// table, when not nil, is the table that proves the puzzle being
	// verified (its pack's).
	table *packTable
}

// DefaultOptions are the limits the build uses unless told otherwise.
var DefaultOptions = Options{MaxStates: 1_000_000, MateNodes: 20_000_000}

// ModeBudget is how many single searches' worth of nodes a mode's mate
// searches may take together when Options.ModeNodes is 0.
const ModeBudget = 5

// modeNodes is the total node budget of one mode's mate searches.
func (o Options) modeNodes() int64 {
	if o.ModeNodes > 0 {
		return int64(o.ModeNodes)
	}
	return ModeBudget * int64(o.MateNodes)
}

// Verify proves or refutes every claim, solution line, hint and fenced
// line block of every mode. It returns each mode's verification and the
// artifacts of those solved exactly, both keyed by mode id, and every
// error and warning found. Modes are verified in
// parallel, and a mode whose file and thinchess binary are unchanged
// since the last successful verification is read from the cache.
func Verify(s *mode.Site, opt Options) (map[string]*Verification, map[string]*Artifacts, mode.ErrorList) {
	opt.certs = newCertIndex(opt.Certificates)
	// Modes and puzzles that prove themselves first; then the puzzles of
	// packs with a table, against the tables the first pass solved.
	var modes, tabled []*mode.Mode
	for _, m := range s.Checked() {
		switch {
		case m.Start == nil:
		case m.Origin.Kind == mode.FromPack && m.Origin.Pack.TableMode != nil:
			tabled = append(tabled, m)
		default:
			modes = append(modes, m)
		}
	}
	// The results of a pack's puzzles live in one bundle per pack, read
	// when a puzzle is not in the memo.
	bundles := map[*mode.Pack]*packBundle{}
	for _, p := range s.Packs {
		if len(p.Puzzles) > 0 {
			bundles[p] = &packBundle{cache: opt.Cache, name: bundleName(p)}
		}
	}
	run := &verifyRun{opt: opt, bundles: bundles, facts: map[string]*Verification{}, artifacts: map[string]*Artifacts{}, total: len(modes) + len(tabled)}
	run.collect(modes, par.Map(modes, func(m *mode.Mode) verified {
		var errs mode.ErrorList
		r := verifyCached(m, opt, bundles[m.Origin.Pack], &errs)
		r.v.Key = r.key
		run.step()
		return verified{r, errs}
	}))
	tables := run.packTables(s.Packs)
	run.collect(tabled, par.Map(tabled, func(m *mode.Mode) verified {
		var errs mode.ErrorList
		pt := tables[m.Origin.Pack]
		defer run.step()
		if pt.err != "" {
			v := &Verification{Method: solver.Unverified, Value: engine.Unknown, DTM: -1, Note: pt.err}
			return verified{cacheResult{v: v}, errs}
		}
		o := opt
		o.table = pt
		r := verifyCached(m, o, bundles[m.Origin.Pack], &errs)
		r.v.Key = r.key
		if err := pt.failed(); err != nil && !r.hit {
			// The error at the pack's table key says why; the puzzle is
			// not proven, nor kept as if it were.
			v := &Verification{Method: solver.Unverified, Value: engine.Unknown, DTM: -1, Note: err.Error()}
			return verified{cacheResult{v: v}, errs}
		}
		return verified{r, errs}
	}))
	run.tableErrors(s.Packs, tables)
	for _, m := range tabled {
		if pt := tables[m.Origin.Pack]; pt.a != nil {
			run.artifacts[m.ID] = pt.a
		}
	}
	opt.Memo.Turn()
	label := cmp.Or(opt.BundleLabel, AllLabel)
	for _, b := range bundles {
		b.save(label)
	}
	run.errs.Sort()
	return run.facts, run.artifacts, run.errs
}

// verified is one mode's verification and the problems it found.
type verified struct {
	cacheResult
	errs mode.ErrorList
}

// verifyRun gathers the results of one run of Verify.
type verifyRun struct {
	opt       Options
	bundles   map[*mode.Pack]*packBundle
	facts     map[string]*Verification
	artifacts map[string]*Artifacts
	errs      mode.ErrorList
	// progress guards done, the modes and puzzles verified of total.
	progress    sync.Mutex
	done, total int
	// streaming is set for a PackStream's run, whose pack holds no
	// puzzles: they come later, a batch at a time.
	streaming bool
}

// step counts one mode or puzzle verified and tells opt.Progress.
func (run *verifyRun) step() {
	if run.opt.Progress == nil {
		return
	}
	run.progress.Lock()
	defer run.progress.Unlock()
	run.done++
	run.opt.Progress(run.done, run.total)
}

// collect records the results done of modes.
func (run *verifyRun) collect(modes []*mode.Mode, done []verified) {
	for i, m := range modes {
		d := done[i]
		run.facts[m.ID] = d.v
		if d.a != nil {
			run.artifacts[m.ID] = d.a
		}
		run.errs = append(run.errs, d.errs...)
		if d.data == nil {
			continue
		}
		if b := run.bundles[m.Origin.Pack]; b != nil {
			b.add(d.key, d.data, d.hit)
		}
		run.opt.Memo.Put(d.key, d.cacheResult)
	}
}

// packBundle is a pack's bundle of cached results: as read (when a
// lookup needed it), and as this run leaves it.
type packBundle struct {
	cache *Cache
	name  string
	once  sync.Once
	old   map[string][]byte
	files int
	// lazy, for a PackStream, reads an index of the bundle (ix) instead
	// of its entries, and an entry when a lookup asks for it.
	lazy bool
	ix   *bundleIndex
	// now are the results of this run and fresh the keys not read from
	// a cache or memo.
	now   map[string][]byte
	fresh []string
}

// get looks key up in the bundle, reading it on first use.
func (b *packBundle) get(key string) ([]byte, bool) {
	if b == nil {
		return nil, false
	}
	b.once.Do(func() {
		if b.lazy {
			b.ix, b.files = b.cache.indexBundle(b.name)
		} else {
			b.old, b.files = b.cache.LoadBundle(b.name)
		}
	})
	if b.ix != nil {
		return b.ix.get(key)
	}
	data, ok := b.old[key]
	return data, ok
}

// entries is how many entries the bundle held as read (0 when unread).
func (b *packBundle) entries() int {
	if b.ix != nil {
		return len(b.ix.at)
	}
	return len(b.old)
}

// add records one result of this run.
func (b *packBundle) add(key string, data []byte, hit bool) {
	if b.now == nil {
		b.now = map[string][]byte{}
	}
	b.now[key] = data
	if !hit {
		b.fresh = append(b.fresh, key)
	}
}

// bundleName names the cache bundle of a pack's results.
func bundleName(p *mode.Pack) string {
	return p.ID + "-" + Key("pack", p.DataPath)[:12]
}

// maxDeltas bounds the files of a bundle: past it, the next save
// rewrites the bundle as one file.
const maxDeltas = 8

// save writes what this run changed. A shard writes its whole share. A
// build writes a small delta file when few results are new, so that
// editing one puzzle of 100,000 writes one result, and rewrites the
// bundle as one file (dropping the results no puzzle uses any more, and
// merging the shards' files) when it has many files or results changed
// a lot.
func (b *packBundle) save(label string) {
	if label != AllLabel {
		b.cache.SaveBundle(b.name, label, b.now)
		return
	}
	read := b.old != nil
	if !read && len(b.fresh) == 0 {
		return // every result came from the memo, so is in the bundle
	}
	files := b.files
	if !read {
		files = len(b.cache.bundlePaths(b.name))
	}
	switch {
	case read && len(b.fresh) == 0 && files == 1 && len(b.now) == len(b.old):
		return
	case len(b.fresh) > 0 && len(b.fresh)*8 < len(b.now) && files < maxDeltas:
		delta := map[string][]byte{}
		for _, k := range b.fresh {
			delta[k] = b.now[k]
		}
		b.cache.SaveBundle(b.name, "delta-"+Key(b.fresh...)[:16], delta)
	default:
		b.cache.SaveBundle(b.name, AllLabel, b.now)
	}
}

// cachedVerification is what the cache keeps of a mode's verification:
// the result, its table and its warnings (modes with errors are not kept).
// The warnings of a pack's puzzle are kept with lines counted from the
// puzzle's line, so that they stay right when lines above it move.
type cachedVerification struct {
	V        *Verification
	Table    []byte
	Play     []byte
	Warnings mode.ErrorList
}

// cacheResult is a verification and how the cache served it: its key,
// its encoding in the cache (nil when it must not be kept), its warnings
// (with lines counted from a pack puzzle's line) and whether it was a
// hit.
type cacheResult struct {
	v        *Verification
	a        *Artifacts
	key      string
	data     []byte
	warnings mode.ErrorList
	hit      bool
}

// Memo keeps verifications in memory from one run of Verify to the next
// in the same process (serve), so that a rebuild after an edit neither
// verifies nor reads from the cache anything that did not change. It
// holds the results of the last two runs (a run may have seen a file
// half-written by an editor), by verification key.
type Memo = memo.Memo[string, cacheResult]

// verifyCached returns the cached verification of m when its source, the
// limits and the running binary are unchanged, and verifies it otherwise.
// It looks in the memo first; then a pack's puzzle in bundle (its
// pack's), a mode file in a cache file of its own.
func verifyCached(m *mode.Mode, opt Options, bundle *packBundle, errs *mode.ErrorList) cacheResult {
	tableKey := ""
	if opt.table != nil {
		tableKey = opt.table.key
	}
	parts := []string{"verify", solver.Version, BinaryHash(), m.Path, string(m.Source()), fmt.Sprint(opt.MaxStates, opt.MateNodes, opt.modeNodes()), certificateSum(m, opt), tableKey}
	if m.Origin.Kind == mode.FromPack && m.Origin.Pack.Unverified {
		// Its unproven puzzles are kept with a warning, which must be an
		// error again once the header no longer says so.
		parts = append(parts, "unverified")
	}
	key := Key(parts...)
	lineOff := 0
	if m.Origin.Kind == mode.FromPack {
		lineOff = m.Origin.Line
	}
	addWarnings := func(ws mode.ErrorList) {
		for _, w := range ws {
			abs := *w
			abs.Line += lineOff
			*errs = append(*errs, &abs)
		}
	}
	if r, ok := opt.Memo.Get(key); ok {
		opt.Cache.count("verify", true)
		addWarnings(r.warnings)
		r.hit = true
		return r
	}
	var data []byte
	var ok bool
	if m.Origin.Kind == mode.FromPack {
		data, ok = bundle.get(key)
		opt.Cache.count("verify", ok)
	} else {
		data, ok = opt.Cache.Get("verify", key)
	}
	if ok {
		var c cachedVerification
		if json.Unmarshal(data, &c) == nil && c.V != nil {
			addWarnings(c.Warnings)
			r := cacheResult{v: c.V, key: key, data: data, warnings: c.Warnings, hit: true}
			if len(c.Table) > 0 {
				r.a = &Artifacts{Table: c.Table, Play: c.Play}
			}
			return r
		}
	}
	var local mode.ErrorList
	v, a := verifyMode(m, opt, &local)
	*errs = append(*errs, local...)
	r := cacheResult{v: v, a: a, key: key}
	if len(local.Errors()) == 0 {
		c := cachedVerification{V: v}
		for _, w := range local {
			rel := *w
			rel.Line -= lineOff
			c.Warnings = append(c.Warnings, &rel)
		}
		r.warnings = c.Warnings
		if a != nil {
			c.Table, c.Play = a.Table, a.Play
		}
		if data, err := json.Marshal(c); err == nil {
			r.data = data
			if m.Origin.Kind == mode.FromFile {
				opt.Cache.Put("verify", key, data)
			}
		}
	}
	return r
}

// BinaryHash identifies the running program, so that cached results
// made by another version of the solver, engine or renderer are not
// reused; cache keys include it.
var BinaryHash = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return "unknown"
	}
	f, err := os.Open(exe)
	if err != nil {
		return "unknown"
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "unknown"
	}
	return hex.EncodeToString(h.Sum(nil))
})

func verifyMode(m *mode.Mode, opt Options, errs *mode.ErrorList) (*Verification, *Artifacts) {
	v := &Verification{Method: solver.Unverified, Value: engine.Unknown, DTM: -1}
	blocks, misspelt := scanFences(m.Body)
	for _, f := range misspelt {
		errs.Warn(m.Path, m.BodyLine+f.line, f.col, "a fenced block of kind %q: did you mean \"line\"? (only ```line blocks are proven)", f.text)
	}
	var o solver.Oracle
	var a *Artifacts
	var note string
	switch {
	case opt.table != nil:
		o, note = tableOracle(m, opt.table, v, errs)
	case m.Origin.Kind == mode.FromPack && m.Origin.Pack.Proof == mode.MateSearchProof:
		// The pack asks for mate search alone.
	default:
		o, a, note = exactOracle(m, opt, v, errs)
	}
	if o == nil && note == "" {
		o, note = mateOracle(m, opt, v, errs)
	}
	if o == nil {
		v.Note = note
		if note != refuted && (m.Claim != nil || m.Puzzle != nil) && (opt.table == nil || opt.table.failed() == nil) {
			unproven(m, "claim", errs, "claim not verified: %s", note)
		}
		checkLegal(m, blocks, errs)
		return v, a
	}
	v.Note = note
	ok := true
	start := m.Start
	val, dtm, known := o.Probe(start)
	if known {
		v.Value = val.Outcome(start.Side)
		v.DTM = dtm
		if val != solver.Draw && dtm >= 0 && !start.R.Bans {
			v.MateIn = engine.MateIn(val == solver.Win, dtm)
		}
		v.Best = sanList(start, o.BestMoves(start))
		v.PV = start.ActionNames(solver.PV(o, start, solver.PVLength))
	}
	if c := m.Claim; c != nil && c.Result != engine.Unknown {
		ok = checkClaim(m, c, v, known, errs) && ok
	}
	if m.Puzzle != nil {
		ok = checkPuzzle(m, o, v, errs) && ok
	}
	ok = checkLineBlocks(m, o, blocks, errs) && ok
	v.Verified = ok && known
	return v, a
}

// unproven reports, at the value of key, that m's claim is not proven: an
// error for a pack's puzzle, unless its pack's header says unverified:
// true (no unproven puzzle ships unmarked), else a warning.
func unproven(m *mode.Mode, key string, errs *mode.ErrorList, format string, args ...any) {
	p := m.At(key)
	if m.Origin.Kind == mode.FromPack && !m.Origin.Pack.Unverified {
		errs.Add(m.Path, p.Line, p.Col, format+"; a pack ships a puzzle the build cannot prove only when its header says unverified: true (the site then marks it \"not verified\")", args...)
		return
	}
	errs.Warn(m.Path, p.Line, p.Col, format, args...)
}

// errAt adds an error at the value of a front-matter key, looked up only
// now that there is an error.
func errAt(m *mode.Mode, key string, errs *mode.ErrorList, format string, args ...any) {
	p := m.At(key)
	errs.Add(m.Path, p.Line, p.Col, format, args...)
}

func checkClaim(m *mode.Mode, c *mode.Claim, v *Verification, known bool, errs *mode.ErrorList) bool {
	if !known {
		unproven(m, "claim.result", errs, "claim %s not verified: %s", c.Result, v.Note)
		return false
	}
	if c.Result != v.Value {
		rp := m.At("claim.result")
		errs.Add(m.Path, rp.Line, rp.Col, "claim result %s is false: %s (%s)", c.Result, describeValue(v), methodText(v))
		return false
	}
	if c.MateIn > 0 && c.MateIn != v.MateIn {
		mp := m.At("claim.mate_in")
		side, _ := v.Value.Winner()
		winner := side.Title()
		if c.MateIn < v.MateIn {
			errs.Add(m.Path, mp.Line, mp.Col, "claim mate_in %d is false: %s mates in %d at best (%s)", c.MateIn, winner, v.MateIn, methodText(v))
		} else {
			errs.Add(m.Path, mp.Line, mp.Col, "claim mate_in %d is too long: %s mates in %d (%s)", c.MateIn, winner, v.MateIn, methodText(v))
		}
		return false
	}
	return true
}

func describeValue(v *Verification) string {
	switch v.Value {
	case engine.Drawn:
		return "the start is a draw"
	case engine.WhiteWins, engine.BlackWins:
		return fmt.Sprintf("%s, mate in %d", v.Value.Title(), v.MateIn)
	}
	return "the value is unknown"
}

func methodText(v *Verification) string {
	switch v.Method {
	case solver.Exact:
		return fmt.Sprintf("exact table of %d states", v.States)
	case solver.ByMateSearch:
		return "bounded mate search"
	}
	return "not verified"
}

// sanList names moves (or actions) of p, in the order given.
func sanList(p *engine.Position, moves []engine.Move) []string {
	out := make([]string, len(moves))
	for i, mv := range moves {
		out[i] = p.ActionName(mv)
	}
	return out
}

// checkLine checks a move line from the start: every move legal, every
// move of the winner optimal, every defence a longest one. pos is where
// the line's text starts in the file and col0 the column of its first
// byte (lines of a block are checked one by one). It returns the moves.
// at gives where the line's text starts; it is asked only for an error
// (finding a place in a pack's line costs a walk over its JSON).
// parseSolution reads a line played from start: SAN moves, or under Ban
// Chess the action log of bans and moves ("b:a2a4 m:a8a6").
func parseSolution(start *engine.Position, text string) ([]engine.Move, error) {
	if start.R.Bans {
		return start.ParseActions(text)
	}
	return start.ParseLine(text)
}

func checkLine(m *mode.Mode, o solver.Oracle, text string, at func() mode.Pos, what string, errs *mode.ErrorList) ([]engine.Move, bool) {
	start := m.Start
	// Judge the legal prefix first: a non-optimal move is the first thing
	// wrong even when a later move is illegal.
	moves, parseErr := parseSolution(start, text)
	p := *start
	offsets := engine.MoveOffsets(text)
	for i, mv := range moves {
		val, dtm, known := o.Probe(&p)
		if !known {
			break
		}
		best := o.BestMoves(&p)
		if !slices.Contains(best, mv) {
			pos := at()
			col := pos.Col
			if i < len(offsets) {
				col += offsets[i]
			}
			errs.Add(m.Path, pos.Line, col, "%s: %s", what, whyNotOptimal(&p, o, mv, best, val, dtm))
			return moves, false
		}
		p.MakeAction(mv)
	}
	if parseErr != nil {
		pos := at()
		col := pos.Col
		if le, ok := parseErr.(*engine.LineError); ok {
			col += le.Offset
		}
		errs.Add(m.Path, pos.Line, col, "%s: %v", what, parseErr)
		return moves, false
	}
	return moves, true
}

// whyNotOptimal explains why mv, played in p, is not optimal.
func whyNotOptimal(p *engine.Position, o solver.Oracle, mv engine.Move, best []engine.Move, val solver.Value, dtm int) string {
	label := p.Label().String() + " " + p.SAN(mv)
	right := strings.Join(sanList(p, best), ", ")
	q := *p
	q.Make(mv)
	after, adtm, known := o.Probe(&q)
	mover := p.Side.Title()
	switch val {
	case solver.Win:
		if known && after == solver.Loss {
			return fmt.Sprintf("move %s is not optimal: it mates in %d instead of %d (optimal: %s)", label, (adtm+2)/2, (dtm+1)/2, right)
		}
		what := "draws"
		if known && after == solver.Win {
			what = "loses"
		} else if !known {
			what = "does not keep a proven mate"
		}
		return fmt.Sprintf("move %s %s: %s wins with %s", label, what, mover, right)
	case solver.Loss:
		return fmt.Sprintf("move %s is not the best defence: %s lasts longer (mate in %d instead of %d)", label, right, (dtm)/2, (adtm+1)/2)
	default:
		return fmt.Sprintf("move %s loses a drawn position: %s holds the draw with %s", label, mover, right)
	}
}

func checkPuzzle(m *mode.Mode, o solver.Oracle, v *Verification, errs *mode.ErrorList) bool {
	pz := m.Puzzle
	ok := true
	switch {
	case v.Value == engine.Drawn:
		// A drawn puzzle asks the player to hold the draw.
	case v.Value == engine.WhiteWins && pz.Side != engine.White, v.Value == engine.BlackWins && pz.Side != engine.Black:
		sp := m.At("puzzle.side")
		errs.Add(m.Path, sp.Line, sp.Col, "puzzle side %s is the losing side: %s", pz.Side, describeValue(v))
		ok = false
	}
	var line []engine.Move
	if pz.Solution != "" {
		moves, lineOK := checkLine(m, o, pz.Solution, func() mode.Pos { return m.TextAt("puzzle.solution") }, "puzzle.solution", errs)
		ok = ok && lineOK
		line = moves
	}
	start := m.Start
	best := o.BestMoves(start)
	for i, h := range pz.Hints {
		prefix := fmt.Sprintf("puzzle.hints.%d", i+1)
		if h.Move != "" {
			key := prefix + ".move"
			mv, err := start.ParseMove(h.Move)
			switch {
			case err != nil:
				errAt(m, key, errs, "hint %d: %v", i+1, err)
				ok = false
			case !slices.Contains(best, mv):
				errAt(m, key, errs, "hint %d move %s is not optimal (optimal: %s)", i+1, h.Move, strings.Join(sanList(start, best), ", "))
				ok = false
			}
		}
		if len(h.Squares) > 0 {
			key := prefix + ".squares"
			useful := false
			for _, name := range h.Squares {
				sq, err := start.B.ParseSquare(name)
				if err != nil {
					errAt(m, key, errs, "hint %d: %v", i+1, err)
					ok = false
					useful = true
					break
				}
				for _, mv := range best {
					if mv.From() == sq || mv.To() == sq {
						useful = true
					}
				}
			}
			if !useful {
				errAt(m, key, errs, "hint %d squares %s point nowhere useful: no optimal move starts or ends there (optimal: %s)", i+1, strings.Join(h.Squares, ", "), strings.Join(sanList(start, best), ", "))
				ok = false
			}
		}
		if h.Text != "" {
			ok = checkHintText(m, best, i, h, line, errs) && ok
		}
	}
	if ok && m.Origin.Kind == mode.FromPack && m.Origin.Pack.TableMode != nil {
		ok = checkOneAnswer(m, o, line, errs)
	}
	if ok {
		v.Tree = buildTree(m, o, line)
		switch v.Value {
		case engine.WinFor(pz.Side):
			describePuzzle(m, o, v, line)
		case engine.Drawn:
			describeHold(m, o, v, line)
			v.Danger = holdDanger(start, o, best)
		}
	}
	return ok
}

// sanToken finds move-like words in hint text: a piece letter and a
// square (Na3, Rxa5, Nbd7), a pawn capture (exd5), a promotion (e8=Q) or
// castling. Bare squares are names, not moves, and are not checked.
var sanToken = regexp.MustCompile(`\b(?:[KQRBN][a-p]?[0-9]{0,2}x?[a-p](?:1[0-6]|[1-9])|[a-p]x[a-p](?:1[0-6]|[1-9])(?:=?[QRBN])?|[a-p](?:1[0-6]|[1-9])=[QRBN]|O-O(?:-O)?)\b[+#]?`)

// checkHintText checks moves named in a hint's text: each must be one of
// best, the optimal moves at the start, or a move of the solution line.
func checkHintText(m *mode.Mode, best []engine.Move, i int, h mode.Hint, line []engine.Move, errs *mode.ErrorList) bool {
	start := m.Start
	lineSAN := map[string]bool{}
	p := *start
	for _, mv := range line {
		lineSAN[strings.TrimRight(p.SAN(mv), "+#")] = true
		p.Make(mv)
	}
	ok := true
	for _, tok := range sanToken.FindAllString(h.Text, -1) {
		bare := strings.TrimRight(tok, "+#")
		if lineSAN[bare] {
			continue
		}
		mv, err := start.ParseSAN(bare)
		if err == nil && slices.Contains(best, mv) {
			continue
		}
		hp := m.At(fmt.Sprintf("puzzle.hints.%d.text", i+1))
		if err != nil {
			errs.Add(m.Path, hp.Line, hp.Col, "hint %d names %s, which is neither a move of the solution nor legal at the start: %v", i+1, tok, err)
		} else {
			errs.Add(m.Path, hp.Line, hp.Col, "hint %d names %s, which is not optimal at the start (optimal: %s)", i+1, tok, strings.Join(sanList(start, best), ", "))
		}
		ok = false
	}
	return ok
}

// checkLineBlocks checks every line of every fenced ```line block of
// the body, read by goldmark as the renderer reads it.
func checkLineBlocks(m *mode.Mode, o solver.Oracle, blocks []blockLine, errs *mode.ErrorList) bool {
	ok := true
	for _, l := range blocks {
		if _, lineOK := checkLine(m, o, l.text, func() mode.Pos { return mode.Pos{Line: m.BodyLine + l.line, Col: l.col} }, "line block", errs); !lineOK {
			ok = false
		}
	}
	return ok
}

// checkLegal checks the solution and the line blocks of a mode no
// oracle knows: their moves cannot be proven optimal, but legality needs
// no solver, and an illegal move is an error in any mode.
func checkLegal(m *mode.Mode, blocks []blockLine, errs *mode.ErrorList) {
	report := func(err error, line, col int, what string) {
		if le, ok := err.(*engine.LineError); ok {
			col += le.Offset
		}
		errs.Add(m.Path, line, col, "%s: %v", what, err)
	}
	if pz := m.Puzzle; pz != nil && pz.Solution != "" {
		if _, err := m.Start.ParseLine(pz.Solution); err != nil {
			p := m.TextAt("puzzle.solution")
			report(err, p.Line, p.Col, "puzzle.solution")
		}
	}
	for _, l := range blocks {
		if _, err := m.Start.ParseLine(l.text); err != nil {
			report(err, m.BodyLine+l.line, l.col, "line block")
		}
	}
}

// nearWord reports whether a is one edit (a letter added, dropped or
// changed, or two neighbours swapped) away from b.
func nearWord(a, b string) bool {
	if a == b || len(a)-len(b) > 1 || len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	switch {
	case len(a) == len(b):
		return a[i+1:] == b[i+1:] || i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
	case len(a) > len(b):
		return a[i+1:] == b[i:]
	}
	return a[i:] == b[i+1:]
}

// blockLine is a line of a fenced ```line block: its text without
// surrounding space, and where that text starts in the body (line from
// 0, column from 1, in bytes).
type blockLine struct {
	text      string
	line, col int
}

// lineBlocks returns the non-blank lines of the body's fenced code blocks
// whose info string is "line".
func lineBlocks(body []byte) []blockLine {
	blocks, _ := scanFences(body)
	return blocks
}

// scanFences walks the body's fenced code blocks once: it returns the
// lines of the ```line blocks, and the body lines (from 0) and kinds of
// the fences whose kind is one edit away from "line" (most likely line
// blocks that would not be proven).
func scanFences(body []byte) (blocks []blockLine, misspelt []blockLine) {
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, nil
	}
	doc := goldmark.DefaultParser().Parse(text.NewReader(body))
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		fb, isFence := n.(*ast.FencedCodeBlock)
		if !entering || !isFence {
			return ast.WalkContinue, nil
		}
		info := ""
		if fb.Info != nil {
			info = strings.TrimSpace(string(fb.Info.Segment.Value(body)))
		}
		if info != "line" {
			if nearWord(info, "line") {
				misspelt = append(misspelt, blockLine{info, bytes.Count(body[:fb.Info.Segment.Start], []byte("\n")), 1})
			}
			return ast.WalkSkipChildren, nil
		}
		lines := fb.Lines()
		for i := range lines.Len() {
			seg := lines.At(i)
			raw := string(seg.Value(body))
			t := strings.TrimSpace(raw)
			if t == "" {
				continue
			}
			start := seg.Start + strings.Index(raw, t)
			lineStart := bytes.LastIndexByte(body[:start], '\n') + 1
			blocks = append(blocks, blockLine{t, bytes.Count(body[:start], []byte("\n")), start - lineStart + 1})
		}
		return ast.WalkSkipChildren, nil
	})
	return blocks, misspelt
}
