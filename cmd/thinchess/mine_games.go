package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/ban"
	"github.com/thinchess/thinchess/verify"
)

// gameFlags are mine's flags for natural puzzles (--games).
type gameFlags struct {
	games, seed, maxMateIn, maxHold, mateIn1 int
	noHolds, noWins, searcher                bool
	nodes, mateNodes                         int
	count, maxStates, puzzleStates           int
	out, pack                                string
	// after lists the packs (comma-separated ids) whose puzzles the
	// miner skips, and src the folder they are read from.
	after, src string
	taken      puzzles.KeySet
}

// generator is the command that mines the pack, for its header.
func (g gameFlags) generator(id string) string {
	parts := []string{"thinchess mine", id, fmt.Sprintf("--games %d --seed %d --count %d", g.games, g.seed, g.count)}
	for _, f := range []struct {
		name string
		v    int
	}{{"max-mate-in", g.maxMateIn}, {"max-hold", g.maxHold}, {"max-mate-in-1", g.mateIn1}, {"max-puzzle-states", g.puzzleStates}} {
		if f.v > 0 {
			parts = append(parts, fmt.Sprintf("--%s %d", f.name, f.v))
		}
	}
	if g.noHolds {
		parts = append(parts, "--no-holds")
	}
	if g.noWins {
		parts = append(parts, "--no-wins")
	}
	if g.searcher {
		parts = append(parts, "--searcher")
		if g.nodes > 0 {
			parts = append(parts, fmt.Sprintf("--nodes %d", g.nodes))
		}
		if g.mateNodes > 0 {
			parts = append(parts, fmt.Sprintf("--mate-nodes %d", g.mateNodes))
		}
	}
	if g.pack != "" && g.pack != "games-"+id {
		parts = append(parts, "--pack "+g.pack)
	}
	if g.after != "" {
		parts = append(parts, "--after "+g.after)
	}
	if g.maxStates != verify.DefaultOptions.MaxStates {
		parts = append(parts, fmt.Sprintf("--max-states %d", g.maxStates))
	}
	return strings.Join(parts, " ")
}

// takenKeys reads the packs g.after names from g.src and returns their
// puzzles' keys, or nil when it names none.
func takenKeys(g gameFlags) (puzzles.KeySet, error) {
	if g.after == "" {
		return nil, nil
	}
	site, errs := mode.Load(g.src)
	if err := errs.Err(); err != nil {
		return nil, fmt.Errorf("--after: %s does not load: %w", g.src, err)
	}
	byID := map[string]*mode.Pack{}
	for _, p := range site.Packs {
		byID[p.ID] = p
	}
	var packs []*mode.Pack
	for _, id := range strings.Split(g.after, ",") {
		p := byID[id]
		if p == nil {
			return nil, fmt.Errorf("--after: no pack %q in %s/packs", id, g.src)
		}
		packs = append(packs, p)
	}
	return puzzles.PackKeys(packs)
}

// mineGames mines natural puzzles from src (see mine's help).
func mineGames(src puzzles.Source, g gameFlags, stdout, stderr io.Writer) int {
	taken, err := takenKeys(g)
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %v\n", err)
		return 1
	}
	g.taken = taken
	if src.Start.R.Bans {
		return mineBans(src, g, stdout, stderr)
	}
	if g.searcher {
		return mineSelfPlay(src, g, stdout, stderr)
	}
	t0 := time.Now()
	t, err := solver.Solve(src.Start, solver.Options{MaxStates: g.maxStates})
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %s: %v\n", src.ID, err)
		return 1
	}
	solved := time.Since(t0)
	// The build solves the mode for the pack when it fits the packs'
	// budget: the pack then names it as its table. Otherwise every puzzle
	// must prove itself.
	table := src.ID
	if t.Len() > verify.DefaultPackTableStates || g.puzzleStates > 0 {
		table = ""
		if g.puzzleStates == 0 {
			fmt.Fprintf(stderr, "thinchess mine: %s has %d states, more than the build solves for a pack (%d): give --max-puzzle-states so that the build can prove each puzzle by solving its own game\n",
				src.ID, t.Len(), verify.DefaultPackTableStates)
			return 2
		}
	}
	id := cmp.Or(g.pack, "games-"+src.ID)
	opt := puzzles.GameOptions{
		Games: g.games, Seed: uint64(g.seed), Count: g.count, MaxMateIn: g.maxMateIn, MaxHold: g.maxHold,
		MaxMateIn1: g.mateIn1, NoHolds: g.noHolds, NoWins: g.noWins, IDPrefix: id, Taken: g.taken,
	}
	if g.puzzleStates > 0 {
		limit := g.puzzleStates
		opt.Fits = func(p *engine.Position) bool {
			_, err := solver.Solve(p, solver.Options{MaxStates: limit, Workers: 1})
			return err == nil
		}
	}
	res, err := puzzles.MineGames(src, t, opt)
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d states solved in %.1f s\n", src.ID, t.Len(), solved.Seconds())
	return writeGamesPack(src, g, id, table, res, time.Since(t0)-solved, stdout, stderr)
}

// mineBans mines Ban Chess puzzles from games over the mode's exact Ban
// Chess table: every puzzle proves itself in the build (its own ban
// table), so a puzzle is kept only where that table fits the build's
// budget (verify.DefaultOptions.MaxStates, or --max-puzzle-states).
func mineBans(src puzzles.Source, g gameFlags, stdout, stderr io.Writer) int {
	id := cmp.Or(g.pack, "games-"+src.ID)
	t0 := time.Now()
	t, err := ban.Solve(src.Start, solver.Options{MaxStates: g.maxStates})
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %s: %v\n", src.ID, err)
		return 1
	}
	solved := time.Since(t0)
	limit := cmp.Or(g.puzzleStates, verify.DefaultOptions.MaxStates)
	res, err := puzzles.MineBans(src, t, puzzles.GameOptions{
		Games: g.games, Seed: uint64(g.seed), Count: g.count, MaxMateIn: g.maxMateIn, MaxMateIn1: g.mateIn1, IDPrefix: id, Taken: g.taken,
		Fits: func(p *engine.Position) bool {
			if t.Stats().States <= limit {
				return true // a position's game is within its start's
			}
			_, err := ban.Solve(p, solver.Options{MaxStates: limit})
			return err == nil
		},
	})
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: %d Ban Chess states solved in %.1f s\n", src.ID, t.Stats().States, solved.Seconds())
	return writeGamesPack(src, g, id, "", res, time.Since(t0)-solved, stdout, stderr)
}

// mineSelfPlay mines natural puzzles from games of the searcher (see
// mine's help): every puzzle proves itself by mate search in the build.
func mineSelfPlay(src puzzles.Source, g gameFlags, stdout, stderr io.Writer) int {
	id := cmp.Or(g.pack, "games-"+src.ID)
	t0 := time.Now()
	res, err := puzzles.MineSelfPlay(src, puzzles.SelfPlayOptions{
		Games: g.games, Seed: uint64(g.seed), Count: g.count, MaxMateIn: g.maxMateIn, MaxMateIn1: g.mateIn1,
		Nodes: int64(g.nodes), MateNodes: int64(g.mateNodes), IDPrefix: id, Taken: g.taken,
	})
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: the searcher's games\n", src.ID)
	return writeGamesPack(src, g, id, "", res, time.Since(t0), stdout, stderr)
}

// writeGamesPack writes the pack id of natural puzzles res and reports
// what the games found.
func writeGamesPack(src puzzles.Source, g gameFlags, id, table string, res *puzzles.GameResult, took time.Duration, stdout, stderr io.Writer) int {
	h := puzzles.GamesPackHeader(src, g.generator(src.ID), table, g.searcher)
	diff, err := puzzles.WritePack(g.out, id, h, func(yield func(*mode.PackLine, error) bool) {
		for _, pz := range res.Puzzles {
			if !yield(pz.PackLine(), nil) {
				return
			}
		}
	})
	printTaken(stdout, diff)
	data := filepath.Join(g.out, "packs", id+".jsonl")
	if err != nil {
		fmt.Fprintf(stderr, "thinchess mine: %s (%s left as it was)\n", printable.Escape(err.Error()), printable.Quote(data))
		return 1
	}
	st := res.Stats
	fmt.Fprintf(stdout, "%d games, %d plies, %d positions looked at, %d mistakes in %.1f s\n", st.Games, st.Plies, st.Positions, st.Mistakes, took.Seconds())
	fmt.Fprintf(stdout, "found %d wins and %d holds; dropped %d in the --after packs, %d repeated (shifted, or twins by an idle piece), %d starting on another's line, %d over --max-puzzle-states, %d over a share's cap\n",
		st.Found[puzzles.KindWin], st.Found[puzzles.KindHold], st.Taken, st.SameLine, st.Shifted, st.TooLarge, st.Capped)
	for _, r := range slices.Sorted(maps.Keys(st.Refused)) {
		fmt.Fprintf(stdout, "refused %d: %s\n", st.Refused[r], r)
	}
	fmt.Fprintf(stdout, "%s: %d puzzle(s) (%d wins, %d holds): %d added, %d changed, %d removed, %d unchanged\n",
		printable.Quote(data), diff.Written(), st.Kept[puzzles.KindWin], st.Kept[puzzles.KindHold], diff.Added, diff.Changed, diff.Removed, diff.Unchanged)
	return 0
}

// check returns a usage error for a flag that would be ignored: one of
// --games given without it, one of --searcher without that, one of the
// whole table's (--min-dtm, --max-dtm) with --games, or both --no-holds
// and --no-wins, which leave nothing to mine.
func (g gameFlags) check(fs *cliFlags) error {
	gamesOnly := map[string]bool{"seed": true, "max-mate-in": true, "max-hold": true, "max-mate-in-1": true, "no-holds": true, "no-wins": true, "searcher": true}
	var err error
	fs.Visit(func(f *flag.Flag) {
		switch {
		case err != nil:
		case g.games == 0 && gamesOnly[f.Name]:
			err = fmt.Errorf("--%s applies only with --games N", f.Name)
		case !g.searcher && (f.Name == "nodes" || f.Name == "mate-nodes"):
			err = fmt.Errorf("--%s applies only with --searcher", f.Name)
		case g.games > 0 && (f.Name == "min-dtm" || f.Name == "max-dtm"):
			err = fmt.Errorf("--%s applies only without --games (to the puzzles of the whole table)", f.Name)
		}
	})
	if err == nil && g.noHolds && g.noWins {
		err = errors.New("--no-holds and --no-wins together leave nothing to mine")
	}
	return err
}
