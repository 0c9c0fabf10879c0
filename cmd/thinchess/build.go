package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site"
	"github.com/thinchess/thinchess/verify"
)

func init() {
	register("build", "verify everything and write the site", runBuild)
	register("check", "verify modes only; file:line:col errors, exit 1 on any", runCheck)
}

// siteFlags are the flags build, check and serve share.
type siteFlags struct {
	src, cacheDir string
	noCache       bool
	maxStates     int
}

func (f *siteFlags) register(fs *cliFlags) {
	fs.StringVar(&f.src, "src", ".", "source `folder` holding modes/, content/, packs/ and site.yaml")
	fs.StringVar(&f.cacheDir, "cache-dir", verify.DefaultCacheDir(), "`folder` for cached solver results and the compiled wasm")
	fs.BoolVar(&f.noCache, "no-cache", false, "solve everything again, ignoring the cache")
	f.maxStates = verify.DefaultOptions.MaxStates
	numberVar(fs, &f.maxStates, "max-states", 1, maxStatesLimit, "solve exactly only state spaces of at most `N` states")
}

func (f *siteFlags) options() site.BuildOptions {
	vo := verify.DefaultOptions
	vo.MaxStates = f.maxStates
	opt := site.BuildOptions{Src: f.src, CacheDir: f.cacheDir, Verify: vo}
	if f.noCache {
		opt.CacheDir = ""
	}
	return opt
}

const buildHelp = `usage: thinchess build [--src DIR] [--out DIR] [--base-url URL] [--allow-empty] [-q]

Verifies every mode and pack puzzle of the site in --src (as check does),
renders the site and writes it to --out, replacing what was there. A
failed build leaves --out as it was. A build replaces only a folder it
made (it marks it with a file, .thinchess-output), or a new or empty
one, and never one that is, holds or lies inside what it reads (modes/,
packs/, content/, certificates/, templates/, site.yaml, .git), nor the
source folder, the current folder or the home folder, or one of their
parents: such an --out is refused, exit status 2, before anything is
written. The folder holding --out must exist. Each problem is printed as
path:line:col: message, with paths from the current folder; the exit
status is 1 on any error. A source folder without modes, content pages or
packs is refused: --allow-empty publishes such a site anyway. A build
that takes more than a second reports its phase and step on stderr
(process: load, verify N/M, certificates; assemble: wasm, dates; render:
pages, minify; write) at most once a second; the summary gives each
phase's time and its steps'. -q prints only errors and warnings, not the
progress or the summary.

flags:
`

func runBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("build", buildHelp, stdout, stderr)
	var sf siteFlags
	sf.register(fs)
	out := fs.String("out", "public", "output `folder`")
	base := fs.String("base-url", "", "absolute `URL` the site is served from (for canonical links)")
	allowEmpty := fs.Bool("allow-empty", false, "write the site even when it has no modes, content pages or packs")
	quiet := fs.quiet()
	rest, err := fs.parse(args)
	if err == nil {
		err = fs.noArgs(rest)
	}
	if err == nil {
		if berr := mode.CheckBaseURL(*base); berr != nil {
			err = fmt.Errorf("invalid value for flag -base-url: %v", berr)
		}
	}
	if err != nil {
		return fs.usageExit(err)
	}
	if err := checkBuildOut(*out, &sf); err != nil {
		fmt.Fprintf(stderr, "build: %v\n", err)
		return 2
	}
	isSite, err := siteFolder(sf.src)
	if err == nil && !isSite && !*allowEmpty {
		err = fmt.Errorf("%v\nbuild: refusing to publish an empty site (--allow-empty publishes it anyway)", notSiteError(sf.src))
	}
	if err != nil {
		fmt.Fprintf(stderr, "build: %v\n", err)
		return 1
	}
	opt := sf.options()
	opt.Out, opt.BaseURL, opt.AllowEmpty = *out, *base, *allowEmpty
	var prog *buildProgress
	if !*quiet {
		prog = newBuildProgress("build", stderr)
		opt.Progress = prog.report
	}
	sum, errs, err := site.Build(opt)
	prog.stopTicking()
	for _, e := range withPaths(errs.Capped(mode.ShownPerFile), sf.src, localPath) {
		fmt.Fprintln(stderr, e)
	}
	switch {
	case len(errs.Errors()) > 0:
		fmt.Fprintf(stderr, "build failed: %d error(s); %s left untouched\n", errs.Errors().Count(), printable.Quote(*out))
		return 1
	case errors.Is(err, site.ErrEmpty):
		fmt.Fprintf(stderr, "build: %s has no modes, content pages or packs: refusing to publish an empty site (--allow-empty publishes it anyway); %s left untouched\n", folderName(sf.src), printable.Quote(*out))
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "build failed: %s; %s left untouched\n", printable.Escape(err.Error()), printable.Quote(*out))
		return 1
	}
	if !*quiet {
		sum.Print(stdout)
	}
	return 0
}

const checkHelp = `usage: thinchess check [--src DIR] [--format text|github] [--shard K/N] [-q] [FILE|FOLDER...]

Verifies the modes and pack puzzles of the site in --src, or only those
the FILE arguments name (modes/.../*.md, packs/*.md, packs/*.jsonl; a
FOLDER stands for those below it), and renders nothing. A FILE is named
from the current folder, or else from --src. Each problem is printed as
path:line:col: message on stderr, with paths from the current folder;
--format github prints GitHub Actions annotations on stdout instead, with
paths from the repository's root (GITHUB_WORKSPACE when set, else the
current folder). The exit status is 1 on any error, and when --src is not
a site folder or a FILE is missing or not a mode or pack file.

--shard K/N verifies a fixed N-th of the modes and, of each pack, the
lines that start in the K-th N-th of its bytes (for N machines in CI),
reading only those, and keeps the results in the cache folder, where
build finds them. Packs are read a batch of lines at a time: memory does
not grow with them, and of each file the first 100 errors are kept and
the rest counted.
A check that takes more than a second reports its progress on stderr
(verify N/M) at most once a second. -q prints only errors and warnings,
not the progress or the summary.

flags:
`

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("check", checkHelp, stdout, stderr)
	var sf siteFlags
	sf.register(fs)
	format := fs.String("format", "text", "error `format`: text or github (Actions annotations)")
	shard := fs.String("shard", "", "verify only shard `K/N` of the modes and puzzles (for N machines in CI); the results go to the cache folder, where build finds them")
	quiet := fs.quiet()
	files, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	k, n, err := parseShard(*shard)
	if err != nil {
		return fs.usageError("--shard %v", err)
	}
	if n > 1 && sf.noCache {
		return fs.usageError("--shard needs the cache folder (its results are kept there); drop --no-cache")
	}
	if *format != "text" && *format != "github" {
		return fs.usageError("--format %q: want text or github", *format)
	}
	if err := sf.checkCache(); err != nil {
		fmt.Fprintf(stderr, "check: %v\n", err)
		return 2
	}
	isSite, err := siteFolder(sf.src)
	if err == nil && !isSite {
		err = notSiteError(sf.src)
	}
	if err != nil {
		fmt.Fprintf(stderr, "check: %v\n", err)
		return 1
	}
	only, bad := checkFiles(sf.src, files)
	for _, err := range bad {
		fmt.Fprintf(stderr, "check: %v\n", err)
	}
	if len(bad) > 0 {
		return 1
	}
	opt := sf.options()
	opt.CheckOnly, opt.StreamPacks = true, true
	opt.Shard, opt.Shards = k, n
	opt.Only = only
	var prog *buildProgress
	if !*quiet {
		prog = newBuildProgress("check", stderr)
		opt.Progress = prog.report
	}
	sum, errs, err := site.Build(opt)
	prog.stopTicking()
	if *format == "github" {
		fmt.Fprint(stdout, withPaths(errs.Capped(mode.ShownPerFile), sf.src, repoPath).GitHub())
	} else {
		for _, e := range withPaths(errs.Capped(mode.ShownPerFile), sf.src, localPath) {
			fmt.Fprintln(stderr, e)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "check: %v\n", err)
		return 1
	}
	if n := errs.Errors().Count(); n > 0 {
		fmt.Fprintf(stderr, "check: %d error(s) in %s\n", n, checkedText(sum))
		return 1
	}
	if *quiet {
		return 0
	}
	if n > 1 {
		fmt.Fprintf(stdout, "check: shard %d/%d: results kept in %s\n", k, n, printable.Quote(sf.cacheDir))
	}
	fmt.Fprintf(stdout, "check: %s verified (%d exact, %d by mate search, %d not verified) in %.0f ms\n",
		checkedText(sum), sum.Exact, sum.MateSearch, sum.Unverified, float64(sum.Total.Microseconds())/1000)
	return 0
}

// parseShard reads "K/N" (1 ≤ K ≤ N); empty means the whole site, 1/1.
func parseShard(s string) (k, n int, err error) {
	if s == "" {
		return 1, 1, nil
	}
	a, b, ok := strings.Cut(s, "/")
	k, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || k < 1 || k > n {
		return 0, 0, fmt.Errorf("%q: want K/N with 1 ≤ K ≤ N, such as 2/4", s)
	}
	return k, n, nil
}

// checkedText says what a check looked at: "151 mode(s)", or with packs
// "151 mode(s) and 3 pack(s) of 1,000 puzzle(s)".
func checkedText(sum *site.Summary) string {
	s := fmt.Sprintf("%d mode(s)", sum.Modes)
	if sum.Packs > 0 {
		s += fmt.Sprintf(" and %d pack(s) of %d puzzle(s)", sum.Packs, sum.Checked-sum.Modes)
	}
	return s
}
