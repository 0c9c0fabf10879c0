package puzzles

import (
	"os"
	"path/filepath"
	"regexp"
	"time"
)

// staleAfter is how long a temporary must have been left unmodified
// before a sweep may remove it, even when no writer holds it: it covers
// the moment between a writer creating its file and locking it.
const staleAfter = time.Minute

// sweepTemps removes the temporaries an earlier write of pack id left in
// packs when it was killed: files named as WritePack and WriteFileAtomic
// name theirs (".ID.jsonl.N.tmp", ".ID.md.N.tmp"), unmodified for
// staleAfter, and held by no live writer (a writer keeps its file
// locked). Anything else, and any file it cannot judge, is left alone.
// It returns the files removed.
func sweepTemps(packs, id string, now time.Time) []string {
	re := regexp.MustCompile(`^\.` + regexp.QuoteMeta(id) + `\.(jsonl|md)\.[0-9]+\.tmp$`)
	entries, err := os.ReadDir(packs)
	if err != nil {
		return nil
	}
	var removed []string
	for _, e := range entries {
		if !e.Type().IsRegular() || !re.MatchString(e.Name()) {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) < staleAfter {
			continue
		}
		path := filepath.Join(packs, e.Name())
		if abandoned(path, now.Sub(info.ModTime())) && os.Remove(path) == nil {
			removed = append(removed, path)
		}
	}
	return removed
}
