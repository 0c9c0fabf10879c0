package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/thinchess/thinchess/internal/outpath"
	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/site/publish"
)

// What the commands that write may write to (issue 31). A build replaces
// its output folder whole, so --out keeps clear of the site it reads, the
// current folder and the home folder (outpath.Site, outpath.Places), and
// is a folder a build made, or a new or empty one (publish.CheckOutput).
// Commands that add files to a site (import, mine, new, prove) never
// write above the home folder, into the sources of another kind, or
// through a symbolic link that leads out of the site. Every refusal is
// one line, before anything is written, with exit status 2.

// buildGuards are what a build's output and cache must keep clear of.
func buildGuards(src string) []outpath.Guard {
	return append(outpath.Site(src), outpath.Places()...)
}

// checkOut checks the folder out, named by flag, that a command writes
// to: the folder holding it must exist (only out itself is made), and it
// must keep clear of guards.
func checkOut(flag, out string, guards []outpath.Guard) error {
	if err := checkParent(flag, out); err != nil {
		return err
	}
	return outpath.Check(flag, out, guards)
}

// checkParent returns an error unless the folder that holds out exists:
// a command makes the last folder of an output path, never the path.
func checkParent(flag, out string) error {
	parent := filepath.Dir(filepath.Clean(out))
	fi, err := os.Stat(parent)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%s %s: the folder %s does not exist (only the last folder of %s is made: make the rest first)",
			flag, printable.Quote(out), printable.Quote(parent), flag)
	case err != nil:
		return fmt.Errorf("%s %s: %v", flag, printable.Quote(out), err)
	case !fi.IsDir():
		return fmt.Errorf("%s %s: %s is a file, not a folder", flag, printable.Quote(out), printable.Quote(parent))
	}
	return nil
}

// checkBuildOut checks build's --out (out) and the cache folder: the
// output a folder of its own that a build may replace, the cache clear
// of the sources and of the output.
func checkBuildOut(out string, sf *siteFlags) error {
	guards := buildGuards(sf.src)
	if !sf.noCache {
		guards = append(guards, outpath.Guard{Path: sf.cacheDir, What: "the cache folder", Refuse: outpath.Apart})
	}
	if err := checkParent("--out", out); err != nil {
		return err
	}
	if err := outpath.Check("--out", out, guards); err != nil {
		return fmt.Errorf("%w; a build replaces its output whole: give --out a folder of its own, such as public", err)
	}
	if err := publish.CheckOutput(out); err != nil {
		return err
	}
	return sf.checkCache()
}

// checkCache checks the cache folder, which build, check and serve write
// to: clear of the sources, the site folder, the current folder and the
// home folder, as an output is.
func (f *siteFlags) checkCache() error {
	if f.noCache {
		return nil
	}
	if err := outpath.Check("--cache-dir", f.cacheDir, buildGuards(f.src)); err != nil {
		return fmt.Errorf("%w; give --cache-dir a folder of its own, such as .thinchess-cache", err)
	}
	return nil
}

// siteOutGuards are what the site folder that import, mine or new site
// adds files to must keep clear of: it may be the site in src, which
// holds its sources, but not be or lie inside one of them (when src is a
// site folder), nor be the home folder or one of its parents.
func siteOutGuards(src string) []outpath.Guard {
	var guards []outpath.Guard
	if ok, _ := siteFolder(src); ok {
		for _, g := range outpath.Sources(src) {
			g.Refuse = outpath.Is | outpath.Inside
			guards = append(guards, g)
		}
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		guards = append(guards, outpath.Guard{Path: home, What: "the home folder", Refuse: outpath.NotAbove})
	}
	return guards
}

// checkPackOut checks that a pack id may be written into the site folder
// dir (import's and mine's --out, named by flag) from the inputs read
// (files that must not be overwritten): dir clear of guards, its packs
// folder inside it, the pack's files none of the inputs.
func checkPackOut(flag, dir, id string, guards []outpath.Guard, inputs ...string) error {
	if err := checkOut(flag, dir, guards); err != nil {
		return err
	}
	var in []outpath.Guard
	for _, p := range inputs {
		in = append(in, outpath.Guard{Path: p, What: "the file read", Refuse: outpath.Is})
	}
	for _, name := range []string{id + ".jsonl", id + ".md"} {
		p := filepath.Join(dir, "packs", name)
		if err := outpath.InFolder(dir, p); err != nil {
			return err
		}
		if err := outpath.Check("the pack", p, in); err != nil {
			return err
		}
	}
	return nil
}
