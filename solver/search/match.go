package search

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"github.com/thinchess/thinchess/solver"
)

// Opponents of the match harness.
const (
	// OpponentRandom plays a uniformly random legal move.
	OpponentRandom = "random"
	// OpponentGreedy captures the most valuable piece it can (a random
	// one among equals) and otherwise plays a random move: a one-ply
	// greedy capturer.
	OpponentGreedy = "greedy"
)

// DefaultMaxPlies is the move cap of a match game when
// MatchOptions.MaxPlies is zero.
const DefaultMaxPlies = 400

// MatchOptions configure PlayMatch.
type MatchOptions struct {
	// Games is the number of games; the engine has White in the even
	// ones (0, 2, …) and Black in the odd ones.
	Games int
	// Opponent is OpponentRandom or OpponentGreedy.
	Opponent string
	// Limits bound the engine's search for each of its moves.
	Limits Limits
	// MaxPlies caps a game's length; a capped game counts as a draw and
	// is reported as such. Zero means DefaultMaxPlies.
	MaxPlies int
	// Seed makes the opponent's choices reproducible: game i uses a
	// generator seeded with (Seed, i).
	Seed uint64
	// Workers is the number of games played at once; 0 means 1.
	Workers int
	// NewPlayer, when set, makes the opponent of each worker instead of
	// Opponent's built-in players (for example an engine over UCI);
	// Opponent then only names it in the result.
	NewPlayer func() (Player, error)
	// Stop, when set, is asked after each game ends with the results so
	// far (in the order the games ended); once it returns true no new
	// game starts (a sequential test such as SPRT has decided).
	Stop func(wins, draws, losses int) bool
}

// Player is an opponent of the match harness that chooses its own moves:
// Move returns its move in the game that began at start and has gone
// through moves to p.
type Player interface {
	Move(start *engine.Position, moves []engine.Move, p *engine.Position) (engine.Move, error)
	Close() error
}

// GameRecord is one game of a match.
type GameRecord struct {
	// EngineColor is the engine's side.
	EngineColor engine.Color
	// Outcome is "win", "draw" or "loss", from the engine's side.
	Outcome string
	// Reason is the final status ("checkmate", "stalemate", "threefold",
	// …) or "move-cap" for a game stopped at MaxPlies.
	Reason string
	// Moves are the moves played.
	Moves []engine.Move
}

// MatchResult sums up a match from one start position.
type MatchResult struct {
	// Start is the start position's FEN.
	Start    string
	Opponent string
	// Wins, Draws and Losses count games from the engine's side; Capped
	// counts the draws that were games stopped by the move cap.
	Wins, Draws, Losses, Capped int
	Games                       []GameRecord
	// Elapsed is the wall-clock time of the match.
	Elapsed time.Duration
}

// String formats the result as one table row: W/D/L and the capped draws.
func (r MatchResult) String() string {
	return fmt.Sprintf("%s vs %s: +%d =%d -%d (%d capped)", r.Start, r.Opponent, r.Wins, r.Draws, r.Losses, r.Capped)
}

// PlayMatch plays opt.Games games from start between the engine (Search
// with opt.Limits, one Searcher per game) and the chosen opponent, the
// colours alternating. Games are adjudicated by the engine's Game status:
// mate, stalemate, insufficient material, race wins, the fifty-move rule
// and threefold repetition as the start's rules enable them, plus the
// move cap.
func PlayMatch(start *engine.Position, opt MatchOptions) (MatchResult, error) {
	if opt.NewPlayer == nil && opt.Opponent != OpponentRandom && opt.Opponent != OpponentGreedy {
		return MatchResult{}, fmt.Errorf("match: unknown opponent %q (want %s or %s)", opt.Opponent, OpponentRandom, OpponentGreedy)
	}
	if opt.Games < 0 {
		return MatchResult{}, fmt.Errorf("match: %d games", opt.Games)
	}
	maxPlies := opt.MaxPlies
	if maxPlies <= 0 {
		maxPlies = DefaultMaxPlies
	}
	workers := max(opt.Workers, 1)
	began := time.Now()
	res := MatchResult{Start: start.FEN(), Opponent: opt.Opponent, Games: make([]GameRecord, opt.Games)}
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		firstErr error
		played   = make([]bool, opt.Games)
		stopped  bool
		tally    [3]int
	)
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var pl Player
			if opt.NewPlayer != nil {
				var err error
				if pl, err = opt.NewPlayer(); err != nil {
					mu.Lock()
					firstErr = cmp.Or(firstErr, err)
					mu.Unlock()
					for range next {
					}
					return
				}
				defer pl.Close()
			}
			s := NewSearcher(18)
			for i := range next {
				g, err := playGame(s, pl, start, engine.Color(i%2), opt, maxPlies, rand.New(rand.NewPCG(opt.Seed, uint64(i))))
				mu.Lock()
				if err != nil {
					firstErr = cmp.Or(firstErr, err)
				} else {
					res.Games[i], played[i] = g, true
					tally[outcomeIndex(g.Outcome)]++
					if opt.Stop != nil && !stopped {
						stopped = opt.Stop(tally[0], tally[1], tally[2])
					}
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < opt.Games; i++ {
		mu.Lock()
		done := stopped || firstErr != nil
		mu.Unlock()
		if done {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if firstErr != nil {
		return res, firstErr
	}
	var games []GameRecord
	for i, g := range res.Games {
		if !played[i] {
			continue
		}
		games = append(games, g)
		switch g.Outcome {
		case "win":
			res.Wins++
		case "loss":
			res.Losses++
		default:
			res.Draws++
			if g.Reason == "move-cap" {
				res.Capped++
			}
		}
	}
	res.Games = games
	res.Elapsed = time.Since(began)
	return res, nil
}

// outcomeIndex numbers an outcome as a tally does: win, draw, loss.
func outcomeIndex(outcome string) int {
	switch outcome {
	case "win":
		return 0
	case "loss":
		return 2
	}
	return 1
}

// playGame plays one game, the engine as side us.
func playGame(s *Searcher, pl Player, start *engine.Position, us engine.Color, opt MatchOptions, maxPlies int, rng *rand.Rand) (GameRecord, error) {
	g := game.New(start)
	rec := GameRecord{EngineColor: us}
	keys := []uint64{}
	var buf [engine.MaxMoves]engine.Move
	for {
		if st := g.Status(); st.IsOver() {
			rec.Reason = st.String()
			rec.Outcome = "draw"
			if w, ok := g.Winner(); ok {
				rec.Outcome = "loss"
				if w == us {
					rec.Outcome = "win"
				}
			}
			break
		}
		if len(rec.Moves) >= maxPlies {
			rec.Outcome, rec.Reason = "draw", "move-cap"
			break
		}
		p := g.Position()
		var m engine.Move
		if p.Side == us {
			lim := opt.Limits
			lim.History = keys
			m = s.Search(p, lim).Move
		} else if pl != nil {
			var err error
			if m, err = pl.Move(start, rec.Moves, p); err != nil {
				return rec, fmt.Errorf("match: %s after %s: %v", opt.Opponent, start.FormatLine(rec.Moves), err)
			}
		} else {
			m = opponentMove(p, opt.Opponent, rng, buf[:0])
		}
		if err := g.Play(m); err != nil {
			if p.Side != us && pl != nil {
				return rec, fmt.Errorf("match: %s played an illegal move %s in %s: %v", opt.Opponent, m.Coord(p.B), p.FEN(), err)
			}
			// Never expected: the engine and the built-in players choose among legal moves.
			panic(fmt.Sprintf("match: %s played an illegal move %s in %s: %v", p.Side, m.Coord(p.B), p.FEN(), err))
		}
		keys = append(keys, p.Hash())
		rec.Moves = append(rec.Moves, m)
	}
	return rec, nil
}

// opponentMove picks the opponent's move in p, which has legal moves.
func opponentMove(p *engine.Position, kind string, rng *rand.Rand, buf []engine.Move) engine.Move {
	moves := p.LegalMoves(buf)
	if kind == OpponentGreedy {
		best, n := 0, 0
		for _, m := range moves {
			v := 0
			if victim := p.At(m.To()); victim != engine.NoPiece {
				v = solver.PieceValue(victim.Type())
			} else if m.IsEnPassant() {
				v = solver.PieceValue(engine.Pawn)
			} else {
				continue
			}
			switch {
			case v > best:
				best, n = v, 0
				fallthrough
			case v == best:
				moves[n] = m
				n++
			}
		}
		if n > 0 {
			return moves[rng.IntN(n)]
		}
	}
	return moves[rng.IntN(len(moves))]
}

// MatchStart is a named start position for matches.
type MatchStart struct {
	Name     string
	Variant  string
	Position *engine.Position
}

// ParseMatchStarts reads start positions, one a line as
// "name | variant | position"; "auto" as the variant picks the default
// preset for the board's width. Blank lines and lines starting with "#"
// are skipped. Errors name the line.
func ParseMatchStarts(r io.Reader) ([]MatchStart, error) {
	var out []MatchStart
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "|")
		if len(f) != 3 {
			return nil, fmt.Errorf("line %d: want name | variant | position, got %q", n, line)
		}
		st := MatchStart{Name: strings.TrimSpace(f[0]), Variant: strings.TrimSpace(f[1])}
		var rules *engine.Rules
		if st.Variant != "auto" {
			var err error
			if rules, err = engine.Preset(st.Variant); err != nil {
				return nil, fmt.Errorf("line %d: %v", n, err)
			}
		}
		p, err := engine.Parse(strings.TrimSpace(f[2]), rules)
		if err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		st.Position = p
		out = append(out, st)
	}
	return out, sc.Err()
}
