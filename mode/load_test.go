package mode

import (
	"fmt"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/solver/terms"
)

// A claim's mate_in has one limit, in mode files and pack lines alike:
// the longest mate the mate search proves. Above it the loader says so,
// where the prover would only have called the claim undecided.
func TestMateInLimit(t *testing.T) {
	modeFile := "---\ntitle: \"M\"\nstart: \"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\"\nclaim:\n  result: white-wins\n  mate_in: %d\n---\n"
	packLine := `{"id":"p%d","start":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","result":"white-wins","mate_in":%d,"solution":"1. Ra8#"}`
	for _, n := range []int{terms.MaxMateMoves, terms.MaxMateMoves + 1, 500} {
		line := fmt.Sprintf(packLine, n, n)
		dir := writeTree(t, map[string]string{
			"modes/x/m.md":  fmt.Sprintf(modeFile, n),
			"packs/p.md":    packHeader,
			"packs/p.jsonl": line + "\n",
		})
		_, errs := Load(dir)
		got := errs.Error()
		if n <= terms.MaxMateMoves {
			if got != "" {
				t.Errorf("mate_in %d: %s", n, got)
			}
			continue
		}
		for _, want := range []string{
			fmt.Sprintf("modes/x/m.md:6:12: claim.mate_in must be from 1 to %d, not %d", terms.MaxMateMoves, n),
			fmt.Sprintf("packs/p.jsonl:1:%d: mate_in %d: want 1 to %d with a win", strings.Index(line, `"mate_in":`)+len(`"mate_in":`)+1, n, terms.MaxMateMoves),
		} {
			if !strings.Contains(got, want) {
				t.Errorf("mate_in %d: no error %q in\n%s", n, want, got)
			}
		}
	}
}

func TestCheckBaseURL(t *testing.T) {
	for _, ok := range []string{"", "https://user.github.io/repo/", "http://localhost:1313"} {
		if err := CheckBaseURL(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"user.github.io/repo", "/repo/", "ftp://x.org/", "https://", "https://x.org/?a=1", "https://x.org/#top"} {
		if CheckBaseURL(bad) == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
	dir := writeTree(t, map[string]string{"site.yaml": "title: T\nbase_url: user.github.io/repo\n"})
	if _, errs := Load(dir); len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), "site.yaml:2:11: base_url: ") {
		t.Errorf("errors %v, want one at site.yaml:2:11", errs)
	}
}

// Oversized input is refused before it is parsed, with its size.
func TestSizeLimits(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"modes/x/big.md":  "---\ntitle: \"B\"\nstart: \"bk,bn,x,wk:w\"\n---\n" + strings.Repeat("a", MaxFileBytes),
		"modes/x/long.md": "---\ntitle: \"" + strings.Repeat("t", MaxFieldBytes+1) + "\"\nstart: \"bk,bn,x,wk:w\"\n---\n",
		"packs/p.md":      "---\ntitle: P\n---\n",
		"packs/p.jsonl":   `{"id":"a","start":"` + strings.Repeat("x", MaxLineBytes) + `"}` + "\n",
		"site.yaml":       "title: T\n#" + strings.Repeat(" a comment", MaxFileBytes/10),
	})
	_, errs := Load(dir)
	var got []string
	for _, e := range errs {
		got = append(got, e.Error())
	}
	want := []string{
		"modes/x/big.md: the file is ",
		"modes/x/long.md:2:8: title is 4097 bytes long: a value may be at most 4096",
		"packs/p.jsonl:1: the line is ",
		"site.yaml: the file is 1048580 bytes: site.yaml may be at most 1048576 (1 MiB)",
	}
	if len(got) != len(want) {
		t.Fatalf("errors %q", got)
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("error %q, want it to start %q", got[i], want[i])
		}
	}
}

func TestCapped(t *testing.T) {
	var l ErrorList
	for i := 1; i <= 5; i++ {
		l.Add("a.md", i, 1, "problem %d", i)
	}
	l.Add("b.md", 1, 1, "alone")
	got := l.Capped(2)
	var s []string
	for _, e := range got {
		s = append(s, e.Error())
	}
	want := "a.md:1:1: problem 1|a.md:2:1: problem 2|a.md: and 3 more problems in this file (fix these first)|b.md:1:1: alone"
	if strings.Join(s, "|") != want {
		t.Errorf("Capped:\n%s\nwant\n%s", strings.Join(s, "|"), want)
	}
}
