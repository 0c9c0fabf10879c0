package verify

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/solver/search"
)

// The lichess sample as the bounded solvers meet it is kept in
// testdata/lichess_ordeals.txt, one row a line: the puzzle's id, its
// real rating, how it was measured ("mate": proven by mate search and
// measured as the build measures a pack's puzzle; "search": by the
// engine's searcher, see searchedOrdeal) and its ordeal as
// ordeal.String writes it. RECORD=1 go test ./verify -run
// TestLichessOrdeals measures every row again and rewrites the file
// (about five CPU-minutes, the searched rows at 0.46 s each); without
// RECORD the test measures every 40th row and compares.
var ordealsFile = filepath.Join("testdata", "lichess_ordeals.txt")

// searchDepth is the deepest search, in plies from the puzzle's turn,
// with which searchedOrdeal looks for refutations; searchMargin is how
// much worse than the right move (in centipawns) a wrong move must score
// to count as refuted.
const searchDepth, searchMargin = 4, 100

// ratingSample is a row of the lichess sample as the bounded solvers
// meet it.
type ratingSample struct {
	id     string
	rating float64
	how    string
	ordeal ordeal
}

// sampleRows reads every row of the lichess sample that has a valid id.
func sampleRows(tb testing.TB) []*puzzles.LichessRow {
	tb.Helper()
	f, err := os.Open(sampleFile)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	lr, err := puzzles.NewLichessReader(f, "lichess_sample.csv")
	if err != nil {
		tb.Fatal(err)
	}
	defer lr.Close()
	var rows []*puzzles.LichessRow
	for {
		r, err := lr.Next()
		if err == io.EOF {
			return rows
		}
		if err == nil && r.Replay() == nil {
			rows = append(rows, r)
		}
	}
}

// measureRow measures a row of the sample: a mate row the importer
// proves as the build measures a pack's puzzle, any other by the
// searcher.
func measureRow(r *puzzles.LichessRow) ratingSample {
	s := ratingSample{id: r.ID, rating: float64(r.Rating)}
	if n, err := r.MateIn(); n > 0 && err == nil {
		if pz, err := puzzles.ConvertLichess(r, puzzles.ConvertOptions{}); err == nil {
			if f, ok := measure(sampleOracle(pz), pz.Start, pz.Side, pz.Line, slowerWinNodes); ok {
				s.how, s.ordeal = "mate", f.ordeal
				return s
			}
		}
	}
	s.how, s.ordeal = "search", searchedOrdeal(r)
	return s
}

// searchedOrdeal measures a row of the sample with the engine's
// searcher (alpha-beta alone, no exact tables), along the row's own
// line: at each of the solver's turns the row's move is right, and a
// wrong move is refuted at the depth d (in plies from the turn) from
// which, at every depth up to searchDepth, it scores at least
// searchMargin below the right move; one never refuted so is given
// searchDepth+1.
func searchedOrdeal(r *puzzles.LichessRow) ordeal {
	p := *r.Before
	p.Make(r.Played[0])
	solverSide := p.Side
	line := r.Played[1:]
	var o ordeal
	var branches branching
	s := search.NewSearcher(16)
	for i, mv := range line {
		branches.add(&p)
		if p.Side == solverSide {
			o.turns = append(o.turns, searchedTurn(s, &p, mv, line[i+1:]))
		}
		p.Make(mv)
	}
	o.branching = branches.mean()
	return o
}

// searchedTurn is a turn of searchedOrdeal: p's legal moves as
// candidates, right its move right and rest the line after it.
func searchedTurn(s *search.Searcher, p *engine.Position, right engine.Move, rest []engine.Move) []candidate {
	var buf [engine.MaxMoves]engine.Move
	legal := p.LegalMoves(buf[:0])
	scores := make([][]int, len(legal))
	at := 0
	for i, a := range legal {
		scores[i] = childScores(s, p, a)
		if a == right {
			at = i
		}
	}
	var cands []candidate
	for i, a := range legal {
		c := candidate{check: givesCheck(p, a), capture: isCapture(p, a)}
		if i == at {
			c.sacrifice = lineSacrifice(p, a, rest)
		} else {
			c.refute = searchDepth + 1
			for d := searchDepth; d >= 1 && scores[i][d] < scores[at][d]-searchMargin; d-- {
				c.refute = d
			}
		}
		cands = append(cands, c)
	}
	sortCandidates(cands)
	return cands
}

// childScores are the scores for the side to move in p of its move a,
// searched to each depth d from 1 to searchDepth in plies from p (the
// position after a to d−1): index d. At depth 1 only a mate, a
// stalemate or the end of the game is scored; the rest scores 0.
func childScores(s *search.Searcher, p *engine.Position, a engine.Move) []int {
	scores := make([]int, searchDepth+1)
	q := *p
	q.Make(a)
	if st := q.Status(); st != engine.Active {
		v := 0
		if w, ok := q.Winner(st); ok {
			v = -search.MateScore
			if w == p.Side {
				v = search.MateScore
			}
		}
		for d := range scores {
			scores[d] = v
		}
		return scores
	}
	last := 0
	s.Search(&q, search.Limits{Depth: searchDepth - 1, NoExact: true, ExactStates: -1, Progress: func(in search.Info) {
		scores[in.Depth+1] = -in.Score
		last = in.Depth + 1
	}})
	for d := last + 1; d <= searchDepth; d++ {
		scores[d] = scores[last] // a mate found early holds deeper
	}
	return scores
}

// lineSacrifice reports whether the right move a of p gives up at least
// a minor piece's worth of material after the line's reply.
func lineSacrifice(p *engine.Position, a engine.Move, rest []engine.Move) bool {
	before := balance(p, p.Side)
	q := *p
	q.Make(a)
	if len(rest) > 0 && q.Status() == engine.Active {
		q.Make(rest[0])
	}
	return before-balance(&q, p.Side) >= minorPiece
}

// parseOrdeal reads an ordeal as ordeal.String writes it.
func parseOrdeal(text string) (ordeal, error) {
	var o ordeal
	fields := strings.Fields(text)
	if len(fields) < 2 || fields[0] != "b" {
		return o, fmt.Errorf("%q: want b BRANCHING | ...", text)
	}
	b, err := strconv.ParseFloat(fields[1], 64)
	if err != nil {
		return o, err
	}
	o.branching = b
	for _, f := range fields[2:] {
		if f == "|" {
			o.turns = append(o.turns, nil)
			continue
		}
		if len(o.turns) == 0 {
			return o, fmt.Errorf("%q: a candidate before the first |", f)
		}
		c, n, err := parseCandidate(f)
		if err != nil {
			return o, err
		}
		t := &o.turns[len(o.turns)-1]
		for range n {
			*t = append(*t, c)
		}
	}
	return o, nil
}

// parseCandidate reads a candidate as candidate.String writes it, with
// its count.
func parseCandidate(f string) (candidate, int, error) {
	var c candidate
	n := 1
	if text, count, ok := strings.Cut(f, "*"); ok {
		var err error
		if n, err = strconv.Atoi(count); err != nil || n < 1 {
			return c, 0, fmt.Errorf("%q: bad count", f)
		}
		f = text
	}
	digits := strings.TrimRight(f, "+xs")
	marks := f[len(digits):]
	if digits != "k" {
		d, err := strconv.Atoi(digits)
		if err != nil || d < 1 {
			return c, 0, fmt.Errorf("%q: want k or a refutation depth", f)
		}
		c.refute = d
	}
	c.check = strings.Contains(marks, "+")
	c.capture = strings.Contains(marks, "x")
	c.sacrifice = strings.Contains(marks, "s")
	return c, n, nil
}

// formatSample is a line of the ordeals file.
func formatSample(s ratingSample) string {
	return fmt.Sprintf("%s %d %s %s", s.id, int(s.rating), s.how, s.ordeal.String())
}

// loadOrdeals reads testdata/lichess_ordeals.txt.
func loadOrdeals(tb testing.TB) []ratingSample {
	tb.Helper()
	f, err := os.Open(ordealsFile)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []ratingSample
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		text := sc.Text()
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		fields := strings.SplitN(text, " ", 4)
		if len(fields) < 4 {
			tb.Fatalf("%s:%d: want ID RATING HOW ORDEAL", ordealsFile, n)
		}
		rating, err := strconv.Atoi(fields[1])
		o, oerr := parseOrdeal(fields[3])
		if err != nil || oerr != nil {
			tb.Fatalf("%s:%d: %v %v", ordealsFile, n, err, oerr)
		}
		out = append(out, ratingSample{id: fields[0], rating: float64(rating), how: fields[2], ordeal: o})
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// TestLichessOrdeals checks testdata/lichess_ordeals.txt against the
// sample, measuring every 40th row again (every row, and rewriting the
// file, with RECORD=1).
func TestLichessOrdeals(t *testing.T) {
	if testing.Short() && os.Getenv("RECORD") == "" {
		t.Skip("searches the sample's rows")
	}
	rows := sampleRows(t)
	if os.Getenv("RECORD") != "" {
		measured := par.Map(rows, measureRow)
		var sb strings.Builder
		sb.WriteString("# The lichess sample (puzzles/testdata/lichess_sample.csv) as the bounded\n# solvers meet it: see verify/ordeals_test.go. Generated by\n# RECORD=1 go test ./verify -run TestLichessOrdeals\n")
		for _, s := range measured {
			sb.WriteString(formatSample(s) + "\n")
		}
		if err := os.WriteFile(ordealsFile, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	stored := map[string]string{}
	for _, s := range loadOrdeals(t) {
		stored[s.id] = formatSample(s)
	}
	if len(stored) != len(rows) {
		t.Errorf("%s has %d rows, the sample %d", ordealsFile, len(stored), len(rows))
	}
	var some []*puzzles.LichessRow
	for i := 0; i < len(rows); i += 40 {
		some = append(some, rows[i])
	}
	for i, s := range par.Map(some, measureRow) {
		if got := formatSample(s); got != stored[some[i].ID] {
			t.Errorf("row %s measured\n%s\nstored\n%s", some[i].ID, got, stored[some[i].ID])
		}
	}
}

// TestOrdealText reads back what ordeal.String writes.
func TestOrdealText(t *testing.T) {
	o := ordeal{branching: 23.5, turns: [][]candidate{
		{{check: true, sacrifice: true}, {refute: 3}, {refute: 3}, {refute: 5, capture: true, check: true}},
		{{}, {refute: 1}},
	}}
	text := o.String()
	if want := "b 23.500 | k+s 3*2 5+x | k 1"; text != want {
		t.Errorf("String %q, want %q", text, want)
	}
	back, err := parseOrdeal(text)
	if err != nil || back.String() != text || math.Abs(back.branching-o.branching) > 1e-9 {
		t.Errorf("read back %q (%v), want %q", back.String(), err, text)
	}
	for _, bad := range []string{"", "b x | k", "b 2 k", "b 2 | 0", "b 2 | k*0", "b 2 | q"} {
		if _, err := parseOrdeal(bad); err == nil {
			t.Errorf("parseOrdeal(%q): no error", bad)
		}
	}
}
