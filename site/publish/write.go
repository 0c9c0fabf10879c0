package publish

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/internal/printable"
)

// OutputMarker is the file a build writes into its output folder: a
// build replaces only a folder that holds it, one it made itself, as
// Hugo cleans only its own destination. Any other folder with files in
// it may be an author's.
const OutputMarker = ".thinchess-output"

// outputMarkerText is what the marker says to whoever opens it.
const outputMarkerText = "thinchess build wrote this folder and replaces it whole on the next build.\n" +
	"Remove this file to keep thinchess from replacing the folder.\n"

// CheckOutput returns an error, saying how to proceed, unless a build
// may replace out: out does not exist, is an empty folder, or is a
// folder holding OutputMarker. It reads and changes nothing else.
func CheckOutput(out string) error {
	fi, err := os.Stat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !fi.IsDir():
		return fmt.Errorf("%s is a file, not a folder: a build writes a folder there; give --out another path", printable.Quote(out))
	}
	if m, err := os.Lstat(filepath.Join(out, OutputMarker)); err == nil && m.Mode().IsRegular() {
		return nil
	}
	f, err := os.Open(out)
	if err != nil {
		return err
	}
	defer f.Close()
	if names, _ := f.Readdirnames(1); len(names) == 0 {
		return nil
	}
	if olderBuild(out) {
		return nil
	}
	return fmt.Errorf("%s is not empty and holds no %s, so a build did not write it: a build replaces its output whole and replaces only a folder it made; "+
		"give --out a new or empty folder, or remove %s if it is an old build (before thinchess marked its output)",
		printable.Quote(out), OutputMarker, printable.Quote(out))
}

// olderBuild reports whether out looks like the output of a thinchess
// build made before builds marked their output: a service worker, the
// web manifest and an engine in assets/ (assets/thinchess.*.wasm), so
// that an author's existing public/ is replaced as before while a folder
// of anything else is refused.
func olderBuild(out string) bool {
	for _, name := range []string{"sw.js", "manifest.webmanifest", "index.html"} {
		if fi, err := os.Lstat(filepath.Join(out, name)); err != nil || !fi.Mode().IsRegular() {
			return false
		}
	}
	engines, _ := filepath.Glob(filepath.Join(out, "assets", "thinchess.*.wasm"))
	return len(engines) > 0
}

// Write writes files into out atomically: everything goes into a
// fresh sibling folder first, which then takes out's place in one step
// (renameat2 RENAME_EXCHANGE on Linux; elsewhere, or where the file
// system cannot, two renames). If any step fails, out is left as it
// was; if the process is killed, out holds the old site or the new one,
// whole, and the next write restores the old one if needed and sweeps
// the temporary folders a killed write left. A folder out that a build
// did not make (see CheckOutput) is refused before anything is written;
// the new one holds OutputMarker.
func Write(out string, files map[string][]byte) error {
	st, err := NewStage(out)
	if err != nil {
		return err
	}
	return st.Commit(files)
}

// A Stage is a site being written: the fresh sibling folder of its
// output that Write fills and swaps in. A build that streams its
// packs writes their chunks into it as it makes them (WriteFile), and
// the rest of the site when it commits.
type Stage struct {
	out, tmp string
}

// NewStage checks out (CheckOutput), repairs what a killed write left
// beside it and makes the stage's folder.
func NewStage(out string) (*Stage, error) {
	out = filepath.Clean(out)
	if err := CheckOutput(out); err != nil {
		return nil, err
	}
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, err
	}
	recoverOutput(out)
	tmp, err := os.MkdirTemp(parent, tempPrefix(out)+"*")
	if err != nil {
		return nil, err
	}
	return &Stage{out: out, tmp: tmp}, nil
}

// WriteFile writes the file name (a slash path inside the output) into
// the stage. A file the previous build wrote with the same bytes is
// linked, not written again: a warm rebuild then writes only what
// changed.
func (st *Stage) WriteFile(name string, data []byte) error {
	clean := filepath.FromSlash(name)
	if !filepath.IsLocal(clean) {
		return fmt.Errorf("refusing to write %q outside the output folder", name)
	}
	p := filepath.Join(st.tmp, clean)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	if prev := filepath.Join(st.out, clean); sameFile(prev, data) && os.Link(prev, p) == nil {
		return nil
	}
	return os.WriteFile(p, data, 0o644)
}

// Dir is the stage's folder, beside the output until Commit swaps it in.
func (st *Stage) Dir() string { return st.tmp }

// Abort removes the stage and what it holds; out is left as it was.
func (st *Stage) Abort() { os.RemoveAll(st.tmp) }

// Commit writes files into the stage, then the marker, and swaps the
// stage in for out. On failure it removes the stage.
func (st *Stage) Commit(files map[string][]byte) error {
	out, tmp := st.out, st.tmp
	fail := func(err error) error {
		st.Abort()
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
	err := par.Try(len(names), func(i int) error { return st.WriteFile(names[i], files[names[i]]) })
	if err == nil {
		err = os.WriteFile(filepath.Join(tmp, OutputMarker), []byte(outputMarkerText), 0o644)
	}
	if err != nil {
		return fail(err)
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return fail(err)
	}
	writeStep("written")
	if _, err := os.Stat(out); err != nil {
		if err := os.Rename(tmp, out); err != nil {
			return fail(err)
		}
		writeStep("swapped")
		return nil
	}
	if useExchange && exchange(tmp, out) == nil {
		// tmp now holds the previous site.
		writeStep("swapped")
		os.RemoveAll(tmp)
		return nil
	}
	old := tmp + oldSuffix
	if err := os.Rename(out, old); err != nil {
		return fail(err)
	}
	writeStep("old moved")
	if err := os.Rename(tmp, out); err != nil {
		os.Rename(old, out)
		return fail(err)
	}
	writeStep("swapped")
	os.RemoveAll(old)
	return nil
}

// oldSuffix marks the previous site moved aside by the two-rename swap.
const oldSuffix = ".old"

// tempPrefix starts the names of out's temporary folders.
func tempPrefix(out string) string { return "." + filepath.Base(out) + ".new-" }

// useExchange is false to test the two-rename swap where the exchange
// works.
var useExchange = true

// writeStep is called after each step of writeFiles; tests kill the
// process there.
var writeStep = func(step string) {}

// recoverOutput repairs what a killed write left beside out: when out is
// missing but the previous site was moved aside, it is put back; every
// temporary folder is removed. One build writes to out at a time.
func recoverOutput(out string) {
	parent := filepath.Dir(out)
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	var temps, olds []string
	for _, e := range entries {
		if n := e.Name(); strings.HasPrefix(n, tempPrefix(out)) {
			temps = append(temps, filepath.Join(parent, n))
			if strings.HasSuffix(n, oldSuffix) {
				olds = append(olds, filepath.Join(parent, n))
			}
		}
	}
	if _, err := os.Lstat(out); errors.Is(err, fs.ErrNotExist) && len(olds) == 1 {
		if os.Rename(olds[0], out) == nil {
			temps = slices.DeleteFunc(temps, func(t string) bool { return t == olds[0] })
		}
	}
	for _, t := range temps {
		os.RemoveAll(t)
	}
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
