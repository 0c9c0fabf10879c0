package puzzles

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// Source is the mode puzzles are mined from: its id and title, its rules
// as its front matter writes them, and its start position.
type Source struct {
	ID    string
	Title string
	// Variant is the preset and Rules the overrides; mined files repeat
	// both unchanged.
	Variant string
	Rules   []mode.Rule
	Start   *engine.Position
}

// MineOptions tune Mine. The zero value mines DefaultCount puzzles of any
// length with the solver's default state budget.
type MineOptions struct {
	// Count is how many puzzles to keep; 0 means DefaultCount.
	Count int
	// MinDTM and MaxDTM bound the distance to mate of a puzzle's start in
	// plies (a mate in n moves is 2n−1 plies); 0 means no bound.
	MinDTM, MaxDTM int
	// MaxStates bounds the exact solve of the source; 0 means the
	// solver's default.
	MaxStates int
	// MaxPuzzleStates, when positive, skips puzzles whose own reachable
	// state space (what the build solves to check the puzzle) is larger.
	MaxPuzzleStates int
	// Table, when not nil, is the source's solved table; Mine then does
	// not solve again.
	Table *solver.Table
}

// DefaultCount is the number of puzzles Mine keeps unless told otherwise.
const DefaultCount = 30

// MineStats counts what Mine found on its way.
type MineStats struct {
	// States is the size of the source's table.
	States int
	// Wins counts the states won for the side to move within the distance
	// bounds.
	Wins int
	// OnlyMove counts the wins whose main line has a single optimal move
	// at every turn of the winner, with a choice at the first move.
	OnlyMove int
	// Mirrored counts only-move wins dropped as mirror images of others;
	// Distinct counts the rest.
	Mirrored, Distinct int
	// TooLarge counts puzzles skipped for MaxPuzzleStates.
	TooLarge int
	// ByDifficulty counts the distinct only-move wins at each difficulty
	// (index 1..5).
	ByDifficulty [6]int
}

// MineResult is what Mine returns: the puzzles, sorted by mate distance
// and then by name, and its counts.
type MineResult struct {
	Puzzles []*Puzzle
	Stats   MineStats
}

// candidate is a distinct only-move win and what grading needs of it.
type candidate struct {
	index int
	pos   *engine.Position
	key   string
	line  []engine.Move
	// lineStates are the table states along the line, one per move.
	lineStates []int
	mateIn     int
	features
	difficulty int
}

// features describe a puzzle's first move and the wrong moves along its
// line.
type features struct {
	// firstCapture and firstCheck describe the solution's first move.
	firstCapture, firstCheck bool
	// legalFirst counts the winner's legal moves at the start.
	legalFirst int
	// defenders counts the loser's pieces other than the king.
	defenders int
	// temptingFirst counts the wrong first moves that capture, give
	// check, or throw the win away; temptingLine counts them at every
	// turn of the winner along the main line.
	temptingFirst, temptingLine int
	// tries are the wrong first moves with what they lead to.
	tries []try
}

// try is a wrong move and its outcome for the mover.
type try struct {
	san     string
	value   solver.Value
	mateIn  int // the slower mate, for a win
	capture bool
	check   bool
}

// Mine solves src's start exactly and returns only-move puzzles: states
// where the side to move wins and, along the main line (the winner's
// fastest mate against the longest defence, the first such defence in
// canonical order), every move of the winner is the only one that mates
// as fast. States with a single legal first move are left out. Mirror
// images (left-right on boards without castling rights, colours swapped)
// count once: the one with White to move is kept. Puzzles are graded
// (see Grade), and Count of them chosen in turn from each difficulty,
// preferring solutions not taken yet, a quiet first move (no capture, no
// check), a defender with more than a bare king and more tempting wrong
// moves.
func Mine(src Source, opt MineOptions) (*MineResult, error) {
	if src.Start == nil {
		return nil, errors.New("mine: the source has no start position")
	}
	if src.Start.R.PromoteToCaptured {
		return nil, fmt.Errorf("mine %s: rule promote_to_captured depends on the start's material, so a mined position would play another game", src.ID)
	}
	if src.Start.R.Bans {
		return nil, fmt.Errorf("mine %s: Ban Chess positions cannot be solved exactly yet", src.ID)
	}
	if opt.Count <= 0 {
		opt.Count = DefaultCount
	}
	t := opt.Table
	if t == nil {
		var err error
		t, err = solver.Solve(src.Start, solver.Options{MaxStates: opt.MaxStates})
		if err != nil {
			return nil, fmt.Errorf("mine %s: %w", src.ID, err)
		}
	}
	m := &miner{t: t, memo: make([]int8, t.Len())}
	res := &MineResult{}
	st := &res.Stats
	st.States = t.Len()

	// Only-move wins, White to move first so that a mirror image with
	// Black to move is the one dropped.
	var order []int
	for i := 0; i < t.Len(); i++ {
		v, dtm := t.Entry(i)
		if v != solver.Win || (opt.MinDTM > 0 && dtm < opt.MinDTM) || (opt.MaxDTM > 0 && dtm > opt.MaxDTM) {
			continue
		}
		st.Wins++
		if m.onlyMove(i) && m.choices(i) >= 2 {
			order = append(order, i)
		}
	}
	st.OnlyMove = len(order)
	sort.SliceStable(order, func(a, b int) bool { return t.Side(order[a]) < t.Side(order[b]) })
	seen := map[string]bool{}
	var cands []*candidate
	for _, i := range order {
		p := t.Position(i)
		key := CanonicalKey(p)
		if seen[key] {
			st.Mirrored++
			continue
		}
		seen[key] = true
		c := m.candidate(i, p, key)
		st.ByDifficulty[c.difficulty]++
		cands = append(cands, c)
	}
	st.Distinct = len(cands)

	picked := m.pick(cands, opt, st)
	sort.Slice(picked, func(a, b int) bool {
		x, y := picked[a], picked[b]
		if x.mateIn != y.mateIn {
			return x.mateIn < y.mateIn
		}
		if x.difficulty != y.difficulty {
			return x.difficulty < y.difficulty
		}
		return x.key < y.key
	})
	group := map[int]int{}
	for _, c := range picked {
		group[c.mateIn]++
		res.Puzzles = append(res.Puzzles, minedPuzzle(src, c, group[c.mateIn], t.Len()))
	}
	return res, nil
}

// miner walks a solved table.
type miner struct {
	t *solver.Table
	// memo holds onlyMove's answer per state: 0 unknown, 1 yes, −1 no.
	memo []int8
	// stamp and gen mark the states a reachability count has seen; big
	// marks the states known to reach more than the limit.
	stamp []uint32
	gen   uint32
	big   []bool
}

// next returns the successor of state i with the given value and
// distance, the first in canonical order, and how many successors have
// them.
func (m *miner) next(i int, v solver.Value, dtm int) (move engine.Move, child, count int) {
	moves, kids := m.t.Successors(i)
	child = -1
	for j, k := range kids {
		if kv, kd := m.t.Entry(k); kv == v && kd == dtm {
			if count == 0 {
				move, child = moves[j], k
			}
			count++
		}
	}
	return move, child, count
}

// choices returns the number of legal moves in state i.
func (m *miner) choices(i int) int {
	moves, _ := m.t.Successors(i)
	return len(moves)
}

// onlyMove reports whether every move of the winner along the main line
// from won state i is its only optimal move.
func (m *miner) onlyMove(i int) bool {
	if r := m.memo[i]; r != 0 {
		return r > 0
	}
	_, dtm := m.t.Entry(i)
	ok := false
	if _, reply, n := m.next(i, solver.Loss, dtm-1); n == 1 {
		if dtm == 1 {
			ok = true
		} else if _, again, _ := m.next(reply, solver.Win, dtm-2); again >= 0 {
			ok = m.onlyMove(again)
		}
	}
	m.memo[i] = -1
	if ok {
		m.memo[i] = 1
	}
	return ok
}

// mainLine returns the moves of the main line from won state i and the
// state each move is played in.
func (m *miner) mainLine(i int) ([]engine.Move, []int) {
	var line []engine.Move
	var states []int
	for {
		v, dtm := m.t.Entry(i)
		if dtm == 0 {
			return line, states
		}
		want := solver.Loss
		if v == solver.Loss {
			want = solver.Win
		}
		mv, k, _ := m.next(i, want, dtm-1)
		line = append(line, mv)
		states = append(states, i)
		i = k
	}
}

// candidate describes only-move win i with position p.
func (m *miner) candidate(i int, p *engine.Position, key string) *candidate {
	_, dtm := m.t.Entry(i)
	c := &candidate{index: i, pos: p, key: key, mateIn: (dtm + 1) / 2}
	for t := engine.Pawn; t <= engine.Queen; t++ {
		c.defenders += p.Count(p.Side.Other(), t)
	}
	c.line, c.lineStates = m.mainLine(i)
	q := *p
	for n, mv := range c.line {
		if n%2 == 0 {
			tries := m.tries(&q, c.lineStates[n], mv)
			for _, tr := range tries {
				if tr.tempting() {
					c.temptingLine++
					if n == 0 {
						c.temptingFirst++
					}
				}
			}
			if n == 0 {
				c.tries = tries
				c.firstCapture, c.firstCheck = isCapture(&q, mv), givesCheck(&q, mv)
				moves, _ := m.t.Successors(i)
				c.legalFirst = len(moves)
			}
		}
		q.Make(mv)
	}
	c.difficulty = Grade(c.mateIn, !c.firstCapture && !c.firstCheck, c.temptingFirst, c.temptingLine)
	return c
}

// tries returns the moves other than best in state i (position p) with
// their outcomes for the mover.
func (m *miner) tries(p *engine.Position, i int, best engine.Move) []try {
	moves, kids := m.t.Successors(i)
	var out []try
	for j, mv := range moves {
		if mv == best {
			continue
		}
		v, d := m.t.Entry(kids[j])
		tr := try{san: p.SAN(mv), value: -v, capture: isCapture(p, mv), check: givesCheck(p, mv)}
		if tr.value == solver.Win {
			tr.mateIn = (d + 2) / 2
		}
		out = append(out, tr)
	}
	return out
}

// tempting reports a wrong move a solver is likely to try: a capture, a
// check, or a move that lets the win slip.
func (tr try) tempting() bool { return tr.capture || tr.check || tr.value != solver.Win }

func isCapture(p *engine.Position, mv engine.Move) bool {
	return p.At(mv.To()) != engine.NoPiece || mv.IsEnPassant()
}

func givesCheck(p *engine.Position, mv engine.Move) bool {
	q := *p
	q.Make(mv)
	return q.InCheck()
}

// tooLarge reports whether more than limit states are reachable from
// state i. A state found too large is remembered: any state that reaches
// it is too large as well, which cuts later searches short.
func (m *miner) tooLarge(i, limit int) bool {
	if m.stamp == nil {
		m.stamp = make([]uint32, m.t.Len())
		m.big = make([]bool, m.t.Len())
	}
	m.gen++
	queue := []int{i}
	m.stamp[i] = m.gen
	for n := 0; n < len(queue); n++ {
		if len(queue) > limit || m.big[queue[n]] {
			m.big[i] = true
			return true
		}
		_, kids := m.t.Successors(queue[n])
		for _, k := range kids {
			if m.stamp[k] != m.gen {
				m.stamp[k] = m.gen
				queue = append(queue, k)
			}
		}
	}
	return false
}

// pick chooses opt.Count candidates: in turn from each difficulty, each
// level in order of preference, skipping those over the state budget. A
// first pass takes only candidates whose solution, move for move, differs
// from every one taken so far (on a file many positions differ only by a
// piece that plays no part); a second pass fills up with the rest.
func (m *miner) pick(cands []*candidate, opt MineOptions, st *MineStats) []*candidate {
	var levels [6][]*candidate
	for _, c := range cands {
		levels[c.difficulty] = append(levels[c.difficulty], c)
	}
	for _, l := range levels {
		sort.Slice(l, func(a, b int) bool { return preferred(l[a], l[b]) })
	}
	var out []*candidate
	taken := map[*candidate]bool{}
	lines := map[string]bool{}
	for pass := 0; pass < 2; pass++ {
		next := [6]int{}
		for len(out) < opt.Count {
			progress := false
			for d := 1; d <= 5 && len(out) < opt.Count; d++ {
				for ; next[d] < len(levels[d]); next[d]++ {
					c := levels[d][next[d]]
					line := c.pos.FormatLine(c.line)
					if taken[c] || (pass == 0 && lines[line]) {
						continue
					}
					if opt.MaxPuzzleStates > 0 && m.tooLarge(c.index, opt.MaxPuzzleStates) {
						st.TooLarge++
						taken[c] = true // never look at it again
						continue
					}
					out = append(out, c)
					taken[c], lines[line] = true, true
					progress = true
					next[d]++
					break
				}
			}
			if !progress {
				break
			}
		}
	}
	return out
}

// preferred orders candidates of one difficulty: a quiet first move
// first, then a defender with more than a bare king, more tempting wrong
// first moves, more along the line, and finally the canonical key so the
// order is total.
func preferred(a, b *candidate) bool {
	qa, qb := !a.firstCapture && !a.firstCheck, !b.firstCapture && !b.firstCheck
	if qa != qb {
		return qa
	}
	if da, db := a.defenders > 0, b.defenders > 0; da != db {
		return da
	}
	if a.temptingFirst != b.temptingFirst {
		return a.temptingFirst > b.temptingFirst
	}
	if a.temptingLine != b.temptingLine {
		return a.temptingLine > b.temptingLine
	}
	return a.key < b.key
}

// Grade returns a difficulty from 1 to 5 for a mate in mateIn moves:
// 1 for a mate in one, 2 for a mate in two or three, 3 for four or five
// and 4 for six or more; one more when the first move is quiet (neither
// a capture nor a check), and one more when at least two wrong first
// moves are tempting (they capture, give check or let the win slip) or
// at least four are along the whole line. The result is at most 5.
func Grade(mateIn int, quietFirst bool, temptingFirst, temptingLine int) int {
	d := 4
	switch {
	case mateIn <= 1:
		d = 1
	case mateIn <= 3:
		d = 2
	case mateIn <= 5:
		d = 3
	}
	if quietFirst {
		d++
	}
	if temptingFirst >= 2 || temptingLine >= 4 {
		d++
	}
	return min(d, 5)
}

// minedPuzzle writes candidate c as the n-th puzzle mating in c.mateIn
// moves.
func minedPuzzle(src Source, c *candidate, n, states int) *Puzzle {
	p := c.pos
	side := p.Side
	who := side.Title()
	first := p.SAN(c.line[0])
	bare := strings.TrimRight(first, "+#")
	startText := p.Code()
	if p.Castle != 0 || p.EP != engine.NoSquare {
		startText = p.FEN()
	}
	result := engine.WinFor(side)
	moves := "moves"
	if c.mateIn == 1 {
		moves = "move"
	}
	w := goalWords{"mate", "mates"}
	if p.R.Goal == engine.GoalRace {
		w = goalWords{"win", "wins"}
	}
	pz := &Puzzle{
		ID:         fmt.Sprintf("%s-m%d-%02d", src.ID, c.mateIn, n),
		Title:      fmt.Sprintf("%s: %s in %d (#%d)", packTitle(src.Title), w.noun, c.mateIn, n),
		Start:      p,
		StartText:  startText,
		Difficulty: c.difficulty,
		Result:     result,
		MateIn:     c.mateIn,
		Side:       side,
		Line:       c.line,
	}

	var h1 strings.Builder
	fmt.Fprintf(&h1, "Only one of your %d moves %s in %d, and it starts on %s.", c.legalFirst, w.verb, c.mateIn, p.B.Name(c.line[0].From()))
	switch {
	case c.firstCapture && c.firstCheck:
		h1.WriteString(" It captures with check.")
	case c.firstCapture:
		h1.WriteString(" It is a capture.")
	case c.firstCheck:
		h1.WriteString(" It gives check.")
	default:
		h1.WriteString(" It is a quiet move: no capture, no check.")
	}
	switch {
	case c.temptingFirst == 1:
		h1.WriteString(" One of the others captures, checks or lets the win slip.")
	case c.temptingFirst > 1:
		fmt.Fprintf(&h1, " %s of the others capture, check or let the win slip.", count(c.temptingFirst))
	}
	h2 := fmt.Sprintf("%s is the only move that %s in %d.", first, w.verb, c.mateIn)
	if len(c.line) >= 3 {
		q := *p
		q.Make(c.line[0])
		reply := q.SAN(c.line[1])
		q.Make(c.line[1])
		h2 += fmt.Sprintf(" After the longest defence %s, %s is again the only move.", reply, q.SAN(c.line[2]))
	}
	pz.Hints = []mode.Hint{
		{Text: h1.String(), Squares: []string{p.B.Name(c.line[0].From())}},
		{Text: h2, Move: bare},
	}

	if c.mateIn == 1 {
		pz.Task = fmt.Sprintf("%s to play and %s in 1 move. Only one move does it at once — find it.", who, w.noun)
	} else {
		pz.Task = fmt.Sprintf("%s to play and %s in %d %s against any defence. At each of %s's turns exactly one move keeps the fastest %s — find it every time.", who, w.noun, c.mateIn, moves, who, w.noun)
	}
	pz.Task += " " + describePieces(p)

	// Notes are plain text: the trainer shows them as they are.
	var notes strings.Builder
	fmt.Fprintf(&notes, "%s %s as fast as possible; the defence holds out as long as possible. ", who, w.verb)
	if len(c.tries) > 0 {
		var tries []string
		for _, tr := range c.tries {
			tries = append(tries, tr.san+" "+tr.outcome())
		}
		fmt.Fprintf(&notes, "The other first moves: %s. ", strings.Join(tries, "; "))
	}
	fmt.Fprintf(&notes, "Found by thinchess mine %s in the exact table of %s (%d states).", src.ID, src.Title, states)
	pz.Notes = notes.String()
	return pz
}

// describePieces lists each side's pieces with their squares, White
// first, kings first: "White: king a1, rook a3. Black: king a8."
func describePieces(p *engine.Position) string {
	var parts []string
	for _, c := range []engine.Color{engine.White, engine.Black} {
		var names []string
		for _, t := range []engine.PieceType{engine.King, engine.Queen, engine.Rook, engine.Bishop, engine.Knight, engine.Pawn} {
			for sq := engine.Square(0); int(sq) < p.B.N; sq++ {
				if pc := p.At(sq); pc != engine.NoPiece && pc.Color() == c && pc.Type() == t {
					names = append(names, t.String()+" "+p.B.Name(sq))
				}
			}
		}
		parts = append(parts, c.Title()+": "+strings.Join(names, ", ")+".")
	}
	return strings.Join(parts, " ")
}

// goalWords are the words a puzzle's texts use for winning: "mate" under
// the checkmate goal, "win" under the race goal.
type goalWords struct{ noun, verb string }

// packTitle shortens a source title for the puzzles mined from it: a
// trailing parenthesis naming the source's own mate ("(mate in 5)") does
// not describe the mined positions and is dropped.
func packTitle(title string) string {
	if i := strings.LastIndex(title, " ("); i > 0 && strings.HasSuffix(title, ")") && strings.Contains(title[i:], "mate in") {
		return title[:i]
	}
	return title
}

// outcome describes what a wrong move leads to.
func (tr try) outcome() string {
	switch tr.value {
	case solver.Win:
		return fmt.Sprintf("still wins, but only in %d moves", tr.mateIn)
	case solver.Loss:
		return "loses"
	}
	return "only draws"
}

// count writes a small number as a word at the start of a sentence.
func count(n int) string {
	words := []string{"No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten"}
	if n < len(words) {
		return words[n]
	}
	return fmt.Sprint(n)
}

// MinedPackHeader returns the header of the pack of puzzles mined from
// src: its title and source name src, its variant and rules are src's,
// and generator is the command that mined it.
func MinedPackHeader(src Source, generator string) mode.PackHeader {
	return mode.PackHeader{
		Title:     packTitle(src.Title) + ": mined puzzles",
		Summary:   fmt.Sprintf("Only-move mates from the exact table of %s: at every turn of the winner one move alone mates as fast.", src.Title),
		Source:    fmt.Sprintf("mined by thinchess mine from the exact table of the mode %s", src.ID),
		Variant:   src.Variant,
		Rules:     src.Rules,
		Icon:      "⛏️",
		Generator: generator,
		Body: fmt.Sprintf("Positions of *%s* where the side to move mates and, along the main line (the fastest mate against the longest defence), "+
			"every move of the winner is the only one that mates as fast. Mirror images count once; each puzzle is graded by the length of the mate, "+
			"a quiet first move and the wrong moves that tempt.", src.Title),
	}
}
