package site

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
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
	sum := shippedBuild(t)
	html := string(sum.files["docs/solved/index.html"])
	if html == "" {
		t.Fatal("no docs/solved/index.html")
	}
	text := strings.Join(strings.Fields(html), " ")
	rows := 0
	for id, v := range sum.results {
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
	proven, perrs := verify.ReadCertificates(filepath.Join("..", "certificates"), &verify.Cache{Dir: testCacheDir()})
	if len(perrs) > 0 || len(proven) == 0 {
		t.Fatalf("certificates: %d records, %v", len(proven), perrs)
	}
	certified := map[string]bool{}
	var missing []int
	for _, pr := range proven {
		certified[pr.Mode] = pr.Mode != ""
		if !pr.Present {
			missing = append(missing, pr.Certificate.Bytes)
		}
	}
	// The sizes of the certificates not kept are the records'.
	slices.Sort(missing)
	for _, n := range missing {
		if want := fmt.Sprintf("%.1f MB", float64(n)/1e6); !strings.Contains(text, want) {
			t.Errorf("the page does not give the size %s of a certificate not kept", want)
		}
	}
	if strings.Contains(text, "tens of megabytes") || strings.Contains(text, " 1 hours") {
		t.Errorf("stale or ungrammatical words on the page")
	}
	// Every mode not solved exactly, by the build or a certificate, has
	// a row beyond one machine, with its key width and the count of its
	// positions from above.
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
		if v := sum.results[m.ID]; m.Puzzle != nil || v != nil && v.Method == solver.Exact {
			continue
		}
		if certified[m.ID] {
			if strings.Contains(beyond, `href="../../modes/`+m.ID+`/"`) {
				t.Errorf("%s: solved by its certificate, yet beyond one machine", m.ID)
			}
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
	for _, pr := range proven {
		if !strings.Contains(text, pr.Command) || !strings.Contains(text, thousands(pr.Result.States)) {
			t.Errorf("%s: the page lacks its command or its %d states", pr.Key, pr.Result.States)
		}
		if v := sum.results[pr.Mode]; v != nil && v.Method == solver.Exact && v.Certificate == "" {
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

// A mode the build does not solve but a certificate's record does is a
// solved start, not one beyond one machine; the words over the table
// beyond say which of its starts need keys wider than the solver's.
func TestBeyondLeavesCertifiedModes(t *testing.T) {
	parse := func(preset, fen string) *engine.Position {
		p, err := engine.Parse(fen, engine.MustPreset(preset))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	thin := &mode.Mode{ID: "thin", Title: "Thin", Variant: "chess", Start: parse("chess", "1k/1b/1n/1r/2/2/R1/N1/B1/K1 w - - 0 1")}
	chess := &mode.Mode{ID: "chess", Title: "Chess", Variant: "chess", Start: parse("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")}
	unsolved := &verify.Verification{Method: solver.Unverified}
	rec := verify.Proven{CertificateRecord: verify.CertificateRecord{
		Position: thin.Start.FEN(), Variant: "chess", Mode: "thin",
		Result:      verify.SolveResult{Result: "draw", States: 54859106, Draws: 54859106, Seconds: 13.5},
		Certificate: verify.CertificateFile{File: "x.tctb", Bytes: 11306382},
	}}
	r := &renderer{
		modes: []*modeView{{Mode: thin, V: unsolved}, {Mode: chess, V: unsolved}},
		opt:   RenderOptions{Proven: []verify.Proven{rec}},
	}
	solved := r.solvedRows()
	if len(solved) != 1 || solved[0].Link != "modes/thin/" {
		t.Fatalf("solved rows %+v, want the thin start's", solved)
	}
	b := r.beyondRows(solved)
	if len(b.Rows) != 1 || b.Rows[0].Title != "Chess" {
		t.Errorf("beyond rows %+v, want Chess only", b.Rows)
	}
	if b.Wide() != 1 {
		t.Errorf("%d rows need wide keys, want 1", b.Wide())
	}
	thinBits, _ := solver.KeyBits(thin.Start)
	if narrow := (beyond{Rows: []beyondRow{{KeyBits: thinBits}}}); narrow.Wide() != 0 {
		t.Errorf("a start of %d-bit keys counted as needing wider ones", thinBits)
	}
}

// The words under the table of solved starts are computed from its rows:
// the budget, how many certificates are of starts within it, and the
// sizes of the certificates not kept.
func TestSourcesOf(t *testing.T) {
	missing := func(bytes int) *verify.Proven {
		return &verify.Proven{CertificateRecord: verify.CertificateRecord{Certificate: verify.CertificateFile{Bytes: bytes}}}
	}
	rows := []solvedRow{
		{States: 30},
		{States: 2798, Cert: true, Record: &verify.Proven{Present: true}},
		{States: 91272, Cert: true, Record: &verify.Proven{Present: true}},
		{States: 54859106, Cert: true, Record: missing(11306382)},
		{States: 11446662, Cert: true, Record: missing(3262279)},
		{States: 2266640, Cert: true, Record: &verify.Proven{Present: true}},
	}
	r := &renderer{opt: RenderOptions{MaxStates: 1_000_000}}
	got := r.sourcesOf(rows)
	want := sources{Budget: 1_000_000, Certs: 5, Small: 2, Missing: []string{"3.3 MB", "11.3 MB"}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("sources %+v, want %+v", got, want)
	}
	if got.MissingText() != "3.3 MB and 11.3 MB" {
		t.Errorf("MissingText %q", got.MissingText())
	}
	if def := (&renderer{}).sourcesOf(nil); def.Budget != verify.DefaultOptions.MaxStates {
		t.Errorf("default budget %d", def.Budget)
	}
}

func TestSizesAndLists(t *testing.T) {
	tests := []struct{ got, want string }{
		{megabytes(3262279), "3.3 MB"},
		{megabytes(11306382), "11.3 MB"},
		{megabytes(742302), "742 kB"},
		{andList(nil), ""},
		{andList([]string{"a"}), "a"},
		{andList([]string{"a", "b"}), "a and b"},
		{andList([]string{"a", "b", "c"}), "a, b and c"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got %q, want %q", tt.got, tt.want)
		}
	}
}

// Years says a duration in the largest unit that fits, singular for one.
func TestYears(t *testing.T) {
	const hour, day, year = 3600.0, 24 * 3600.0, 365.25 * 24 * 3600
	tests := []struct {
		s    float64
		want string
	}{
		{0.2, "under a second"},
		{1, "1 second"},
		{59, "59 seconds"},
		{60, "1 minute"},
		{3 * 60, "3 minutes"},
		{hour, "1 hour"},
		{1.4 * hour, "1 hour"},
		{5 * hour, "5 hours"},
		{day, "1 day"},
		{40 * day, "40 days"},
		{year, "1 year"},
		{6 * year, "6 years"},
		{5.7e6 * year, "5.7 × 10⁶ years"},
	}
	for _, tt := range tests {
		if got := (beyond{}).Years(tt.s); got != tt.want {
			t.Errorf("Years(%g) = %q, want %q", tt.s, got, tt.want)
		}
	}
}
