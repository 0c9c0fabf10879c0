package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

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

func (f *siteFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.src, "src", ".", "source `folder` holding modes/, content/ and site.yaml")
	fs.StringVar(&f.cacheDir, "cache-dir", verify.DefaultCacheDir(), "`folder` for cached solver results and the compiled wasm")
	fs.BoolVar(&f.noCache, "no-cache", false, "solve everything again, ignoring the cache")
	fs.IntVar(&f.maxStates, "max-states", verify.DefaultOptions.MaxStates, "largest state space to solve exactly")
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

func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

func runBuild(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("build", stderr)
	var sf siteFlags
	sf.register(fs)
	out := fs.String("out", "public", "output `folder`")
	base := fs.String("base-url", "", "absolute `URL` the site is served from (for canonical links)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	opt := sf.options()
	opt.Out, opt.BaseURL = *out, *base
	sum, errs, err := site.Build(opt)
	for _, e := range errs {
		fmt.Fprintln(stderr, e)
	}
	if len(errs.Errors()) > 0 {
		fmt.Fprintf(stderr, "build failed: %d error(s); %s left untouched\n", len(errs.Errors()), *out)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "build failed: %v; %s left untouched\n", err, *out)
		return 1
	}
	sum.Print(stdout)
	return 0
}

func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("check", stderr)
	var sf siteFlags
	sf.register(fs)
	format := fs.String("format", "text", "error `format`: text or github (Actions annotations)")
	shard := fs.String("shard", "", "verify only shard `K/N` of the modes and puzzles (for N machines in CI); the results go to the cache folder, where build finds them")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	k, n, err := parseShard(*shard)
	if err != nil {
		fmt.Fprintf(stderr, "check: --shard %v\n", err)
		return 2
	}
	if n > 1 && sf.noCache {
		fmt.Fprintln(stderr, "check: --shard needs the cache folder (its results are kept there); drop --no-cache")
		return 2
	}
	if *format != "text" && *format != "github" {
		fmt.Fprintf(stderr, "check: unknown format %q (want text or github)\n", *format)
		return 2
	}
	opt := sf.options()
	opt.CheckOnly = true
	opt.Shard, opt.Shards = k, n
	// Files may be named relative to the source folder or to the current
	// directory.
	for _, f := range fs.Args() {
		if rel, err := filepath.Rel(sf.src, f); err == nil && filepath.IsLocal(rel) && fileExists(filepath.Join(sf.src, rel)) {
			f = rel
		}
		opt.Only = append(opt.Only, filepath.ToSlash(f))
	}
	sum, errs, err := site.Build(opt)
	if *format == "github" {
		fmt.Fprint(stdout, errs.GitHub())
	} else {
		for _, e := range errs {
			fmt.Fprintln(stderr, e)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "check: %v\n", err)
		return 1
	}
	if n := len(errs.Errors()); n > 0 {
		fmt.Fprintf(stderr, "check: %d error(s) in %s\n", n, checkedText(sum))
		return 1
	}
	if n > 1 {
		fmt.Fprintf(stdout, "check: shard %d/%d: results kept in %s\n", k, n, sf.cacheDir)
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

func fileExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir()
}
