package puzzles

import (
	"cmp"
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/ban"
)

// Ban Chess puzzles come from games over the exact Ban Chess table
// (ban.Solve), as natural puzzles do over a table without bans:
// each side keeps its value with a random action and now and then
// blunders. A puzzle starts right after the opponent's slip, where the
// side to act wins and one action alone wins as fast at each of its
// turns along the main line, bans and moves alike: "find the ban that
// wins" when it starts in a ban phase, "the move that survives every
// ban" when it starts with a move.

// MineBans plays opt.Games games over t, the Ban Chess table of src's
// start, and returns the puzzles they reach (see above). Holds are not
// mined under bans.
func MineBans(src Source, t *ban.Table, opt GameOptions) (*GameResult, error) {
	if src.Start == nil || t == nil || !src.Start.R.Bans {
		return nil, errors.New("mine bans: a Ban Chess start and its table are needed")
	}
	if _, _, ok := t.Value(src.Start); !ok {
		return nil, fmt.Errorf("mine bans %s: the start is not in the table", src.ID)
	}
	opt.Games = cmp.Or(opt.Games, DefaultGames)
	opt.MaxPlies = cmp.Or(opt.MaxPlies, DefaultMaxPlies)
	opt.MaxMateIn = cmp.Or(opt.MaxMateIn, DefaultMaxMateIn)
	opt.MaxMateIn1 = cmp.Or(opt.MaxMateIn1, DefaultMaxMateIn1)
	opt.IDPrefix = cmp.Or(opt.IDPrefix, src.ID)
	// The same game without bans: a puzzle is kept only where the bans
	// change the outcome.
	rules := *src.Start.R
	rules.Bans = false
	start := plainOf(src.Start, &rules)
	plain, err := solver.Solve(start, solver.Options{})
	if err != nil {
		return nil, fmt.Errorf("mine bans %s: the game without bans: %w", src.ID, err)
	}
	g := &gamer{t: plain, opt: opt, seen: map[string]bool{}}
	for n := range opt.Games {
		g.playBans(t, src.Start, uint64(n))
	}
	g.st.Games, g.st.Positions = opt.Games, len(g.seen)
	return g.result(opt.IDPrefix), nil
}

// playBans plays game n over t, as play does over a table without bans.
func (g *gamer) playBans(t *ban.Table, start *engine.Position, n uint64) {
	rng := rand.New(rand.NewPCG(g.opt.Seed, n))
	var rate [2]float64
	for c := range rate {
		rate[c] = 0.02 + 0.28*rng.Float64()
	}
	p := *start
	reps := map[uint64]int{}
	for ply := 0; ply < 2*g.opt.MaxPlies && p.Status() == engine.Active; ply++ {
		avs := t.ActionValues(&p)
		if len(avs) == 0 {
			return
		}
		best := bestMoveValue(avs)
		pick := randomOf(rng, avs, func(m solver.MoveValue) bool { return m.Value == best.Value })
		if rng.Float64() < rate[p.Actor()] {
			pick = avs[rng.IntN(len(avs))]
		}
		if pick.Value < best.Value {
			g.st.Mistakes++
		}
		actor := p.Actor()
		p.MakeAction(pick.Move)
		g.st.Plies++
		if p.Actor() != actor && best.Better(pick) {
			g.visitBan(t, &p)
		}
		if reps[p.Hash()]++; reps[p.Hash()] >= 3 {
			return
		}
	}
}

// visitBan looks at state p, reached by the opponent's slip, for a win
// of its actor with one winning action at each of its turns.
func (g *gamer) visitBan(t *ban.Table, p *engine.Position) {
	if p.Status() != engine.Active {
		return
	}
	// A ban state's key is its FEN (with the ban field): mirror images
	// would have to mirror the banned pair too.
	key := p.FEN()
	if g.seen[key] {
		g.st.Duplicates++
		return
	}
	g.seen[key] = true
	v, d, ok := t.Value(p)
	if !ok || v != solver.Win || d > 4*g.opt.MaxMateIn {
		return
	}
	if g.bansIdle(p) {
		g.refuse("ban: the side to act wins without bans too")
		return
	}
	c := &natural{kind: KindWin, pos: *p, key: key}
	solverSide := p.Actor()
	q := *p
	for q.Status() == engine.Active {
		avs := t.ActionValues(&q)
		if q.Actor() == solverSide {
			best, n := bestMoveValue(avs), 0
			for _, x := range avs {
				if !best.Better(x) {
					n++
				} else if c.length == 0 && x.Value != solver.Loss {
					c.tempting++ // a slower win or a draw
				}
			}
			if n != 1 || (c.length == 0 && (len(avs) < 2 || c.tempting == 0)) {
				return
			}
			if c.length > 0 {
				c.lineKeys = append(c.lineKeys, q.FEN())
			}
			c.length++
			c.line = append(c.line, best.Move)
			q.MakeAction(best.Move)
			continue
		}
		reply := t.BestActions(&q)
		if len(reply) == 0 {
			return
		}
		c.line = append(c.line, reply[0])
		q.MakeAction(reply[0])
	}
	c.quiet = !c.line[0].IsBan() && !isCapture(p, c.line[0]) && !p.GivesCheck(c.line[0])
	c.describe(p)
	g.st.Found[KindWin]++
	g.found = append(g.found, c)
}

// plainOf returns p under rules (p's without bans): the same pieces and
// side to move, no ban pending.
func plainOf(p *engine.Position, rules *engine.Rules) *engine.Position {
	q := *p
	q.R = rules
	q.BanPhase, q.Ban = false, engine.NoMove
	return &q
}

// bansIdle reports whether the actor of Ban Chess state p would win
// without bans as well, by g.t, the table of the game without them: then
// the puzzle is a plain one and the bans change nothing.
func (g *gamer) bansIdle(p *engine.Position) bool {
	rules := *p.R
	rules.Bans = false
	v, _, ok := g.t.Probe(plainOf(p, &rules))
	if !ok {
		return false
	}
	if p.BanPhase { // the side to move is the actor's opponent
		return v == solver.Loss
	}
	return v == solver.Win
}
