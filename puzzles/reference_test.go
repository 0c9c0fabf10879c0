package puzzles_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/testscope"
	"github.com/thinchess/thinchess/internal/ucitest"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/puzzles"
)

// The shipped packs checked against references that share nothing with
// our solvers: Fairy-Stockfish for minichess mates, Stockfish for 8×8
// mates, the brute force of natural_test.go for one-file games.

// uciEngine is a reference engine over UCI.
type uciEngine struct{ *ucitest.Engine }

// startUCI starts the first of paths found, or skips the test.
func startUCI(t *testing.T, paths ...string) *uciEngine {
	t.Helper()
	return &uciEngine{ucitest.Start(t, paths...)}
}

// until returns the engine's lines up to one starting with prefix.
func (u *uciEngine) until(t *testing.T, prefix string) []string {
	t.Helper()
	lines, err := u.Until(prefix)
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// mateScore runs go (its arguments) on fen and returns the last mate
// score the engine printed for the side to move (positive: it mates),
// 0 when it printed none.
func (u *uciEngine) mateScore(t *testing.T, fen, goArgs string) int {
	t.Helper()
	u.Send("ucinewgame")
	u.Send("position fen " + fen)
	u.Send("go " + goArgs)
	mate := 0
	for _, line := range u.until(t, "bestmove") {
		f := strings.Fields(line)
		for i := 0; i+2 < len(f); i++ {
			if f[i] == "score" {
				mate = 0
				if n, err := strconv.Atoi(f[i+2]); f[i+1] == "mate" && err == nil {
					mate = n
				}
			}
		}
	}
	return mate
}

// packPuzzles loads a shipped pack's puzzles.
func packPuzzles(t *testing.T, id string) []*mode.Mode {
	t.Helper()
	src := filepath.Join("..")
	data, err := os.ReadFile(filepath.Join(src, "packs", id+".jsonl"))
	if err != nil {
		t.Fatalf("pack %s: %v", id, err)
	}
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "packs"), 0o755)
	header, _ := os.ReadFile(filepath.Join(src, "packs", id+".md"))
	// The table key names a mode this scratch site does not have.
	var kept []string
	for _, l := range strings.Split(string(header), "\n") {
		if !strings.HasPrefix(l, "table:") {
			kept = append(kept, l)
		}
	}
	os.WriteFile(filepath.Join(dir, "packs", id+".md"), []byte(strings.Join(kept, "\n")), 0o644)
	os.WriteFile(filepath.Join(dir, "packs", id+".jsonl"), data, 0o644)
	s, errs := mode.Load(dir)
	if len(errs.Errors()) > 0 || len(s.Packs) != 1 {
		t.Fatalf("pack %s: %v", id, errs)
	}
	return s.Packs[0].Puzzles
}

// referenceSample is how many puzzles of a pack the reference engines
// are asked about: 25 in the full run (package testscope), 10 otherwise
// (the searches for a second answer, to depth 2n+10, are most of the
// package's time).
func referenceSample() int {
	if testscope.Full() {
		return 25
	}
	return 10
}

// sample takes every step-th puzzle, n at most.
func sample(ms []*mode.Mode, n int) []*mode.Mode {
	step := max(1, len(ms)/n)
	var out []*mode.Mode
	for i := 0; i < len(ms) && len(out) < n; i += step {
		out = append(out, ms[i])
	}
	return out
}

// checkMates asks the reference engine about each puzzle: searching
// the puzzle's first move alone for a mate within the puzzle's length, it
// finds one of exactly that length; searching every other first move, it
// finds no mate that fast.
func checkMates(t *testing.T, u *uciEngine, ms []*mode.Mode) {
	for _, m := range ms {
		moves, err := m.Start.ParseLine(m.Puzzle.Solution)
		if err != nil {
			t.Fatalf("%s: %v", m.ID, err)
		}
		n, fen := m.Claim.MateIn, m.Start.FEN()
		key := moves[0].Coord(m.Start.B)
		if got := u.mateScore(t, fen, fmt.Sprintf("mate %d searchmoves %s", n, key)); got != n {
			t.Errorf("%s (%s): the reference mates in %d after %s, the puzzle in %d", m.ID, fen, got, key, n)
		}
		var others []string
		var buf [engine.MaxMoves]engine.Move
		for _, mv := range m.Start.LegalMoves(buf[:0]) {
			if c := mv.Coord(m.Start.B); c != key {
				others = append(others, c)
			}
		}
		if len(others) == 0 {
			continue
		}
		if got := u.mateScore(t, fen, fmt.Sprintf("depth %d searchmoves %s", 2*n+10, strings.Join(others, " "))); got > 0 && got <= n {
			t.Errorf("%s (%s): another first move mates in %d too: two answers", m.ID, fen, got)
		}
	}
}

// TestMinichessMatesAgainstFairyStockfish: a sample of the shipped
// Gardner and Los Alamos puzzles, each a unique fastest mate by
// Fairy-Stockfish's account.
func TestMinichessMatesAgainstFairyStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("a reference engine's searches")
	}
	u := startUCI(t, "fairy-stockfish", "/usr/games/fairy-stockfish")
	for _, c := range []struct{ pack, variant string }{{"games-gardner-5x5", "gardner"}, {"games-los-alamos", "losalamos"}} {
		u.Send("setoption name UCI_Variant value " + c.variant)
		u.Send("isready")
		u.until(t, "readyok")
		checkMates(t, u, sample(packPuzzles(t, c.pack), referenceSample()))
	}
}

// TestChessMatesAgainstStockfish: a sample of the shipped 8×8 puzzles,
// each a unique fastest mate by Stockfish's account.
func TestChessMatesAgainstStockfish(t *testing.T) {
	if testing.Short() {
		t.Skip("a reference engine's searches")
	}
	u := startUCI(t, "stockfish", "/usr/games/stockfish")
	for _, pack := range []string{"lichess-mates", "games-standard-chess"} {
		ms := packPuzzles(t, pack)
		checkMates(t, u, sample(ms, referenceSample()))
	}
}

// TestSmallPacksAgainstBruteForce: every puzzle of the shipped packs of
// the small one-file games and of a thin one, against the brute force.
func TestSmallPacksAgainstBruteForce(t *testing.T) {
	for _, c := range []struct{ pack, variant, start string }{
		{"games-1d-10", "1d", "bk,br,bn,x,x,x,x,wn,wr,wk:w"},
		{"games-1d-11", "1d", "bk,bn,br,bn,x,x,x,wn,wr,wn,wk:w"},
		{"games-1d-rnr-9", "1d", "bk,br,bn,br,x,wr,wn,wr,wk:w"},
		{"games-thin-3x5-rooks", "chess", "bk,x,br/x,x,x/x,x,x/x,x,x/wk,x,wr:w"},
	} {
		start, err := engine.Parse(c.start, engine.MustPreset(c.variant))
		if err != nil {
			t.Fatal(err)
		}
		ref := newBrute(t, start)
		for _, m := range packPuzzles(t, c.pack) {
			line, err := m.Start.ParseLine(m.Puzzle.Solution)
			if err != nil {
				t.Fatalf("%s: %v", m.ID, err)
			}
			kind := puzzles.KindWin
			if m.Claim.Result == engine.Drawn {
				kind = puzzles.KindHold
			}
			ref.checkLine(t, &puzzles.Puzzle{ID: m.ID, Start: m.Start, Line: line}, kind)
		}
	}
}
