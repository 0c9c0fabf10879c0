package search

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestNullMoveZugzwang searches the positions of testdata/zugzwang.txt
// to their depth: null-move pruning must not hide the move that puts the
// opponent in zugzwang.
func TestNullMoveZugzwang(t *testing.T) {
	f, err := os.Open("testdata/zugzwang.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fields := strings.Split(line, "|")
		if len(fields) != 4 {
			t.Fatalf("testdata/zugzwang.txt:%d: want variant | position | moves | depth, got %q", n, line)
		}
		depth, err := strconv.Atoi(strings.TrimSpace(fields[3]))
		if err != nil {
			t.Fatalf("testdata/zugzwang.txt:%d: depth: %v", n, err)
		}
		p := mustParse(t, strings.TrimSpace(fields[1]), strings.TrimSpace(fields[0]))
		want := strings.Fields(fields[2])
		res := NewSearcher(18).Search(p, Limits{Depth: depth, NoExact: true})
		if got := res.Move.Coord(p.B); !slices.Contains(want, got) {
			t.Errorf("testdata/zugzwang.txt:%d: %s: played %s (score %d at depth %d, pv %v), want one of %v", n, p.FEN(), got, res.Score, res.Depth, p.SANLine(res.PV), want)
		}
	}
}
