package site

import (
	"strings"
	"testing"

	"github.com/thinchess/thinchess/site/firstload"
)

// Budgets of the first load, gzipped: a table-backed mode page plays on
// the page's own JavaScript engine and its table. A page that searches
// plays on the same JavaScript rules and loads the Go engine compiled to
// WebAssembly for its searchers, whose runtime alone is about 570 KB
// gzipped (an empty Go 1.26 program for GOOS=js with syscall/js), so its
// budget only keeps it from growing. (A chess puzzle follows its
// solution tree and loads the engine only past it: its first load is
// counted without it.)
const (
	tableBudget = PageTableBudget
	wasmBudget  = 1200 << 10
)

// TestFirstLoad computes the first load of every mode page of the
// shipped site (the repository's modes/), logs it and fails above the
// budgets.
func TestFirstLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the shipped site")
	}
	sum := shippedBuild(t)
	tables := 0
	gz := map[string]int{}
	for name := range sum.files {
		if !strings.HasPrefix(name, "modes/") || !strings.HasSuffix(name, "/index.html") {
			continue
		}
		ld, err := firstload.Measure(sum.files, name, gz)
		if err != nil {
			t.Fatal(err)
		}
		budget, kind := wasmBudget, "wasm"
		for _, f := range ld.Files {
			if strings.HasPrefix(f.Path, "assets/tables/") {
				budget, kind = tableBudget, "table"
				tables++
			}
		}
		t.Logf("%-48s %-5s %8d bytes, %7d gzipped (%.1f KiB)", name, kind, ld.Raw, ld.Gzip, float64(ld.Gzip)/1024)
		if ld.Gzip > budget {
			t.Errorf("%s: first load %d bytes gzipped, budget %d", name, ld.Gzip, budget)
			for _, f := range ld.Files {
				t.Logf("  %-50s %8d %8d", f.Path, f.Raw, f.Gzip)
			}
		}
	}
	if tables == 0 {
		t.Error("no table-backed mode page")
	}
}
