package chunks

import (
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/verify"
)

// Records sort by rating, then id, whatever order they come in.
func TestSort(t *testing.T) {
	var want []Record
	for r := range 5 {
		for _, id := range []string{"a", "a1", "b", "z"} {
			want = append(want, Record{ID: id, Rating: int32(1000 + 100*r), Line: int32(len(want))})
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		got := slices.Clone(want)
		rng.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
		Sort(got)
		for i := range got {
			if got[i].Line != want[i].Line {
				t.Fatalf("sorted to %d (%s, %d) at %d, want %d", got[i].Line, got[i].ID, got[i].Rating, i, want[i].Line)
			}
		}
	}
}

// The parts of n records are Count(n) chunks of Size records but the
// last, which together hold every record once, in order.
func TestParts(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 5*Size+3).Draw(t, "n")
		recs := make([]Record, n)
		for i := range recs {
			recs[i].Line = int32(i)
		}
		next := 0
		for c := range Count(n) {
			part := Part(recs, c)
			if len(part) == 0 || len(part) > Size || (c < Count(n)-1 && len(part) != Size) {
				t.Fatalf("chunk %d of %d holds %d records", c, n, len(part))
			}
			for _, r := range part {
				if int(r.Line) != next {
					t.Fatalf("chunk %d: record %d, want %d", c, r.Line, next)
				}
				next++
			}
		}
		if next != n {
			t.Fatalf("the chunks hold %d of %d records", next, n)
		}
	})
}

// puzzle parses a position into a puzzle of the given rating (0: none)
// and difficulty.
func puzzle(t *testing.T, id, variant, pos string, rating, difficulty int) *mode.Mode {
	t.Helper()
	rules, err := engine.Preset(variant)
	if err != nil {
		t.Fatal(err)
	}
	start, err := engine.Parse(pos, rules)
	if err != nil {
		t.Fatal(err)
	}
	m := &mode.Mode{ID: id, Start: start, Rules: rules, Difficulty: difficulty}
	m.Info.Rating = rating
	return m
}

// A record says its puzzle's family, kind and rating (its own, else the
// estimated one, else its difficulty's) and keeps its verification's
// key, which Key gives back; a malformed key is kept as none.
func TestNewRecord(t *testing.T) {
	oneD := puzzle(t, "one", "1d", "x,bk,wn,bn,x,wr,x,wk:w", 0, 3)
	chess := puzzle(t, "two", "chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", 1234, 0)
	key := verify.Key("a puzzle")
	rec := NewRecord(oneD, &verify.Verification{Verified: true, EstimatedRating: 1500, Key: key}, 7)
	if rec.ID != "one" || rec.Line != 7 || rec.Rating != 1500 || !rec.Proven || !rec.Verified || rec.Key() != key {
		t.Errorf("record %+v, key %q", rec, rec.Key())
	}
	if FamilyTitles[rec.Family].ID != "1d" || KindTitles[rec.Kind].ID != "mate" {
		t.Errorf("family %d, kind %d", rec.Family, rec.Kind)
	}
	if rec := NewRecord(oneD, nil, 0); rec.Rating != 1800 || rec.Proven || rec.Key() != "" {
		t.Errorf("without a verification: %+v", rec)
	}
	rec = NewRecord(chess, &verify.Verification{EstimatedRating: 1500, Key: "not hex"}, 0)
	if rec.Rating != 1234 || rec.Verified || rec.Key() != "" || FamilyTitles[rec.Family].ID != "standard" {
		t.Errorf("rated, unverified, malformed key: %+v", rec)
	}
	fams, kinds := Tally([][]Record{{rec}, {NewRecord(oneD, nil, 0), NewRecord(oneD, nil, 1)}})
	if len(fams) != 2 || fams[0].ID != "1d" || fams[0].Count != 2 || fams[1].ID != "standard" || fams[1].Count != 1 {
		t.Errorf("families %+v", fams)
	}
	if len(kinds) != 1 || kinds[0].ID != "mate" || kinds[0].Count != 3 {
		t.Errorf("kinds %+v", kinds)
	}
}
