package mate

import (
	"errors"
	"fmt"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/terms"
)

// ErrUndecided is wrapped by the error a bounded search returns when it
// ran out of its node budget (or passed its deadline) before it could
// prove or refute its claim.
// An undecided search never reports an answer it has not proven.
var ErrUndecided = errors.New("undecided: search budget exhausted")

// Defaults of Options.
const (
	// DefaultNodes is the node budget of a mate search when
	// Options.MaxNodes is zero.
	DefaultNodes = 50_000_000
	// DefaultTreeNodes bounds the solution tree when
	// Options.MaxTreeNodes is zero.
	DefaultTreeNodes = 20_000
)

// Options tune Search. The zero value is ready to use.
type Options struct {
	// MaxNodes bounds the positions visited while proving the distance
	// and the first moves; 0 means DefaultNodes. Building the
	// solution tree may visit as many again.
	MaxNodes int64
	// TableBits is the base-2 logarithm of the transposition table's
	// largest entry count (16 bytes each); 0 means 18 (4 MiB). The table
	// starts at 256 entries and doubles as the search grows.
	TableBits int
	// MaxTreeNodes bounds the solution tree; 0 means
	// DefaultTreeNodes and a negative value builds no tree.
	MaxTreeNodes int
	// Deadline, when set, stops the search like the node budget does
	// once the wall clock passes it.
	Deadline time.Time
	// Stop, when set, is polled as often as the deadline: the search
	// stops like the node budget does once it returns true.
	Stop func() bool
	// Budget, when not nil, is shared by every search made with these
	// options: all of them stop once it is spent, so that the many
	// searches one puzzle asks for cannot run for minutes together.
	Budget *Budget
}

// Budget is a number of nodes shared by several searches, safe for
// concurrent use.
type Budget struct{ left atomic.Int64 }

// NewBudget returns a budget of n nodes.
func NewBudget(n int64) *Budget {
	b := &Budget{}
	b.left.Store(n)
	return b
}

// Spent reports whether the budget is used up.
func (b *Budget) Spent() bool { return b != nil && b.left.Load() < 0 }

// budgetStep is how many nodes a search counts locally before it takes
// them from the shared budget.
const budgetStep = 4096

// Result is what Search proved. Distances count the attacker's
// moves; Plies counts both sides' moves from the searched position to the
// mate.
type Result struct {
	// FEN is the searched position.
	FEN string `json:"fen"`
	// Attacker is the side trying to mate: "white" or "black".
	Attacker string `json:"attacker"`
	// MaxMoves is the bound N of the question "mate in at most N".
	MaxMoves int `json:"max_moves"`
	// Found reports a proven mate within MaxMoves.
	Found bool `json:"found"`
	// Moves is the shortest mate in attacker moves when Found (0 when the
	// defender is already mated).
	Moves int `json:"moves"`
	// Plies is the shortest mate in plies when Found: 2·Moves−1 with the
	// attacker to move, 2·Moves with the defender to move.
	Plies int `json:"plies"`
	// NoMateWithin is the largest n for which "mate in at most n" was
	// refuted: Moves−1 when Found, MaxMoves when the search proved there
	// is no mate, and less when it stopped undecided.
	NoMateWithin int `json:"no_mate_within"`
	// First lists every first move of the attacker (with the attacker to
	// move) that mates within MaxMoves, shortest first, each with its own
	// proven distance. It is empty when the defender moves first.
	First []FirstMove `json:"first,omitempty"`
	// Tree is the solution tree from the searched position when Found.
	Tree *Node `json:"tree,omitempty"`
	// TreeAllOptimal reports that every attacker node of Tree lists all
	// its optimal moves; when the tree would be too big, attacker nodes
	// below the root keep one optimal move each. It is false when no tree
	// was built.
	TreeAllOptimal bool `json:"tree_all_optimal"`
	// TreeComplete reports that no subtree of Tree was cut for size: every
	// defence is answered down to the mate. It is false when no tree was
	// built.
	TreeComplete bool `json:"tree_complete"`
	// Undecided reports that the node budget or the deadline ran out
	// first; the error Search returned with it wraps ErrUndecided.
	Undecided bool `json:"undecided,omitempty"`
	// Nodes counts the positions visited.
	Nodes int64 `json:"nodes"`
}

// FirstMove is an attacker move and the proven distance of the mate it
// starts.
type FirstMove struct {
	// Move is the move itself, for Go callers.
	Move engine.Move `json:"-"`
	// SAN is the move in Standard Algebraic Notation.
	SAN string `json:"san"`
	// Coord is the move in coordinate notation ("e2e4").
	Coord string `json:"coord"`
	// Moves is the shortest mate after this first move, counting it.
	Moves int `json:"moves"`
}

// Node is a node of a solution tree: the position reached by Move
// (the searched position at the root, where Move is empty) and the
// positions after it. At the attacker's nodes Next holds every optimal
// move (each still mates in the shortest number of moves); at the
// defender's nodes Next holds every legal defence.
type Node struct {
	// M is the move leading here, for Go callers; NoMove at the root.
	M engine.Move `json:"-"`
	// Move is M in SAN; empty at the root.
	Move string `json:"move,omitempty"`
	// Coord is M in coordinate notation; empty at the root.
	Coord string `json:"coord,omitempty"`
	// Mate is the number of attacker moves still needed from here under
	// best play: the attacker hurries, the defender delays. Zero means the
	// defender is mated (or, under the race goal, has lost).
	Mate int `json:"mate"`
	// Next are the positions after each listed move.
	Next []*Node `json:"next,omitempty"`
	// Cut reports that Next was left out to keep the tree within its
	// size bound although the game goes on.
	Cut bool `json:"cut,omitempty"`
}

// Search proves or refutes "attacker mates in at most maxMoves moves"
// from p, which is left unchanged. Under the race goal reaching the far
// rank first, or leaving the defender without a legal move, counts as
// the mate; under the checkmate goal only checkmate does (stalemate and
// insufficient material are draws, and so is the fifty-move rule when it
// is on). Draws by repetition play no part: a shortest forced mate never
// repeats a position.
//
// The search is a depth-first AND/OR search over the attacker's moves and
// every defence, with iterative deepening on the distance (so the first
// mate proven is the shortest) and a transposition table holding proven
// and refuted distance bounds per position. When the node budget runs out
// the result has Undecided set and the error wraps ErrUndecided; the
// fields then hold only what was proven.
func Search(p *engine.Position, attacker engine.Color, maxMoves int, opt Options) (*Result, error) {
	if maxMoves < 0 || maxMoves > terms.MaxMateMoves {
		return nil, fmt.Errorf("mate search: bound %d out of range: want 0 to %d moves", maxMoves, terms.MaxMateMoves)
	}
	s := newMateSearcher(attacker, opt)
	defer s.releaseFrames()
	return s.search(p, maxMoves, true)
}

// search runs Search from p on s, whose table may hold what earlier
// searches of s proved. With full unset it proves only the distance:
// Result.First and Result.Tree stay empty.
func (s *mateSearcher) search(p *engine.Position, maxMoves int, full bool) (*Result, error) {
	s.reset(p, maxMoves)
	res := &Result{FEN: p.FEN(), Attacker: s.attacker.String(), MaxMoves: maxMoves}
	defer func() { res.Nodes = s.nodes }()
	tree := full && s.maxTree >= 0

	attackerToMove := p.Side == s.attacker
	if !attackerToMove && s.defenderLost() {
		res.Found, res.TreeAllOptimal, res.TreeComplete = true, true, true
		res.NoMateWithin = -1
		if tree {
			res.Tree = &Node{}
		}
		return res, nil
	}

	// Iterative deepening on the distance: the first n that proves is the
	// shortest mate.
	found := false
	for n := 1; n <= maxMoves; n++ {
		var ok bool
		if attackerToMove {
			ok = s.attack(n, 0)
		} else {
			ok = s.defend(n, 0)
		}
		if s.stop {
			return s.undecided(res)
		}
		if ok {
			found = true
			res.Found, res.Moves = true, n
			res.Plies = 2 * n
			if attackerToMove {
				res.Plies--
			}
			break
		}
		res.NoMateWithin = n
	}
	if !found || !full {
		return res, nil
	}

	if attackerToMove {
		first, ok := s.firstMoves(res.Moves, maxMoves)
		if !ok {
			return s.undecided(res)
		}
		res.First = first
	}
	if tree {
		proof := s.nodes
		s.nodes, s.stop = 0, false
		s.buildTree(res)
		s.nodes += proof
	}
	return res, nil
}

// undecided marks res as stopped by the node budget.
func (s *mateSearcher) undecided(res *Result) (*Result, error) {
	res.Undecided = true
	res.Found, res.Moves, res.Plies, res.First, res.Tree = false, 0, 0, nil, nil
	return res, fmt.Errorf("mate search for %s within %d moves: %w after %d nodes (no mate within %d proven)",
		res.Attacker, res.MaxMoves, ErrUndecided, s.nodes, res.NoMateWithin)
}

// mateEntry is a transposition-table entry: bounds on the distance d of
// the shortest forced mate from a position (in attacker moves still
// needed), lower ≤ d ≤ upper, and the move that proved or refuted.
type mateEntry struct {
	key   uint64
	move  engine.Move
	lower uint8
	upper uint8
	_     [2]uint8
}

// mateUnknown is an entry's upper bound before any mate is proven; it
// also stands for "no mate at all" in lower.
const mateUnknown = 0xff

// mateSearcher holds the state of a search, and its transposition
// table between the searches of one attacker (see Oracle).
type mateSearcher struct {
	pos      engine.Position
	attacker engine.Color
	race     bool
	// fifty is set when the fifty-move rule can end a game inside the
	// search horizon; the halfmove clock then joins the hash key.
	fifty bool
	// rules and board are those of the positions the table holds.
	rules *engine.Rules
	board *engine.Board

	// tt starts small and doubles, up to 1<<maxBits entries, each time
	// the search has visited as many nodes as it has entries (work).
	tt      []mateEntry
	mask    uint64
	maxBits int
	work    int64

	nodes, maxNodes int64
	stop            bool
	maxTree         int
	deadline        time.Time
	poll            func() bool // Options.Stop
	budget          *Budget

	// frames holds the scratch space of each ply while s searches.
	frames []*frame
}

// frame is the scratch space of one ply: its move list, the moves'
// scores and its killer moves.
type frame struct {
	moves   [engine.MaxMoves]engine.Move
	scores  [engine.MaxMoves]int32
	killers [2]engine.Move
}

// framePool keeps frames (8 KiB each) between searches.
var framePool = sync.Pool{New: func() any { return new(frame) }}

// minTableBits is the base-2 logarithm of a new table's entry count.
const minTableBits = 8

func newMateSearcher(attacker engine.Color, opt Options) *mateSearcher {
	maxBits := opt.TableBits
	if maxBits <= 0 {
		maxBits = 18
	}
	maxBits = min(maxBits, 30)
	maxNodes := opt.MaxNodes
	if maxNodes <= 0 {
		maxNodes = DefaultNodes
	}
	s := &mateSearcher{
		attacker: attacker,
		maxBits:  maxBits,
		maxNodes: maxNodes,
		maxTree:  opt.MaxTreeNodes,
		deadline: opt.Deadline,
		poll:     opt.Stop,
		budget:   opt.Budget,
	}
	s.newTable(min(maxBits, minTableBits))
	return s
}

// newTable replaces the table by an empty one of 1<<bits entries.
func (s *mateSearcher) newTable(bits int) {
	s.tt = make([]mateEntry, 1<<bits)
	s.mask = 1<<bits - 1
	s.work = 0
}

// grow doubles the table, keeping its entries. An entry at index i
// stays there or moves to i+len(old), by the next bit of its key, so
// the table is read and written in order.
func (s *mateSearcher) grow() {
	old := s.tt
	s.newTable(bits.Len64(s.mask) + 1)
	copy(s.tt, old)
	half := uint64(len(old))
	for i := range old {
		if e := &s.tt[i]; e.key&half != 0 {
			s.tt[uint64(i)+half], *e = *e, mateEntry{}
		}
	}
}

// reset readies s to search from p within maxMoves. The table is kept
// unless p is under other rules than the positions it holds: what it
// holds are proven bounds on mate distances, true whatever the root
// (positions whose outcome depends on the halfmove clock have it in
// their key).
func (s *mateSearcher) reset(p *engine.Position, maxMoves int) {
	plies := 2*maxMoves + 2
	if p.R != s.rules || p.B != s.board {
		if s.rules != nil {
			s.newTable(min(s.maxBits, minTableBits))
		}
		s.rules, s.board = p.R, p.B
	}
	s.pos = *p
	s.race = p.R.Goal == engine.GoalRace
	s.fifty = p.R.FiftyMove && p.Halfmove+plies >= 100
	s.nodes, s.stop = 0, false
	for len(s.frames) < plies+1 {
		s.frames = append(s.frames, framePool.Get().(*frame))
	}
	for _, f := range s.frames {
		f.killers = [2]engine.Move{}
	}
}

// releaseFrames hands the frames back to the pool once s is idle.
func (s *mateSearcher) releaseFrames() {
	for i, f := range s.frames {
		framePool.Put(f)
		s.frames[i] = nil
	}
	s.frames = s.frames[:0]
}

// key is the transposition key of the current position.
func (s *mateSearcher) key() uint64 {
	k := s.pos.Hash()
	if s.fifty {
		k ^= uint64(s.pos.Halfmove+1) * 0x9e3779b97f4a7c15
	}
	return k
}

func (s *mateSearcher) probe(key uint64) *mateEntry {
	e := &s.tt[key&s.mask]
	if e.key != key {
		return nil
	}
	return e
}

// store records d ≤ upper (proven) or d ≥ lower (refuted) for key.
func (s *mateSearcher) store(key uint64, lower, upper int, m engine.Move) {
	e := &s.tt[key&s.mask]
	if e.key != key {
		*e = mateEntry{key: key, lower: 0, upper: mateUnknown}
	}
	if lower > int(e.lower) {
		e.lower = uint8(min(lower, mateUnknown))
	}
	if upper < int(e.upper) {
		e.upper = uint8(upper)
	}
	if m != engine.NoMove {
		e.move = m
	}
}

// count counts a node and reports whether the budget is spent.
func (s *mateSearcher) count() bool {
	s.nodes++
	if s.work++; s.work > int64(len(s.tt)) && len(s.tt) < 1<<s.maxBits {
		s.grow()
	}
	if s.nodes > s.maxNodes {
		s.stop = true
	}
	if s.nodes%budgetStep == 0 {
		if !s.deadline.IsZero() && time.Now().After(s.deadline) {
			s.stop = true
		}
		if s.poll != nil && s.poll() {
			s.stop = true
		}
		if s.budget != nil && s.budget.left.Add(-budgetStep) < 0 {
			s.stop = true
		}
	}
	return s.stop
}

// drawn reports a position that is a draw whatever follows: insufficient
// material, or the fifty-move rule. It is called on positions with legal
// moves.
func (s *mateSearcher) drawn() bool {
	p := &s.pos
	if s.fifty && p.Halfmove >= 100 {
		return true
	}
	return solver.LowMaterial(p) && p.Status() == engine.InsufficientMaterial
}

// defenderLost reports whether the defender, to move, has lost already:
// mated, or without a move under the race goal.
func (s *mateSearcher) defenderLost() bool {
	if s.pos.HasLegalMove() {
		return false
	}
	return s.race || s.pos.InCheck()
}

// attack reports whether the attacker, to move, mates within n moves.
func (s *mateSearcher) attack(n, ply int) bool {
	if n <= 0 || s.count() {
		return false
	}
	key := s.key()
	var hint engine.Move
	if e := s.probe(key); e != nil {
		if int(e.upper) <= n {
			return true
		}
		if int(e.lower) > n {
			return false
		}
		hint = e.move
	}
	moves := s.pos.LegalMoves(s.frames[ply].moves[:0])
	if len(moves) == 0 || s.drawn() {
		s.store(key, mateUnknown, mateUnknown, engine.NoMove)
		return false
	}
	// With one move left under the checkmate goal only a check can mate:
	// the others are skipped (still counted as nodes, each a position
	// reached and refuted), and there is nothing to order.
	checksOnly := n == 1 && !s.race
	if !checksOnly {
		s.orderAttacks(moves, ply, hint)
	}
	for _, m := range moves {
		if checksOnly && !s.pos.GivesCheck(m) {
			if s.count() {
				return false
			}
			continue
		}
		u := s.pos.Make(m)
		ok := s.defend(n-1, ply+1)
		s.pos.Unmake(u)
		if s.stop {
			return false
		}
		if ok {
			s.store(key, 0, n, m)
			s.addKiller(ply, m)
			return true
		}
	}
	s.store(key, n+1, mateUnknown, engine.NoMove)
	return false
}

// defend reports whether every defence of the defender, to move, is
// mated within k more attacker moves (k = 0: whether it is mated now).
func (s *mateSearcher) defend(k, ply int) bool {
	if s.count() {
		return false
	}
	if k == 0 {
		// Only a position already lost counts; under the checkmate goal
		// that needs check, which is cheap to test first.
		if !s.race && !s.pos.InCheck() {
			return false
		}
		return !s.pos.HasLegalMove()
	}
	key := s.key()
	var hint engine.Move
	if e := s.probe(key); e != nil {
		if int(e.upper) <= k {
			return true
		}
		if int(e.lower) > k {
			return false
		}
		hint = e.move
	}
	moves := s.pos.LegalMoves(s.frames[ply].moves[:0])
	if len(moves) == 0 {
		lost := s.race || s.pos.InCheck()
		if lost {
			s.store(key, 0, 0, engine.NoMove)
		} else {
			s.store(key, mateUnknown, mateUnknown, engine.NoMove)
		}
		return lost
	}
	if s.drawn() {
		s.store(key, mateUnknown, mateUnknown, engine.NoMove)
		return false
	}
	s.orderDefences(moves, ply, hint)
	for _, m := range moves {
		u := s.pos.Make(m)
		ok := s.attack(k, ply+1)
		s.pos.Unmake(u)
		if s.stop {
			return false
		}
		if !ok {
			s.store(key, k+1, mateUnknown, m)
			s.addKiller(ply, m)
			return false
		}
	}
	s.store(key, 0, k, engine.NoMove)
	return true
}

func (s *mateSearcher) addKiller(ply int, m engine.Move) {
	if s.frames[ply].killers[0] != m {
		s.frames[ply].killers[1] = s.frames[ply].killers[0]
		s.frames[ply].killers[0] = m
	}
}

// orderAttacks sorts the attacker's moves: the table's move, then checks,
// captures by victim value, killers, and under the race goal moves by
// how far they advance.
func (s *mateSearcher) orderAttacks(moves []engine.Move, ply int, hint engine.Move) {
	p := &s.pos
	sc := s.frames[ply].scores[:len(moves)]
	for i, m := range moves {
		var v int32
		if victim := p.At(m.To()); victim != engine.NoPiece {
			v += 1000 + int32(solver.PieceValue(victim.Type()))
		}
		if t := m.Promotion(); t != engine.NoPieceType {
			v += 800 + int32(solver.PieceValue(t))
		}
		if m == s.frames[ply].killers[0] || m == s.frames[ply].killers[1] {
			v += 500
		}
		if s.race {
			v += int32(20 * solver.Advance(p, m))
		}
		if p.GivesCheck(m) {
			v += 1 << 20
		}
		if m == hint {
			v += 1 << 24
		}
		sc[i] = v
	}
	solver.SortByScore(moves, sc)
}

// orderDefences sorts the defender's moves: the table's refutation,
// checks (the attacker must answer them, so they refute most often),
// killers (refutations found at this ply), captures by victim value.
func (s *mateSearcher) orderDefences(moves []engine.Move, ply int, hint engine.Move) {
	p := &s.pos
	sc := s.frames[ply].scores[:len(moves)]
	for i, m := range moves {
		var v int32
		if victim := p.At(m.To()); victim != engine.NoPiece {
			v += 1000 + int32(solver.PieceValue(victim.Type()))
		}
		if t := m.Promotion(); t != engine.NoPieceType {
			v += 800 + int32(solver.PieceValue(t))
		}
		if m == s.frames[ply].killers[0] || m == s.frames[ply].killers[1] {
			v += 3000
		}
		if p.GivesCheck(m) {
			v += 1 << 20
		}
		if s.race {
			v += int32(20 * solver.Advance(p, m))
		}
		if m == hint {
			v += 1 << 24
		}
		sc[i] = v
	}
	solver.SortByScore(moves, sc)
}

// firstMoves finds every root move that mates within maxMoves, with its
// exact distance; shortest is the root's proven shortest mate. It reports
// false when the node budget ran out.
func (s *mateSearcher) firstMoves(shortest, maxMoves int) ([]FirstMove, bool) {
	p := &s.pos
	var buf [engine.MaxMoves]engine.Move
	moves := append([]engine.Move(nil), p.LegalMoves(buf[:0])...)
	engine.SortMoves(moves)
	var out []FirstMove
	for _, m := range moves {
		san := p.SAN(m)
		u := p.Make(m)
		d, ok := s.defendDistance(shortest-1, maxMoves-1, 1)
		p.Unmake(u)
		if s.stop {
			return nil, false
		}
		if ok {
			out = append(out, FirstMove{Move: m, SAN: san, Coord: m.Coord(p.B), Moves: d + 1})
		}
	}
	sortMateMoves(out)
	return out, true
}

// sortMateMoves sorts first moves by distance, and moves of one distance
// in canonical order.
func sortMateMoves(ms []FirstMove) {
	slices.SortStableFunc(ms, func(a, b FirstMove) int {
		if a.Moves != b.Moves {
			return a.Moves - b.Moves
		}
		return engine.CompareMoves(a.Move, b.Move)
	})
}

// defendDistance returns the exact distance (in attacker moves) of the
// mate against the defender to move, searching from lo to hi, and false
// when there is none within hi.
func (s *mateSearcher) defendDistance(lo, hi, ply int) (int, bool) {
	return s.distance(max(lo, 0), hi, ply, s.defend)
}

// attackDistance is defendDistance for the attacker to move.
func (s *mateSearcher) attackDistance(lo, hi, ply int) (int, bool) {
	return s.distance(max(lo, 1), hi, ply, s.attack)
}

// distance tries mates in lo, lo+1, … hi moves with search, starting at
// the lower bound the table knows, and returns the first that holds.
func (s *mateSearcher) distance(lo, hi, ply int, search func(n, ply int) bool) (int, bool) {
	if e := s.probe(s.key()); e != nil {
		lo = max(lo, int(e.lower))
	}
	for n := lo; n <= hi; n++ {
		if search(n, ply) {
			return n, true
		}
		if s.stop {
			return 0, false
		}
	}
	return 0, false
}
