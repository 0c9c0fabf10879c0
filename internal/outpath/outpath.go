// Package outpath keeps what a command writes clear of what it reads and
// of folders nobody means to replace. A build replaces its output
// folder whole, so an output that is the site, holds it, or lies inside
// its modes would lose an author's files; Check refuses such an output
// before anything is written, naming both paths:
//
//	guards := append(outpath.Site(src), outpath.Places()...)
//	if err := outpath.Check("--out", out, guards); err != nil {
//		return err // --out ..: it holds the current folder, /home/ann/site
//	}
//
// Paths are compared resolved (Resolve): absolute, "..", and symbolic
// links followed, so that a link to the site or "../site" from inside it
// is the site. InFolder refuses a file whose path leads out of a folder
// through a symbolic link, dangling ones too, before a command writes it.
package outpath

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/thinchess/thinchess/internal/printable"
)

// Relation is how an output may stand to a guarded path; a Guard refuses
// the relations it holds.
type Relation uint8

const (
	// Is: the output is the guarded path.
	Is Relation = 1 << iota
	// Holds: the guarded path lies inside the output (the output is one
	// of its parents).
	Holds
	// Inside: the output lies inside the guarded path.
	Inside

	// Apart refuses every overlap: for what a command reads.
	Apart = Is | Holds | Inside
	// NotAbove refuses the path and its parents and allows what lies
	// inside it: for the site folder, the current folder and the home
	// folder, where an output such as public/ belongs.
	NotAbove = Is | Holds
)

// A Guard is a path an output must keep clear of.
type Guard struct {
	// Path names the guarded file or folder, What says what it is for
	// people ("the source folder's modes").
	Path, What string
	// Refuse is the overlaps refused.
	Refuse Relation
}

// Site returns the guards of the site in the source folder src: what a
// build reads (modes, packs, content, certificates, templates, site.yaml
// and the history in .git) is kept apart, and the folder itself may hold
// an output but not be or lie inside one.
func Site(src string) []Guard {
	return append([]Guard{{Path: src, What: "the source folder", Refuse: NotAbove}}, Sources(src)...)
}

// Sources returns the guards of what a build reads in the source folder
// src (see Site), without the folder itself.
func Sources(src string) []Guard {
	var guards []Guard
	for _, name := range []string{"modes", "packs", "content", "certificates", "templates", "site.yaml", ".git"} {
		guards = append(guards, Guard{Path: filepath.Join(src, name), What: "the source folder's " + name, Refuse: Apart})
	}
	return guards
}

// Places returns the guards of the current folder and the home folder
// (HOME, or the system's): an output may lie inside them, but neither be
// one nor hold one.
func Places() []Guard {
	var guards []Guard
	if cwd, err := os.Getwd(); err == nil {
		guards = append(guards, Guard{Path: cwd, What: "the current folder", Refuse: NotAbove})
	}
	if home, err := os.UserHomeDir(); err == nil && home != "" {
		guards = append(guards, Guard{Path: home, What: "the home folder", Refuse: NotAbove})
	}
	return guards
}

// Overlap is the error of Check: the output Out, named by Flag, stands
// in relation Rel to the guard's path.
type Overlap struct {
	Flag, Out string
	Guard     Guard
	Rel       Relation
	// Resolved is the guard's path resolved, as the message shows it.
	Resolved string
}

func (o *Overlap) Error() string {
	rel := map[Relation]string{Is: "is", Holds: "holds", Inside: "lies inside"}[o.Rel]
	return fmt.Sprintf("%s %s %s %s, %s", o.Flag, printable.Quote(o.Out), rel, o.Guard.What, printable.Quote(o.Resolved))
}

// Check returns an *Overlap when out, resolved, stands to the path of a
// guard in a relation the guard refuses, the first such guard in order;
// an error when a path cannot be resolved; else nil. out is resolved both
// as the system reads it and cleaned first ("link/.." is the link's
// parent's parent to the system, and the link's parent to a writer that
// cleans the name): either overlapping is refused.
func Check(flag, out string, guards []Guard) error {
	var outs []string
	for _, o := range []string{out, filepath.Clean(out)} {
		r, err := Resolve(o)
		if err != nil {
			return fmt.Errorf("%s %s: %w", flag, printable.Quote(out), err)
		}
		if len(outs) == 0 || outs[0] != r {
			outs = append(outs, r)
		}
	}
	for _, g := range guards {
		rg, err := Resolve(g.Path)
		if err != nil {
			return fmt.Errorf("%s: %w", printable.Quote(g.Path), err)
		}
		for _, ro := range outs {
			var rel Relation
			switch {
			case ro == rg:
				rel = Is
			case within(rg, ro):
				rel = Holds
			case within(ro, rg):
				rel = Inside
			}
			if rel&g.Refuse != 0 {
				return &Overlap{Flag: flag, Out: out, Guard: g, Rel: rel, Resolved: rg}
			}
		}
	}
	return nil
}

// InFolder returns an error when the file p, named inside the folder
// dir, leads out of it: p resolved (through every symbolic link on its
// way, a dangling last one too) does not lie inside dir resolved. A
// command that writes p then writes inside dir. A p named outside dir
// is the caller's to judge.
func InFolder(dir, p string) error {
	ad, err1 := filepath.Abs(dir)
	ap, err2 := filepath.Abs(p)
	if err := errors.Join(err1, err2); err != nil {
		return err
	}
	if !within(ap, ad) {
		return nil
	}
	rd, err := Resolve(dir)
	if err != nil {
		return err
	}
	rp, err := Resolve(p)
	if err != nil {
		return err
	}
	if !within(rp, rd) {
		return fmt.Errorf("%s leads out of %s (to %s) through a symbolic link; not writing through it",
			printable.Quote(p), printable.Quote(rd), printable.Quote(rp))
	}
	return nil
}

// within reports whether the clean absolute path p lies strictly inside
// the folder dir.
func within(p, dir string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != "." && filepath.IsLocal(rel)
}

// maxLinks bounds the symbolic links Resolve follows, as the kernel
// bounds them (ELOOP).
const maxLinks = 40

// Resolve returns p absolute and clean, resolved as the system resolves
// it when a file is written there: name by name from the root, each
// symbolic link followed (a dangling one too, to where a file written
// through it would land) and each ".." taken from the folder reached,
// not from the name written ("link/.." is the link's target's parent).
// The names that do not exist yet are kept as they are.
func Resolve(p string) (string, error) {
	if !filepath.IsAbs(p) {
		cwd, err := os.Getwd()
		if err != nil {
			return "", err
		}
		p = cwd + string(filepath.Separator) + p
	}
	vol := filepath.VolumeName(p)
	root := vol + string(filepath.Separator)
	resolved := root
	names := strings.Split(filepath.ToSlash(p[len(vol):]), "/")
	links := 0
	for len(names) > 0 {
		name := names[0]
		names = names[1:]
		switch name {
		case "", ".":
			continue
		case "..":
			resolved = filepath.Dir(resolved)
			continue
		}
		next := filepath.Join(resolved, name)
		fi, err := os.Lstat(next)
		switch {
		case err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR):
			return "", err
		case err != nil || fi.Mode()&fs.ModeSymlink == 0:
			// A name that does not exist (or lies under a file) is
			// kept; so is one that is not a link.
			resolved = next
			continue
		}
		if links++; links > maxLinks {
			return "", fmt.Errorf("%s: too many symbolic links", printable.Quote(p))
		}
		target, err := os.Readlink(next)
		if err != nil {
			return "", err
		}
		if filepath.IsAbs(target) {
			tvol := filepath.VolumeName(target)
			resolved = tvol + string(filepath.Separator)
			target = target[len(tvol):]
		}
		names = append(strings.Split(filepath.ToSlash(target), "/"), names...)
	}
	return resolved, nil
}
