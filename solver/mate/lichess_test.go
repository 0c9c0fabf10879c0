package mate

import (
	"encoding/csv"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// lichessPositions reads the positions of the real lichess sample of
// package puzzles: each puzzle's start (after the opponent's move), and
// the position after the attacker's recorded first move.
func lichessPositions(t *testing.T) []*engine.Position {
	t.Helper()
	f, err := os.Open("../../puzzles/testdata/lichess_sample.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out []*engine.Position
	for _, rec := range recs[1:] {
		p, err := engine.ParseFEN(rec[1], engine.MustPreset("chess"))
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range strings.Fields(rec[2])[:2] {
			m, err := p.ParseCoord(text)
			if err != nil {
				t.Fatal(err)
			}
			p.Make(m)
			q := *p
			out = append(out, &q)
		}
	}
	return out
}

// TestMateAgainstBruteForceOnLichess compares Search within two moves
// (distance, and every mating first move with its distance) with the
// plain recursive search on real middlegame and endgame positions, mates
// and non-mates, with either side to move: 2,398 positions, 400 under
// -short.
func TestMateAgainstBruteForceOnLichess(t *testing.T) {
	ps := lichessPositions(t)
	limit := len(ps)
	if testing.Short() {
		limit = 400
	}
	found := 0
	for i, p := range ps[:min(limit, len(ps))] {
		attacker := p.Side
		if i%2 == 1 {
			attacker = p.Side.Other() // the defender to move, after the solver's first move
		}
		const within = 2
		res, err := Search(p, attacker, within, Options{MaxTreeNodes: -1})
		if err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
		b := &bruteMate{attacker: attacker}
		want := -1
		var first []string
		if p.Side == attacker {
			var buf [engine.MaxMoves]engine.Move
			for _, m := range p.LegalMoves(buf[:0]) {
				q := *p
				q.Make(m)
				for k := 0; k < within; k++ {
					if b.defend(&q, k) {
						first = append(first, fmt.Sprintf("%s in %d", p.SAN(m), k+1))
						if want < 0 || k+1 < want {
							want = k + 1
						}
						break
					}
				}
			}
		} else {
			for k := 0; k <= within; k++ {
				if b.defend(p, k) {
					want = k
					break
				}
			}
		}
		got := -1
		if res.Found {
			got = res.Moves
			found++
		}
		slices.Sort(first)
		if first == nil {
			first = []string{}
		}
		if got != want || !slices.Equal(formatFirst(res.First), first) {
			t.Errorf("%s (%s attacks): mate %d, first %q; brute force %d, %q", p.FEN(), attacker, got, formatFirst(res.First), want, first)
		}
	}
	t.Logf("%d positions, %d with a mate within 2", min(limit, len(ps)), found)
}
