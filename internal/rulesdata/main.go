// Command rulesdata writes templates/static/js/rules-data.js, the tables
// of package engine that the page's JavaScript rules (the twins,
// rules-*.js) read instead of keeping copies of their own: the piece
// types, their letters and names, the colours and their titles (piece.go),
// the goals, the rule presets and the names of the rules a mode may set
// (rules.go), the words for how a game ended (status.go), the largest
// board side (board.go) and the outcomes' titles (outcome.go).
//
//	go generate ./templates                                               # writes the file
//	go run ./internal/rulesdata -out templates/static/js/rules-data.js -check # fails when stale
//
// Every table is read from engine's exported API (PieceType.Letter,
// Status.Reason, Preset, Rules.SetBool, …), never from its source, so the
// module says what the Go rules do. The twins' logic (the move generator
// and the position) stays written twice; see "Go files and their
// JavaScript twins" in docs/architecture.md.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
)

func main() {
	out := flag.String("out", "", "the module to write (required)")
	check := flag.Bool("check", false, "write nothing; exit 1 when the file differs from what would be written")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "rulesdata: -out is required")
		os.Exit(2)
	}
	want, err := Generate()
	if err != nil {
		fmt.Fprintln(os.Stderr, "rulesdata:", err)
		os.Exit(1)
	}
	if *check {
		got, err := os.ReadFile(*out)
		if err != nil || !bytes.Equal(got, want) {
			fmt.Fprintf(os.Stderr, "rulesdata: %s is stale: run go generate ./templates\n", *out)
			os.Exit(1)
		}
		return
	}
	if err := os.WriteFile(*out, want, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "rulesdata:", err)
		os.Exit(1)
	}
}
