package search

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"github.com/thinchess/thinchess/solver/mate"
)

func mustParse(t testing.TB, text, variant string) *engine.Position {
	t.Helper()
	var r *engine.Rules
	if variant != "" {
		r = engine.MustPreset(variant)
	}
	p, err := engine.Parse(text, r)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return p
}

// TestSearchBestMove is a table of positions with one right answer.
func TestSearchBestMove(t *testing.T) {
	tests := []struct {
		name, pos, variant string
		want               []string // any of these (SAN)
		mate               int      // expected Mate of the result, 0: not checked
	}{
		{"back-rank mate", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1", "", []string{"Ra8#"}, 1},
		{"smothered mate in 3", "r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1 w - - 0 1", "", []string{"Nh6+"}, 3},
		{"Legal's mate", "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P3/2N5/PPPP1PPP/R1BbK2R w KQkq - 0 6", "", []string{"Bxf7+"}, 2},
		{"take the hanging queen", "4k3/8/8/3q4/8/8/3R4/4K3 w - - 0 1", "", []string{"Rxd5"}, 0},
		{"black mates too", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "", []string{"Qh4#"}, 1},
		{"1-D start", "bk,bn,br,x,x,wr,wn,wk:w", "", []string{"Na4"}, 6},
		{"race: step onto the far rank", "pp1p/2P1/4/PP1P w - - 0 1", "race", []string{"c4", "cxb4", "cxd4"}, 1},
		{"race: leave the opponent without a move", "4/3p/2P1/4 b - - 0 1", "race", []string{"dxc2"}, 1},
		{"promote and win", "8/4P1k1/8/8/8/8/8/K7 w - - 0 1", "", []string{"e8=Q"}, 0},
		{"2x10 two rooks", "x,bk/x,x/x,x/x,x/x,x/x,x/x,x/wr,x/wr,x/wk,x:w", "", []string{"Rb2#", "Rb3#"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustParse(t, tt.pos, tt.variant)
			res := Search(p, Limits{Depth: 12, Nodes: 2_000_000, NoExact: true})
			got := p.SAN(res.Move)
			ok := false
			for _, w := range tt.want {
				ok = ok || got == w
			}
			if !ok {
				t.Errorf("move %s (score %d, pv %v), want one of %v", got, res.Score, p.SANLine(res.PV), tt.want)
			}
			if tt.mate != 0 && res.Mate != tt.mate {
				t.Errorf("mate %d (score %d), want %d", res.Mate, res.Score, tt.mate)
			}
			if len(res.PV) == 0 || res.PV[0] != res.Move {
				t.Errorf("PV %v does not start with the move %s", p.SANLine(res.PV), got)
			}
		})
	}
}

func TestSearchTerminal(t *testing.T) {
	// Mated: no move, a mate-in-0 loss.
	p := mustParse(t, "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1", "")
	res := Search(p, Limits{Depth: 4})
	if res.Move != engine.NoMove || res.Score != -MateScore {
		t.Errorf("mated: %+v", res)
	}
	// Stalemated: no move, a draw.
	p = mustParse(t, "7k/8/6QK/8/8/8/8/8 b - - 0 1", "")
	if res := Search(p, Limits{Depth: 4}); res.Move != engine.NoMove || res.Score != 0 {
		t.Errorf("stalemate: %+v", res)
	}
}

// TestSearchRepetitionIsDraw: lost on material, White finds the move
// that repeats a position of the game's history, a draw.
func TestSearchRepetitionIsDraw(t *testing.T) {
	p := mustParse(t, "k7/8/8/8/8/1q6/8/7K w - - 10 40", "")
	escape, err := p.ParseSAN("Kg1")
	if err != nil {
		t.Fatal(err)
	}
	q := *p
	q.Make(escape)
	// keys: [Q, X, Y] + p; after Kg1 the key of Q recurs four plies on.
	history := []uint64{q.Hash(), 1, 2}
	res := Search(p, Limits{Depth: 6, History: history, NoExact: true})
	if res.Move != escape || res.Score != 0 {
		t.Errorf("with history: %s score %d, want Kg1 and a draw", p.SAN(res.Move), res.Score)
	}
	res = Search(p, Limits{Depth: 6, NoExact: true})
	if res.Score > -500 {
		t.Errorf("without history: score %d, want a clear loss", res.Score)
	}
}

func TestSearchBudgets(t *testing.T) {
	p := mustParse(t, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "")
	res := Search(p, Limits{Nodes: 5000})
	if res.Nodes > 5000 || res.Move == engine.NoMove || res.Depth < 1 {
		t.Errorf("node budget: %d nodes, depth %d, move %v", res.Nodes, res.Depth, res.Move)
	}
	start := time.Now()
	res = Search(p, Limits{Time: 50 * time.Millisecond})
	if d := time.Since(start); d > 250*time.Millisecond || res.Move == engine.NoMove {
		t.Errorf("time budget 50ms: took %v, move %v", d, res.Move)
	}
	res = Search(p, Limits{Depth: 3})
	if res.Depth != 3 {
		t.Errorf("depth budget 3: reached %d", res.Depth)
	}
	before := p.FEN()
	Search(p, Limits{Depth: 4})
	if p.FEN() != before {
		t.Errorf("Search changed the position")
	}
}

// mirror returns the colour-flipped FEN of a position: ranks reversed,
// colours swapped, the other side to move.
func mirror(t *testing.T, p *engine.Position) *engine.Position {
	f := strings.Fields(p.FEN())
	ranks := strings.Split(f[0], "/")
	for i, j := 0, len(ranks)-1; i < j; i, j = i+1, j-1 {
		ranks[i], ranks[j] = ranks[j], ranks[i]
	}
	swapped := strings.Map(func(r rune) rune {
		if unicode.IsUpper(r) {
			return unicode.ToLower(r)
		}
		return unicode.ToUpper(r)
	}, strings.Join(ranks, "/"))
	side := "b"
	if f[1] == "b" {
		side = "w"
	}
	q, err := engine.ParseFEN(swapped+" "+side+" - - 0 1", p.R)
	if err != nil {
		t.Fatalf("mirror of %s: %v", p.FEN(), err)
	}
	return q
}

// TestEvaluateSymmetric: the colour-flipped position with the other side
// to move scores the same, on every board shape and goal.
func TestEvaluateSymmetric(t *testing.T) {
	for _, c := range []struct{ pos, variant string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", ""},
		{"r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1 w - - 0 1", ""},
		{"rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", "gardner"},
		{"rnqknr/pppppp/6/6/PPPPPP/RNQKNR b - - 0 1", "losalamos"},
		{"bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", ""},
		{"x,bk/x,bb/x,bn/x,br/x,x/x,x/wr,x/wn,x/wb,x/wk,x:w", ""},
		{"rbnk/pppp/4/4/PPPP/KNBR w - - 0 1", "gardner"},
		{"pp1p/2P1/4/P2P w - - 0 1", "race"},
		{"8/4P1k1/8/8/8/8/8/K7 w - - 0 1", ""},
	} {
		p := mustParse(t, c.pos, c.variant)
		q := mirror(t, p)
		if a, b := Evaluate(p), Evaluate(q); a != b {
			t.Errorf("%s: %d, mirrored %s: %d", p.FEN(), a, q.FEN(), b)
		}
	}
}

// TestEvaluateMaterial: an extra rook shows, for either side to move.
func TestEvaluateMaterial(t *testing.T) {
	even := mustParse(t, "4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1", "")
	up := mustParse(t, "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 w - - 0 1", "")
	if d := Evaluate(up) - Evaluate(even); d < 400 {
		t.Errorf("an extra rook is worth %d", d)
	}
	down := mustParse(t, "4k3/pppppppp/8/8/8/8/PPPPPPPP/R3K3 b - - 0 1", "")
	if Evaluate(down) > -400 {
		t.Errorf("Black to move a rook down scores %d", Evaluate(down))
	}
}

func BenchmarkSearchMiddlegame(b *testing.B) {
	p, _ := engine.Parse("r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1 b - - 0 1", nil)
	var nodes int64
	start := time.Now()
	for b.Loop() {
		nodes += Search(p, Limits{Depth: 6, NoExact: true}).Nodes
	}
	b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
}

// TestSearchConvertsProvenMate: in a won ending whose mate is beyond the
// horizon (king, bishop and knight against king on 2×10: mate in 7), the
// searcher proves the mate and then delivers it within 7 moves against
// every defence it meets, playing from the remembered solution tree.
func TestSearchConvertsProvenMate(t *testing.T) {
	start := mustParse(t, "x,x/x,x/bb,x/x,x/x,x/bn,x/x,x/bk,x/x,x/wk,x:b", "")
	want, err := mate.Search(start, engine.Black, 7, mate.Options{MaxTreeNodes: -1})
	if err != nil || !want.Found || want.Moves != 7 {
		t.Fatalf("MateSearch: %+v, %v", want, err)
	}
	for seed := uint64(0); seed < 4; seed++ {
		s := NewSearcher(16)
		g := game.New(start)
		rng := rand.New(rand.NewPCG(seed, 0))
		var buf [engine.MaxMoves]engine.Move
		for moves := 0; g.Status() == engine.Active; {
			p := g.Position()
			var m engine.Move
			if p.Side == engine.Black {
				if moves == 7 {
					t.Fatalf("seed %d: no mate after 7 moves: %s", seed, start.FormatLine(g.Moves()))
				}
				res := s.Search(p, Limits{Nodes: 2_000_000})
				if !res.Exact || res.Mate != 7-moves {
					t.Fatalf("seed %d, move %d: exact %v, mate %d; want a proven mate in %d", seed, moves+1, res.Exact, res.Mate, 7-moves)
				}
				m = res.Move
				moves++
			} else {
				m = opponentMove(p, OpponentRandom, rng, buf[:0])
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		if g.Status() != engine.Checkmate {
			t.Errorf("seed %d: game ended in %s: %s", seed, g.Status(), start.FormatLine(g.Moves()))
		}
	}
}
