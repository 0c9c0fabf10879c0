package engine_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/ucitest"
	"pgregory.net/rapid"
)

// fairy is a Fairy-Stockfish process driven over UCI.
type fairy struct{ *ucitest.Engine }

// startFairy starts Fairy-Stockfish (on the PATH, or where Debian's
// fairy-stockfish package puts it), or skips the test when it is not
// installed.
func startFairy(t *testing.T) *fairy {
	return &fairy{ucitest.Start(t, "fairy-stockfish", "/usr/games/fairy-stockfish")}
}

// setVariant selects a variant and waits until it is set up.
func (f *fairy) setVariant(name string) error {
	f.Send("setoption name UCI_Variant value " + name)
	f.Send("isready")
	_, err := f.Until("readyok")
	return err
}

// divide runs "go perft depth" on the position reached by moves from fen
// and returns each root move's count, as "move: n" lines print them.
func (f *fairy) divide(fen string, moves []string, depth int) (map[string]uint64, error) {
	pos := "position fen " + fen
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	f.Send(pos)
	f.Send("go perft " + strconv.Itoa(depth))
	lines, err := f.Until("Nodes searched:")
	if err != nil {
		return nil, err
	}
	out := map[string]uint64{}
	var total uint64
	for _, line := range lines {
		move, count, ok := strings.Cut(line, ": ")
		if !ok || strings.Contains(move, " ") {
			continue
		}
		n, err := strconv.ParseUint(count, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("perft line %q: %v", line, err)
		}
		out[move] = n
		total += n
	}
	nodes, err := strconv.ParseUint(strings.TrimSpace(strings.TrimPrefix(lines[len(lines)-1], "Nodes searched:")), 10, 64)
	if err != nil || nodes != total {
		return nil, fmt.Errorf("perft: the moves add up to %d but %q", total, lines[len(lines)-1])
	}
	return out, nil
}

// fairyFEN writes p in the FEN Fairy-Stockfish reads for Gardner and Los
// Alamos. Its dialect is standard FEN on the smaller board; as neither
// variant has castling or double steps (so no en-passant target), those
// fields are always "-", which the engine writes too; the function
// checks rather than assumes it.
func fairyFEN(p *engine.Position) (string, error) {
	f := strings.Fields(p.FEN())
	if p.R.Castling || p.R.DoubleStep || p.R.EnPassant {
		return "", fmt.Errorf("%s: the %s rules have castling or double steps, which the Fairy-Stockfish variants here do not", p.FEN(), p.R.Preset)
	}
	if f[2] != "-" || f[3] != "-" {
		return "", fmt.Errorf("%s: castling rights or an en-passant target under %s", p.FEN(), p.R.Preset)
	}
	return strings.Join(f, " "), nil
}

// TestFairyStockfishPerft compares the engine's perft divide at depth 2
// with Fairy-Stockfish's on every position of random games of Gardner
// and Los Alamos (rapid's default 100 games per variant; -rapid.checks
// raises it). Fairy-Stockfish gets the start FEN and the moves played,
// so it follows the game itself. Both variants promote on the last rank
// (Gardner to q r b n, Los Alamos to q r n) and have neither double
// steps, en passant nor castling in both programs. A disagreement prints
// the position's FEN and each move the two count differently; put the
// shrunk case in testdata/rules.
func TestFairyStockfishPerft(t *testing.T) {
	f := startFairy(t)
	for _, v := range []struct{ variant, family string }{
		{"gardner", familyGardner},
		{"losalamos", familyLosAlamos},
	} {
		t.Run(v.variant, func(t *testing.T) {
			if err := f.setVariant(v.variant); err != nil {
				t.Fatal(err)
			}
			positions := 0
			rapid.Check(t, func(rt *rapid.T) {
				g := playGame(rt, v.family)
				start, err := fairyFEN(g.pos[0])
				if err != nil {
					rt.Fatal(err)
				}
				var line []string
				for i, p := range g.pos {
					if i > 0 {
						line = append(line, g.moves[i-1].Coord(p.B))
					}
					theirs, err := f.divide(start, line, 2)
					if err != nil {
						rt.Fatalf("%s moves %s: %v", start, strings.Join(line, " "), err)
					}
					ours := map[string]uint64{}
					for m, n := range p.PerftDivide(2) {
						ours[m.Coord(p.B)] = n
					}
					if diff := divideDiff(ours, theirs); diff != "" {
						rt.Fatalf("%s: %s (reached from %s by %s)\nthinchess and Fairy-Stockfish count differently:\n%s",
							v.variant, p.FEN(), start, strings.Join(line, " "), diff)
					}
					positions++
				}
			})
			t.Logf("%d positions compared", positions)
		})
	}
}

// divideDiff lists the moves two perft divides count differently, one a
// line: "move: ours vs theirs" ("-" for a move one of them lacks).
func divideDiff(ours, theirs map[string]uint64) string {
	var moves []string
	for m := range ours {
		moves = append(moves, m)
	}
	for m := range theirs {
		if _, ok := ours[m]; !ok {
			moves = append(moves, m)
		}
	}
	slices.Sort(moves)
	var sb strings.Builder
	for _, m := range moves {
		a, okA := ours[m]
		b, okB := theirs[m]
		if okA && okB && a == b {
			continue
		}
		count := func(n uint64, ok bool) string {
			if !ok {
				return "-"
			}
			return strconv.FormatUint(n, 10)
		}
		fmt.Fprintf(&sb, "  %s: thinchess %s, Fairy-Stockfish %s\n", m, count(a, okA), count(b, okB))
	}
	return sb.String()
}
