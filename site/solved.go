package site

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/verify"
)

// solvedRow is one start on the page of solved starts (content page
// "solved"). Its numbers come from a table: the build's own, or a
// certificate the build verified, or, marked as such, the record of a
// certificate not in the repository.
type solvedRow struct {
	Title, Link, Board, FEN, Variant string
	Value                            string
	States, Edges                    int
	WhiteWins, BlackWins, Draws      int
	// How says where the numbers come from.
	How string
	// Checked is false for a record the build could not verify.
	Checked bool
	// Cert is true when the row's numbers rest on a certificate, whose
	// file the page then names.
	Cert bool
	// From the certificate's record, when there is one.
	Record *verify.Proven
	// Start is the position solved, nil for a record whose position
	// does not parse.
	Start *engine.Position
}

// Seconds, Memory and Machine describe the recorded solve.
func (r solvedRow) Seconds() string {
	if r.Record == nil {
		return ""
	}
	sec := r.Record.Result.Seconds
	if sec < 1 {
		return fmt.Sprintf("%.0f ms", max(sec*1000, 1))
	}
	return fmt.Sprintf("%.1f s", sec)
}

func (r solvedRow) Memory() string {
	if r.Record == nil {
		return ""
	}
	rec := r.Record
	if rec.Result.States < 100_000 {
		// The process's own memory outweighs a small table's.
		return fmt.Sprintf("%.0f MB, the whole process", float64(rec.PeakMemory)/1e6)
	}
	return fmt.Sprintf("%.2f GB (%.0f bytes a state)", float64(rec.PeakMemory)/1e9, rec.BytesPerState)
}

func (r solvedRow) Machine() string {
	if r.Record == nil {
		return ""
	}
	m := r.Record.Machine
	return fmt.Sprintf("%s, %d cores, %s, %s, %s", m.CPU, m.Cores, m.OS, m.Go, r.Record.Solved)
}

func (r solvedRow) Certificate() string {
	if r.Record == nil {
		return ""
	}
	c := r.Record.Certificate
	return fmt.Sprintf("%s (%s bytes, SHA-256 %s)", c.File, thousands(c.Bytes), c.SHA256)
}

// Count writes a count with thousands separators.
func (r solvedRow) Count(n int) string { return thousands(n) }

// solvedRows lists every mode start the build solved exactly, then every
// certificate record no mode took, smallest board first.
func (r *renderer) solvedRows() []solvedRow {
	records := map[string]*verify.Proven{}
	for i := range r.opt.Proven {
		pr := &r.opt.Proven[i]
		records[pr.Key] = pr
	}
	used := map[string]bool{}
	byID := map[string]*modeView{}
	var rows []solvedRow
	for _, mv := range r.modes {
		byID[mv.ID] = mv
		m, v := mv.Mode, mv.V
		if m.Puzzle != nil || m.Origin.Kind == mode.FromPack || v == nil || v.Method != solver.Exact {
			continue
		}
		row := solvedRow{
			Title: mv.Title, Link: "modes/" + mv.ID + "/", Board: boardSize(m.Start), FEN: m.Start.FEN(), Variant: mv.VariantTitle(),
			Value:  v.Value.Describe(m.Rules.Goal, v.MateIn, v.DTM),
			States: v.States, Edges: v.Edges, WhiteWins: v.WhiteWins, BlackWins: v.BlackWins, Draws: v.Draws,
			How: "solved by every build", Checked: true, Start: m.Start,
		}
		if m.Rules.Bans {
			row.How = "solved by every build (states count the bans)"
		}
		if v.Certificate != "" {
			row.How, row.Cert = "the certificate, verified by this build", true
		}
		if key, err := verify.CertificateKey(m.Start); err == nil && records[key] != nil {
			row.Record, used[key] = records[key], true
		}
		rows = append(rows, row)
	}
	for i := range r.opt.Proven {
		pr := &r.opt.Proven[i]
		if used[pr.Key] {
			continue
		}
		res := pr.Result
		row := solvedRow{
			Title: pr.Position, Board: recordBoard(pr), FEN: pr.Position, Variant: variantTitle(pr.Variant),
			Value:  recordValue(pr),
			States: res.States, Edges: res.Edges, WhiteWins: res.WhiteWins, BlackWins: res.BlackWins, Draws: res.Draws,
			Record: pr, Checked: pr.Verified, Cert: true, Start: recordStart(pr),
		}
		if pr.Title != "" {
			row.Title = pr.Title
		}
		if mv := byID[pr.Mode]; pr.Mode != "" && mv != nil {
			row.Title, row.Link = mv.Title, "modes/"+mv.ID+"/"
		}
		switch {
		case pr.Verified:
			row.How = "the certificate, verified by this build"
		case pr.Present:
			row.How = "the certificate's record; the certificate is here but this build did not verify it (thinchess prove --check does)"
		default:
			row.How = "the certificate's record, not verified by this build: the certificate is not in the repository"
		}
		rows = append(rows, row)
	}
	slices.SortStableFunc(rows, func(a, b solvedRow) int {
		return cmp.Or(cmp.Compare(a.States, b.States), cmp.Compare(a.Title, b.Title))
	})
	return rows
}

func boardSize(p *engine.Position) string { return fmt.Sprintf("%d×%d", p.B.W, p.B.H) }

// recordBoard is the board size of a record's position.
func recordBoard(pr *verify.Proven) string {
	p, err := engine.ParseFEN(pr.Position, nil)
	if err != nil {
		return ""
	}
	return boardSize(p)
}

// recordStart is a record's position under its variant, nil if it does
// not parse (the build reports such a record).
func recordStart(pr *verify.Proven) *engine.Position {
	r, err := engine.Preset(pr.Variant)
	if err != nil {
		return nil
	}
	p, err := engine.Parse(pr.Position, r)
	if err != nil {
		return nil
	}
	return p
}

// recordValue says a record's result in words.
func recordValue(pr *verify.Proven) string {
	res := pr.Result
	o := engine.Drawn
	switch res.Winner {
	case "white":
		o = engine.WhiteWins
	case "black":
		o = engine.BlackWins
	}
	g := engine.GoalCheckmate
	if r, err := engine.Preset(pr.Variant); err == nil {
		g = r.Goal
	}
	return o.Describe(g, engine.MateIn(res.Result == "win", res.DTM), res.DTM)
}

// sources sums up where the numbers of the solved starts come from, for
// the words under their table: the build's budget, the certificates, how
// many of them are of starts within the budget (solved by prove because
// no mode starts from them) and the sizes of those not in the repository.
type sources struct {
	Budget       int
	Certs, Small int
	// Missing are the sizes of the certificates not kept, smallest first.
	Missing []string
}

// sourcesOf sums up the rows' sources.
func (r *renderer) sourcesOf(rows []solvedRow) sources {
	s := sources{Budget: cmp.Or(r.opt.MaxStates, verify.DefaultOptions.MaxStates)}
	var missing []int
	for _, row := range rows {
		if !row.Cert {
			continue
		}
		s.Certs++
		if row.States <= s.Budget {
			s.Small++
		}
		if rec := row.Record; rec != nil && !rec.Present {
			missing = append(missing, rec.Certificate.Bytes)
		}
	}
	slices.Sort(missing)
	for _, n := range missing {
		s.Missing = append(s.Missing, megabytes(n))
	}
	return s
}

// Count writes a count with thousands separators.
func (sources) Count(n int) string { return thousands(n) }

// MissingText lists the sizes of the certificates not kept: "3.3 MB and
// 11.3 MB".
func (s sources) MissingText() string { return andList(s.Missing) }

// megabytes writes a size in bytes as megabytes with one decimal, or in
// kilobytes below a megabyte.
func megabytes(n int) string {
	if n < 1_000_000 {
		return fmt.Sprintf("%s kB", thousands(int(math.Round(float64(n)/1000))))
	}
	return fmt.Sprintf("%.1f MB", float64(n)/1e6)
}

// andList joins words as English does: "a", "a and b", "a, b and c".
func andList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// beyondRow is a start no exact table solves, with what one would take:
// the width of its state keys, an upper bound on its reachable
// positions, and the memory and time that many would take at the rate
// of the largest start solved here.
type beyondRow struct {
	Title, Link, Board string
	Pieces, KeyBits    int
	// Bound is solver.StateBound of the start; Bytes and Seconds what
	// that many positions take at the reference's rate.
	Bound, Bytes, Seconds float64
}

// beyond describes the starts the site does not solve exactly, against
// ref, the solved start with a record that has the most positions (nil
// when there is none).
type beyond struct {
	Rows []beyondRow
	Ref  *solvedRow
	// RefBound is solver.StateBound of the reference's start.
	RefBound float64
}

// beyondRows lists every mode start that is not solved exactly, puzzles
// and packs aside, largest bound last: a mode the build does not solve
// but a certificate's record does (its row links to the mode) is solved.
func (r *renderer) beyondRows(solved []solvedRow) beyond {
	var b beyond
	solvedLinks := map[string]bool{}
	for i := range solved {
		row := &solved[i]
		solvedLinks[row.Link] = true
		if row.Record != nil && row.Start != nil && row.Record.Result.Seconds > 0 && (b.Ref == nil || row.States > b.Ref.States) {
			b.Ref = row
		}
	}
	if b.Ref != nil {
		b.RefBound = solver.StateBound(b.Ref.Start)
	}
	for _, mv := range r.modes {
		m, v := mv.Mode, mv.V
		if m.Puzzle != nil || m.Origin.Kind == mode.FromPack || v != nil && v.Method == solver.Exact || solvedLinks["modes/"+mv.ID+"/"] {
			continue
		}
		bits, err := solver.KeyBits(m.Start)
		if err != nil {
			continue
		}
		row := beyondRow{Title: mv.Title, Link: "modes/" + mv.ID + "/", Board: boardSize(m.Start), KeyBits: bits, Bound: solver.StateBound(m.Start)}
		for s := engine.Square(0); int(s) < m.Start.B.N; s++ {
			if m.Start.At(s) != engine.NoPiece {
				row.Pieces++
			}
		}
		if ref := b.Ref; ref != nil {
			row.Bytes = row.Bound * ref.Record.BytesPerState
			row.Seconds = row.Bound * ref.Record.Result.Seconds / float64(ref.States)
		}
		b.Rows = append(b.Rows, row)
	}
	slices.SortStableFunc(b.Rows, func(x, y beyondRow) int { return cmp.Compare(x.Bound, y.Bound) })
	return b
}

// KeyBits is the width of the exact solver's state keys.
const KeyBits = 64

// Wide counts the rows whose positions need keys wider than KeyBits.
func (b beyond) Wide() int {
	n := 0
	for _, row := range b.Rows {
		if row.KeyBits > KeyBits {
			n++
		}
	}
	return n
}

// Share says what part of the bound the reference's reachable positions
// are: "1 in 288".
func (b beyond) Share() string {
	if b.Ref == nil || b.Ref.States == 0 {
		return ""
	}
	return fmt.Sprintf("1 in %s", thousands(int(math.Round(b.RefBound/float64(b.Ref.States)))))
}

// Millionth is the start with the smallest count, its bound and what it
// would take cut to a millionth: what it would take if a game reached
// one of a million positions of the count.
func (b beyond) Millionth() beyondRow {
	row := b.Rows[0]
	row.Bound, row.Bytes, row.Seconds = row.Bound/1e6, row.Bytes/1e6, row.Seconds/1e6
	return row
}

// Rate is the reference's positions solved a second.
func (b beyond) Rate() string {
	return sci(float64(b.Ref.States) / b.Ref.Record.Result.Seconds)
}

// Sci writes x in scientific notation with two significant digits,
// "1.3 × 10²¹", or in full below 10⁶.
func (beyond) Sci(x float64) string { return sci(x) }

// Years writes a number of seconds as years, "2.9 × 10⁶ years", or in a
// smaller unit when that is less than a year.
func (beyond) Years(s float64) string {
	const year = 365.25 * 24 * 3600
	switch {
	case s >= 1e6*year:
		return sci(s/year) + " years"
	case s >= year:
		return count(s/year, "year")
	case s >= 24*3600:
		return count(s/(24*3600), "day")
	case s >= 3600:
		return count(s/3600, "hour")
	case s >= 60:
		return count(s/60, "minute")
	case s >= 1:
		return count(s, "second")
	}
	return "under a second"
}

// count writes x rounded, with unit in the singular or the plural.
func count(x float64, unit string) string {
	n := int(math.Round(x))
	if n == 1 {
		return "1 " + unit
	}
	return thousands(n) + " " + unit + "s"
}

func sci(x float64) string {
	if x < 1e6 {
		return thousands(int(math.Round(x)))
	}
	exp := int(math.Floor(math.Log10(x)))
	mant := x / math.Pow(10, float64(exp))
	if mant >= 9.95 { // rounds up to 10.0
		mant, exp = mant/10, exp+1
	}
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	var sup []rune
	for _, d := range strconv.Itoa(exp) {
		sup = append(sup, []rune(digits)[d-'0'])
	}
	return fmt.Sprintf("%.1f × 10%s", mant, string(sup))
}
