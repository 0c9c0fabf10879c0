package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/solver/search"
	"github.com/thinchess/thinchess/uci"
)

func init() {
	register("match", "play the engine against a weak opponent or another UCI engine", runMatch)
}

const matchUsage = `usage: thinchess match [--games N] [--movetime D] [--nodes N] [--opponent random|greedy|both|uci:COMMAND] [--variant V] [--starts FILE] [--openings N] [--sprt ELO0,ELO1] [--verbose] [POSITION...]

Plays N games from each start position between the engine and an
opponent, the colours alternating (the engine has White in the first
game), and prints wins, draws and losses from the engine's side with the
Elo difference they imply and its 95% interval. Games end by the rules
(mate, stalemate, insufficient material, race, fifty-move rule,
threefold repetition) or at the move cap, which counts as a draw and is
reported in the "capped" column; thinchess's rules judge every move.
"random" plays uniformly random legal moves; "greedy" captures the most
valuable piece it can, else moves at random; "both" plays a match against
each. "uci:COMMAND" plays another engine over UCI (the command and its
arguments, split on spaces: "uci:/usr/games/fairy-stockfish", or
"uci:./thinchess-old uci" to compare two versions), with the variant set
by UCI_Variant, --opponent-option for its options ("Skill Level=10") and
--opponent-movetime for its time a move.
Starts come from the POSITION arguments (each one argument: quote a FEN)
and from --starts FILE, whose lines read "name | variant | position";
--openings N replaces each by N openings of --opening-plies random moves
from it (seeded), each played --games times (keep it even: both colours).
--sprt ELO0,ELO1 stops when a sequential probability ratio test (5% / 5%)
decides between the Elo differences ELO0 and ELO1, and reports it.

flags:
`

// matchConfig holds the flags of a match.
type matchConfig struct {
	games, workers, maxPlies, openings, openingPlies int
	movetime, oppMovetime                            time.Duration
	nodes                                            int64
	opponent, variant, startsFile, sprt              string
	seed                                             uint64
	verbose                                          bool
	uciOptions                                       map[string]string
}

func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("match", matchUsage, stdout, stderr)
	c := matchConfig{uciOptions: map[string]string{}}
	games := number(fs, "games", 10, 1, 1_000_000, "`N` games per start and opponent")
	movetime := duration(fs, "movetime", 20*time.Millisecond, 0, time.Hour, "the engine's `time` per move, 0 for none")
	nodes := number(fs, "nodes", int64(0), 0, maxNodesLimit, "the engine's budget of `N` nodes per move, 0 for none (with --movetime 0 games are reproducible)")
	oppMovetime := duration(fs, "opponent-movetime", 0, 0, time.Hour, "a UCI opponent's `time` per move (default: --movetime)")
	fs.StringVar(&c.opponent, "opponent", "both", "random, greedy, both or uci:COMMAND")
	fs.Func("opponent-option", "a UCI opponent's option, `NAME=VALUE` (repeatable)", func(s string) error {
		name, value, ok := strings.Cut(s, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return fmt.Errorf("want NAME=VALUE, got %q", s)
		}
		c.uciOptions[strings.TrimSpace(name)] = strings.TrimSpace(value)
		return nil
	})
	fs.StringVar(&c.variant, "variant", "", "rule preset of the POSITION arguments: "+strings.Join(engine.Presets, ", ")+" (default: 1d on one-file boards, chess otherwise)")
	fs.StringVar(&c.startsFile, "starts", "", "a file of start positions, one a line: name | variant | position")
	openings := number(fs, "openings", 0, 0, 100_000, "play `N` random openings from each start instead of the start itself")
	openingPlies := number(fs, "opening-plies", 4, 1, 40, "the length of a random opening in `plies`")
	fs.StringVar(&c.sprt, "sprt", "", "stop when an SPRT decides between two Elo differences `ELO0,ELO1`")
	maxPlies := number(fs, "max-plies", search.DefaultMaxPlies, 1, 100_000, "move cap of `N` plies; a capped game is a draw")
	fs.Uint64Var(&c.seed, "seed", 1, "seed of the opponent's random choices and of the openings")
	workers := number(fs, "workers", 1, 1, 1024, "`N` games played at once")
	fs.BoolVar(&c.verbose, "verbose", false, "print the moves of every game the engine did not win")
	positions, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	c.games, c.movetime = *games, *movetime
	c.nodes, c.oppMovetime, c.maxPlies, c.workers = *nodes, *oppMovetime, *maxPlies, *workers
	c.openings, c.openingPlies = *openings, *openingPlies
	if c.oppMovetime == 0 {
		c.oppMovetime = max(c.movetime, 100*time.Millisecond)
	}
	opponents, err := c.opponentNames()
	if err != nil {
		return fs.usageError("%v", err)
	}
	sprt, err := parseSPRT(c.sprt)
	if err != nil {
		return fs.usageError("--sprt: %v", err)
	}
	if c.movetime == 0 && c.nodes == 0 {
		return fs.usageError("give the engine a budget: --movetime or --nodes")
	}
	starts, err := c.starts(positions)
	if err != nil {
		fmt.Fprintf(stderr, "thinchess match: %s\n", printable.Escape(err.Error()))
		return 1
	}
	if len(starts) == 0 {
		return fs.usageError("no start position: give POSITION arguments or --starts FILE")
	}
	return c.play(starts, opponents, sprt, stdout, stderr)
}

// opponentNames lists the opponents --opponent asks for.
func (c *matchConfig) opponentNames() ([]string, error) {
	switch {
	case c.opponent == search.OpponentRandom, c.opponent == search.OpponentGreedy:
		return []string{c.opponent}, nil
	case c.opponent == "both":
		return []string{search.OpponentRandom, search.OpponentGreedy}, nil
	case strings.HasPrefix(c.opponent, "uci:") && strings.TrimSpace(c.opponent[4:]) != "":
		return []string{c.opponent}, nil
	}
	return nil, fmt.Errorf("--opponent %q: want random, greedy, both or uci:COMMAND", c.opponent)
}

// parseSPRT reads "ELO0,ELO1"; an empty text means no test.
func parseSPRT(text string) (*[2]float64, error) {
	if text == "" {
		return nil, nil
	}
	a, b, ok := strings.Cut(text, ",")
	e0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	e1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err0 != nil || err1 != nil || e0 >= e1 {
		return nil, fmt.Errorf("want two Elo differences ELO0,ELO1 with ELO0 < ELO1, got %q", text)
	}
	return &[2]float64{e0, e1}, nil
}

// starts reads the start positions and, with --openings, replaces each
// by its random openings.
func (c *matchConfig) starts(positions []string) ([]search.MatchStart, error) {
	var starts []search.MatchStart
	if c.startsFile != "" {
		f, err := os.Open(c.startsFile)
		if err != nil {
			return nil, err
		}
		starts, err = search.ParseMatchStarts(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %v", printable.Quote(c.startsFile), err)
		}
	}
	for _, text := range positions {
		p, err := parseVariantPosition(c.variant, text)
		if err != nil {
			return nil, err
		}
		starts = append(starts, search.MatchStart{Name: text, Variant: p.R.Preset, Position: p})
	}
	if c.openings == 0 {
		return starts, nil
	}
	var out []search.MatchStart
	rng := rand.New(rand.NewPCG(c.seed, 0x09e4))
	for _, st := range starts {
		for i := 0; i < c.openings; i++ {
			p := randomOpening(st.Position, c.openingPlies, rng)
			out = append(out, search.MatchStart{Name: fmt.Sprintf("%s #%d", st.Name, i+1), Variant: st.Variant, Position: p})
		}
	}
	return out, nil
}

// randomOpening plays up to plies random legal moves from start, never
// into a finished game (it stops early when every move would end it).
func randomOpening(start *engine.Position, plies int, rng *rand.Rand) *engine.Position {
	p := *start
	var buf [engine.MaxMoves]engine.Move
	for range plies {
		moves := p.LegalMoves(buf[:0])
		rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		played := false
		for _, m := range moves {
			u := p.Make(m)
			if p.Status() == engine.Active {
				played = true
				break
			}
			p.Unmake(u)
		}
		if !played {
			break
		}
	}
	// A fresh position from the FEN, so the opening's moves are not its
	// history (the match judges repetitions from here).
	q, err := engine.Parse(p.FEN(), start.R)
	if err != nil {
		return &p
	}
	return q
}

// play runs the matches and prints a row for each and the total.
func (c *matchConfig) play(starts []search.MatchStart, opponents []string, sprt *[2]float64, stdout, stderr io.Writer) int {
	// Rows are printed as each match ends, so the columns are sized up
	// front.
	width := len("start")
	for _, st := range starts {
		width = max(width, len(st.Name))
	}
	row := func(name, variant, opp string, games, w, d, l, capped int, secs string) {
		fmt.Fprintf(stdout, "%-*s  %-9s  %-8s  %5d  %4d  %5d  %6d  %6d  %7s\n", width, name, variant, opp, games, w, d, l, capped, secs)
	}
	fmt.Fprintf(stdout, "%-*s  %-9s  %-8s  %5s  %4s  %5s  %6s  %6s  %7s\n", width, "start", "variant", "opponent", "games", "wins", "draws", "losses", "capped", "seconds")
	var total [4]int
	decided := ""
	for _, st := range starts {
		for _, opp := range opponents {
			opt := c.options(st, opp)
			if sprt != nil {
				base := total
				opt.Stop = func(w, d, l int) bool {
					llr := search.LLR(base[0]+w, base[1]+d, base[2]+l, sprt[0], sprt[1])
					switch {
					case llr >= search.SPRTBounds[1]:
						decided = fmt.Sprintf("H1 accepted (Elo ≥ %g), LLR %.2f", sprt[1], llr)
					case llr <= search.SPRTBounds[0]:
						decided = fmt.Sprintf("H0 accepted (Elo ≤ %g), LLR %.2f", sprt[0], llr)
					}
					return decided != ""
				}
			}
			res, err := search.PlayMatch(st.Position, opt)
			if err != nil {
				fmt.Fprintf(stderr, "thinchess match: %v\n", err)
				return 1
			}
			n := res.Wins + res.Draws + res.Losses
			row(st.Name, st.Position.R.Preset, shortName(opp), n, res.Wins, res.Draws, res.Losses, res.Capped, fmt.Sprintf("%.1f", res.Elapsed.Seconds()))
			if c.verbose {
				for i, g := range res.Games {
					if g.Outcome != "win" {
						fmt.Fprintf(stdout, "  game %d, engine %s: %s (%s): %s\n", i+1, g.EngineColor, g.Outcome, g.Reason, st.Position.FormatLine(g.Moves))
					}
				}
			}
			total[0] += res.Wins
			total[1] += res.Draws
			total[2] += res.Losses
			total[3] += res.Capped
			if decided != "" {
				break
			}
		}
		if decided != "" {
			break
		}
	}
	row("total", "", "", total[0]+total[1]+total[2], total[0], total[1], total[2], total[3], "")
	elo, lo, hi := search.EloInterval(total[0], total[1], total[2])
	fmt.Fprintf(stdout, "Elo %+.0f [%+.0f, %+.0f] (95%%)\n", elo, lo, hi)
	if sprt != nil {
		if decided == "" {
			decided = fmt.Sprintf("undecided, LLR %.2f in (%.2f, %.2f)", search.LLR(total[0], total[1], total[2], sprt[0], sprt[1]), search.SPRTBounds[0], search.SPRTBounds[1])
		}
		fmt.Fprintf(stdout, "SPRT [%g, %g]: %s\n", sprt[0], sprt[1], decided)
	}
	return 0
}

// options are the match options against opp from st.
func (c *matchConfig) options(st search.MatchStart, opp string) search.MatchOptions {
	opt := search.MatchOptions{
		Games:    c.games,
		Opponent: opp,
		Limits:   search.Limits{Time: c.movetime, Nodes: c.nodes},
		MaxPlies: c.maxPlies,
		Seed:     c.seed,
		Workers:  c.workers,
	}
	if command, ok := strings.CutPrefix(opp, "uci:"); ok {
		opt.NewPlayer = func() (search.Player, error) {
			return uci.Dial(command, st.Position.R.Preset, c.uciOptions, c.oppMovetime)
		}
	}
	return opt
}

// shortName is an opponent's name for the table: a UCI engine's program
// name without its folder.
func shortName(opp string) string {
	command, ok := strings.CutPrefix(opp, "uci:")
	if !ok {
		return opp
	}
	prog := strings.Fields(command)[0]
	return prog[strings.LastIndex(prog, "/")+1:]
}
