package mode

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// streamPack writes a site with one pack of n lines: puzzle i is a good
// line, except that every seventh line is blank, every eleventh is not
// JSON and every thirteenth has CRLF; the first line has no newline
// before it ends at the file's end when last is false.
func streamPack(t *testing.T, n int) (dir string, good []string, bad []int) {
	t.Helper()
	var b strings.Builder
	for i := 1; i <= n; i++ {
		switch {
		case i%7 == 0:
		case i%11 == 0:
			b.WriteString("not json")
			bad = append(bad, i)
		default:
			id := fmt.Sprintf("p%d", i)
			good = append(good, id)
			fmt.Fprintf(&b, `{"id":%q,"start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","solution":"1. Ra8#"}`, id)
		}
		if i%13 == 0 {
			b.WriteString("\r")
		}
		if i < n {
			b.WriteString("\n")
		}
	}
	dir = writeTree(t, map[string]string{"packs/s.md": "---\ntitle: S\n---\n", "packs/s.jsonl": b.String()})
	return dir, good, bad
}

// The shards of a pack, by bytes, read every line once, whatever their
// number, and number the lines of their problems from the file's start.
func TestReadPuzzlesShards(t *testing.T) {
	dir, good, bad := streamPack(t, 500)
	s, errs := LoadStream(dir)
	if len(errs) > 0 || len(s.Packs) != 1 || len(s.Packs[0].Puzzles) != 0 {
		t.Fatalf("LoadStream: %v, %d packs", errs, len(s.Packs))
	}
	p := s.Packs[0]
	for _, n := range []int{1, 2, 3, 7, 64, 1000} {
		var ids []string
		var lines []int
		for k := 1; k <= n; k++ {
			var b Bounded
			_, err := p.ReadPuzzles(dir, ReadOptions{Shard: k, Shards: n, Errs: &b}, func(batch []*Mode) ErrorList {
				for _, m := range batch {
					ids = append(ids, m.ID)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range b.List() {
				if e.Path != "packs/s.jsonl" || !strings.Contains(e.Msg, "not a JSON object") {
					t.Errorf("%d shards: %v", n, e)
				}
				lines = append(lines, e.Line)
			}
		}
		slices.Sort(ids)
		want := slices.Clone(good)
		slices.Sort(want)
		if !slices.Equal(ids, want) {
			t.Errorf("%d shards read %d puzzles, want each of the %d once", n, len(ids), len(want))
		}
		slices.Sort(lines)
		if !slices.Equal(lines, bad) {
			t.Errorf("%d shards: errors at lines %v, want %v", n, lines, bad)
		}
	}
}

// A whole read finds the ids read twice, in the pack and against the
// modes, and leaves the second out.
func TestReadPuzzlesDuplicates(t *testing.T) {
	line := func(id string) string {
		return `{"id":"` + id + `","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","solution":"1. Ra8#"}`
	}
	dir := writeTree(t, map[string]string{
		"packs/s.md":    "---\ntitle: S\n---\n",
		"packs/s.jsonl": strings.Join([]string{line("a"), line("b"), line("a"), line("m")}, "\n"),
	})
	s, _ := LoadStream(dir)
	var b Bounded
	var ids []string
	p := s.Packs[0]
	p.ReadPuzzles(dir, ReadOptions{IDs: NewIDSet([]*Mode{{ID: "m", Path: "modes/m.md"}}), Errs: &b}, func(batch []*Mode) ErrorList {
		for _, m := range batch {
			ids = append(ids, m.ID)
		}
		return nil
	})
	want := []string{
		`packs/s.jsonl:3:8: duplicate puzzle id "a": packs/s.jsonl:1 has it too`,
		`packs/s.jsonl:4:8: duplicate puzzle id "m": the mode modes/m.md has it too`,
	}
	if got := strings.Split(b.List().Error(), "\n"); !slices.Equal(got, want) || !slices.Equal(ids, []string{"a", "b"}) {
		t.Errorf("read %v with\n%s\nwant [a b] with\n%s", ids, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Only the first KeptPerFile errors of a pack are kept; the rest are
// counted, and the commands print the total.
func TestReadPuzzlesKeepsFirstErrors(t *testing.T) {
	const n = 5000
	dir := writeTree(t, map[string]string{"packs/g.md": "---\ntitle: G\n---\n", "packs/g.jsonl": strings.Repeat("garbage\n", n)})
	s, errs := Load(dir)
	if got := len(errs); got != KeptPerFile+1 {
		t.Errorf("Load kept %d entries of %d errors, want %d and one that counts the rest", got, n, KeptPerFile+1)
	}
	if got := errs.Count(); got != n {
		t.Errorf("the entries stand for %d errors, want %d", got, n)
	}
	last := errs[len(errs)-1]
	if last.More != n-KeptPerFile || last.Msg != fmt.Sprintf("and %d more errors in this file, counted but not kept", n-KeptPerFile) {
		t.Errorf("last entry %+v", last)
	}
	if errs[KeptPerFile-1].Line != KeptPerFile {
		t.Errorf("the kept errors end at line %d, want the first %d lines", errs[KeptPerFile-1].Line, KeptPerFile)
	}
	capped := errs.Capped(ShownPerFile)
	if len(capped) != ShownPerFile+1 || !strings.Contains(capped[ShownPerFile].Msg, fmt.Sprintf("and %d more problems", n-ShownPerFile)) {
		t.Errorf("capped: %v", capped)
	}
	if len(s.Packs[0].Puzzles) != 0 {
		t.Errorf("%d puzzles from garbage", len(s.Packs[0].Puzzles))
	}
}

// memoryChild is set in the child process of TestReadPuzzlesMemory to
// the site folder it reads.
const memoryChild = "THINCHESS_STREAM_CHILD"

// Reading a pack takes memory that does not grow with it: a child
// process reads a pack of 64 MB of blank lines and bad lines (a fifth,
// each an error), and reports the memory its runtime took from the
// system. A read of the whole file takes more than the file, and one
// keeping every error about as much (some 130,000 of them).
func TestReadPuzzlesMemory(t *testing.T) {
	if dir := os.Getenv(memoryChild); dir != "" {
		memoryChildRun(dir)
		return
	}
	if testing.Short() {
		t.Skip("writes 64 MB")
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "packs"), 0o755)
	os.WriteFile(filepath.Join(dir, "packs", "g.md"), []byte("---\ntitle: G\n---\n"), 0o644)
	f, err := os.Create(filepath.Join(dir, "packs", "g.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	const size = 64 << 20
	line := `{"id":"x","start":"not a position at all, but long enough to count","result":"white-wins","solution":"1. a4"}` + "\n"
	blank := strings.Repeat(" ", 100) + "\n"
	lines := 0
	for n := 0; n < size; n += 4*len(blank) + len(line) {
		w.WriteString(strings.Repeat(blank, 4))
		w.WriteString(line)
		lines += 5
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	cmd := exec.Command(os.Args[0], "-test.run=^TestReadPuzzlesMemory$")
	cmd.Env = append(os.Environ(), memoryChild+"="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	var sys, count int
	if _, err := fmt.Sscanf(lastLine(string(out)), "sys %d count %d", &sys, &count); err != nil {
		t.Fatalf("child printed %q", out)
	}
	if want := lines / 5; count != want {
		t.Errorf("the child counted %d errors, want %d", count, want)
	}
	t.Logf("%d lines, %d MB: the reader's runtime took %.1f MB", lines, size>>20, float64(sys)/(1<<20))
	if sys > size/2 {
		t.Errorf("reading a pack of %d MB took %.1f MB from the system, want at most half the file", size>>20, float64(sys)/(1<<20))
	}
}

// memoryChildRun reads the pack of dir and prints the memory the runtime
// took from the system and the errors counted.
func memoryChildRun(dir string) {
	// Collect a little more often than by default, so that what the
	// runtime takes follows what is live rather than the garbage of the
	// errors' messages.
	debug.SetGCPercent(50)
	s, _ := LoadStream(dir)
	var b Bounded
	s.Packs[0].ReadPuzzles(dir, ReadOptions{Errs: &b, IDs: NewIDSet(nil)}, func([]*Mode) ErrorList { return nil })
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	fmt.Println("sys " + strconv.FormatUint(ms.Sys, 10) + " count " + strconv.Itoa(b.List().Count()))
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if strings.HasPrefix(lines[i], "sys ") {
			return lines[i]
		}
	}
	return ""
}
