package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/verify"
)

// TestProseStatesTheBudget checks that every shipped page or mode that
// names the exact-solving budget gives the number the code uses.
func TestProseStatesTheBudget(t *testing.T) {
	want := commas(int64(verify.DefaultOptions.MaxStates))
	number := regexp.MustCompile(`[0-9][0-9,]{6,}|(?i)\b[a-z]+ million\b`)
	mentions := 0
	for _, dir := range []string{"content", "modes"} {
		filepath.WalkDir(filepath.Join("..", "..", dir), func(path string, d os.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
				return err
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			text := strings.Join(strings.Fields(string(data)), " ")
			for _, loc := range regexp.MustCompile(`(?i)budget|solves games of at most`).FindAllStringIndex(text, -1) {
				window := text[loc[1]:min(len(text), loc[1]+80)]
				if n := number.FindString(window); n != "" {
					mentions++
					if n != want {
						t.Errorf("%s: the exact-solving budget is given as %q near %q; the code's is %s", path, n, window, want)
					}
				}
			}
			return nil
		})
	}
	// The Solved page gives the budget from the build's options (its
	// template), not in prose.
	if mentions < 2 {
		t.Errorf("found %d statements of the budget; the shipped docs have at least 2", mentions)
	}
}
