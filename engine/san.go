// JavaScript twin: templates/static/js/rules-san.js.

package engine

import (
	"fmt"
	"strconv"
	"strings"
)

// SAN returns m in Standard Algebraic Notation: the piece letter (none
// for pawns), the least disambiguation that singles the move out among
// the legal moves (origin file, else rank, else both), "x" for captures,
// the destination, "=Q" for promotions, "O-O" and "O-O-O" for castling
// (king side is towards the higher files), then "+" for check or "#" for
// checkmate (under the checkmate goal only). Ranks may have two digits:
// "Ra10", "R12a3". A move that is not legal in p comes back in coordinate
// notation.
func (p *Position) SAN(m Move) string {
	var buf [MaxMoves]Move
	legal := p.LegalMoves(buf[:0])
	lm, ok := findMove(legal, m)
	if !ok {
		return m.Coord(p.B)
	}
	return p.sanWith(lm, legal)
}

// findMove returns the legal move with m's origin, destination and
// promotion, so a move built with NewMove still finds its flags.
func findMove(legal []Move, m Move) (Move, bool) {
	for _, l := range legal {
		if l.From() == m.From() && l.To() == m.To() && l.Promotion() == m.Promotion() {
			return l, true
		}
	}
	return NoMove, false
}

// FindLegal returns the legal move of p with m's origin, destination and
// promotion (so a move built with NewMove finds its castling or
// en-passant flags), or, when there is none, a *MoveError saying why it
// is not legal, with text as the move's text.
func (p *Position) FindLegal(m Move, text string) (Move, error) {
	if !p.BanPhase {
		var buf [MaxMoves]Move
		if lm, ok := findMove(p.LegalMoves(buf[:0]), m); ok {
			return lm, nil
		}
	}
	return NoMove, p.whyIllegal(m.From(), m.To(), m.Promotion(), text)
}

// sanWith writes the SAN of m, a member of legal, the legal moves of p.
func (p *Position) sanWith(m Move, legal []Move) string {
	return p.sanBody(m, legal) + p.checkSuffix(m)
}

// sanBody is SAN without the check or mate suffix.
func (p *Position) sanBody(m Move, legal []Move) string {
	b := p.B
	from, to := m.From(), m.To()
	if m.IsCastle() {
		if to > from {
			return "O-O"
		}
		return "O-O-O"
	}
	t := p.sq[from].Type()
	var sb strings.Builder
	capture := p.sq[to] != NoPiece || m.IsEnPassant()
	if t == Pawn {
		if capture {
			sb.WriteByte(byte('a' + b.File(from)))
		}
	} else {
		sb.WriteByte(t.Letter() - ('a' - 'A'))
		sameFile, sameRank, others := false, false, false
		for _, o := range legal {
			if o.To() != to || o.From() == from || o.IsCastle() || p.sq[o.From()].Type() != t {
				continue
			}
			others = true
			sameFile = sameFile || b.File(o.From()) == b.File(from)
			sameRank = sameRank || b.Rank(o.From()) == b.Rank(from)
		}
		switch {
		case !others:
		case !sameFile:
			sb.WriteByte(byte('a' + b.File(from)))
		case !sameRank:
			sb.WriteString(strconv.Itoa(b.Rank(from) + 1))
		default:
			sb.WriteString(b.Name(from))
		}
	}
	if capture {
		sb.WriteByte('x')
	}
	sb.WriteString(b.Name(to))
	if pt := m.Promotion(); pt != NoPieceType {
		sb.WriteByte('=')
		sb.WriteByte(pt.Letter() - ('a' - 'A'))
	}
	return sb.String()
}

// checkSuffix returns "+" when m gives check, "#" when it mates under the
// checkmate goal, and "" otherwise (also when m wins a race).
func (p *Position) checkSuffix(m Move) string {
	q := *p
	q.Make(m)
	if q.R.Goal == GoalRace && q.raceOver() {
		return ""
	}
	if !q.InCheck() {
		return ""
	}
	var buf [MaxMoves]Move
	if q.R.Goal == GoalCheckmate && len(q.LegalMoves(buf[:0])) == 0 {
		return "#"
	}
	return "+"
}

// sanText is a SAN move split into its parts.
type sanText struct {
	castle   int // 0: not castling, 1: king side, 2: queen side
	piece    PieceType
	file     int // origin file from 0, or -1
	rank     int // origin rank from 0, or -1
	to       Square
	promo    PieceType
	hasPromo bool
}

// ParseSAN reads a move in Standard Algebraic Notation and returns the
// matching legal move of p. It is tolerant: check and mate marks,
// annotations ("!", "?"), "e.p.", "0-0" for "O-O", missing or extra
// disambiguation ("Ng1f3"), "x" or "-" between the squares, and
// promotions written "e8Q", "e8=Q" or "e8q" are all accepted. Errors are
// *MoveError values whose Kind says why the move was refused.
func (p *Position) ParseSAN(s string) (Move, error) {
	st, err := p.splitSAN(s)
	if err != nil {
		return NoMove, err
	}
	var buf [MaxMoves]Move
	legal := p.LegalMoves(buf[:0])
	if len(legal) == 0 {
		return NoMove, &MoveError{ErrGameOver, s, fmt.Sprintf("the game is over (%s)", p.statusWith(buf[:0]))}
	}
	if st.castle != 0 {
		return p.matchCastle(s, st.castle == 1, legal)
	}
	return p.matchSAN(s, st, legal)
}

// splitSAN parses the text of a SAN move without looking at the position
// beyond its board size.
func (p *Position) splitSAN(orig string) (sanText, error) {
	st := sanText{file: -1, rank: -1, to: NoSquare}
	syntax := func(why string) (sanText, error) {
		msg := "want SAN such as Nf3, exd5, O-O or e8=Q"
		if why != "" {
			msg = why + "; " + msg
		}
		return st, &MoveError{ErrSyntax, orig, msg}
	}
	s := strings.TrimSpace(orig)
	for changed := true; changed; {
		changed = false
		t := strings.TrimRight(s, "+#!? \t")
		t = strings.TrimSuffix(t, "e.p.")
		t = strings.TrimRight(t, " \t")
		if t != s {
			s, changed = t, true
		}
	}
	if s == "" {
		return syntax("empty move")
	}
	switch strings.Map(func(r rune) rune {
		if r == '0' || r == 'o' {
			return 'O'
		}
		return r
	}, s) {
	case "O-O":
		st.castle = 1
		return st, nil
	case "O-O-O":
		st.castle = 2
		return st, nil
	}
	st.piece = Pawn
	if c := s[0]; c >= 'A' && c <= 'Z' {
		t, ok := PieceTypeFromLetter(c)
		if !ok {
			return syntax(fmt.Sprintf("%q is not a piece letter (want K, Q, R, B, N or none for a pawn)", c))
		}
		st.piece = t
		s = s[1:]
	}
	// Promotion: a letter after the destination's digits, maybe after "=".
	if n := len(s); n >= 2 && isLetter(s[n-1]) && (isDigit(s[n-2]) || s[n-2] == '=') {
		t, ok := PieceTypeFromLetter(s[n-1])
		if !ok || t == Pawn {
			return syntax(fmt.Sprintf("%q is not a promotion piece", s[n-1]))
		}
		st.promo, st.hasPromo = t, true
		s = strings.TrimSuffix(s[:n-1], "=")
	}
	// Destination: a file letter and the trailing digits.
	j := len(s)
	for j > 0 && isDigit(s[j-1]) {
		j--
	}
	if j == len(s) || j == 0 || !isLower(s[j-1]) {
		return syntax("no destination square")
	}
	j--
	to, err := p.B.ParseSquare(s[j:])
	if err != nil {
		return syntax(err.Error())
	}
	st.to = to
	s = s[:j]
	if n := len(s); n > 0 && (s[n-1] == 'x' || s[n-1] == ':' || s[n-1] == '-') {
		s = s[:n-1]
	}
	// Disambiguation: an optional file letter, then optional rank digits.
	if s != "" && isLower(s[0]) {
		f := int(s[0] - 'a')
		if f >= p.B.W {
			return syntax(fmt.Sprintf("file %q is off the %d×%d board", s[0], p.B.W, p.B.H))
		}
		st.file = f
		s = s[1:]
	}
	if s != "" {
		r, err := strconv.Atoi(s)
		if err != nil || s[0] == '0' || s[0] == '+' || s[0] == '-' {
			return syntax(fmt.Sprintf("unexpected %q before the destination", s))
		}
		if r < 1 || r > p.B.H {
			return syntax(fmt.Sprintf("rank %d is off the %d×%d board", r, p.B.W, p.B.H))
		}
		st.rank = r - 1
	}
	return st, nil
}

func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isLower(c byte) bool  { return c >= 'a' && c <= 'z' }
func isLetter(c byte) bool { return isLower(c) || c >= 'A' && c <= 'Z' }

// matchCastle finds the castling move to one side, or explains its absence.
func (p *Position) matchCastle(text string, kingSide bool, legal []Move) (Move, error) {
	for _, m := range legal {
		if m.IsCastle() && (m.To() > m.From()) == kingSide {
			return m, nil
		}
	}
	side := "queen side"
	bit := uint8(CastleWQ)
	if kingSide {
		side, bit = "king side", CastleWK
	}
	if p.Side == Black {
		bit <<= 2
	}
	var why string
	switch {
	case !p.R.Castling:
		why = "castling is not allowed in this variant"
	case p.Castle&bit == 0:
		why = fmt.Sprintf("%s has no right to castle %s", p.Side, side)
	case p.InCheck():
		why = fmt.Sprintf("the %s king is in check", p.Side)
	default:
		why = fmt.Sprintf("%s cannot castle %s: the way is blocked or the king would pass through or land on an attacked square", p.Side, side)
	}
	return NoMove, &MoveError{ErrIllegal, text, why}
}

// matchSAN finds the legal move st describes, or explains why none does.
func (p *Position) matchSAN(text string, st sanText, legal []Move) (Move, error) {
	b := p.B
	fits := func(from Square) bool {
		return (st.file < 0 || b.File(from) == st.file) && (st.rank < 0 || b.Rank(from) == st.rank)
	}
	var cands []Move
	for _, m := range legal {
		if m.To() == st.to && !m.IsCastle() && p.sq[m.From()].Type() == st.piece && fits(m.From()) {
			cands = append(cands, m)
		}
	}
	if len(cands) > 0 {
		var keep []Move
		for _, m := range cands {
			if m.Promotion() == st.promo {
				keep = append(keep, m)
			}
		}
		if len(keep) == 0 {
			// Right piece and squares, wrong or missing promotion.
			return NoMove, p.whyIllegal(cands[0].From(), st.to, st.promo, text)
		}
		if len(keep) == 1 {
			return keep[0], nil
		}
		names := make([]string, len(keep))
		for i, m := range keep {
			names[i] = p.sanWith(m, legal)
		}
		return NoMove, &MoveError{ErrAmbiguous, text, fmt.Sprintf("ambiguous: it could be %s", strings.Join(names, " or "))}
	}
	// No legal move matches. Where could the piece have come from?
	pc := MakePiece(p.Side, st.piece)
	var origins []Square
	for s := Square(0); int(s) < b.N; s++ {
		if p.sq[s] == pc && fits(s) {
			origins = append(origins, s)
		}
	}
	if len(origins) == 1 {
		return NoMove, p.whyIllegal(origins[0], st.to, st.promo, text)
	}
	if len(origins) == 0 && st.file >= 0 && st.rank >= 0 {
		from := b.Sq(st.file, st.rank)
		if o := p.sq[from]; o == NoPiece || o.Color() != p.Side {
			return NoMove, p.whyIllegal(from, st.to, st.promo, text)
		}
	}
	where := ""
	switch {
	case st.file >= 0 && st.rank >= 0:
		where = " on " + b.Name(b.Sq(st.file, st.rank))
	case st.file >= 0:
		where = fmt.Sprintf(" on the %c-file", 'a'+st.file)
	case st.rank >= 0:
		where = fmt.Sprintf(" on rank %d", st.rank+1)
	}
	msg := fmt.Sprintf("no %s%s can move to %s", pc, where, b.Name(st.to))
	if len(origins) == 0 {
		return NoMove, &MoveError{ErrNoPiece, text, msg}
	}
	// One piece on its way to the square but stopped: name what stops it.
	var stopped []Square
	for _, from := range origins {
		if p.obstruction(from, st.to) != NoSquare {
			stopped = append(stopped, from)
		}
	}
	if len(stopped) == 1 {
		from := stopped[0]
		return NoMove, &MoveError{ErrIllegal, text, msg + ": " + p.blocked(from, st.to, p.obstruction(from, st.to))}
	}
	for _, from := range origins {
		for _, m := range p.pseudoMoves(from) {
			if m.To() == st.to {
				return NoMove, &MoveError{ErrLeavesCheck, text, msg + ": it would leave the " + p.Side.String() + " king in check"}
			}
		}
	}
	return NoMove, &MoveError{ErrIllegal, text, msg}
}

// ParseMove reads a move in coordinate notation ("g1f3", "e7e8q") or in
// SAN ("Nf3", "e8=Q") and returns the matching legal move of p.
func (p *Position) ParseMove(s string) (Move, error) {
	if _, _, _, err := p.B.splitCoord(s); err == nil {
		return p.ParseCoord(s)
	}
	return p.ParseSAN(s)
}

// SANLine returns the SAN of each move of a line played from p, which is
// left unchanged. A move that is not legal where it is played ends the
// line: it and the moves after it come back in coordinate notation.
func (p *Position) SANLine(moves []Move) []string {
	out := make([]string, len(moves))
	q := *p
	var buf [MaxMoves]Move
	for i, m := range moves {
		legal := q.LegalMoves(buf[:0])
		lm, ok := findMove(legal, m)
		if !ok {
			for j := i; j < len(moves); j++ {
				out[j] = moves[j].Coord(p.B)
			}
			return out
		}
		out[i] = q.sanWith(lm, legal)
		q.Make(lm)
	}
	return out
}

// FormatLine returns a line played from p as numbered SAN text, such as
// "1. Na3 Kb7 2. Rc1" or, with Black to move first, "12... Kb7 13. Rc1".
// The numbering starts at p's move number.
func (p *Position) FormatLine(moves []Move) string {
	return NumberLine(p.SANLine(moves), p.Side, p.Fullmove)
}

// LineError reports the first move of a line that could not be read or
// played.
type LineError struct {
	// Index is the move's place in the line, from 0.
	Index int
	// Text is the move as written.
	Text string
	// Offset is the byte offset of Text in the line.
	Offset int
	// Number is the move's label, such as "3." or "2...".
	Number string
	// Err is the reason, usually a *MoveError.
	Err error
}

func (e *LineError) Error() string {
	why := e.Err.Error()
	if me, ok := e.Err.(*MoveError); ok {
		why = me.Msg
	}
	return fmt.Sprintf("move %s %s: %s", e.Number, e.Text, why)
}

// Unwrap returns the reason.
func (e *LineError) Unwrap() error { return e.Err }

// ParseLine reads a line of moves in SAN or coordinate notation, such as
// "1. Na3 Kb7 2. Rc1" or "Na3 Kb7", and checks it is playable from p,
// which is left unchanged. Move numbers ("1.", "1...", "1.Na3") and a
// final result ("1-0", "0-1", "1/2-1/2", "*") are skipped. The error for
// the first bad move is a *LineError.
func (p *Position) ParseLine(s string) ([]Move, error) {
	q := *p
	var moves []Move
	for _, tok := range lineTokens(s) {
		text := tok.text
		if IsResult(text) {
			continue
		}
		m, err := q.ParseMove(text)
		if err != nil {
			return moves, &LineError{Index: len(moves), Text: text, Offset: tok.off, Number: q.moveLabel(), Err: err}
		}
		q.Make(m)
		moves = append(moves, m)
	}
	return moves, nil
}

// moveLabel returns the move number of the side to move, as "3." for
// White and "3..." for Black.
func (p *Position) moveLabel() string {
	if p.Side == White {
		return strconv.Itoa(p.Fullmove) + "."
	}
	return strconv.Itoa(p.Fullmove) + "..."
}

type lineToken struct {
	text string
	off  int
}

// lineTokens splits a line into moves, dropping move numbers.
func lineTokens(s string) []lineToken {
	var out []lineToken
	i := 0
	for i < len(s) {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
			i++
		}
		start := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != '\n' && s[i] != '\r' {
			i++
		}
		tok := s[start:i]
		// A move number, maybe glued to the move: "12.", "12...", "1.Na3".
		k := 0
		for k < len(tok) && isDigit(tok[k]) {
			k++
		}
		if k > 0 && k < len(tok) && tok[k] == '.' {
			for k < len(tok) && tok[k] == '.' {
				k++
			}
			start += k
			tok = tok[k:]
		}
		if tok != "" {
			out = append(out, lineToken{tok, start})
		}
	}
	return out
}

// MoveOffsets returns the byte offset in s of each move of a line, as
// ParseLine reads it: move numbers ("1.", "1...") and a result are
// skipped. A caller that reports a move of the line by its index finds
// its column here.
func MoveOffsets(s string) []int {
	var out []int
	for _, tok := range lineTokens(s) {
		if !IsResult(tok.text) {
			out = append(out, tok.off)
		}
	}
	return out
}

// IsResult reports whether s is a game result token: "1-0", "0-1",
// "1/2-1/2" (or "½-½") or "*".
func IsResult(s string) bool {
	switch s {
	case "1-0", "0-1", "1/2-1/2", "½-½", "*":
		return true
	}
	return false
}
