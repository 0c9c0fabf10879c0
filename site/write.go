package site

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/thinchess/thinchess/internal/par"
)

// writeFiles writes files into out atomically: everything goes into a fresh
// sibling folder first, which then replaces out in two renames. If any
// step fails, out is left as it was.
func writeFiles(out string, files map[string][]byte) error {
	out = filepath.Clean(out)
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, "."+filepath.Base(out)+".new-*")
	if err != nil {
		return err
	}
	fail := func(err error) error {
		os.RemoveAll(tmp)
		return err
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !filepath.IsLocal(filepath.FromSlash(name)) {
			return fail(fmt.Errorf("refusing to write %q outside the output folder", name))
		}
	}
	err = par.Try(len(names), func(i int) error {
		clean := filepath.FromSlash(names[i])
		p := filepath.Join(tmp, clean)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		// A file the previous build wrote with the same bytes is linked,
		// not written again: a warm rebuild then writes only what changed.
		if prev := filepath.Join(out, clean); sameFile(prev, files[names[i]]) && os.Link(prev, p) == nil {
			return nil
		}
		return os.WriteFile(p, files[names[i]], 0o644)
	})
	if err != nil {
		return fail(err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fail(err)
	}
	old := ""
	if _, err := os.Stat(out); err == nil {
		old = tmp + ".old"
		if err := os.Rename(out, old); err != nil {
			return fail(err)
		}
	}
	if err := os.Rename(tmp, out); err != nil {
		if old != "" {
			os.Rename(old, out)
		}
		return fail(err)
	}
	if old != "" {
		os.RemoveAll(old)
	}
	return nil
}

// sameFile reports whether the regular file at p holds exactly data.
func sameFile(p string, data []byte) bool {
	fi, err := os.Lstat(p)
	if err != nil || !fi.Mode().IsRegular() || fi.Size() != int64(len(data)) {
		return false
	}
	old, err := os.ReadFile(p)
	return err == nil && bytes.Equal(old, data)
}
