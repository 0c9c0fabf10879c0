package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/mode"
)

// siteMarkers are what makes a folder a site's source folder.
var siteMarkers = []string{"modes", "content", "packs", "site.yaml"}

// siteFolder reports whether src is a site's source folder: one that
// holds modes/, content/, packs/ or site.yaml. It fails when src is not
// a folder at all.
func siteFolder(src string) (bool, error) {
	fi, err := os.Stat(src)
	switch {
	case os.IsNotExist(err):
		return false, fmt.Errorf("source folder %s does not exist", printable.Quote(src))
	case err != nil:
		return false, err
	case !fi.IsDir():
		return false, fmt.Errorf("source folder %s is a file, not a folder", printable.Quote(src))
	}
	for _, m := range siteMarkers {
		if _, err := os.Stat(filepath.Join(src, m)); err == nil {
			return true, nil
		}
	}
	return false, nil
}

// notSiteError says that src holds none of the site markers, and names
// the site folder above it, if there is one, as the Go toolchain does
// when run outside a module.
func notSiteError(src string) error {
	msg := fmt.Sprintf("%s is not a site folder: it holds none of modes/, content/, packs/ and site.yaml", folderName(src))
	if up := siteAbove(src); up != "" {
		msg += fmt.Sprintf("; the site folder is %s: run there or give --src %s", up, up)
	} else if filepath.Clean(src) == "." {
		msg += "; run in the site folder or give --src DIR"
	}
	return errors.New(msg)
}

// folderName names the folder src for people: "the current folder" for
// ".".
func folderName(src string) string {
	if filepath.Clean(src) == "." {
		return "the current folder"
	}
	return printable.Quote(src)
}

// siteAbove returns the nearest folder above src that holds modes/ or
// site.yaml, as a path from the current folder, or "".
func siteAbove(src string) string {
	dir, err := filepath.Abs(src)
	if err != nil {
		return ""
	}
	for {
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
		for _, m := range []string{"modes", "site.yaml"} {
			if _, err := os.Stat(filepath.Join(dir, m)); err == nil {
				return shortPath(dir)
			}
		}
	}
}

// shortPath returns p, absolute, relative to the current folder when
// that is shorter to read: always inside it, and up to two levels above.
func shortPath(p string) string {
	cwd, err := os.Getwd()
	if err != nil {
		return p
	}
	rel, err := filepath.Rel(cwd, p)
	if err != nil || strings.Count(rel, "..") > 2 {
		return p
	}
	return rel
}

// localPath returns rel, a slash path inside the source folder src (as
// the site's errors name files), as a path from the current folder, as
// the Go toolchain prints file names: relative when src is, or when the
// file is inside the current folder; absolute otherwise.
func localPath(src, rel string) string {
	p := filepath.Join(src, filepath.FromSlash(rel))
	if !filepath.IsAbs(p) {
		return p
	}
	if cwd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(cwd, p); err == nil && filepath.IsLocal(r) {
			return r
		}
	}
	return p
}

// repoPath returns rel, a slash path inside the source folder src, as a
// slash path from the repository's root, where GitHub looks for the
// files it annotates: GITHUB_WORKSPACE when set, else the current folder.
// A file outside the root keeps its absolute path.
func repoPath(src, rel string) string {
	root := os.Getenv("GITHUB_WORKSPACE")
	if root == "" {
		root = "."
	}
	p, err1 := filepath.Abs(filepath.Join(src, filepath.FromSlash(rel)))
	r, err2 := filepath.Abs(root)
	if err1 != nil || err2 != nil {
		return rel
	}
	if rp, err := filepath.Rel(r, p); err == nil && filepath.IsLocal(rp) {
		return filepath.ToSlash(rp)
	}
	return filepath.ToSlash(p)
}

// withPaths returns a copy of errs with each path, relative to the
// source folder src, passed through shown (localPath or repoPath). The
// errors themselves are left alone: serve's memo keeps them between
// builds.
func withPaths(errs mode.ErrorList, src string, shown func(src, rel string) string) mode.ErrorList {
	out := make(mode.ErrorList, len(errs))
	for i, e := range errs {
		c := *e
		if c.Path != "" {
			c.Path = shown(src, c.Path)
		}
		out[i] = &c
	}
	return out
}

// checkable reports whether rel, a slash path inside a source folder,
// names a file check verifies: a mode or a pack's header or puzzles.
func checkable(rel string) bool {
	switch {
	case strings.HasPrefix(rel, "modes/"):
		return path.Ext(rel) == ".md"
	case strings.HasPrefix(rel, "packs/"):
		return path.Ext(rel) == ".md" || path.Ext(rel) == ".jsonl"
	}
	return false
}

// checkFiles resolves the FILE arguments of check to slash paths inside
// the source folder src. A file is named from the current folder or, if
// there is none such, from src; a folder stands for the mode and pack
// files below it. Every argument that names nothing to check is an
// error.
func checkFiles(src string, args []string) ([]string, []error) {
	var files []string
	var errs []error
	absSrc, err := filepath.Abs(src)
	if err != nil {
		return nil, []error{err}
	}
	for _, arg := range args {
		p := arg
		if _, err := os.Stat(p); err != nil && !filepath.IsAbs(arg) {
			p = filepath.Join(src, arg)
		}
		fi, err := os.Stat(p)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: no such file", printable.Quote(arg)))
			continue
		}
		abs, err := filepath.Abs(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rel, err := filepath.Rel(absSrc, abs)
		if err != nil || !filepath.IsLocal(rel) {
			errs = append(errs, fmt.Errorf("%s: not in the source folder %s (give --src the site folder that holds it)", printable.Quote(arg), printable.Quote(src)))
			continue
		}
		rel = filepath.ToSlash(rel)
		if !fi.IsDir() {
			if !checkable(rel) {
				errs = append(errs, fmt.Errorf("%s: not a mode or pack file: check takes modes/…/*.md, packs/*.md and packs/*.jsonl", printable.Quote(arg)))
				continue
			}
			files = append(files, rel)
			continue
		}
		n := len(files)
		filepath.WalkDir(abs, func(q string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			if r, err := filepath.Rel(absSrc, q); err == nil && checkable(filepath.ToSlash(r)) {
				files = append(files, filepath.ToSlash(r))
			}
			return nil
		})
		if len(files) == n {
			errs = append(errs, fmt.Errorf("%s: no mode or pack files in this folder", printable.Quote(arg)))
		}
	}
	return files, errs
}
