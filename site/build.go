package site

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/thinchess/thinchess/internal/outpath"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site/chunks"
	"github.com/thinchess/thinchess/site/firstload"
	"github.com/thinchess/thinchess/site/publish"
	"github.com/thinchess/thinchess/site/wasmengine"
	"github.com/thinchess/thinchess/verify"
)

// BuildOptions configure a build.
type BuildOptions struct {
	Src     string // the source folder (modes/, content/, site.yaml)
	Out     string // the output folder; empty keeps the site in memory
	BaseURL string // overrides site.yaml's base_url
	// CacheDir keeps solver results and the compiled wasm; empty disables caching.
	CacheDir   string
	Verify     verify.Options
	LiveReload bool
	// Only, when not empty, restricts verification to these mode paths
	// (for `check FILE…`); nothing is rendered.
	Only []string
	// CheckOnly stops after verification.
	CheckOnly bool
	// StreamPacks, with CheckOnly, reads and verifies the puzzles of
	// packs a batch at a time and keeps only their counts (Summary.Results
	// then holds the modes alone), so that memory does not grow with the
	// packs: what `thinchess check` does. Shards always stream, and so
	// does a build that writes Out without a Memo: it keeps a record of
	// each puzzle and writes the chunks of puzzles into Out as it makes
	// them (see chunks.Stream), so Summary.Results holds the modes alone
	// and Summary.Output lacks the packs' chunks.
	StreamPacks bool
	// Shard K of Shards (1 ≤ K ≤ Shards), when Shards > 1, verifies only
	// a deterministic Shards-th of the modes and pack puzzles (see
	// InShard) and implies CheckOnly: shards run on separate machines
	// share their results through the cache folder, from which a build
	// then reads them without solving again.
	Shard, Shards int
	// Templates, when not nil, overrides the embedded templates file by
	// file; when nil, the source folder's templates/ does, if there is one.
	Templates fs.FS
	// Memo, when not nil, keeps what this build made for the next one
	// in the same process (serve): see Memo.
	Memo *Memo
	// Progress, when not nil, is told each phase as it starts and, in
	// verify, each mode or puzzle verified; calls come one at a time.
	Progress func(Progress)
	// AllowEmpty writes a site without modes, pages or packs to Out;
	// without it such a build fails with ErrEmpty and writes nothing.
	AllowEmpty bool
}

// ErrEmpty is the error of a build that would write a site without
// modes, pages or packs (see BuildOptions.AllowEmpty).
var ErrEmpty = errors.New("the site has no modes, pages or packs")

// Progress says where a build is: the phase under way (process,
// assemble, render, write; see Build), its step (process: load, verify,
// certificates; assemble: wasm, dates; render: pages, minify) and, in
// verify, how many of the modes and puzzles are verified (Done of Total;
// write's Total is the files).
type Progress struct {
	Phase, Step string
	Done, Total int
}

// String says p for people: "process: verify 120/261", "render: pages",
// "write".
func (p Progress) String() string {
	where := p.Phase
	if p.Step != "" {
		where += ": " + p.Step
	}
	switch {
	case p.Step != "verify":
	case p.Total > 0:
		return fmt.Sprintf("%s %d/%d", where, p.Done, p.Total)
	case p.Done > 0: // a check's packs, whose length is unknown until read
		return fmt.Sprintf("%s %d", where, p.Done)
	}
	return where
}

// SameStep reports whether p and q are in the same phase and step.
func (p Progress) SameStep(q Progress) bool {
	return p.Phase == q.Phase && p.Step == q.Step
}

// Stage is the time one phase of the build took, and the times of its
// steps.
type Stage struct {
	Name  string
	Time  time.Duration
	Steps []Stage
}

// Summary reports what a build did, like Hugo's.
type Summary struct {
	Modes, Puzzles, Pages, Assets, Files int
	// Packs counts the packs and Checked what verification proves:
	// modes and the puzzles of packs.
	Packs, Checked                          int
	Exact, MateSearch, Verified, Unverified int
	WasmRaw, WasmGzip                       int
	// WasmFrom says where the engine came from: "embedded" or
	// "compiled from source" (see wasmengine.Env).
	WasmFrom               string
	Bytes                  int
	CacheHits, CacheMisses int
	// Solved counts the modes and puzzles verified afresh, not read from
	// the cache.
	Solved int
	Stages []Stage
	Total  time.Duration
	// Output holds the built site by slash path.
	Output map[string][]byte `json:"-"`
	// Results holds each mode's verification and Artifacts the tables of
	// the modes solved exactly, by mode id.
	Results   map[string]*verify.Verification `json:"-"`
	Artifacts map[string]*verify.Artifacts    `json:"-"`
	// Warnings are problems that did not fail the build.
	Warnings mode.ErrorList `json:"-"`
	// Web says what the build wrote for crawlers and link previews.
	Web WebSummary
}

// WebSummary counts the files for crawlers, feed readers and link
// previews (see discovery.go).
type WebSummary struct {
	// BaseURL is false when the site has no absolute base URL, and so
	// no sitemap, feed or previews.
	BaseURL                bool
	SitemapURLs, FeedItems int
	Previews, PreviewBytes int
}

// webSummaryOf counts what files holds for the web's conventions.
func webSummaryOf(files map[string][]byte, base bool) WebSummary {
	w := WebSummary{BaseURL: base}
	w.SitemapURLs = bytes.Count(files["sitemap.xml"], []byte("<loc>"))
	w.FeedItems = bytes.Count(files[feedPath], []byte("<entry>"))
	for name, data := range files {
		if strings.HasPrefix(name, "assets/og/") {
			w.Previews++
			w.PreviewBytes += len(data)
		}
	}
	return w
}

// print writes the summary's line.
func (w WebSummary) print(out io.Writer) {
	if !w.BaseURL {
		fmt.Fprintf(out, " web              | robots.txt only: no base URL (site.yaml base_url or --base-url), so no sitemap, feed or preview images\n")
		return
	}
	feed := fmt.Sprintf("feed.xml (%d entries)", w.FeedItems)
	if w.FeedItems == 0 {
		feed = "no feed (no mode or pack has a date: not committed to git, and SOURCE_DATE_EPOCH unset)"
	}
	fmt.Fprintf(out, " web              | sitemap.xml (%d pages), robots.txt, %s, %d preview images (%.1f KiB)\n",
		w.SitemapURLs, feed, w.Previews, float64(w.PreviewBytes)/1024)
}

// Build runs the pipeline in four phases, as Hugo's build does, each
// timed in the summary and reported to opt.Progress as it starts:
//
//   - process reads the sources (mode.Load), verifies every claim
//     (verify.Verify: the solver's tables, the mate prover) and checks
//     the certificates;
//   - assemble gathers what rendering needs besides them: the browser
//     engine, the site's templates, the feed's dates;
//   - render makes every page and asset (Render), then minifies them;
//   - write builds the output folder beside the old one and swaps it in.
//
// It returns the errors found in the sources (the build fails when there
// is any; it then stops after process) and, separately, any other
// failure. A failed build writes nothing.
func Build(opt BuildOptions) (*Summary, mode.ErrorList, error) {
	b := &build{opt: opt, sum: &Summary{}}
	start := time.Now()
	err := b.run()
	b.sum.Total = time.Since(start)
	return b.sum, b.errs, err
}

// build is the state of one Build between its phases.
type build struct {
	opt  BuildOptions
	sum  *Summary
	errs mode.ErrorList
	// done ends the build after process: the sources have errors, or
	// only verification was asked for.
	done bool

	// where the build is, for the timings and the progress
	phase    *Stage
	step     string
	stepFrom time.Time

	// process's results
	site *mode.Site
	// packCounts tally the puzzles of packs a check streamed, which are
	// in no results map.
	packCounts verify.Counts
	vo         verify.Options
	results    map[string]*verify.Verification
	artifacts  map[string]*verify.Artifacts
	proven     []verify.Proven
	// streamed are the packs a build streamed (see chunks.Stream), and
	// stage the output it writes them into; both nil otherwise.
	streamed *chunks.Stream
	stage    *publish.Stage
	// assemble's
	ro RenderOptions
	// render's
	files map[string][]byte
}

// run runs the phases in order until one fails or the build is done.
// An output that overlaps the sources, or a folder the build did not
// make, is refused before anything is read.
func (b *build) run() error {
	defer b.cleanup()
	if b.opt.Out != "" && !b.opt.CheckOnly {
		if err := outpath.Check("the output", b.opt.Out, outpath.Site(b.opt.Src)); err != nil {
			return err
		}
		if err := publish.CheckOutput(b.opt.Out); err != nil {
			return err
		}
	}
	if err := b.runPhase("process", b.process); err != nil || b.done {
		return err
	}
	if err := b.runPhase("assemble", b.assemble); err != nil {
		return err
	}
	if err := b.runPhase("render", b.render); err != nil {
		return err
	}
	if b.opt.Out == "" {
		return nil
	}
	return b.runPhase("write", b.write)
}

// cleanup removes what a build that streamed its packs leaves when it
// stops before its write: the spill file, the stage.
func (b *build) cleanup() {
	b.streamed.Close()
	b.streamed = nil
	if b.stage != nil {
		b.stage.Abort()
	}
}

// runPhase runs one phase and records its time and its steps' times.
// The phase reports itself: each step as it begins, else the phase.
func (b *build) runPhase(name string, run func() error) error {
	b.sum.Stages = append(b.sum.Stages, Stage{Name: name})
	b.phase = &b.sum.Stages[len(b.sum.Stages)-1]
	start := time.Now()
	err := run()
	b.beginStep("", 0)
	b.phase.Time = time.Since(start)
	return err
}

// beginStep ends the current step of the phase, if any, records its
// time, and begins step name (none when empty), reporting it with total
// items to do.
func (b *build) beginStep(name string, total int) {
	now := time.Now()
	if b.step != "" {
		b.phase.Steps = append(b.phase.Steps, Stage{Name: b.step, Time: now.Sub(b.stepFrom)})
	}
	b.step, b.stepFrom = name, now
	if name != "" {
		b.report(0, total)
	}
}

// report tells opt.Progress where the build is: done of total items of
// the current step.
func (b *build) report(done, total int) {
	if b.opt.Progress != nil {
		b.opt.Progress(Progress{Phase: b.phase.Name, Step: b.step, Done: done, Total: total})
	}
}

// process loads the sources, keeps those the options ask for, verifies
// them and checks the certificates. It ends the build when the sources
// have errors or only verification was asked for, and fails with
// ErrEmpty when there is nothing to publish. A check that streams packs
// (StreamPacks, or a shard), and a build that writes a folder, read and
// verify their puzzles a batch at a time after the modes (streamPacks),
// so that their memory does not grow with the packs; the build keeps a
// record of each puzzle for rendering (chunks.Stream).
func (b *build) process() error {
	opt := &b.opt
	b.beginStep("load", 0)
	var modeMemo *mode.Memo
	if opt.Memo != nil && len(opt.Only) == 0 && opt.Shards <= 1 {
		modeMemo = opt.Memo.modes
	}
	if opt.Shards > 1 {
		opt.CheckOnly = true
	}
	stream := opt.CheckOnly && opt.Memo == nil && (opt.StreamPacks || opt.Shards > 1)
	// A build that writes a folder streams its packs too (see
	// chunks.Stream); a server's (Memo) keeps them, to rebuild from.
	streamBuild := !opt.CheckOnly && opt.Out != "" && opt.Memo == nil && len(opt.Only) == 0
	var s *mode.Site
	var errs mode.ErrorList
	if stream || streamBuild {
		s, errs = mode.LoadStream(opt.Src)
	} else {
		s, errs = mode.LoadMemo(opt.Src, modeMemo)
	}
	if opt.BaseURL != "" {
		s.Config.BaseURL = opt.BaseURL
	}
	if len(opt.Only) > 0 {
		errs = keepOnly(s, errs, opt.Only)
	}
	if opt.Shards > 1 {
		keepShard(s, opt.Shard, opt.Shards)
	}
	b.site, b.errs = s, errs
	sum := b.sum
	sum.Modes, sum.Pages, sum.Packs = len(s.Modes), len(s.Pages), len(s.Packs)
	sum.Puzzles = len(s.Puzzles())
	sum.Checked = len(s.Checked())
	if opt.Out != "" && !opt.AllowEmpty && !opt.CheckOnly && sum.Modes+sum.Pages+sum.Packs == 0 && len(errs.Errors()) == 0 {
		return ErrEmpty
	}

	b.beginStep("verify", sum.Checked)
	b.vo = b.verifyOptions(modeMemo != nil)
	b.vo.Progress = b.report
	results, artifacts, verrs := verify.Verify(s, b.vo)
	if streamBuild {
		if err := b.startStream(); err != nil {
			return err
		}
	}
	if stream || streamBuild {
		verrs = append(verrs, b.streamPacks(artifacts, len(results))...)
	}
	if err := b.streamed.Finish(); err != nil {
		return err
	}
	b.beginStep("certificates", 0)
	proven, cerrs := verify.ReadCertificates(b.vo.Certificates, b.vo.Cache)
	verrs = append(verrs, cerrs...)
	verrs = append(verrs, verify.CheckRecords(proven, results)...)
	if c := b.vo.Cache; c != nil {
		sum.CacheHits, sum.CacheMisses = c.Hits, c.Misses
		sum.Solved = c.MissesOf("verify")
	} else {
		sum.Solved = sum.Checked
	}
	b.errs = append(b.errs, verrs...)
	b.errs.Sort()
	sum.Warnings = b.errs.Warnings()
	sum.Results, sum.Artifacts = results, artifacts
	sum.count(results, b.packCounts)
	b.results, b.artifacts, b.proven = results, artifacts, proven
	b.done = len(b.errs.Errors()) > 0 || opt.CheckOnly || len(opt.Only) > 0
	return nil
}

// startStream makes the stage of the build's output, where it writes
// the chunks of its packs as it makes them, and the streamed packs,
// whose spill file lies in the stage until the write.
func (b *build) startStream() error {
	st, err := publish.NewStage(b.opt.Out)
	if err != nil {
		return fmt.Errorf("writing %s: %w", b.opt.Out, err)
	}
	b.stage = st
	b.streamed, err = chunks.NewStream(b.opt.Src, st.Dir())
	return err
}

// streamPacks reads and verifies the puzzles of every pack a batch at a
// time (mode.Pack.ReadPuzzles, verify.PackStream), keeping only their
// counts, at most mode.KeptPerFile errors and warnings of each pack and,
// in a build, each puzzle's record (b.streamed); a shard reads only its
// share of each pack's bytes.
// done is how many modes are verified, for the progress.
func (b *build) streamPacks(artifacts map[string]*verify.Artifacts, done int) mode.ErrorList {
	s, sum := b.site, b.sum
	var ids *mode.IDSet
	if b.opt.Shards <= 1 {
		ids = mode.NewIDSet(s.Modes)
	}
	var errs mode.Bounded
	for _, p := range s.Packs {
		var tableErrs mode.ErrorList
		ps := verify.NewPackStream(p, b.vo, artifacts, &tableErrs)
		if b.streamed != nil {
			ps.Each = b.streamed.Keep(p)
		}
		errs.Add(tableErrs)
		ro := mode.ReadOptions{Shard: b.opt.Shard, Shards: b.opt.Shards, IDs: ids, Errs: &errs}
		p.ReadPuzzles(s.Src, ro, func(batch []*mode.Mode) mode.ErrorList {
			sum.Checked += len(batch)
			sum.Puzzles += len(batch)
			done += len(batch)
			b.report(done, 0)
			return ps.Verify(batch)
		})
		errs.Add(ps.Close())
		b.packCounts.Verified += ps.Verified
		b.packCounts.Unverified += ps.Unverified
		b.packCounts.Exact += ps.Exact
		b.packCounts.MateSearch += ps.MateSearch
	}
	return errs.List()
}

// verifyOptions returns the build's verification options: the defaults
// unless opt.Verify sets a budget, with the cache folder, the serve
// memo when memo, the shard's label and the certificates folder.
func (b *build) verifyOptions(memo bool) verify.Options {
	opt := b.opt
	vo := opt.Verify
	if vo.MaxStates == 0 {
		vo = verify.DefaultOptions
	}
	if opt.CacheDir != "" {
		vo.Cache = &verify.Cache{Dir: opt.CacheDir}
	}
	if memo {
		vo.Memo = opt.Memo.verify
	}
	if opt.Shards > 1 {
		vo.BundleLabel = fmt.Sprintf("shard-%d-of-%d", opt.Shard, opt.Shards)
	}
	if vo.Certificates == "" {
		vo.Certificates = filepath.Join(opt.Src, "certificates")
	}
	return vo
}

// assemble gathers the render options: the browser engine (embedded or
// compiled), the site's own templates folder and, with a base URL, the
// feed's dates.
func (b *build) assemble() error {
	opt := &b.opt
	if dir := filepath.Join(opt.Src, "templates"); opt.Templates == nil {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			opt.Templates = os.DirFS(dir)
		}
	}
	b.beginStep("wasm", 0)
	wasm, wasmExec, from, err := wasmengine.Browser(opt.CacheDir)
	if err != nil {
		return fmt.Errorf("the wasm engine: %w", err)
	}
	b.sum.WasmRaw, b.sum.WasmGzip, b.sum.WasmFrom = len(wasm), gzipSize(b.vo.Cache, wasm), from
	b.ro = RenderOptions{BaseURL: b.site.Config.BaseURL, Wasm: wasm, WasmExec: wasmExec, LiveReload: opt.LiveReload, Templates: opt.Templates, Cache: b.vo.Cache, Memo: opt.Memo, Proven: b.proven, MaxStates: b.vo.MaxStates,
		streamed: b.streamed, stage: b.stage}
	if b.ro.BaseURL != "" {
		// The feed's dates (see dates.go); without a base URL there is
		// no feed.
		b.beginStep("dates", 0)
		if b.ro.DefaultDate, err = sourceDateEpoch(os.Getenv("SOURCE_DATE_EPOCH")); err != nil {
			return err
		}
		b.ro.Dates = gitDates(opt.Src)
	}
	return nil
}

// render makes the site's files and minifies them. A build that
// streamed its packs has written their chunks into its stage already;
// the summary counts them.
func (b *build) render() error {
	b.beginStep("pages", 0)
	r, err := render(b.site, b.results, b.artifacts, b.ro)
	if err != nil {
		return fmt.Errorf("rendering: %w", err)
	}
	files := r.files
	b.sum.Web = webSummaryOf(files, b.ro.BaseURL != "")
	b.beginStep("minify", 0)
	if err := publish.Minify(files); err != nil {
		return fmt.Errorf("minifying: %w", err)
	}
	sum := b.sum
	sum.Output = files
	sum.Files = len(files) + len(r.staged)
	for name := range files {
		if strings.HasPrefix(name, "assets/") {
			sum.Assets++
		}
	}
	for _, name := range r.fileNames() {
		sum.Bytes += r.fileSize(name)
	}
	sum.Assets += len(r.staged) // chunks of puzzles, all in assets/
	b.files = files
	if w := pagesWarning(sum.Bytes, sum.Puzzles); w != nil {
		b.errs = append(b.errs, w)
		sum.Warnings = append(sum.Warnings, w)
	}
	return nil
}

// PagesLimit is the largest site GitHub Pages publishes: 1 GB. A build
// warns past PagesWarnAt of it, before a site grows out of it.
const (
	PagesLimit   = 1_000_000_000
	PagesWarnAt  = PagesLimit / 10 * 8
	pagesLimitMB = PagesLimit / 1_000_000
)

// pagesWarning is the warning of a site of size bytes with puzzles
// puzzles that is past PagesWarnAt, saying how many more puzzles fit at
// its bytes a puzzle; nil below it.
func pagesWarning(size, puzzles int) *mode.Error {
	if size <= PagesWarnAt {
		return nil
	}
	msg := fmt.Sprintf("the site is %d MB, %d%% of the %d MB GitHub Pages publishes", size/1_000_000, size*100/PagesLimit, pagesLimitMB)
	if puzzles > 0 {
		per := size / puzzles
		msg += fmt.Sprintf(" (%d bytes a puzzle", per)
		if size < PagesLimit {
			msg += fmt.Sprintf(": about %d more puzzles fit", (PagesLimit-size)/per)
		}
		msg += "); split the puzzles over more sites, or host it elsewhere"
	}
	return &mode.Error{Msg: msg, Warning: true}
}

// write writes the files to opt.Out, replacing it whole: into the
// stage the chunks of a streamed build are in already, else into a new
// one.
func (b *build) write() error {
	b.report(0, len(b.files))
	b.streamed.Close() // its spill file must not be in the output
	b.streamed = nil
	st := b.stage
	b.stage = nil // committed or, on failure, removed by commit
	var err error
	if st == nil {
		err = publish.Write(b.opt.Out, b.files)
	} else {
		err = st.Commit(b.files)
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", b.opt.Out, err)
	}
	return nil
}

// keepOnly drops from s the modes and packs whose paths only does not
// name, and returns the errors of the files it names.
func keepOnly(s *mode.Site, errs mode.ErrorList, only []string) mode.ErrorList {
	keep := map[string]bool{}
	for _, p := range only {
		keep[path.Clean(p)] = true
	}
	var modes []*mode.Mode
	for _, m := range s.Modes {
		if keep[m.Path] {
			modes = append(modes, m)
		}
	}
	s.Modes = modes
	var packs []*mode.Pack
	for _, p := range s.Packs {
		if keep[p.Path] || keep[p.DataPath] {
			packs = append(packs, p)
		}
	}
	s.Packs = packs
	var kept mode.ErrorList
	for _, e := range errs {
		if keep[e.Path] {
			kept = append(kept, e)
		}
	}
	return kept
}

// count tallies the verifications of results and the streamed puzzles'
// counts: each mode counts once, proven exactly, proven by mate search,
// or not verified (whatever was tried).
func (sum *Summary) count(results map[string]*verify.Verification, c verify.Counts) {
	for _, v := range results {
		c.Add(v)
	}
	sum.Verified, sum.Unverified, sum.Exact, sum.MateSearch = c.Verified, c.Unverified, c.Exact, c.MateSearch
}

// InShard reports whether shard k of n (from 1) verifies the mode m: by
// a hash of its file and id, so that a shard's share does not move when
// other modes are added or edited.
func InShard(m *mode.Mode, k, n int) bool {
	h := fnv.New32a()
	h.Write([]byte(m.Path + "\x00" + m.ID))
	return int(h.Sum32()%uint32(n)) == k-1
}

// keepShard drops from s the modes other shards verify. The puzzles of
// packs are shared out by their bytes as they are read (streamPacks).
func keepShard(s *mode.Site, k, n int) {
	var modes []*mode.Mode
	for _, m := range s.Modes {
		if InShard(m, k, n) {
			modes = append(modes, m)
		}
	}
	s.Modes = modes
}

// gzipSize returns the size of data gzipped at the default level (what
// web servers typically send), remembered in the cache by content.
func gzipSize(c *verify.Cache, data []byte) int {
	key := verify.Key("gzip-size", publish.Hash(data))
	if b, ok := c.Get("gzip-size", key); ok {
		if n, err := strconv.Atoi(string(b)); err == nil {
			return n
		}
	}
	n := firstload.GzipLen(data)
	c.Put("gzip-size", key, []byte(strconv.Itoa(n)))
	return n
}

// Print writes the build summary.
func (s *Summary) Print(w io.Writer) {
	fmt.Fprintf(w, "\n                  | count\n")
	fmt.Fprintf(w, "------------------+------\n")
	fmt.Fprintf(w, " modes            | %5d\n", s.Modes)
	fmt.Fprintf(w, " puzzles          | %5d\n", s.Puzzles)
	if s.Packs > 0 {
		fmt.Fprintf(w, " packs            | %5d\n", s.Packs)
	}
	fmt.Fprintf(w, " content pages    | %5d\n", s.Pages)
	fmt.Fprintf(w, " files written    | %5d (%d assets, %.1f KiB)\n", s.Files, s.Assets, float64(s.Bytes)/1024)
	fmt.Fprintf(w, " verified         | %5d (%d exact tables, %d mate searches)\n", s.Verified, s.Exact, s.MateSearch)
	fmt.Fprintf(w, " not verified     | %5d\n", s.Unverified)
	if s.WasmRaw > 0 {
		fmt.Fprintf(w, " wasm engine      | %.2f MiB raw, %.2f MiB gzip, %s\n", float64(s.WasmRaw)/(1<<20), float64(s.WasmGzip)/(1<<20), s.WasmFrom)
	}
	if s.Output != nil {
		s.Web.print(w)
	}
	fmt.Fprintf(w, " solver cache     | %d hits, %d misses\n\n", s.CacheHits, s.CacheMisses)
	for _, st := range s.Stages {
		fmt.Fprintf(w, " %-8s %8.1f ms", st.Name, ms(st.Time))
		for i, step := range st.Steps {
			sep := ", "
			if i == 0 {
				sep = "   "
			}
			fmt.Fprintf(w, "%s%s %.1f", sep, step.Name, ms(step.Time))
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "Total in %.1f ms\n", ms(s.Total))
}

// ms is d in milliseconds.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
