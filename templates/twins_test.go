package templates

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// twinLine is the first line of a Go file with a JavaScript twin.
var twinLine = regexp.MustCompile(`^// JavaScript twin: templates/static/js/([a-z-]+\.js)\b`)

// generatedLine marks a module written by a program, as Go marks
// generated code.
var generatedLine = regexp.MustCompile(`(?m)^// Code generated .* DO NOT EDIT\.$`)

// TestTwins checks that every Go file naming a JavaScript twin on its
// first line names a module that exists and names the Go file back in
// its header comment, and that every rules-*.js module is some Go file's
// twin (but rules-strconv.js, Go's strconv, and rules-data.js, generated
// from engine's tables by internal/rulesdata).
func TestTwins(t *testing.T) {
	var goFiles []string
	for _, dir := range []string{"engine", "engine/game", "bridge", "solver"} {
		fs, err := filepath.Glob(filepath.Join("..", dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		goFiles = append(goFiles, fs...)
	}
	twins := map[string]bool{}
	for _, f := range goFiles {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := strings.Cut(string(src), "\n")
		m := twinLine.FindStringSubmatch(first)
		if m == nil {
			continue
		}
		twins[m[1]] = true
		js, err := os.ReadFile(filepath.Join("static", "js", m[1]))
		if err != nil {
			t.Errorf("%s names its twin %s: %v", f, m[1], err)
			continue
		}
		goPath := filepath.ToSlash(strings.TrimPrefix(f, "../"))
		if !strings.Contains(header(string(js)), goPath) {
			t.Errorf("%s is the twin of %s, but its header comment does not name %s", m[1], f, goPath)
		}
	}
	mods, err := filepath.Glob(filepath.Join("static", "js", "rules-*.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mods {
		base := filepath.Base(m)
		src, err := os.ReadFile(m)
		if err != nil {
			t.Fatal(err)
		}
		if generatedLine.MatchString(header(string(src))) {
			if twins[base] {
				t.Errorf("%s is generated, but a Go file names it as its hand-written twin", base)
			}
			continue
		}
		if !strings.HasSuffix(base, ".test.js") && base != "rules-strconv.js" && !twins[base] {
			t.Errorf("%s is no Go file's twin: name it on the first line of the file of engine/ it mirrors", base)
		}
	}
	if len(twins) < 15 {
		t.Errorf("found %d twins, want the engine's files and more", len(twins))
	}
}

// header returns the comment lines at the top of a module.
func header(src string) string {
	var b strings.Builder
	for _, line := range strings.Split(src, "\n") {
		if !strings.HasPrefix(line, "//") {
			break
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}
