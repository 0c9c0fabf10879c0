package site

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/site/chunks"
)

// streamSrc writes a copy of the render test site whose pack holds n
// puzzles (more than two chunks), in an order that is neither their
// ratings' nor their ids', with ties of rating, puzzles without a rating
// (their rating is estimated), a byte order mark, CRLF line ends and
// blank lines: what the offsets of a streamed build must get right.
func streamSrc(t *testing.T, n int) string {
	t.Helper()
	src := t.TempDir()
	if err := os.CopyFS(src, os.DirFS(renderSrc)); err != nil {
		t.Fatal(err)
	}
	starts := []string{
		`"start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","mate_in":1,"solution":"1. Ra8#"`,
		`"start":"3r3k/6pp/8/8/8/8/4RPPP/4R1K1 w - - 5 28","result":"white-wins","mate_in":2,"solution":"28. Re8+ Rxe8 29. Rxe8#","themes":["mateIn2"]`,
	}
	var b strings.Builder
	b.WriteString("\ufeff")
	for i := range n {
		rating := fmt.Sprintf(`,"rating":%d`, 600+(i*37)%400)
		if i%7 == 3 {
			rating = ""
		}
		fmt.Fprintf(&b, `{"id":"s%04d",%s%s}`, (i*389)%n, starts[i%len(starts)], rating)
		b.WriteString("\r\n")
		if i%50 == 0 {
			b.WriteString("\n   \n")
		}
	}
	if err := os.WriteFile(filepath.Join(src, "packs", "test-mates.jsonl"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return src
}

// A build that writes a folder streams its pack: it keeps a record of
// each puzzle and reads each chunk's puzzles back by offset. It must
// write what a build that holds every puzzle in memory (Out empty, as
// serve's) renders: the same chunks, id buckets, index and pages.
func TestStreamedBuildSameAsInMemory(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a site twice")
	}
	src := streamSrc(t, 620)
	out := filepath.Join(t.TempDir(), "public")
	sum, errs, err := Build(BuildOptions{Src: src, Out: out})
	if err != nil || len(errs.Errors()) > 0 {
		t.Fatal(err, errs)
	}
	mem, errs, err := Build(BuildOptions{Src: src})
	if err != nil || len(errs.Errors()) > 0 {
		t.Fatal(err, errs)
	}
	streamed := readTree(t, out)
	made := 0
	for name := range streamed {
		if strings.HasPrefix(name, "assets/puzzles/test-mates-") {
			made++
			if _, ok := sum.Output[name]; ok {
				t.Errorf("%s is in the streamed build's memory", name)
			}
		}
	}
	if made != 3 {
		t.Errorf("%d chunks of the pack, want 3 (620 puzzles)", made)
	}
	if len(streamed) != len(mem.Output) {
		t.Errorf("the streamed build wrote %d files, the one in memory %d", len(streamed), len(mem.Output))
	}
	for name, data := range mem.Output {
		if !bytes.Equal(streamed[name], data) {
			t.Errorf("%s differs between the streamed build and the one in memory", name)
		}
	}
	if sum.Files != len(streamed) || sum.Puzzles != mem.Puzzles || sum.Bytes != mem.Bytes {
		t.Errorf("streamed: %d files, %d puzzles, %d bytes; in memory: %d files, %d puzzles, %d bytes", sum.Files, sum.Puzzles, sum.Bytes, mem.Files, mem.Puzzles, mem.Bytes)
	}
	if left, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".public*")); len(left) > 0 {
		t.Errorf("left beside the output: %v", left)
	}
	if _, err := os.Stat(filepath.Join(out, chunks.SpillName)); err == nil {
		t.Errorf("the spill file is in the output")
	}
}
