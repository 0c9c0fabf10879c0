package puzzles

import (
	"cmp"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// Natural puzzles follow lichess-puzzler's recipe with a proof instead of
// an engine's opinion: games are played from a mode's start by players of
// varied strength, who mostly keep the value the exact table gives their
// position and now and then blunder; a puzzle is a position those games
// reach, never an arbitrary state of the table.
//
// Two kinds come out:
//   - a win: the side to move wins right after the opponent's mistake (a
//     move that gave the win away, or in a lost position one that loses
//     faster than the longest defence), and
//     along the main line (the fastest win against the longest defence)
//     one move alone wins as fast at each of its turns;
//   - a hold: the side to move is in a drawn position where one move alone
//     keeps the draw (every other loses), and, as long as the opponent can
//     set the same problem again, one move alone holds at each turn.
//
// Every puzzle has at least two legal first moves and a tempting wrong
// first move that fails (a check, a capture, a slower win or a draw in a
// win; a check or a capture in a hold). Mirror images and transpositions
// count once, so do puzzles with the same solution move for move and the
// same material, and a
// puzzle whose start lies on a longer puzzle's line is dropped.

// Kind is what a natural puzzle asks.
type Kind int

const (
	// KindWin asks for the only winning move at each turn.
	KindWin Kind = iota
	// KindHold asks for the only move that does not lose at each turn.
	KindHold
)

func (k Kind) String() string {
	if k == KindHold {
		return "hold"
	}
	return "win"
}

// GameOptions tune MineGames. The zero value plays DefaultGames games
// with seed 0 and keeps every puzzle found.
type GameOptions struct {
	// Games is how many games are played from the start; 0 means
	// DefaultGames.
	Games int
	// Seed fixes the games: the same seed gives the same puzzles.
	Seed uint64
	// MaxPlies bounds a game; 0 means DefaultMaxPlies.
	MaxPlies int
	// MaxMateIn is the longest win kept, in the winner's moves; 0 means
	// DefaultMaxMateIn.
	MaxMateIn int
	// MaxHold is the longest hold kept, in the holder's moves; 0 means
	// DefaultMaxHold.
	MaxHold int
	// NoHolds and NoWins leave a kind out.
	NoHolds, NoWins bool
	// Count is how many puzzles to keep, spread over kinds and lengths;
	// 0 keeps all.
	Count int
	// MaxMateIn1 is the largest share of wins in one move among the kept
	// puzzles, in percent; 0 means DefaultMaxMateIn1.
	MaxMateIn1 int
	// IDPrefix starts every id: IDPrefix-<10 hex digits>, a hash of the
	// puzzle's canonical key, so an id stays when the miner changes.
	IDPrefix string
	// MaxMotif is the largest share of one motif (see Motif) among the
	// kept puzzles, in percent; 0 means DefaultMaxMotif.
	MaxMotif int
	// Taken, when not nil, holds the puzzles of other packs (PuzzleKeys):
	// a puzzle found here under one of their keys is dropped.
	Taken KeySet
	// Fits, when not nil, is asked about each puzzle before it is kept
	// (after every other filter, in the order of preference): a puzzle it
	// refuses is dropped and counted as too large.
	Fits func(p *engine.Position) bool
}

// Defaults of GameOptions.
const (
	DefaultGames      = 2000
	DefaultMaxPlies   = 200
	DefaultMaxMateIn  = 10
	DefaultMaxHold    = 4
	DefaultMaxMateIn1 = 20
	DefaultMaxMotif   = 10
	// MaxCaptureHolds is the largest share of holds whose saving move is
	// a capture, and MaxAllCheck that of wins in two moves or more where
	// every move of the winner checks, in percent (of what, see
	// gamer.limits).
	MaxCaptureHolds = 30
	MaxAllCheck     = 30
	// MinCap is the least number of puzzles a cap on a share allows.
	MinCap = 10
)

// GameStats count what MineGames saw.
type GameStats struct {
	// Games and Plies played; Positions the positions analysed for a
	// puzzle: each distinct one once over a table, every one reached in
	// the searcher's games (the prover looks at each).
	Games, Plies, Positions int
	// Mistakes counts the moves that gave away value.
	Mistakes int
	// Found counts the puzzles that passed the filters, by kind;
	// Duplicates those dropped as a mirror image or transposition of
	// another (never analysed twice), SameLine those that repeat another
	// up to a shift along the file (ShiftKey) or whose solution another
	// has move for move (TwinKey), Shifted those whose start lies on a
	// longer puzzle's line, TooLarge those Fits refused and Capped those
	// over a cap on a share (wins in one, a motif, capture holds,
	// all-check wins).
	Found                                                       [2]int
	Duplicates, SameLine, Shifted, TooLarge, Capped, Collisions int
	// Refused counts the positions a filter refused, by reason (see
	// the comment above Kind); Taken those another pack has.
	Refused map[string]int
	Taken   int
	// Kept counts the puzzles returned, by kind.
	Kept [2]int
}

// GameResult is what MineGames returns: the puzzles (ordered by kind,
// length and id) with their kinds, and its counts.
type GameResult struct {
	Puzzles []*Puzzle
	Kinds   []Kind
	Stats   GameStats
}

// natural is a puzzle found in the games, with what choosing needs.
type natural struct {
	kind   Kind
	pos    engine.Position
	key    string
	last   engine.Move
	line   []engine.Move
	length int // the solver's moves on the line
	// lineKeys are the canonical keys of the positions at the solver's
	// later turns along the line: a puzzle starting there is this one
	// shifted.
	lineKeys []string
	text     string   // TwinKey, for SameLine
	keys     []string // PuzzleKeys, for Taken
	motif    string   // Motif
	quiet    bool     // the first move neither captures nor checks
	capture  bool     // the first move captures
	allCheck bool     // every move of the winner checks
	tempting int      // tempting wrong first moves
	defended bool     // the opponent has more than a bare king
}

// MineGames plays opt.Games games from src's start over t, src's exact
// table, and returns the natural puzzles they reach (see the comment
// above Kind).
func MineGames(src Source, t *solver.Table, opt GameOptions) (*GameResult, error) {
	if src.Start == nil || t == nil {
		return nil, errors.New("mine games: a start and its exact table are needed")
	}
	if _, ok := t.Index(src.Start); !ok {
		return nil, fmt.Errorf("mine games %s: the start is not in the table", src.ID)
	}
	if src.Start.R.Bans {
		return nil, fmt.Errorf("mine games %s: Ban Chess positions are not mined from play yet", src.ID)
	}
	opt.Games = cmp.Or(opt.Games, DefaultGames)
	opt.MaxPlies = cmp.Or(opt.MaxPlies, DefaultMaxPlies)
	opt.MaxMateIn = cmp.Or(opt.MaxMateIn, DefaultMaxMateIn)
	opt.MaxHold = cmp.Or(opt.MaxHold, DefaultMaxHold)
	opt.MaxMateIn1 = cmp.Or(opt.MaxMateIn1, DefaultMaxMateIn1)
	opt.IDPrefix = cmp.Or(opt.IDPrefix, src.ID)
	g := &gamer{t: t, opt: opt, seen: map[string]bool{}}
	for n := range opt.Games {
		g.play(src.Start, uint64(n))
	}
	g.st.Games = opt.Games
	g.st.Positions = len(g.seen)
	return g.result(opt.IDPrefix), nil
}

// result chooses the puzzles to keep and writes them with ids that start
// with prefix; a puzzle whose id another has already (a hash collision)
// is dropped and counted.
func (g *gamer) result(prefix string) *GameResult {
	kept := g.choose()
	res := &GameResult{Stats: g.st}
	ids := map[string]bool{}
	for _, c := range kept {
		pz := c.puzzle(prefix)
		if ids[pz.ID] {
			res.Stats.Collisions++
			continue
		}
		ids[pz.ID] = true
		res.Puzzles = append(res.Puzzles, pz)
		res.Kinds = append(res.Kinds, c.kind)
		res.Stats.Kept[c.kind]++
	}
	return res
}

// gamer plays the games and collects their puzzles.
type gamer struct {
	t     *solver.Table
	opt   GameOptions
	seen  map[string]bool // canonical keys analysed
	found []*natural
	st    GameStats
	// selfPlay caps the all-check wins as a share of the wins of two
	// moves or more (see limits): the searcher's packs.
	selfPlay bool
}

// play plays game number n from start: each side blunders (plays a
// random legal move) at a rate drawn for the game, and otherwise keeps
// its value with a random move that does, preferring the fastest win
// or the longest defence half of the time.
func (g *gamer) play(start *engine.Position, n uint64) {
	rng := rand.New(rand.NewPCG(g.opt.Seed, n))
	var rate [2]float64
	for c := range rate {
		rate[c] = 0.02 + 0.28*rng.Float64()
	}
	p := *start
	reps := map[uint64]int{}
	for ply := 0; ply < g.opt.MaxPlies && p.Status() == engine.Active; ply++ {
		mvs := g.t.MoveValues(&p)
		if len(mvs) == 0 {
			return
		}
		best := bestMoveValue(mvs)
		var pick solver.MoveValue
		switch {
		case rng.Float64() < rate[p.Side]:
			pick = mvs[rng.IntN(len(mvs))]
		case rng.IntN(2) == 0:
			pick = randomOf(rng, mvs, func(m solver.MoveValue) bool { return !best.Better(m) })
		default:
			pick = randomOf(rng, mvs, func(m solver.MoveValue) bool { return m.Value == best.Value })
		}
		if pick.Value < best.Value {
			g.st.Mistakes++
		}
		p.Make(pick.Move)
		g.st.Plies++
		// A win may start after any move that was not the mover's best:
		// one that gave away the value, or in a lost position one that
		// loses faster than the longest defence.
		g.visit(&p, pick.Move, best.Better(pick))
		if reps[p.Hash()]++; reps[p.Hash()] >= 3 {
			return
		}
	}
}

// bestMoveValue returns the best of mvs for the mover.
func bestMoveValue(mvs []solver.MoveValue) solver.MoveValue {
	best := mvs[0]
	for _, m := range mvs[1:] {
		if m.Better(best) {
			best = m
		}
	}
	return best
}

// randomOf returns a random move of mvs that ok accepts (there is one).
func randomOf(rng *rand.Rand, mvs []solver.MoveValue, ok func(solver.MoveValue) bool) solver.MoveValue {
	n := 0
	for _, m := range mvs {
		if ok(m) {
			n++
		}
	}
	k := rng.IntN(n)
	for _, m := range mvs {
		if ok(m) {
			if k == 0 {
				return m
			}
			k--
		}
	}
	panic("randomOf: no move accepted")
}

// visit looks at position p, reached by last (a slip of the mover's or
// not: a move that was not its best), for a puzzle of the side to move.
func (g *gamer) visit(p *engine.Position, last engine.Move, slip bool) {
	if p.Status() != engine.Active {
		return
	}
	key := CanonicalKey(p)
	if g.seen[key] {
		g.st.Duplicates++
		return
	}
	v, _, ok := g.t.Probe(p)
	if !ok || (v == solver.Win && !slip) || v == solver.Loss {
		return // a win counts only after a slip; look again next time
	}
	g.seen[key] = true
	var c *natural
	switch {
	case v == solver.Win && !g.opt.NoWins:
		c = g.win(p)
	case v == solver.Draw && !g.opt.NoHolds:
		c = g.hold(p)
	}
	if c == nil {
		return
	}
	c.key, c.last = key, last
	c.describe(p)
	g.st.Found[c.kind]++
	g.found = append(g.found, c)
}

// win returns the win puzzle at p (won for the side to move), or nil
// when a filter refuses it.
func (g *gamer) win(p *engine.Position) *natural {
	c := &natural{kind: KindWin, pos: *p}
	q := *p
	for turn := 0; ; turn++ {
		mvs := g.t.MoveValues(&q)
		best := bestMoveValue(mvs)
		if best.Value != solver.Win || (turn == 0 && (len(mvs) < 2 || (best.DTM+1)/2 > g.opt.MaxMateIn)) {
			return nil
		}
		var only solver.MoveValue
		n, wins := 0, 0
		for _, m := range mvs {
			if m.Value == solver.Win {
				wins++
			}
			switch {
			case !best.Better(m):
				only = m
				n++
			case turn == 0 && (m.Value != solver.Loss || isCapture(&q, m.Move) || q.GivesCheck(m.Move)):
				c.tempting++
			}
		}
		switch {
		case n != 1:
			return nil
		case turn == 0 && wins > 1:
			g.refuse("another first move wins too")
			return nil
		case turn == 0 && c.tempting == 0:
			return nil
		}
		if turn == 0 {
			c.quiet = !isCapture(&q, only.Move) && !q.GivesCheck(only.Move)
		} else {
			c.lineKeys = append(c.lineKeys, CanonicalKey(&q))
		}
		c.line = append(c.line, only.Move)
		c.length++
		q.Make(only.Move)
		if q.Status() != engine.Active {
			return c
		}
		// The longest defence, first in canonical order.
		reply := g.t.BestMoves(&q)
		if len(reply) == 0 {
			return nil
		}
		c.line = append(c.line, reply[0])
		q.Make(reply[0])
	}
}

// hold returns the hold puzzle at p (drawn), or nil when a filter
// refuses it. A hold makes the player think: at its first turn there are
// at least three legal moves, two of them lose, and one that loses
// tempts (a check or a capture) or is refuted only in three plies or
// more. A saving move that takes an undefended piece is no puzzle (the
// free piece is the obvious move), and the line stops before the holder
// would undo its last move (a shuffle).
func (g *gamer) hold(p *engine.Position) *natural {
	if _, _, ok := g.onlyHold(p); !ok {
		return nil
	}
	if reason := g.thinHold(p); reason != "" {
		g.refuse(reason)
		return nil
	}
	c := &natural{kind: KindHold, pos: *p}
	q := *p
	been := map[uint64]bool{q.Hash(): true}
	var prev engine.Move
	for {
		only, tempting, ok := g.onlyHold(&q)
		if !ok {
			break
		}
		if c.length == 0 {
			if tempting == 0 {
				return nil
			}
			c.tempting = tempting
			c.quiet = !isCapture(&q, only) && !q.GivesCheck(only)
		} else {
			if only.From() == prev.To() && only.To() == prev.From() {
				c.line = c.line[:len(c.line)-1] // the reply that led here
				break
			}
			c.lineKeys = append(c.lineKeys, CanonicalKey(&q))
		}
		c.line = append(c.line, only)
		c.length++
		prev = only
		q.Make(only)
		if q.Status() != engine.Active || c.length == g.opt.MaxHold {
			break
		}
		reply, found := g.testingReply(&q)
		if !found {
			break
		}
		q.Make(reply)
		if been[q.Hash()] {
			break // the line goes round in circles: the draw is clear
		}
		been[q.Hash()] = true
		c.line = append(c.line, reply)
	}
	if c.length == 0 {
		return nil
	}
	return c
}

// thinHold says why drawn position p is too plain a hold, or "": fewer
// than three legal moves, fewer than two that lose, no losing move that
// tempts or takes three plies to refute, or a saving move that takes a
// piece nobody defends.
func (g *gamer) thinHold(p *engine.Position) string {
	mvs := g.t.MoveValues(p)
	if len(mvs) < 3 {
		return "hold: fewer than three legal moves"
	}
	losing, deep := 0, false
	var save engine.Move
	for _, m := range mvs {
		switch m.Value {
		case solver.Loss:
			losing++
			deep = deep || isCapture(p, m.Move) || p.GivesCheck(m.Move) || m.DTM >= 4
		case solver.Draw:
			save = m.Move
		}
	}
	switch {
	case losing < 2:
		return "hold: fewer than two losing moves"
	case !deep:
		return "hold: no losing move tempts or takes three plies to refute"
	case freeCapture(p, save):
		return "hold: the saving move takes a free piece"
	}
	return ""
}

// freeCapture reports whether mv takes a piece its owner does not
// defend: after it, the opponent cannot take back on its square.
func freeCapture(p *engine.Position, mv engine.Move) bool {
	if mv == engine.NoMove || !isCapture(p, mv) {
		return false
	}
	q := *p
	q.Make(mv)
	return !q.Attacked(mv.To(), q.Side)
}

// refuse counts a position a filter refused, by reason.
func (g *gamer) refuse(reason string) {
	if g.st.Refused == nil {
		g.st.Refused = map[string]int{}
	}
	g.st.Refused[reason]++
}

// testingReply returns the opponent's first reply in canonical order
// that keeps the draw and sets the holder the same problem again: one
// move alone holds.
func (g *gamer) testingReply(q *engine.Position) (engine.Move, bool) {
	for _, r := range g.t.BestMoves(q) {
		after := *q
		after.Make(r)
		if _, _, ok := g.onlyHold(&after); ok {
			return r, true
		}
	}
	return 0, false
}

// onlyHold reports the one move that keeps the draw in drawn position q
// when exactly one does and there are at least two, with the number of
// losing moves that tempt (a capture or a check).
func (g *gamer) onlyHold(q *engine.Position) (engine.Move, int, bool) {
	if q.Status() != engine.Active {
		return 0, 0, false
	}
	mvs := g.t.MoveValues(q)
	if len(mvs) < 2 {
		return 0, 0, false
	}
	var only engine.Move
	n, tempting := 0, 0
	for _, m := range mvs {
		switch {
		case m.Value == solver.Win:
			return 0, 0, false // not drawn after all
		case m.Value == solver.Draw:
			only = m.Move
			n++
		case isCapture(q, m.Move) || q.GivesCheck(m.Move):
			tempting++
		}
	}
	return only, tempting, n == 1
}

// describe fills in what choosing needs of c, found at p: its keys,
// motif, material and the kind of its first move.
func (c *natural) describe(p *engine.Position) {
	at := *p
	at.Halfmove, at.Fullmove = 0, 1
	c.text = TwinKey(&at, c.line, c.kind)
	c.keys = PuzzleKeys(&at, c.line, c.kind)
	c.motif = Motif(&at, c.line, c.kind)
	for t := engine.Pawn; t <= engine.Queen; t++ {
		c.defended = c.defended || p.Count(p.Side.Other(), t) > 0
	}
	if len(c.line) > 0 && !c.line[0].IsBan() {
		c.capture = isCapture(p, c.line[0])
	}
	q := at
	c.allCheck = c.kind == KindWin && c.length >= 2 && !p.R.Bans
	for i, mv := range c.line {
		if i%2 == 0 && !q.GivesCheck(mv) {
			c.allCheck = false
		}
		q.MakeAction(mv)
	}
}

// choose drops the puzzles another pack has (opt.Taken), those that
// repeat another's position up to a shift or its solution with other
// idle pieces, or start on a longer one's line, then keeps opt.Count of
// the rest (all when 0), in turn from each kind and length so that long
// wins and holds, which are rarer, are all taken, under the caps on
// shares (see limits).
func (g *gamer) choose() []*natural {
	slices.SortFunc(g.found, func(a, b *natural) int {
		return cmp.Or(cmp.Compare(b.length, a.length), cmp.Compare(a.kind, b.kind), preferNatural(a, b))
	})
	taken := KeySet{}
	onLine, starts := map[string]bool{}, map[string]bool{}
	var pool []*natural
	for _, c := range g.found {
		switch {
		case g.opt.Taken.Has(c.keys):
			g.st.Taken++
			continue
		case taken.Has(c.keys):
			g.st.SameLine++
			continue
		case onLine[c.key] || slices.ContainsFunc(c.lineKeys, func(k string) bool { return starts[k] }):
			g.st.Shifted++
			continue
		}
		taken.Add(c.keys)
		starts[c.key] = true
		for _, k := range c.lineKeys {
			onLine[k] = true
		}
		pool = append(pool, c)
	}
	want := g.opt.Count
	if want == 0 || want > len(pool) {
		want = len(pool)
	}
	fits := map[*natural]bool{}
	fit := func(c *natural) bool {
		if g.opt.Fits == nil {
			return true
		}
		ok, seen := fits[c]
		if !seen {
			ok = g.opt.Fits(&c.pos)
			fits[c] = ok
			if !ok {
				g.st.TooLarge++
			}
		}
		return ok
	}
	// The caps are shares of what is kept: choose again with the counts
	// kept until they no longer fall (they fall at each round, so this
	// ends; the searcher's cap on all-check wins is a share of the longer
	// wins, whose count falls with it).
	first := sharesOf(pool)
	first.n = want
	kept := g.chooseUnder(pool, want, fit, g.limits(first))
	for range 20 {
		again := g.chooseUnder(pool, want, fit, g.limits(sharesOf(kept)))
		if len(again) == len(kept) && (!g.selfPlay || sharesOf(again) == sharesOf(kept)) {
			break
		}
		kept = again
	}
	g.st.Capped = len(pool) - len(kept)
	slices.SortFunc(kept, func(a, b *natural) int {
		return cmp.Or(cmp.Compare(a.kind, b.kind), cmp.Compare(a.length, b.length), cmp.Compare(a.key, b.key))
	})
	return kept
}

// limit caps the number of kept puzzles in a class.
type limit struct {
	class func(c *natural) string // "" when c is not capped
	most  int
}

// shares are the counts a pack's caps are shares of: its puzzles, and
// its wins of two moves or more.
type shares struct{ n, multi int }

// sharesOf counts cs.
func sharesOf(cs []*natural) shares {
	s := shares{n: len(cs)}
	for _, c := range cs {
		if c.kind == KindWin && c.length >= 2 {
			s.multi++
		}
	}
	return s
}

// limits are the caps on shares for a pack of s: each motif
// (opt.MaxMotif percent of its puzzles) and holds saved by a capture
// (MaxCaptureHolds), each never below MinCap puzzles: the shares are a
// family's, which its large packs make, and capping a pack of thirty
// puzzles at three a class would empty it. Wins in one move are at most
// opt.MaxMateIn1 percent of the pack's puzzles with a floor of one, not
// MinCap: they are the cheapest puzzles, and in a family of small packs
// (minichess) ten of them in each would make them a third of it (issue
// 32 asks for a fifth at most in every family).
// Wins of two moves or more where the winner always checks are at most
// MaxAllCheck percent of the pack's puzzles (never below MinCap) in a
// pack mined over a table, and of its wins of two moves or more, with
// no floor, in a pack of the searcher's games (issue 32's measure for
// self-play: such a pack is the whole of its family's supply from play
// on 8×8, and the cap drops only all-check wins).
func (g *gamer) limits(s shares) []limit {
	share := func(pc int) int { return max(MinCap, s.n*pc/100) }
	allCheck := share(MaxAllCheck)
	if g.selfPlay {
		allCheck = s.multi * MaxAllCheck / 100
	}
	return []limit{
		{func(c *natural) string {
			if c.kind == KindWin && c.length == 1 {
				return "in one"
			}
			return ""
		}, max(1, s.n*g.opt.MaxMateIn1/100)},
		{func(c *natural) string { return c.motif }, share(cmp.Or(g.opt.MaxMotif, DefaultMaxMotif))},
		{func(c *natural) string {
			if c.kind == KindHold && c.capture {
				return "capture hold"
			}
			return ""
		}, share(MaxCaptureHolds)},
		{func(c *natural) string {
			if c.allCheck {
				return "all check"
			}
			return ""
		}, allCheck},
	}
}

// chooseUnder takes up to want puzzles of pool in turn from each kind and
// length, each in order of preference, under limits.
func (g *gamer) chooseUnder(pool []*natural, want int, fit func(*natural) bool, limits []limit) []*natural {
	type bucket struct {
		kind   Kind
		length int
	}
	buckets := map[bucket][]*natural{}
	var order []bucket
	for _, c := range pool {
		b := bucket{c.kind, c.length}
		if buckets[b] == nil {
			order = append(order, b)
		}
		buckets[b] = append(buckets[b], c)
	}
	slices.SortFunc(order, func(a, b bucket) int { return cmp.Or(cmp.Compare(a.kind, b.kind), cmp.Compare(a.length, b.length)) })
	counts := make([]map[string]int, len(limits))
	for i := range counts {
		counts[i] = map[string]int{}
	}
	admit := func(c *natural) bool {
		for i, l := range limits {
			if k := l.class(c); k != "" && counts[i][k] >= l.most {
				return false
			}
		}
		for i, l := range limits {
			if k := l.class(c); k != "" {
				counts[i][k]++
			}
		}
		return true
	}
	var kept []*natural
	next := map[bucket]int{}
	for len(kept) < want {
		progress := false
		for _, b := range order {
			if len(kept) == want {
				break
			}
			for next[b] < len(buckets[b]) {
				c := buckets[b][next[b]]
				next[b]++
				if !fit(c) || !admit(c) {
					continue
				}
				kept = append(kept, c)
				progress = true
				break
			}
		}
		if !progress {
			break
		}
	}
	return kept
}

// preferNatural orders puzzles of one kind and length: a quiet first
// move first, then an opponent with more than a bare king, more tempting
// wrong first moves, and the canonical key so the order is total.
func preferNatural(a, b *natural) int {
	if a.quiet != b.quiet {
		if a.quiet {
			return -1
		}
		return 1
	}
	if a.defended != b.defended {
		if a.defended {
			return -1
		}
		return 1
	}
	return cmp.Or(cmp.Compare(b.tempting, a.tempting), cmp.Compare(a.key, b.key))
}

// puzzle writes c as a puzzle whose id starts with prefix. Titles, tasks
// and hints are left to the build, which words them from its proof.
func (c *natural) puzzle(prefix string) *Puzzle {
	p := c.pos
	p.Halfmove, p.Fullmove = 0, 1
	h := fnv.New64a()
	h.Write([]byte(c.key))
	pz := &Puzzle{
		ID:        fmt.Sprintf("%s-%010x", prefix, h.Sum64()>>24),
		Start:     &p,
		StartText: p.Code(),
		Side:      p.Actor(),
		Line:      c.line,
		Result:    engine.Drawn,
	}
	if c.last != engine.NoMove {
		pz.Last = c.last.Coord(p.B)
	}
	if p.Castle != 0 || p.EP != engine.NoSquare || p.R.Bans {
		pz.StartText = p.FEN()
	}
	if c.kind == KindWin {
		pz.Result = engine.WinFor(pz.Side)
		if !p.R.Bans { // distances under bans count bans: no mate_in
			pz.MateIn = c.length
		}
	}
	return pz
}

// GamesPackHeader returns the header of the pack of natural puzzles from
// src: generator is the command that mined it, and table, when not
// empty, the mode whose exact table proves the puzzles. searcher says the
// searcher played the games and the mate prover proves the puzzles.
func GamesPackHeader(src Source, generator, table string, searcher bool) mode.PackHeader {
	what := "win"
	if src.Start.R.Goal == engine.GoalCheckmate {
		what = "mate"
	}
	sep := ": "
	if strings.Contains(src.Title, ":") {
		sep = " — " // "1-D Chess on 15 squares: knights — puzzles from play"
	}
	h := mode.PackHeader{
		Title:     packTitle(src.Title) + sep + "puzzles from play",
		Summary:   fmt.Sprintf("Positions reached in games of %s: find the only move that keeps the %s, or the only one that holds the draw.", src.Title, what),
		Source:    fmt.Sprintf("games played by thinchess mine from the start of the mode %s, proven by the exact solver", src.ID),
		Variant:   src.Variant,
		Rules:     src.Rules,
		Icon:      "♟",
		Generator: generator,
		Table:     table,
		Body: fmt.Sprintf("Positions that came up in games of *%s* played from its start by players of every strength. "+
			"A **win** starts right after the opponent's mistake: one move alone %ss as fast, at each of your turns. "+
			"A **hold** is a drawn position where every move but one loses: find it, and again while the opponent keeps setting the problem. "+
			"Every puzzle is proven by the exact solver; mirror images, transpositions and repeated solutions count once.", src.Title, what),
	}
	if src.Start.R.Bans {
		h.Summary = fmt.Sprintf("Positions reached in games of %s: right after the opponent's slip, find the move that still wins whatever is banned, and the ban that wins.", src.Title)
		h.Source = fmt.Sprintf("games played by thinchess mine over the exact Ban Chess table of the mode %s; every puzzle proven by its own Ban Chess table", src.ID)
		h.Body = fmt.Sprintf("Positions that came up in games of *%s* played from its start by players of every strength. "+
			"Each puzzle starts right after the opponent's slip: one action alone wins as fast at each of your turns — the move that survives "+
			"every ban the opponent may choose, and the ban that wins (often a mate by a ban, taking away the king's only escape). "+
			"Every puzzle is proven by the exact Ban Chess solver.", src.Title)
	}
	if searcher {
		h.Proof = mode.MateSearchProof
		h.Summary = fmt.Sprintf("Positions reached in games of %s: the opponent has just blundered, and one move alone forces the %s.", src.Title, what)
		h.Source = fmt.Sprintf("games of the searcher against itself, played by thinchess mine from the start of the mode %s; every %s proven by the mate prover", src.ID, what)
		h.Body = fmt.Sprintf("Positions that came up in games of *%s* played from its start by the searcher against itself, each side now and then playing a random move instead. "+
			"Each puzzle starts right after a move that allowed a forced %s: find the one move that %ss fastest, at each of your turns against the longest defence. "+
			"Every %s is proven by the mate prover; mirror images, transpositions and repeated solutions count once.", src.Title, what, what, what)
	}
	return h
}
