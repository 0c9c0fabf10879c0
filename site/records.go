package site

import (
	"cmp"
	"encoding/hex"
	"slices"
	"strings"

	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/verify"
)

// The chunks, the index and the id buckets are made from a compact
// record of each puzzle, not from the puzzles: a pack's records are
// sorted by rating and cut into chunks, and only a chunk's puzzles are
// read back (from memory, or from the pack's data file by offset; see
// streamedPacks) while the chunk is made. Everything else the site
// says of its puzzles (the counts by family and kind, each pack's
// entry in the index and its page, the id buckets) comes from the
// records, so that a build's memory grows by a record, about 90 bytes,
// a puzzle.

// puzzleRecord is what the build keeps of one puzzle of a group.
type puzzleRecord struct {
	id     string
	rating int32
	// line is the puzzle's line in its pack's data file (from 1) when
	// its group is streamed, else its index in the group's puzzles.
	line int32
	// off and size locate the line's text in the data file, and voff
	// and vsize the puzzle's verification in the build's spill file
	// (streamed groups only).
	off   int64
	size  int32
	vsize int32
	voff  int64
	// table is 1 + the index of the puzzle's play table among the
	// streamed tables (streamedPacks.tables), 0 for none.
	table int32
	// family and kind index familyTitles and kindTitles.
	family, kind uint8
	// proven says the puzzle has a verification, and verified that it
	// proves the puzzle.
	proven, verified bool
	// key is the verification's key (verify.Key), when hasKey.
	hasKey bool
	key    [16]byte
}

// newRecord returns the record of puzzle m with its verification v
// (which may be nil); the caller sets where the puzzle is.
func newRecord(m *mode.Mode, v *verify.Verification) puzzleRecord {
	rating, _ := puzzleRating(m, v)
	rec := puzzleRecord{id: m.ID, rating: int32(rating), family: titleIndex(familyTitles, Family(m.Start.B)), kind: titleIndex(kindTitles, puzzleKind(m))}
	if v != nil {
		rec.proven, rec.verified = true, v.Verified
		if n, err := hex.Decode(rec.key[:], []byte(v.Key)); err == nil && n == len(rec.key) && len(v.Key) == 2*len(rec.key) {
			rec.hasKey = true
		}
	}
	return rec
}

// keyText is the record's verification key as verify.Key wrote it,
// empty when it has none.
func (rec *puzzleRecord) keyText() string {
	if !rec.hasKey {
		return ""
	}
	return hex.EncodeToString(rec.key[:])
}

// sortRecords sorts records by rating, then id: the order of a pack's
// chunks. Ids are unique, so the order is total; the sort is stable all
// the same, so that it never depends on the order records came in.
func sortRecords(recs []puzzleRecord) {
	slices.SortStableFunc(recs, func(a, b puzzleRecord) int {
		return cmp.Or(cmp.Compare(a.rating, b.rating), strings.Compare(a.id, b.id))
	})
}

// recordPart returns the records of chunk n of recs.
func recordPart(recs []puzzleRecord, n int) []puzzleRecord {
	return recs[n*chunkSize : min((n+1)*chunkSize, len(recs))]
}

// chunkCount is how many chunks n puzzles take.
func chunkCount(n int) int { return (n + chunkSize - 1) / chunkSize }

// titleIndex is the index of id among titles (Family and puzzleKind
// give only ids that are there).
func titleIndex(titles []wire.Count, id string) uint8 {
	for i, t := range titles {
		if t.ID == id {
			return uint8(i)
		}
	}
	return 0
}
