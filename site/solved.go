package site

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/thinchess/thinchess/engine"
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
		if m.Puzzle != nil || m.Pack != nil || v == nil || v.Method != solver.Exact {
			continue
		}
		row := solvedRow{
			Title: mv.Title, Link: "modes/" + mv.ID + "/", Board: boardSize(m.Start), FEN: m.Start.FEN(), Variant: mv.VariantTitle(),
			Value:  v.Value.Describe(v.MateIn, v.DTM),
			States: v.States, Edges: v.Edges, WhiteWins: v.WhiteWins, BlackWins: v.BlackWins, Draws: v.Draws,
			How: "solved by every build", Checked: true,
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
			Record: pr, Checked: pr.Verified, Cert: true,
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
	return o.Describe(engine.MateIn(res.Result == "win", res.DTM), res.DTM)
}
