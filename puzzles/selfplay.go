package puzzles

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/solver/mate"
	"github.com/thinchess/thinchess/solver/search"
)

// Boards too large for an exact table get their puzzles the way lichess
// gets its own, with a proof instead of an engine's opinion: the searcher
// plays games from the mode's start against itself, each side now and
// then playing a random move instead; a puzzle is a position those games
// reach where the side to move has a forced mate the opponent's last
// move allowed, proven by the mate prover, with one mating move at each
// of the attacker's turns along the main line (the fastest mate against
// the longest defence).

// SelfPlayOptions tune MineSelfPlay. The zero value plays
// DefaultSelfPlayGames games with seed 0 and keeps every puzzle found.
type SelfPlayOptions struct {
	// Games is how many games are played; 0 means DefaultSelfPlayGames.
	Games int
	// Seed fixes the games: the same seed gives the same puzzles.
	Seed uint64
	// MaxPlies bounds a game; 0 means DefaultSelfPlayPlies.
	MaxPlies int
	// Nodes bounds the searcher's search for each move; 0 means
	// DefaultSelfPlayNodes. Node bounds, not time, keep the games the
	// same on every machine.
	Nodes int64
	// MaxMateIn is the longest mate looked for, in the attacker's moves;
	// 0 means DefaultSelfPlayMateIn.
	MaxMateIn int
	// MateNodes bounds each mate search; 0 means DefaultSelfPlayMateNodes.
	MateNodes int64
	// Count, MaxMateIn1 and IDPrefix are as in GameOptions.
	Count      int
	MaxMateIn1 int
	IDPrefix   string
	// Taken is as in GameOptions.
	Taken KeySet
}

// MaxImbalance is the largest material difference (pawn 1, knight and
// bishop 3, rook 5, queen 9) before the slip that a self-play puzzle may
// start from: lichess-puzzler skips positions already won, and a mate
// against a side far behind is a mop-up, not a puzzle.
const MaxImbalance = 2

// Defaults of SelfPlayOptions.
const (
	DefaultSelfPlayGames     = 200
	DefaultSelfPlayPlies     = 120
	DefaultSelfPlayNodes     = 3000
	DefaultSelfPlayMateIn    = 3
	DefaultSelfPlayMateNodes = 40_000
)

// MineSelfPlay plays opt.Games games of the searcher against itself from
// src's start and returns the proven mates they reach (see above). Games
// run on every core; the result depends only on src and opt.
func MineSelfPlay(src Source, opt SelfPlayOptions) (*GameResult, error) {
	if src.Start == nil {
		return nil, errors.New("mine self-play: the source has no start position")
	}
	if src.Start.R.Bans {
		return nil, fmt.Errorf("mine self-play %s: Ban Chess positions are not searched by the mate prover", src.ID)
	}
	opt.Games = cmp.Or(opt.Games, DefaultSelfPlayGames)
	opt.MaxPlies = cmp.Or(opt.MaxPlies, DefaultSelfPlayPlies)
	opt.Nodes = cmp.Or(opt.Nodes, DefaultSelfPlayNodes)
	opt.MaxMateIn = cmp.Or(opt.MaxMateIn, DefaultSelfPlayMateIn)
	opt.MateNodes = cmp.Or(opt.MateNodes, DefaultSelfPlayMateNodes)
	opt.MaxMateIn1 = cmp.Or(opt.MaxMateIn1, DefaultMaxMateIn1)
	opt.IDPrefix = cmp.Or(opt.IDPrefix, src.ID)
	games := make([]int, opt.Games)
	for i := range games {
		games[i] = i
	}
	found := par.Map(games, func(n int) selfPlayGame { return playSelf(src.Start, opt, uint64(n)) })
	g := &gamer{opt: GameOptions{Count: opt.Count, MaxMateIn1: opt.MaxMateIn1, Taken: opt.Taken}, seen: map[string]bool{}, selfPlay: true}
	for _, f := range found {
		g.st.Plies += f.plies
		g.st.Mistakes += f.mistakes
		for _, c := range f.found {
			if g.seen[c.key] {
				g.st.Duplicates++
				continue
			}
			g.seen[c.key] = true
			g.st.Found[KindWin]++
			g.found = append(g.found, c)
		}
	}
	g.st.Games, g.st.Positions = opt.Games, g.st.Plies
	return g.result(opt.IDPrefix), nil
}

// selfPlayGame is what one game found.
type selfPlayGame struct {
	found           []*natural
	plies, mistakes int
}

// playSelf plays game n: each side plays the searcher's move, or a
// random legal move at a rate drawn for the game; after each move the
// position is looked at for a mate the move allowed.
func playSelf(start *engine.Position, opt SelfPlayOptions, n uint64) selfPlayGame {
	rng := rand.New(rand.NewPCG(opt.Seed, n))
	var rate [2]float64
	for c := range rate {
		rate[c] = 0.05 + 0.25*rng.Float64()
	}
	s := search.NewSearcher(16)
	var out selfPlayGame
	p := *start
	var history []uint64
	reps := map[uint64]int{}
	var buf [engine.MaxMoves]engine.Move
	for ply := 0; ply < opt.MaxPlies && p.Status() == engine.Active; ply++ {
		var mv engine.Move
		random := rng.Float64() < rate[p.Side]
		if random {
			moves := p.LegalMoves(buf[:0])
			mv = moves[rng.IntN(len(moves))]
			out.mistakes++
		} else {
			mv = s.Search(&p, search.Limits{Nodes: opt.Nodes, History: history, NoExact: true, ExactStates: -1}).Move
		}
		before := p
		history = append(history, p.Hash())
		p.Make(mv)
		out.plies++
		if c := mateAfter(&before, &p, mv, opt); c != nil {
			out.found = append(out.found, c)
		}
		if reps[p.Hash()]++; reps[p.Hash()] >= 2 {
			break // a third time: drawn by repetition
		}
	}
	return out
}

// mateAfter returns the puzzle at p, reached from before by last, when
// the side to move in p mates within opt.MaxMateIn moves, could not
// force that mate before last was played, and has one mating move at
// each of its turns along the main line; else nil.
func mateAfter(before, p *engine.Position, last engine.Move, opt SelfPlayOptions) *natural {
	if p.Status() != engine.Active || imbalance(before) > MaxImbalance {
		return nil
	}
	game := p
	if p.R.PromoteToCaptured {
		// The pack's line plays the game its start's own material gives
		// (engine.Parse takes the initial material from the position), in
		// which no piece is captured yet: the puzzle is proven in that
		// game, and kept only when the game played gives the same answer.
		r := *p.R
		r.InitialMaterial = [2][7]int8{}
		q, err := engine.Parse(p.FEN(), &r)
		if err != nil {
			return nil
		}
		p = q
	}
	attacker := p.Side
	mo := mate.Options{MaxNodes: opt.MateNodes, MaxTreeNodes: 20_000}
	r, err := mate.Search(p, attacker, opt.MaxMateIn, mo)
	if err != nil || !r.Found || r.Moves == 0 || !r.TreeAllOptimal || !r.TreeComplete || r.Tree == nil {
		return nil
	}
	// The opponent's move allowed it: before it, the attacker had no
	// mate as short.
	if rb, err := mate.Search(before, attacker, r.Moves, mate.Options{MaxNodes: opt.MateNodes, MaxTreeNodes: -1}); err != nil || rb.Found {
		return nil
	}
	c := &natural{kind: KindWin, pos: *p, last: last}
	var buf [engine.MaxMoves]engine.Move
	legal := p.LegalMoves(buf[:0])
	if len(legal) < 2 {
		return nil
	}
	q := *p
	node := r.Tree
	for node != nil && len(node.Next) > 0 {
		if q.Side == attacker {
			if len(node.Next) != 1 {
				return nil // two ways to mate as fast
			}
			if c.length > 0 {
				c.lineKeys = append(c.lineKeys, CanonicalKey(&q))
			}
			c.length++
		}
		next := node.Next[0]
		if q.Side != attacker {
			for _, k := range node.Next[1:] {
				if k.Mate > next.Mate {
					next = k
				}
			}
		}
		c.line = append(c.line, next.M)
		q.Make(next.M)
		node = next
	}
	if c.length != r.Moves || q.Status() == engine.Active {
		return nil
	}
	key := c.line[0]
	if game != p && !sameAnswers(game, attacker, r.Moves, c.line, opt) {
		return nil
	}
	if len(r.First) > 1 {
		return nil // another first move mates too, only slower
	}
	c.quiet = !isCapture(p, key) && !p.GivesCheck(key)
	for _, m := range legal {
		if m != key && (isCapture(p, m) || p.GivesCheck(m)) {
			c.tempting++
		}
	}
	if c.tempting == 0 {
		return nil
	}
	c.key = CanonicalKey(p)
	c.describe(p)
	return c
}

// imbalance returns the difference of the two sides' material in p:
// pawn 1, knight and bishop 3, rook 5, queen 9.
func imbalance(p *engine.Position) int {
	worth := [...]int{engine.Pawn: 1, engine.Knight: 3, engine.Bishop: 3, engine.Rook: 5, engine.Queen: 9}
	d := 0
	for t := engine.Pawn; t <= engine.Queen; t++ {
		d += worth[t] * (p.Count(engine.White, t) - p.Count(engine.Black, t))
	}
	return max(d, -d)
}

// sameAnswers reports whether, in the game as played from p (under
// promote_to_captured, where the pieces captured before the puzzle's
// start may be promoted to), the attacker mates in n moves at the
// fastest by line's moves alone, at every one of its turns: the published
// rules then ask the same puzzle as the pack's start does.
func sameAnswers(p *engine.Position, attacker engine.Color, n int, line []engine.Move, opt SelfPlayOptions) bool {
	q := *p
	for i, mv := range line {
		if i%2 == 0 && !sameAnswer(&q, attacker, n-i/2, mv, opt) {
			return false
		}
		q.Make(mv)
	}
	return true
}

// sameAnswer reports whether in p the attacker mates in n moves at the
// fastest with key alone.
func sameAnswer(p *engine.Position, attacker engine.Color, n int, key engine.Move, opt SelfPlayOptions) bool {
	r, err := mate.Search(p, attacker, n, mate.Options{MaxNodes: opt.MateNodes, MaxTreeNodes: -1})
	if err != nil || !r.Found || r.Moves != n {
		return false
	}
	fastest := 0
	for _, f := range r.First {
		if f.Moves == n {
			fastest++
		}
	}
	return fastest == 1 && r.First[0].Move == key
}
