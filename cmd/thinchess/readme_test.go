package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

// TestReadme keeps the README for users (issue 26): at most readmeLines
// lines, the two commands of a fresh clone in its first code block, every
// command of the binary in its CLI table, and every file it links to
// present.
func TestReadme(t *testing.T) {
	const readmeLines = 300
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	if len(lines) > readmeLines {
		t.Errorf("README.md has %d lines, over %d: move details to docs/", len(lines), readmeLines)
	}

	want := []string{"go run ./cmd/thinchess serve", "go test ./..."}
	if got := firstCodeBlock(lines); !slices.Equal(got, want) {
		t.Errorf("README.md's first code block holds %q, want exactly %q", got, want)
	}

	table := map[string]bool{}
	inCLI := false
	for _, l := range lines {
		if strings.HasPrefix(l, "## ") {
			inCLI = l == "## The CLI"
		}
		if m := regexp.MustCompile("^\\| `thinchess ([a-z]+)").FindStringSubmatch(l); inCLI && m != nil {
			table[m[1]] = true
		}
	}
	var names []string
	for name := range commands {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if !table[name] {
			t.Errorf("the command %q is not in README.md's CLI table", name)
		}
	}
	for name := range table {
		if _, ok := commands[name]; !ok {
			t.Errorf("README.md's CLI table lists %q, which the binary does not have", name)
		}
	}

	for _, m := range regexp.MustCompile(`\]\(([^)#:]+)\)`).FindAllStringSubmatch(text, -1) {
		if _, err := os.Stat(filepath.Join("..", "..", filepath.FromSlash(m[1]))); err != nil {
			t.Errorf("README.md links to %s: %v", m[1], err)
		}
	}
}

// firstCodeBlock returns the commands of the first fenced code block of
// a Markdown file's lines, without their comments.
func firstCodeBlock(lines []string) []string {
	var got []string
	in := false
	for _, l := range lines {
		if strings.HasPrefix(l, "```") {
			if in {
				return got
			}
			in = true
			continue
		}
		if in {
			cmd, _, _ := strings.Cut(l, "#")
			if cmd = strings.TrimSpace(cmd); cmd != "" {
				got = append(got, cmd)
			}
		}
	}
	return got
}
