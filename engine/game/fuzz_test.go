package game

import (
	"reflect"
	"testing"
)

// FuzzParsePGN checks that whatever ParsePGN accepts writes itself as PGN
// that reads back to the same game and writes itself unchanged, and that
// what it refuses comes back as a *PGNError.
func FuzzParsePGN(f *testing.F) {
	for _, s := range []string{
		"[Event \"x\"]\n\n1. e4 e5 2. Nf3 {comment} (2. d4 (2. c4)) 2... Nc6 $1 1-0",
		"[Variant \"1d\"]\n[FEN \"k/n/r/1/1/R/N/K w - - 0 1\"]\n\n1. Na4 Rxa4 2. Rxa4 *",
		"[Variant \"race\"]\n[FEN \"pppp/4/4/PPPP w - - 0 1\"]\n1. a2 d3 2. a3 d2 3. axb4 1-0",
		"[Variant \"gardner\"]\n[Rules \"fifty_move=false promotion=qn\"]\n1. a3 bxa3 2. bxa3 *",
		"[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 12\"]\n12... O-O 13. O-O-O Rfe8 1/2-1/2",
		"% escape\n1.f3 e5 2.g4 Qh4# 0-1",
		"1. e4 ; comment\n1... e5",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, tags, err := ParsePGN(s)
		if err != nil {
			if _, ok := err.(*PGNError); !ok {
				t.Fatalf("ParsePGN: %T %v, want a *PGNError", err, err)
			}
			return
		}
		out := g.PGN(tags)
		g2, tags2, err := ParsePGN(out)
		if err != nil {
			t.Fatalf("ParsePGN(%q) gives a game whose PGN does not read back: %v\n%s", s, err, out)
		}
		if !reflect.DeepEqual(g2.Moves(), g.Moves()) || g2.Start().FEN() != g.Start().FEN() || !reflect.DeepEqual(g2.Rules(), g.Rules()) {
			t.Fatalf("ParsePGN(%q): its PGN reads back as a different game\n%s", s, out)
		}
		if again := g2.PGN(tags2); again != out {
			t.Fatalf("ParsePGN(%q): PGN is not stable:\n%s\nthen\n%s", s, out, again)
		}
	})
}
