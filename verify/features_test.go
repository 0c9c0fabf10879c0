package verify

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/ban"
	"github.com/thinchess/thinchess/solver/mate"
)

// featureCase is one case of testdata/features.txt: its fields by key,
// and the line it starts on.
type featureCase struct {
	line   int
	fields map[string]string
}

func readFeatureCases(t *testing.T) []featureCase {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "features.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []featureCase
	var c *featureCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		text := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(text, "#"):
			continue
		case text == "":
			c = nil
			continue
		}
		key, value, ok := strings.Cut(text, ":")
		if !ok {
			t.Fatalf("features.txt:%d: want key: value", n)
		}
		if c == nil {
			cases = append(cases, featureCase{line: n, fields: map[string]string{}})
			c = &cases[len(cases)-1]
		}
		c.fields[key] = strings.TrimSpace(value)
	}
	return cases
}

// TestProofFeatures measures each puzzle of testdata/features.txt with
// its oracle and compares the features and themes; exact cases are
// measured by mate search too, which must agree on everything but the
// moves that keep a (slower) win and zugzwang.
func TestProofFeatures(t *testing.T) {
	for _, c := range readFeatureCases(t) {
		at := "features.txt:" + strconv.Itoa(c.line)
		r, err := engine.Preset(c.fields["variant"])
		if err != nil {
			t.Fatalf("%s: %v", at, err)
		}
		if c.fields["rules"] == "bans" {
			r = r.Clone()
			r.Bans = true
		}
		start, err := engine.Parse(c.fields["start"], r)
		if err != nil {
			t.Fatalf("%s: %v", at, err)
		}
		var line []engine.Move
		if s := c.fields["solution"]; s != "" {
			if line, err = start.ParseLine(s); err != nil {
				t.Fatalf("%s: %v", at, err)
			}
		}
		var o solver.Oracle
		var table *solver.Table
		switch c.fields["oracle"] {
		case "exact":
			if table, err = solver.Solve(start, solver.Options{}); err != nil {
				t.Fatalf("%s: %v", at, err)
			}
			o = table
		case "ban":
			bt, err := ban.Solve(start, solver.Options{})
			if err != nil {
				t.Fatalf("%s: %v", at, err)
			}
			o = ban.Oracle{T: bt}
		case "mate":
			n, _ := strconv.Atoi(c.fields["mate_in"])
			o = mate.NewOracle(start.Side, n, mate.Options{})
		default:
			t.Fatalf("%s: oracle %q: want exact, ban or mate", at, c.fields["oracle"])
		}
		f, ok := measure(o, start, start.Side, line, slowerWinNodes)
		if !ok {
			t.Errorf("%s: not measured: the oracle does not prove a win", at)
			continue
		}
		if got, want := f.String(), c.fields["features"]; got != want {
			t.Errorf("%s: features\n got %s\nwant %s", at, got, want)
		}
		if got, want := strings.Join(proofThemes(&f, start), " "), c.fields["themes"]; got != want {
			t.Errorf("%s: themes %q, want %q", at, got, want)
		}
		t.Logf("%s: estimated rating %d", at, estimateRating(&f))
		if table == nil {
			continue
		}
		_, dtm, _ := table.Probe(start)
		// Enough nodes for every slower win to be decided.
		byMate, ok := measure(mate.NewOracle(start.Side, (dtm+1)/2, mate.Options{}), start, start.Side, line, 1_000_000)
		if !ok {
			t.Errorf("%s: mate search does not prove the table's win", at)
			continue
		}
		byMate.keeping, byMate.zugzwang = f.keeping, f.zugzwang
		if got, want := byMate.String(), f.String(); got != want {
			t.Errorf("%s: by mate search\n got %s\nwant %s (the table's)", at, got, want)
		}
	}
}
