package main

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"testing"

	"github.com/thinchess/thinchess/site"
)

// Three shards verify disjoint parts that together are the whole site
// (modes and pack puzzles), and a build with their cache folder solves
// nothing again.
func TestCheckShards(t *testing.T) {
	src := "../../site/testdata/render/src"
	cache := t.TempDir()
	verified := regexp.MustCompile(`check: (\d+) mode\(s\)(?: and \d+ pack\(s\) of (\d+) puzzle\(s\))? verified`)
	total := 0
	for k := 1; k <= 3; k++ {
		var out, errb bytes.Buffer
		if code := run([]string{"check", "--src", src, "--cache-dir", cache, "--shard", fmt.Sprintf("%d/3", k)}, &out, &errb); code != 0 {
			t.Fatalf("shard %d/3: exit %d: %s", k, code, errb.String())
		}
		m := verified.FindStringSubmatch(out.String())
		if m == nil {
			t.Fatalf("shard %d/3 printed %q", k, out.String())
		}
		a, _ := strconv.Atoi(m[1])
		b, _ := strconv.Atoi(m[2])
		total += a + b
	}
	if total != 7 {
		t.Errorf("the shards verified %d modes and puzzles, want the site's 7", total)
	}
	sum, errs, err := site.Build(site.BuildOptions{Src: src, CacheDir: cache, CheckOnly: true})
	if err != nil || len(errs.Errors()) > 0 {
		t.Fatal(err, errs)
	}
	if sum.Solved != 0 || sum.Checked != 7 {
		t.Errorf("after the shards, a build verified %d of %d afresh, want 0", sum.Solved, sum.Checked)
	}
	for _, bad := range []string{"0/3", "4/3", "1", "a/b", "2/0"} {
		var out, errb bytes.Buffer
		if code := run([]string{"check", "--src", src, "--cache-dir", cache, "--shard", bad}, &out, &errb); code != 2 {
			t.Errorf("--shard %s: exit %d, want 2 (%s)", bad, code, errb.String())
		}
	}
}
