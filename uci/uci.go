// Package uci runs thinchess's game-playing searcher as an engine of the
// Universal Chess Interface, the text protocol chess GUIs and match
// runners (cutechess-cli, fastchess) speak to engines on standard input
// and output:
//
//	err := uci.Run(os.Stdin, os.Stdout)
//
// Variants are chosen with the UCI_Variant option by Fairy-Stockfish's
// names (chess, gardner, losalamos) or by thinchess's presets (1d, race,
// whose boards vary: give them with "position fen"). Positions are FENs
// or thinchess position codes; moves are in coordinate notation
// ("e2e4", "a7a8q", "a10a12" on a one-file board of 12 squares).
package uci

import (
	"bufio"
	"fmt"
	"io"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"github.com/thinchess/thinchess/solver/search"
)

// Name and Author are what the engine says of itself after "uci".
const (
	Name   = "thinchess"
	Author = "the thinchess authors"
)

// Options of the engine, with their defaults and bounds.
const (
	defaultHashMB = 16
	maxHashMB     = 4096
	// defaultOverhead is the time kept back from every budget for the
	// GUI and the pipes (Move Overhead, as Stockfish calls it).
	defaultOverhead = 10 * time.Millisecond
	// movesToGo is how many moves a clock without movestogo is shared
	// among.
	movesToGo = 25
)

// Engine is the state of one UCI session: the variant, the position and
// the game that led to it, the searcher (kept between the moves of a
// game) and the search running, if any.
type Engine struct {
	out io.Writer
	mu  sync.Mutex // guards writes to out

	variant  string
	hashMB   int
	overhead time.Duration
	pos      *engine.Position
	history  []uint64 // keys of the game's positions before pos, oldest first
	searcher *search.Searcher

	stop    atomic.Bool
	running sync.WaitGroup
}

// Run reads UCI commands from in and answers on out until "quit" or the
// end of in. Unknown commands and malformed ones are reported as "info
// string" lines, as the protocol asks, and the session goes on. It
// returns an error only when in cannot be read.
func Run(in io.Reader, out io.Writer) error {
	e := &Engine{out: out, variant: "chess", hashMB: defaultHashMB, overhead: defaultOverhead}
	e.setStart()
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	for sc.Scan() {
		if !e.Handle(sc.Text()) {
			e.halt()
			return nil
		}
	}
	e.halt()
	return sc.Err()
}

// Handle carries out one command line and reports false after "quit".
func (e *Engine) Handle(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	cmd, args := fields[0], fields[1:]
	switch cmd {
	case "uci":
		e.identify()
	case "isready":
		e.send("readyok")
	case "setoption":
		e.wait()
		e.setOption(args)
	case "ucinewgame":
		e.wait()
		e.searcher = nil
	case "position":
		e.wait()
		if err := e.setPosition(args); err != nil {
			e.send("info string " + err.Error())
		}
	case "go":
		e.wait()
		e.goSearch(args)
	case "stop":
		e.halt()
	case "quit":
		return false
	case "debug", "register", "ponderhit":
		// Nothing to do: no debug output, no registration, no pondering.
	default:
		e.send(fmt.Sprintf("info string unknown command %q", cmd))
	}
	return true
}

// identify answers "uci": the engine's name, its options, uciok.
func (e *Engine) identify() {
	e.send("id name " + Name)
	e.send("id author " + Author)
	e.send("option name UCI_Variant type combo default chess var " + strings.Join(engine.Presets, " var "))
	e.send(fmt.Sprintf("option name Hash type spin default %d min 1 max %d", defaultHashMB, maxHashMB))
	e.send(fmt.Sprintf("option name Move Overhead type spin default %d min 0 max 5000", defaultOverhead.Milliseconds()))
	e.send("uciok")
}

// setOption carries out "setoption name N [value V]".
func (e *Engine) setOption(args []string) {
	name, value := optionWords(args)
	switch strings.ToLower(name) {
	case "uci_variant":
		preset, ok := game.VariantPreset(value)
		if !ok {
			e.send(fmt.Sprintf("info string unknown variant %q (want one of %s)", value, strings.Join(engine.Presets, ", ")))
			return
		}
		e.variant, e.searcher = preset, nil
		e.setStart()
	case "hash":
		n, err := strconv.Atoi(value)
		if err != nil || n < 1 || n > maxHashMB {
			e.send(fmt.Sprintf("info string Hash %q: want a whole number of MB from 1 to %d", value, maxHashMB))
			return
		}
		e.hashMB, e.searcher = n, nil
	case "move overhead":
		n, err := strconv.Atoi(value)
		if err != nil || n < 0 || n > 5000 {
			e.send(fmt.Sprintf("info string Move Overhead %q: want milliseconds from 0 to 5000", value))
			return
		}
		e.overhead = time.Duration(n) * time.Millisecond
	default:
		e.send(fmt.Sprintf("info string unknown option %q", name))
	}
}

// optionWords splits "name N… value V…" into N and V; both may hold
// spaces.
func optionWords(args []string) (name, value string) {
	var n, v []string
	into := &n
	for _, a := range args {
		switch a {
		case "name":
			into = &n
		case "value":
			into = &v
		default:
			*into = append(*into, a)
		}
	}
	return strings.Join(n, " "), strings.Join(v, " ")
}

// setStart sets the variant's start position, or none when the variant
// has no standard start.
func (e *Engine) setStart() {
	e.pos, e.history = nil, nil
	if fen, ok := game.PresetStart(e.variant); ok {
		e.pos, _ = engine.Parse(fen, engine.MustPreset(e.variant))
	}
}

// setPosition carries out "position startpos|fen F… [moves M…]". On an
// error the position is left unset, so that a following "go" does not
// search a position the GUI did not mean.
func (e *Engine) setPosition(args []string) error {
	e.pos, e.history = nil, nil
	if len(args) == 0 {
		return fmt.Errorf("position: want startpos or fen")
	}
	var setup []string
	moves := []string(nil)
	for i, a := range args {
		if a == "moves" {
			setup, moves = args[:i], args[i+1:]
			break
		}
		setup = args[:i+1]
	}
	rules := engine.MustPreset(e.variant)
	var p *engine.Position
	var err error
	switch setup[0] {
	case "startpos":
		fen, ok := game.PresetStart(e.variant)
		if !ok {
			return fmt.Errorf("position startpos: variant %s has no standard start; give the position with fen", e.variant)
		}
		p, err = engine.Parse(fen, rules)
	case "fen":
		p, err = engine.Parse(strings.Join(setup[1:], " "), rules)
	default:
		return fmt.Errorf("position %s: want startpos or fen", setup[0])
	}
	if err != nil {
		return fmt.Errorf("position: %v", err)
	}
	var history []uint64
	for _, text := range moves {
		m, err := p.ParseCoord(text)
		if err != nil {
			return fmt.Errorf("position: move %s: %v", text, err)
		}
		history = append(history, p.Hash())
		p.Make(m)
	}
	e.pos, e.history = p, history
	return nil
}

// goParams are the arguments of "go".
type goParams struct {
	wtime, btime, winc, binc time.Duration
	movetime                 time.Duration
	movestogo, depth         int
	nodes                    int64
	infinite                 bool
}

// parseGo reads the arguments of "go"; unknown words are skipped, as the
// protocol asks.
func parseGo(args []string) (goParams, error) {
	var g goParams
	for i := 0; i < len(args); i++ {
		word := args[i]
		if word == "infinite" {
			g.infinite = true
			continue
		}
		if word == "ponder" || word == "searchmoves" || i+1 >= len(args) {
			continue
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil {
			continue
		}
		ms := time.Duration(max(n, 0)) * time.Millisecond
		switch word {
		case "wtime":
			g.wtime = ms
		case "btime":
			g.btime = ms
		case "winc":
			g.winc = ms
		case "binc":
			g.binc = ms
		case "movetime":
			g.movetime = ms
		case "movestogo":
			g.movestogo = int(n)
		case "depth":
			g.depth = int(n)
		case "nodes":
			g.nodes = n
		default:
			continue
		}
		i++
	}
	return g, nil
}

// budget is the time to spend on a move of side: movetime less the
// overhead, or a share of the clock, or 0 for no time bound.
func (g goParams) budget(side engine.Color, overhead time.Duration) time.Duration {
	if g.infinite {
		return 0
	}
	if g.movetime > 0 {
		return max(g.movetime-overhead, time.Millisecond)
	}
	left, inc := g.wtime, g.winc
	if side == engine.Black {
		left, inc = g.btime, g.binc
	}
	if left <= 0 {
		return 0
	}
	togo := movesToGo
	if g.movestogo > 0 {
		togo = min(g.movestogo, movesToGo)
	}
	share := left/time.Duration(togo) + inc*3/4
	// Never more than half of what is left, and keep the overhead.
	share = min(share, left/2) - overhead
	return max(share, time.Millisecond)
}

// goSearch starts a search of the current position; it answers with
// "info" lines as iterations complete and "bestmove" at the end.
func (e *Engine) goSearch(args []string) {
	if e.pos == nil {
		e.send("info string no position: send position startpos|fen … first")
		e.send("bestmove 0000")
		return
	}
	g, _ := parseGo(args)
	if e.searcher == nil {
		e.searcher = search.NewSearcher(hashBits(e.hashMB))
	}
	p := *e.pos
	lim := search.Limits{
		Depth:   g.depth,
		Nodes:   g.nodes,
		Time:    g.budget(p.Side, e.overhead),
		History: e.history,
		Stop:    e.stop.Load,
	}
	lim.Progress = func(in search.Info) { e.send(infoLine(&p, in)) }
	e.stop.Store(false)
	e.running.Add(1)
	go func() {
		defer e.running.Done()
		res := e.searcher.Search(&p, lim)
		if res.Move == engine.NoMove {
			e.send("bestmove 0000")
			return
		}
		if res.Depth == 0 { // an exact table or a proof answered: say so
			e.send(infoLine(&p, search.Info{Score: res.Score, Mate: res.Mate, Nodes: res.Nodes, Elapsed: res.Elapsed, PV: res.PV}))
		}
		e.send("bestmove " + res.Move.Coord(p.B))
	}()
}

// infoLine formats an iteration's progress as a UCI "info" line.
func infoLine(p *engine.Position, in search.Info) string {
	var b strings.Builder
	fmt.Fprintf(&b, "info depth %d", in.Depth)
	if in.Mate != 0 {
		fmt.Fprintf(&b, " score mate %d", in.Mate)
	} else {
		fmt.Fprintf(&b, " score cp %d", in.Score)
	}
	ms := in.Elapsed.Milliseconds()
	fmt.Fprintf(&b, " nodes %d time %d", in.Nodes, ms)
	if ms > 0 {
		fmt.Fprintf(&b, " nps %d", in.Nodes*1000/ms)
	}
	if len(in.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range in.PV {
			b.WriteString(" " + m.Coord(p.B))
		}
	}
	return b.String()
}

// hashBits converts a size in MB to the searcher's table bits (entries
// of 16 bytes, a power of two not above the size).
func hashBits(mb int) int {
	entries := uint64(mb) << 20 / 16
	return bits.Len64(entries) - 1
}

// halt stops the search running, if any, and waits for its bestmove.
func (e *Engine) halt() {
	e.stop.Store(true)
	e.running.Wait()
}

// wait lets the search running, if any, finish before the next command
// changes what it searches: a GUI sends "stop" first when it wants one
// ended.
func (e *Engine) wait() { e.running.Wait() }

// send writes one line to the GUI.
func (e *Engine) send(line string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	io.WriteString(e.out, line+"\n")
}
