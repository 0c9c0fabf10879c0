package search

import (
	"slices"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
)

// Score bounds of Search, in centipawns. A mate in k plies from the
// searched position scores MateScore−k for the side that mates.
const (
	MateScore = 30000
	// MaxPly bounds the depth of the search tree, extensions included.
	MaxPly = 128
	// mateBound: scores beyond it are mate scores.
	mateBound = MateScore - MaxPly
	infinity  = MateScore + 1
)

// Limits bound a Search. Zero fields are unbounded (but the depth never
// exceeds MaxPly); a search with no bound at all stops at depth 64.
type Limits struct {
	// Depth is the deepest iteration, in plies.
	Depth int
	// Nodes bounds the positions visited.
	Nodes int64
	// Time bounds the wall-clock time.
	Time time.Duration
	// History holds the Zobrist keys of the game's earlier positions,
	// oldest first, without the searched one: a position repeated from
	// them (or within the search) scores as a draw.
	History []uint64
	// NoExact makes the move come from the alpha-beta search alone: no
	// exact endgame table (the retrograde solver) and no proven mate
	// (MateSearch, tried in won-looking endings).
	NoExact bool
	// ExactStates bounds the exact tables the search may build: when the
	// position's material could fit, Solve runs with this state limit,
	// within the time budget (a table of the game within half of it, a
	// table of an ending met during the search within what is left; a
	// build the clock stops is not tried again in the game). 0 means
	// DefaultExactStates; negative turns table building off.
	ExactStates int
	// Stop, when set, is polled with the clock (every 1,024 positions,
	// and between the rounds of a table build): once it returns true the
	// search ends as if its time were up, with the move found so far.
	Stop func() bool
	// Progress, when set, is called after every iteration the search
	// completes, with what it has found so far.
	Progress func(Info)
}

// Info is a search's progress after an iteration: the depth completed,
// the score and principal variation found at it, the positions visited
// and the time taken so far.
type Info struct {
	Depth   int
	Score   int
	Mate    int
	Nodes   int64
	Elapsed time.Duration
	PV      []engine.Move
}

// SearchResult is the outcome of a Search.
type SearchResult struct {
	// Move is the best move found; NoMove when the side to move has none.
	Move engine.Move
	// Score is the value for the side to move in centipawns, or a mate
	// score (see Mate).
	Score int
	// Mate is non-zero when Score is a mate score: the side to move mates
	// in Mate moves, or, negative, is mated in −Mate moves. A side to move
	// that is already mated has Mate 0, Score −MateScore and Move NoMove.
	Mate int
	// Depth is the last iteration completed.
	Depth int
	// Nodes counts the positions visited.
	Nodes int64
	// PV is the principal variation, starting with Move.
	PV []engine.Move
	// Exact reports that Move and Score are proven: they come from an
	// exact endgame table (Score is then ±(MateScore−DTM) for a win or a
	// loss, 0 for a draw) or from a forced mate that MateSearch proved.
	Exact bool
	// Elapsed is the time the search took.
	Elapsed time.Duration
}

// ttEntry is a transposition-table entry of the game-playing search.
type ttEntry struct {
	key   uint64
	move  engine.Move
	score int16
	depth int8
	bound uint8
}

// Bound kinds of a ttEntry.
const (
	boundNone uint8 = iota
	boundUpper
	boundLower
	boundExact
)

// Searcher is an iterative-deepening alpha-beta searcher that keeps its
// transposition table, history and exact endgame tables between searches
// of the same game. A Searcher is not safe for concurrent use.
type Searcher struct {
	tt   []ttEntry
	mask uint64

	pos      engine.Position
	race     bool
	keys     []uint64 // game history then the search path
	nodes    int64
	maxNodes int64
	deadline time.Time
	timed    bool
	stopped  bool
	// poll is Limits.Stop, nil when none.
	poll func() bool
	// clock reads the time; nil means time.Now (tests set a fake one).
	clock func() time.Time

	buf     [MaxPly + 1][engine.MaxMoves]engine.Move
	scores  [MaxPly + 1][engine.MaxMoves]int32
	killers [MaxPly + 1][2]engine.Move
	history [16][256]int32
	pv      [MaxPly + 1][MaxPly + 1]engine.Move
	pvLen   [MaxPly + 1]int

	// book holds the attacker's moves of mates proven earlier, by key.
	book map[uint64]bookMove
	// exact holds the exact tables built so far.
	exact exactTables
	// rootMoves, when not nil, are the only root moves searched (the
	// moves an exact table says keep the draw).
	rootMoves []engine.Move
	// exactStates is the state limit of tables built during the search;
	// 0 turns probing ending tables off.
	exactStates int
	// buildBudget is what is left of the search's allowance for building
	// ending tables, in stateEstimate terms.
	buildBudget float64
	// firstPass is set during the first iteration of a search bounded by
	// time or Limits.Stop: that iteration always completes (the clock
	// and Stop are not read, no ending table is built), so that a move
	// is always chosen by a search, never taken as the first generated.
	firstPass bool
}

// NewSearcher returns a Searcher whose transposition table has 2^bits
// entries of 16 bytes; bits ≤ 0 means 20 (16 MiB).
func NewSearcher(bits int) *Searcher {
	if bits <= 0 {
		bits = 20
	}
	bits = min(bits, 30)
	return &Searcher{tt: make([]ttEntry, 1<<bits), mask: 1<<bits - 1}
}

// Search finds a good move for the side to move of p with a fresh
// Searcher (a 4 MiB table). Use a Searcher to keep what was learnt
// between the moves of a game.
func Search(p *engine.Position, lim Limits) SearchResult {
	return NewSearcher(18).Search(p, lim)
}

// Search finds a good move for the side to move of p, which is left
// unchanged: iterative-deepening negamax with principal-variation search,
// a transposition table, move ordering (table move, winning captures by
// most valuable victim and least valuable attacker, killers, history),
// late-move reductions, a check extension and a quiescence search over
// captures and promotions (and, under the race goal, moves onto the far
// rank). Mates score as MateScore minus their distance in plies; a
// repetition, the fifty-move rule, stalemate and insufficient material
// score as draws.
//
// Unless Limits.NoExact is set, two exact methods come first. When the
// position's material is small enough for its board, Solve builds an
// exact table (kept for the rest of the game) and the move comes from it:
// the fastest win, else the draw or the loss that leaves the opponent
// most chances to go wrong. In a won-looking ending MateSearch tries to
// prove a mate within half the budget; a proven mate is then played from
// its solution tree. When the search proves that every move loses, it
// likewise prefers the move after which fewest replies keep the win.
func (s *Searcher) Search(p *engine.Position, lim Limits) (res SearchResult) {
	start := s.now()
	s.begin(p, lim, start)
	defer func() {
		res.Nodes = s.nodes
		res.Elapsed = s.now().Sub(start)
	}()
	moves := p.LegalMoves(s.buf[0][:0])
	if len(moves) == 0 {
		res.Score = s.terminal(0)
		res.Mate = mateMoves(res.Score)
		return res
	}
	if !lim.NoExact {
		if r, done := s.exactFirst(p, lim, start); done {
			return r
		}
	}
	res.Move = moves[0]
	if s.rootMoves != nil {
		res.Move = s.rootMoves[0]
	}
	s.deepen(&res, lim, start)
	if res.Score < -mateBound && !s.stopped && len(moves) > 1 {
		if m, ok := s.swindle(res.Depth); ok && m != res.Move {
			res.Move, res.PV = m, []engine.Move{m}
		}
	}
	res.Mate = mateMoves(res.Score)
	return res
}

// begin sets the searcher up for a search of p under lim from start.
func (s *Searcher) begin(p *engine.Position, lim Limits, start time.Time) {
	s.pos = *p
	s.race = p.R.Goal == engine.GoalRace
	s.keys = append(append(s.keys[:0], lim.History...), p.Hash())
	s.nodes, s.stopped = 0, false
	s.rootMoves, s.exactStates = nil, 0
	s.maxNodes = lim.Nodes
	s.timed = lim.Time > 0
	s.deadline = start.Add(lim.Time)
	s.poll = lim.Stop
	s.killers = [MaxPly + 1][2]engine.Move{}
	for i := range s.history {
		for j := range s.history[i] {
			s.history[i][j] /= 8
		}
	}
}

// exactFirst tries the exact methods before the search: a table of the
// game (building one takes at most half the time budget), the
// remembered mate trees, a mate proof. done reports a final answer;
// otherwise the searcher is set up to search (within a drawn table's
// drawing moves, or probing ending tables).
func (s *Searcher) exactFirst(p *engine.Position, lim Limits, start time.Time) (SearchResult, bool) {
	r, keep, done := s.exactResult(p, lim, start)
	if done {
		return r, true
	}
	s.rootMoves = keep
	if keep == nil {
		// Not in a drawn table: the search may look endings up.
		// (Inside a drawn table every line would score 0 and
		// leave nothing to choose by.)
		s.exactStates = exactStatesOf(lim)
		s.buildBudget = buildBudget(lim, s.exactStates)
	}
	if r, ok := s.bookResult(p); ok {
		return r, true
	}
	return s.mateResult(p, lim, start)
}

// deepen runs the iterations, deeper and deeper, until the depth limit,
// a proven mate, the budget or a stop, keeping in res the last one
// completed and reporting each to Limits.Progress.
func (s *Searcher) deepen(res *SearchResult, lim Limits, start time.Time) {
	maxDepth := lim.Depth
	if maxDepth <= 0 || maxDepth > MaxPly-8 {
		maxDepth = 64
		if lim.Depth > 0 {
			maxDepth = MaxPly - 8
		}
	}
	iterStart := s.now()
	for depth := 1; depth <= maxDepth; depth++ {
		s.firstPass = depth == 1 && (s.timed || s.poll != nil)
		score := s.rootSearch(depth, res.Score)
		s.firstPass = false
		if s.stopped {
			break
		}
		res.Score, res.Depth = score, depth
		res.PV = append(res.PV[:0], s.pv[0][:s.pvLen[0]]...)
		if len(res.PV) > 0 {
			res.Move = res.PV[0]
		}
		now := s.now()
		elapsed := now.Sub(start)
		if lim.Progress != nil {
			lim.Progress(Info{Depth: depth, Score: score, Mate: mateMoves(score), Nodes: s.nodes, Elapsed: elapsed, PV: slices.Clone(res.PV)})
		}
		// A mate found and proven within the depth searched will not
		// change with more depth.
		if abs(score) > mateBound && MateScore-abs(score) < depth {
			break
		}
		if s.timed && !nextIterationFits(now.Sub(iterStart), elapsed, lim.Time) {
			break
		}
		if depth == 1 && s.poll != nil && s.poll() {
			break // the first pass does not poll Limits.Stop: poll it now
		}
		iterStart = now
	}
}

// iterationGrowth is how many times longer an iteration is expected to
// take than the one before it (the search's effective branching factor,
// about 2 to 3 with its pruning and ordering).
const iterationGrowth = 3

// nextIterationFits reports whether an iteration expected to take
// iterationGrowth times the last one (which took last) ends before the
// budget, with elapsed already spent since the search began. Whatever
// came before the iterations (a table build, a failed mate proof) counts
// in elapsed only: it says nothing about how long the next iteration
// takes.
func nextIterationFits(last, elapsed, budget time.Duration) bool {
	return elapsed+iterationGrowth*last <= budget
}

// swindle chooses among root moves that all lose by force, as a search to
// depth proved: it prefers the move after which the fewest of the
// opponent's replies keep the win (the opponent is likeliest to go
// wrong), then the slowest loss. It reports false when the budget ran out
// first.
func (s *Searcher) swindle(depth int) (engine.Move, bool) {
	p := &s.pos
	root := append([]engine.Move(nil), p.LegalMoves(s.buf[0][:0])...)
	best, bestWins, bestReplies, bestScore := engine.NoMove, 1, 0, -infinity
	for _, m := range root {
		u := s.make(m)
		score := -s.negamax(depth-1, 1, -infinity, infinity)
		replies := append([]engine.Move(nil), p.LegalMoves(s.buf[1][:0])...)
		wins := 0
		for _, r := range replies {
			ur := s.make(r)
			if s.negamax(max(depth-2, 1), 2, -infinity, infinity) < -mateBound {
				wins++
			}
			s.unmake(ur)
		}
		s.unmake(u)
		if s.stopped {
			return engine.NoMove, false
		}
		// Compare wins/replies fractions without dividing.
		n := max(len(replies), 1)
		switch d := wins*max(bestReplies, 1) - bestWins*n; {
		case best == engine.NoMove, d < 0, d == 0 && score > bestScore:
			best, bestWins, bestReplies, bestScore = m, wins, n, score
		}
	}
	return best, true
}

// mateMoves converts a score to moves to mate: positive when the side to
// move mates, negative when it is mated, 0 for other scores.
func mateMoves(score int) int {
	switch {
	case score > mateBound:
		return (MateScore - score + 1) / 2
	case score < -mateBound:
		return -(MateScore + score) / 2
	}
	return 0
}

// rootSearch runs one iteration with an aspiration window around the
// previous score.
func (s *Searcher) rootSearch(depth, prev int) int {
	if depth < 4 || abs(prev) > mateBound {
		return s.negamax(depth, 0, -infinity, infinity)
	}
	window := 50
	alpha, beta := prev-window, prev+window
	for {
		score := s.negamax(depth, 0, alpha, beta)
		if s.stopped {
			return score
		}
		switch {
		case score <= alpha:
			alpha = max(alpha-window*4, -infinity)
		case score >= beta:
			beta = min(beta+window*4, infinity)
		default:
			return score
		}
		window *= 4
		if window > 1000 {
			alpha, beta = -infinity, infinity
		}
	}
}

// tick counts a node and checks the budgets now and then. It reports
// whether the search must stop; once stopped, nodes are no longer counted.
func (s *Searcher) tick() bool {
	if s.stopped {
		return true
	}
	s.nodes++
	if s.maxNodes > 0 && s.nodes >= s.maxNodes {
		s.stopped = true
	}
	if s.nodes&1023 == 0 && !s.firstPass && s.expired() {
		s.stopped = true
	}
	return s.stopped
}

// now reads the searcher's clock.
func (s *Searcher) now() time.Time {
	if s.clock != nil {
		return s.clock()
	}
	return time.Now()
}

// expired reports that the time is up or that Limits.Stop says stop.
func (s *Searcher) expired() bool {
	return (s.timed && s.now().After(s.deadline)) || (s.poll != nil && s.poll())
}

// halt is the Stop of the table builds and mate proofs the search makes:
// it reports, and records, that the search must stop.
func (s *Searcher) halt() bool {
	if !s.stopped && s.expired() {
		s.stopped = true
	}
	return s.stopped
}

// terminal scores a position without legal moves at ply: a loss under
// the race goal or when in check, a stalemate draw otherwise.
func (s *Searcher) terminal(ply int) int {
	if s.race || s.pos.InCheck() {
		return -MateScore + ply
	}
	return 0
}

// drawn reports a draw by repetition (of the game or the search path),
// the fifty-move rule or insufficient material.
func (s *Searcher) drawn() bool {
	p := &s.pos
	if p.R.FiftyMove && p.Halfmove >= 100 {
		return true
	}
	n := len(s.keys) - 1
	key := s.keys[n]
	for i := n - 2; i >= 0 && i >= n-p.Halfmove; i -= 2 {
		if s.keys[i] == key {
			return true
		}
	}
	return solver.LowMaterial(p) && p.Status() == engine.InsufficientMaterial
}

func (s *Searcher) make(m engine.Move) engine.Undo {
	u := s.pos.Make(m)
	s.keys = append(s.keys, s.pos.Hash())
	return u
}

func (s *Searcher) unmake(u engine.Undo) {
	s.keys = s.keys[:len(s.keys)-1]
	s.pos.Unmake(u)
}

// negamax searches depth plies from the current position at ply and
// returns its score for the side to move within (alpha, beta).
func (s *Searcher) negamax(depth, ply, alpha, beta int) int {
	s.pvLen[ply] = 0
	if s.tick() {
		return 0
	}
	p := &s.pos
	if ply > 0 {
		var score int
		var done bool
		if score, alpha, beta, done = s.early(ply, alpha, beta); done {
			return score
		}
	}
	if ply >= MaxPly-1 {
		return Evaluate(p)
	}
	inCheck := p.InCheck()
	if inCheck && ply < MaxPly/2 {
		depth++
	}
	if depth <= 0 {
		return s.quiesce(ply, alpha, beta)
	}
	key := p.Hash()
	ttMove, score, hit := s.probeTT(key, depth, ply, alpha, beta)
	if hit {
		return score
	}
	moves := p.LegalMoves(s.buf[ply][:0])
	if len(moves) == 0 {
		return s.terminal(ply)
	}
	if ply == 0 && s.rootMoves != nil {
		moves = keepMoves(moves, s.rootMoves)
	}
	s.order(moves, ply, ttMove)

	origAlpha := alpha
	best, bestMove := -infinity, engine.NoMove
	for i, m := range moves {
		quiet := p.At(m.To()) == engine.NoPiece && m.Promotion() == engine.NoPieceType && !m.IsEnPassant()
		pc := p.At(m.From())
		score := s.searchMove(m, i, pc, quiet, inCheck, depth, ply, alpha, beta)
		if s.stopped {
			return 0
		}
		if score > best {
			best, bestMove = score, m
			if score > alpha {
				alpha = score
				s.extendPV(ply, m)
			}
		}
		if alpha >= beta {
			if quiet {
				s.rememberCutoff(m, pc, depth, ply)
			}
			break
		}
	}
	if ply == 0 && s.rootMoves != nil {
		// A score over some of the moves only is no bound for the
		// position.
		return best
	}
	s.storeTT(key, bestMove, best, depth, ply, origAlpha, beta)
	return best
}

// early scores a node below the root before its moves are searched: a
// draw, a cut by mate distance (no line from here beats a mate already
// found nearer the root), or an ending table's exact score. It returns
// the window narrowed by mate distance, and done when the node is
// scored.
func (s *Searcher) early(ply, alpha, beta int) (score, a, b int, done bool) {
	if s.drawn() {
		return 0, alpha, beta, true
	}
	alpha = max(alpha, -MateScore+ply)
	beta = min(beta, MateScore-ply-1)
	if alpha >= beta {
		return alpha, alpha, beta, true
	}
	if s.exactStates > 0 {
		if score, ok := s.probeEnding(ply); ok {
			return score, alpha, beta, true
		}
	}
	return 0, alpha, beta, false
}

// probeTT looks the position up in the transposition table: its move,
// and, outside principal-variation nodes, a score deep enough to cut
// with (hit).
func (s *Searcher) probeTT(key uint64, depth, ply, alpha, beta int) (move engine.Move, score int, hit bool) {
	e := &s.tt[key&s.mask]
	if e.key != key {
		return engine.NoMove, 0, false
	}
	pvNode := beta-alpha > 1
	if !pvNode && int(e.depth) >= depth && ply > 0 {
		sc := scoreFromTT(int(e.score), ply)
		switch {
		case e.bound == boundExact,
			e.bound == boundLower && sc >= beta,
			e.bound == boundUpper && sc <= alpha:
			return e.move, sc, true
		}
	}
	return e.move, 0, false
}

// searchMove plays the i-th move m (by piece pc) and searches it by
// principal-variation search: the first move with the full window, the
// others with a null window, late quiet ones a ply shallower first, and
// again with the full window when they beat alpha.
func (s *Searcher) searchMove(m engine.Move, i int, pc engine.Piece, quiet, inCheck bool, depth, ply, alpha, beta int) int {
	u := s.make(m)
	defer s.unmake(u)
	if i == 0 {
		return -s.negamax(depth-1, ply+1, -beta, -alpha)
	}
	r := 0
	if depth >= 3 && i >= 3 && quiet && !inCheck && !s.pos.InCheck() &&
		m != s.killers[ply][0] && m != s.killers[ply][1] && !s.racing(m, pc) {
		r = 1
		if i >= 8 && depth >= 6 {
			r = 2
		}
	}
	score := -s.negamax(depth-1-r, ply+1, -alpha-1, -alpha)
	if score > alpha && r > 0 {
		score = -s.negamax(depth-1, ply+1, -alpha-1, -alpha)
	}
	if score > alpha && score < beta {
		score = -s.negamax(depth-1, ply+1, -beta, -alpha)
	}
	return score
}

// extendPV makes m followed by the next ply's line the line at ply.
func (s *Searcher) extendPV(ply int, m engine.Move) {
	s.pv[ply][0] = m
	copy(s.pv[ply][1:], s.pv[ply+1][:s.pvLen[ply+1]])
	s.pvLen[ply] = s.pvLen[ply+1] + 1
}

// rememberCutoff records a quiet move that cut off at ply: a killer of
// the ply and a history bonus for its piece and square.
func (s *Searcher) rememberCutoff(m engine.Move, pc engine.Piece, depth, ply int) {
	if s.killers[ply][0] != m {
		s.killers[ply][1] = s.killers[ply][0]
		s.killers[ply][0] = m
	}
	h := &s.history[pc][m.To()]
	*h = min(*h+int32(depth*depth), 1<<20)
}

// storeTT stores a node's best score and move, with its bound against
// the window (origAlpha, beta) it was searched with; an entry of another
// position, a shallower one or an exact score gives way.
func (s *Searcher) storeTT(key uint64, move engine.Move, best, depth, ply, origAlpha, beta int) {
	bound := boundExact
	switch {
	case best <= origAlpha:
		bound = boundUpper
	case best >= beta:
		bound = boundLower
	}
	e := &s.tt[key&s.mask]
	if e.key != key || depth >= int(e.depth) || bound == boundExact {
		*e = ttEntry{key: key, move: move, score: int16(scoreToTT(best, ply)), depth: int8(min(depth, 127)), bound: bound}
	}
}

// keepMoves filters moves, in place, to those in allowed.
func keepMoves(moves, allowed []engine.Move) []engine.Move {
	n := 0
	for _, m := range moves {
		if slices.Contains(allowed, m) {
			moves[n] = m
			n++
		}
	}
	return moves[:n]
}

// racing reports a move of piece pc that reaches the far rank under the
// race goal: it wins on the spot and is never reduced or pruned.
func (s *Searcher) racing(m engine.Move, pc engine.Piece) bool {
	if !s.race {
		return false
	}
	r := s.pos.B.Rank(m.To())
	if pc.Color() == engine.White {
		return r == s.pos.B.H-1
	}
	return r == 0
}

// quiesce searches captures and promotions (all moves when in check, and
// far-rank moves under the race goal) until the position is quiet.
func (s *Searcher) quiesce(ply, alpha, beta int) int {
	s.pvLen[ply] = 0
	if s.tick() {
		return 0
	}
	p := &s.pos
	moves := p.LegalMoves(s.buf[ply][:0])
	if len(moves) == 0 {
		return s.terminal(ply)
	}
	if s.drawn() {
		return 0
	}
	if s.exactStates > 0 {
		if score, ok := s.probeEnding(ply); ok {
			return score
		}
	}
	if ply >= MaxPly-1 {
		return Evaluate(p)
	}
	inCheck := p.InCheck()
	best := -infinity
	if !inCheck {
		stand := Evaluate(p)
		if stand >= beta {
			return stand
		}
		best = stand
		alpha = max(alpha, stand)
		// Keep only the loud moves.
		n := 0
		for _, m := range moves {
			if p.At(m.To()) != engine.NoPiece || m.IsEnPassant() || m.Promotion() != engine.NoPieceType || s.racing(m, p.At(m.From())) {
				moves[n] = m
				n++
			}
		}
		moves = moves[:n]
	}
	s.order(moves, ply, engine.NoMove)
	for _, m := range moves {
		u := s.make(m)
		score := -s.quiesce(ply+1, -beta, -alpha)
		s.unmake(u)
		if s.stopped {
			return 0
		}
		if score > best {
			best = score
			if score > alpha {
				alpha = score
			}
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// order sorts moves: the table move, far-rank moves under the race goal,
// promotions, captures (most valuable victim, then least valuable
// attacker), killers, then quiet moves by history.
func (s *Searcher) order(moves []engine.Move, ply int, ttMove engine.Move) {
	p := &s.pos
	sc := s.scores[ply][:len(moves)]
	for i, m := range moves {
		pc := p.At(m.From())
		var v int32
		switch {
		case m == ttMove:
			v = 1 << 30
		case s.racing(m, pc):
			v = 1<<30 - 1
		default:
			victim := p.At(m.To())
			if m.IsEnPassant() {
				victim = engine.MakePiece(engine.White, engine.Pawn)
			}
			if t := m.Promotion(); t != engine.NoPieceType {
				v += 1<<28 + int32(solver.PieceValue(t))*16
			}
			if victim != engine.NoPiece {
				attacker := solver.PieceValue(pc.Type())
				if pc.Type() == engine.King {
					attacker = 1000
				}
				v += 1<<28 + int32(solver.PieceValue(victim.Type()))*16 - int32(attacker/10)
			} else if v == 0 {
				switch m {
				case s.killers[ply][0]:
					v = 1 << 27
				case s.killers[ply][1]:
					v = 1<<27 - 1
				default:
					v = s.history[pc][m.To()]
					if s.race {
						v += int32(solver.Advance(p, m)) * 64
					}
				}
			}
		}
		sc[i] = v
	}
	solver.SortByScore(moves, sc)
}

// scoreToTT stores mate scores relative to the node, so they stay right
// when the position is reached at another ply.
func scoreToTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score + ply
	case score < -mateBound:
		return score - ply
	}
	return score
}

func scoreFromTT(score, ply int) int {
	switch {
	case score > mateBound:
		return score - ply
	case score < -mateBound:
		return score + ply
	}
	return score
}
