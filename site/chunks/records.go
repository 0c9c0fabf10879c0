package chunks

import (
	"cmp"
	"encoding/hex"
	"slices"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/verify"
)

// Size is the most puzzles a chunk holds.
const Size = 250

// Record is what the build keeps of one puzzle of a group: everything
// the site says of its puzzles but their chunks (the counts by family
// and kind, each pack's entry in the index and its page, the id
// buckets) comes from the records.
type Record struct {
	ID     string
	Rating int32
	// Line is the puzzle's line in its pack's data file (from 1) when
	// its pack is streamed, else its index in its group's puzzles.
	Line int32
	// Family and Kind index FamilyTitles and KindTitles.
	Family, Kind uint8
	// Proven says the puzzle has a verification, and Verified that it
	// proves the puzzle.
	Proven, Verified bool

	// off and size locate the line's text in the data file, and voff
	// and vsize the puzzle's verification in the spill file (streamed
	// packs only).
	off   int64
	size  int32
	vsize int32
	voff  int64
	// table is 1 + the index of the puzzle's play table among the
	// stream's tables, 0 for none.
	table int32
	// key is the verification's key (verify.Key), when hasKey.
	hasKey bool
	key    [16]byte
}

// NewRecord returns the record of puzzle m at line with its
// verification v (which may be nil).
func NewRecord(m *mode.Mode, v *verify.Verification, line int) Record {
	rating, _ := Rating(m, v)
	rec := Record{ID: m.ID, Rating: int32(rating), Line: int32(line), Family: titleIndex(FamilyTitles, Family(m.Start.B)), Kind: titleIndex(KindTitles, Kind(m))}
	if v != nil {
		rec.Proven, rec.Verified = true, v.Verified
		if n, err := hex.Decode(rec.key[:], []byte(v.Key)); err == nil && n == len(rec.key) && len(v.Key) == 2*len(rec.key) {
			rec.hasKey = true
		}
	}
	return rec
}

// Key is the record's verification key as verify.Key wrote it, empty
// when it has none.
func (rec *Record) Key() string {
	if !rec.hasKey {
		return ""
	}
	return hex.EncodeToString(rec.key[:])
}

// Sort sorts records by rating, then id: the order of a pack's chunks.
// Ids are unique, so the order is total; the sort is stable all the
// same, so that it never depends on the order records came in.
func Sort(recs []Record) {
	slices.SortStableFunc(recs, func(a, b Record) int {
		return cmp.Or(cmp.Compare(a.Rating, b.Rating), strings.Compare(a.ID, b.ID))
	})
}

// Part returns the records of chunk n of recs.
func Part(recs []Record, n int) []Record {
	return recs[n*Size : min((n+1)*Size, len(recs))]
}

// Count is how many chunks n puzzles take.
func Count(n int) int { return (n + Size - 1) / Size }

// Family names the kind of board: 1d (one file), thin (two or three
// files or ranks), standard (8×8) or minichess (the rest).
func Family(b *engine.Board) string {
	switch {
	case b.W == 1 || b.H == 1:
		return "1d"
	case min(b.W, b.H) <= 3:
		return "thin"
	case b.W == 8 && b.H == 8:
		return "standard"
	}
	return "minichess"
}

// FamilyTitles are the families' names for people, in the order the
// trainer offers them.
var FamilyTitles = []wire.Count{{ID: "1d", Title: "1-D"}, {ID: "thin", Title: "Thin"}, {ID: "minichess", Title: "Minichess"}, {ID: "standard", Title: "Standard chess"}}

// KindTitles name what puzzles ask, in the order pages list them.
var KindTitles = []wire.Count{{ID: "mate", Title: "Mate"}, {ID: "race", Title: "Win the race"}, {ID: "hold", Title: "Hold the draw"}, {ID: "ban", Title: "Ban Chess"}}

// Kind says what a puzzle asks: "ban" under Ban Chess, "hold" for a
// draw to hold, "race" under the race goal, else "mate".
func Kind(m *mode.Mode) string {
	switch {
	case m.Rules != nil && m.Rules.Bans:
		return "ban"
	case m.Claim != nil && m.Claim.Result == engine.Drawn:
		return "hold"
	case m.Rules != nil && m.Rules.Goal == engine.GoalRace:
		return "race"
	}
	return "mate"
}

// Rating is a puzzle's rating and whether the build estimated it rather
// than read it: its own rating, else the rating verification estimated
// from its proof (v may be nil), else the middle of the band
// mode.RatingDifficulty gives its difficulty.
func Rating(m *mode.Mode, v *verify.Verification) (int, bool) {
	if m.Info.Rating > 0 {
		return m.Info.Rating, false
	}
	if v != nil && v.EstimatedRating > 0 {
		return v.EstimatedRating, true
	}
	return 600 + 400*m.Difficulty, true
}

// Tally counts the puzzles of groups of records by family and kind, in
// the orders of FamilyTitles and KindTitles, leaving out what has none.
func Tally(groups [][]Record) (families, kinds []wire.Count) {
	families, kinds = []wire.Count{}, []wire.Count{}
	fam, kind := make([]int, len(FamilyTitles)), make([]int, len(KindTitles))
	for _, recs := range groups {
		for i := range recs {
			fam[recs[i].Family]++
			kind[recs[i].Kind]++
		}
	}
	for i, f := range FamilyTitles {
		if f.Count = fam[i]; f.Count > 0 {
			families = append(families, f)
		}
	}
	for i, k := range KindTitles {
		if k.Count = kind[i]; k.Count > 0 {
			kinds = append(kinds, k)
		}
	}
	return families, kinds
}

// titleIndex is the index of id among titles (Family and Kind give only
// ids that are there).
func titleIndex(titles []wire.Count, id string) uint8 {
	for i, t := range titles {
		if t.ID == id {
			return uint8(i)
		}
	}
	return 0
}
