package uci

import (
	"bufio"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/thinchess/thinchess/engine"
)

// session drives Run over pipes, as a GUI does.
type session struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func start(t *testing.T) *session {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, lines: make(chan string, 1024), done: make(chan error, 1)}
	go func() {
		err := Run(inR, outW)
		outW.Close()
		s.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return s
}

func (s *session) send(line string) {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", line, err)
	}
}

// until returns the lines up to and including the first that starts
// with prefix.
func (s *session) until(prefix string) []string {
	s.t.Helper()
	var got []string
	timeout := time.After(60 * time.Second)
	for {
		select {
		case line, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("the engine ended before %q; it said %q", prefix, got)
			}
			got = append(got, line)
			if strings.HasPrefix(line, prefix) {
				return got
			}
		case <-timeout:
			s.t.Fatalf("no %q within a minute; the engine said %q", prefix, got)
		}
	}
}

// bestmove waits for "bestmove" and returns its move, checking it is
// legal in p.
func (s *session) bestmove(p *engine.Position) string {
	s.t.Helper()
	lines := s.until("bestmove")
	mv := strings.Fields(lines[len(lines)-1])[1]
	if _, err := p.ParseCoord(mv); err != nil {
		s.t.Fatalf("bestmove %s is not legal in %s: %v", mv, p.FEN(), err)
	}
	return mv
}

func mustPosition(t *testing.T, fen, preset string, moves ...string) *engine.Position {
	t.Helper()
	p, err := engine.Parse(fen, engine.MustPreset(preset))
	if err != nil {
		t.Fatal(err)
	}
	for _, text := range moves {
		m, err := p.ParseCoord(text)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	return p
}

// TestProtocol plays a GUI's part: uci, isready, options, positions with
// moves, go with each kind of limit, stop and quit.
func TestProtocol(t *testing.T) {
	s := start(t)
	s.send("uci")
	lines := s.until("uciok")
	joined := strings.Join(lines, "\n")
	for _, want := range []string{"id name thinchess", "option name UCI_Variant type combo default chess var 1d var chess var gardner var losalamos var race", "option name Hash type spin"} {
		if !strings.Contains(joined, want) {
			t.Errorf("uci: no %q in\n%s", want, joined)
		}
	}
	s.send("isready")
	s.until("readyok")

	// Standard chess from the start, with moves; a movetime search
	// reports its iterations, then a legal move.
	s.send("ucinewgame")
	s.send("position startpos moves e2e4 e7e5 g1f3")
	s.send("go movetime 100")
	got := s.until("bestmove")
	if !strings.HasPrefix(got[0], "info depth 1 score cp ") || !strings.Contains(got[0], " pv ") {
		t.Errorf("first line of the search %q, want info depth 1 with a score and a pv", got[0])
	}
	p := mustPosition(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "chess", "e2e4", "e7e5", "g1f3")
	mv := strings.Fields(got[len(got)-1])[1]
	if _, err := p.ParseCoord(mv); err != nil {
		t.Errorf("bestmove %s is not legal after 1. e4 e5 2. Nf3: %v", mv, err)
	}

	// Gardner by Fairy-Stockfish's name, on a clock.
	s.send("setoption name UCI_Variant value gardner")
	s.send("position startpos moves a2a3")
	s.send("go wtime 2000 btime 2000 winc 0 binc 0")
	s.bestmove(mustPosition(t, "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", "gardner", "a2a3"))

	// A depth limit: one info line per depth, the last at that depth.
	s.send("position fen rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1")
	s.send("setoption name UCI_Variant value losalamos")
	s.send("position fen rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1")
	s.send("go depth 4")
	got = s.until("bestmove")
	if depths := infoDepths(got); len(depths) != 4 || depths[3] != "4" {
		t.Errorf("go depth 4 reported depths %v", depths)
	}

	// Infinite until stop.
	s.send("go infinite")
	time.Sleep(50 * time.Millisecond)
	s.send("stop")
	s.bestmove(mustPosition(t, "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", "losalamos"))
	s.send("isready")
	s.until("readyok")

	// A one-file board, given by its code.
	s.send("setoption name UCI_Variant value 1d")
	s.send("position fen bk,bn,br,x,x,wr,wn,wk:w")
	s.send("go nodes 5000")
	s.bestmove(mustPosition(t, "bk,bn,br,x,x,wr,wn,wk:w", "1d"))

	// Mistakes are reported and the session goes on.
	s.send("position startpos")
	s.until("info string position startpos: variant 1d has no standard start")
	s.send("go movetime 10")
	s.until("bestmove 0000")
	s.send("setoption name UCI_Variant value shogi")
	s.until(`info string unknown variant "shogi"`)
	s.send("setoption name UCI_Variant value chess")
	s.send("position startpos moves e2e5")
	s.until("info string position: move e2e5")
	s.send("frobnicate")
	s.until(`info string unknown command "frobnicate"`)

	s.send("quit")
	select {
	case err := <-s.done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("quit did not end the session")
	}
}

func infoDepths(lines []string) []string {
	var d []string
	for _, l := range lines {
		if f := strings.Fields(l); len(f) > 2 && f[0] == "info" && f[1] == "depth" {
			d = append(d, f[2])
		}
	}
	return d
}

// TestBudget: how much of a clock a move gets.
func TestBudget(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		g    goParams
		side engine.Color
		want time.Duration
	}{
		{goParams{movetime: 100 * ms}, engine.White, 90 * ms},
		{goParams{wtime: 25000 * ms, btime: 1000 * ms}, engine.White, 990 * ms},
		{goParams{wtime: 25000 * ms, btime: 2500 * ms}, engine.Black, 90 * ms},
		{goParams{wtime: 1000 * ms, winc: 1000 * ms}, engine.White, 490 * ms},
		{goParams{wtime: 10000 * ms, movestogo: 2}, engine.White, 4990 * ms},
		{goParams{wtime: 5 * ms}, engine.White, ms},
		{goParams{infinite: true, movetime: 100 * ms}, engine.White, 0},
		{goParams{depth: 5}, engine.White, 0},
	}
	for _, tc := range cases {
		if got := tc.g.budget(tc.side, 10*ms); got != tc.want {
			t.Errorf("%+v for %v: %v, want %v", tc.g, tc.side, got, tc.want)
		}
	}
}

func TestHashBits(t *testing.T) {
	for mb, want := range map[int]int{1: 16, 16: 20, 17: 20, 1024: 26} {
		if got := hashBits(mb); got != want {
			t.Errorf("hashBits(%d) = %d, want %d", mb, got, want)
		}
	}
}
