package site

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/verify"
)

// TestSolvedPage checks the page of solved starts of the shipped site:
// a row for every mode start solved exactly, with the counts of its
// table, and the certificates' rows saying whether this build verified
// them.
func TestSolvedPage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the shipped site")
	}
	out := t.TempDir()
	sum, errs, err := Build(BuildOptions{Src: "..", Out: out, CacheDir: testCacheDir()})
	if err != nil || len(errs.Errors()) > 0 {
		t.Fatalf("build: %v %v", err, errs)
	}
	html := string(sum.Output["docs/solved/index.html"])
	if html == "" {
		t.Fatal("no docs/solved/index.html")
	}
	text := strings.Join(strings.Fields(html), " ")
	rows := 0
	for id, v := range sum.Results {
		if v.Method != solver.Exact || strings.Contains(id, "-mate") || v.Tree != nil {
			continue
		}
		if !strings.Contains(text, `href="../../modes/`+id+`/"`) {
			continue // a puzzle
		}
		rows++
		if !strings.Contains(text, thousands(v.States)) || !strings.Contains(text, thousands(v.Edges)) {
			t.Errorf("%s: the page lacks its %d states and %d moves", id, v.States, v.Edges)
		}
	}
	if rows < 8 {
		t.Errorf("%d mode rows, want at least 8", rows)
	}
	// Every mode not solved exactly has a row beyond one machine, with
	// its key width and the count of its positions from above.
	at := strings.Index(text, `>Beyond one machine<`)
	if at < 0 {
		t.Fatal("no section beyond one machine")
	}
	beyond := text[at:]
	shipped, lerrs := mode.Load("..")
	if len(lerrs) > 0 {
		t.Fatal(lerrs)
	}
	unsolved := 0
	for _, m := range shipped.Modes {
		if v := sum.Results[m.ID]; m.Puzzle != nil || v != nil && v.Method == solver.Exact {
			continue
		}
		unsolved++
		bits, err := solver.KeyBits(m.Start)
		if err != nil {
			t.Fatal(err)
		}
		at := strings.Index(beyond, `href="../../modes/`+m.ID+`/"`)
		if at < 0 {
			t.Errorf("%s: not solved exactly, yet not beyond one machine", m.ID)
			continue
		}
		row := beyond[at:]
		row = row[:strings.Index(row, "</tr>")]
		for _, want := range []string{fmt.Sprintf(`<td class="num">%d</td>`, bits), sci(solver.StateBound(m.Start))} {
			if !strings.Contains(row, want) {
				t.Errorf("%s: the row lacks %q: %s", m.ID, want, row)
			}
		}
	}
	if unsolved < 6 {
		t.Errorf("%d starts beyond one machine, want at least 6", unsolved)
	}
	proven, perrs := verify.ReadCertificates(filepath.Join("..", "certificates"), &verify.Cache{Dir: testCacheDir()})
	if len(perrs) > 0 || len(proven) == 0 {
		t.Fatalf("certificates: %d records, %v", len(proven), perrs)
	}
	for _, pr := range proven {
		if !strings.Contains(text, pr.Command) || !strings.Contains(text, thousands(pr.Result.States)) {
			t.Errorf("%s: the page lacks its command or its %d states", pr.Key, pr.Result.States)
		}
		if v := sum.Results[pr.Mode]; v != nil && v.Method == solver.Exact && v.Certificate == "" {
			continue // the build solves this mode itself: no certificate
		}
		if !strings.Contains(text, pr.Certificate.SHA256) {
			t.Errorf("%s: the page does not name its certificate", pr.Key)
		}
		_, err := os.Stat(filepath.Join("..", "certificates", pr.Certificate.File))
		if err != nil && !strings.Contains(text, "the certificate is not in the repository") {
			t.Errorf("%s: the certificate is missing, and the page does not say so", pr.Key)
		}
	}
}
