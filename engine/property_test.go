package engine_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"pgregory.net/rapid"
)

// The property tests (property_*_test.go) state each rule of the game as
// an invariant over random positions reached by play from the starts
// below, and check it against refBoard (reference_test.go), the rules
// written out again the slow, obvious way. Each test runs rapid's default
// 100 games (-rapid.checks raises it) and checks every position of each,
// some thousands of positions per property; rapid shrinks a failing game
// and the failure names the FEN of the position that breaks the rule.

// Board families, one name per kind of board the rules treat differently.
const (
	family8x8       = "8×8"       // standard chess
	family6x6       = "6×6"       // the chess preset on six files: castling and double steps on a small board
	familyGardner   = "gardner"   // Gardner 5×5: no double step, no castling
	familyLosAlamos = "losalamos" // Los Alamos 6×6: no bishops, no double step, no castling, promotion to q r n
	familyThin      = "2×10"      // the chess preset on a 2×10 board
	family1D        = "1-D"       // one file: king, knight (±2), rook, queen
	familyRace      = "race"      // octopawn 4×4: pawns only, first to the far rank wins
)

// allFamilies lists every family.
var allFamilies = []string{family8x8, family6x6, familyGardner, familyLosAlamos, familyThin, family1D, familyRace}

// withKings are the families whose games have kings, check and mate:
// every family but the race, which has no kings.
var withKings = []string{family8x8, family6x6, familyGardner, familyLosAlamos, familyThin, family1D}

// propStart is a position the random games start from.
type propStart struct {
	family, preset, pos string
}

// propStarts are the starts of the random games, chosen so that short
// random games meet the situations the rules single out: castling rights
// (and castling through attacked squares), en-passant targets, pawns one
// step from promotion, material one capture from insufficient, mates and
// stalemates on small boards. The generator adds clocks near 100 and
// moves that repeat positions.
var propStarts = []propStart{
	{family8x8, "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	{family8x8, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}, // Kiwipete
	{family8x8, "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},                                 // rooks sweep the castling paths
	{family8x8, "chess", "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1"},             // rooks beside the king
	{family8x8, "chess", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},        // en passant on f6
	{family8x8, "chess", "4k3/8/8/8/1p1p1p1p/8/PPPPPPPP/4K3 w - - 0 1"},                          // every double step meets a pawn
	{family8x8, "chess", "8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2"},                                     // en passant pinned along the rank
	{family8x8, "chess", "r3k3/PPP5/8/8/8/8/5ppp/2K4R w - - 0 1"},                                // pawns on the seventh rank
	{family8x8, "chess", "4k3/8/8/3n4/8/8/3R4/4K3 w - - 0 1"},                                    // a capture from insufficient material
	{family8x8, "chess", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"},                                 // back-rank mates
	{family8x8, "chess", "k7/8/1K6/8/8/8/8/1Q6 w - - 0 1"},                                       // queen against king: mates
	{family8x8, "chess", "k7/8/1K6/2Q5/8/8/8/8 w - - 0 1"},                                       // Qc7 stalemates
	{family8x8, "chess", "8/8/4k3/8/1B6/8/3n4/4K3 w - - 0 1"},                                    // any capture leaves too little
	{family6x6, "chess", "r2k1r/pppppp/6/6/PPPPPP/R2K1R w KQkq - 0 1"},
	{family6x6, "chess", "r2k1r/6/6/6/6/R2K1R w KQkq - 0 1"},
	{familyGardner, "gardner", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"},
	{familyGardner, "gardner", "4k/1P3/5/3p1/K2RN w - - 0 1"},
	{familyGardner, "gardner", "k4/5/2n2/5/1R2K w - - 0 1"},
	{familyGardner, "gardner", "k4/5/1K3/5/3Q1 w - - 0 1"},
	{familyGardner, "gardner", "k4/5/K4/5/1R3 w - - 0 1"},
	{familyLosAlamos, "losalamos", "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1"},
	{familyLosAlamos, "losalamos", "5k/1P4/6/6/4p1/K2R2 w - - 0 1"},
	{familyThin, "chess", "x,bk/x,bb/x,bn/x,br/x,x/x,x/wr,x/wn,x/wb,x/wk,x:w"},
	{familyThin, "chess", "rk/1p/2/2/2/2/2/2/P1/KR w - - 0 1"},
	{familyThin, "chess", "k1/2/K1/2/2/2/2/2/2/1R w - - 0 1"}, // most rook moves stalemate
	{familyThin, "chess", "k1/2/2/K1/2/2/2/2/2/1Q w - - 0 1"},
	{family1D, "1d", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"},
	{family1D, "1d", "k/n/r/1/1/R/N/K w - - 0 1"},
	{family1D, "1d", "k/1/1/n/1/1/R/K w - - 0 1"},
	{familyRace, "race", "pppp/4/4/PPPP w - - 0 1"},
}

// played is a random game: the positions it went through, the moves
// between them and the game's status at each.
type played struct {
	family string
	game   *game.Game
	pos    []*engine.Position // pos[0] is the start, pos[i] the position after i moves
	moves  []engine.Move      // moves[i] leads from pos[i] to pos[i+1]
	status []engine.Status    // the game's status at pos[i]
}

// last returns the position the game stands at.
func (g *played) last() *engine.Position { return g.pos[len(g.pos)-1] }

// Move styles: how playGame picks moves in one game.
const (
	stylePlain     = iota // uniformly, now and then a special move
	styleForcing          // mates, stalemates, captures, promotions and checks first
	styleRepeating        // the mover's previous move taken back: positions repeat
	numStyles
)

// playGame draws one of the given families (all when none are given),
// then one of its starts, and plays up to 100 random legal moves from it,
// stopping when the game ends. One game in six is quiet: it starts with
// the halfmove clock between 90 and 99, most often 99, and plays a move
// that is neither a capture nor a pawn move seven times in ten. Each game
// also has a style: plain games play uniformly random moves, a fifth of
// the time a special one (castling, en passant, a double step, a
// promotion, a capture); forcing games play, eight times in ten, a mate
// if there is one, else (three times in ten) a stalemate if there is one,
// else a capture, promotion or check;
// repeating games take the mover's previous move back eight times in ten.
func playGame(t *rapid.T, families ...string) *played {
	if len(families) == 0 {
		families = allFamilies
	}
	family := rapid.SampledFrom(families).Draw(t, "family")
	var starts []propStart
	for _, s := range propStarts {
		if s.family == family {
			starts = append(starts, s)
		}
	}
	s := rapid.SampledFrom(starts).Draw(t, "start")
	p, err := engine.Parse(s.pos, engine.MustPreset(s.preset))
	if err != nil {
		t.Fatalf("%s: %v", s.pos, err)
	}
	quiet := rapid.IntRange(0, 5).Draw(t, "clock") == 0
	if quiet {
		p.Halfmove = 99 - rapid.IntRange(0, 9).Draw(t, "halfmove short of 99")
	}
	style := rapid.IntRange(0, numStyles-1).Draw(t, "style")
	plies := 100 - rapid.IntRange(0, 100).Draw(t, "plies short of 100")
	g := &played{family: s.family, game: game.New(p)}
	g.pos = append(g.pos, g.game.Position())
	g.status = append(g.status, g.game.Status())
	var buf [engine.MaxMoves]engine.Move
	for len(g.moves) < plies && !g.status[len(g.status)-1].IsOver() {
		p := g.last()
		m := chooseMove(t, style, quiet, p, p.LegalMoves(buf[:0]), g.moves)
		if err := g.game.Play(m); err != nil {
			t.Fatalf("%s: playing the legal move %s: %v", p.FEN(), m.Coord(p.B), err)
		}
		g.moves = append(g.moves, m)
		g.pos = append(g.pos, g.game.Position())
		g.status = append(g.status, g.game.Status())
	}
	return g
}

// chooseMove draws one of the legal moves in the game's style, or in a
// quiet game most often a quiet move.
func chooseMove(t *rapid.T, style int, quiet bool, p *engine.Position, legal, history []engine.Move) engine.Move {
	var pool []engine.Move
	kind := rapid.IntRange(0, 9).Draw(t, "kind")
	switch {
	case quiet && kind < 7:
		for _, m := range legal {
			if p.At(m.From()).Type() != engine.Pawn && p.At(m.To()) == engine.NoPiece {
				pool = append(pool, m)
			}
		}
	case style == stylePlain && kind < 2:
		for _, m := range legal {
			if m.IsCastle() || m.IsEnPassant() || m.IsDoubleStep() || m.Promotion() != engine.NoPieceType || p.At(m.To()) != engine.NoPiece {
				pool = append(pool, m)
			}
		}
	case style == styleForcing && kind < 8:
		var mates, stalemates []engine.Move
		for _, m := range legal {
			if q := after(p, m); !q.HasLegalMove() && q.InCheck() {
				mates = append(mates, m)
			} else if !q.HasLegalMove() {
				stalemates = append(stalemates, m)
			}
		}
		switch {
		case len(mates) > 0:
			pool = mates
		case len(stalemates) > 0 && kind < 3:
			pool = stalemates
		default:
			for _, m := range legal {
				if m.IsEnPassant() || m.Promotion() != engine.NoPieceType || p.At(m.To()) != engine.NoPiece || p.GivesCheck(m) {
					pool = append(pool, m)
				}
			}
		}
	case style == styleRepeating && kind < 8 && len(history) >= 2:
		prev := history[len(history)-2]
		for _, m := range legal {
			if m.From() == prev.To() && m.To() == prev.From() && !m.IsCastle() {
				pool = append(pool, m)
			}
		}
	}
	if len(pool) == 0 {
		pool = legal
	}
	return pool[rapid.IntRange(0, len(pool)-1).Draw(t, "move")]
}

// coverage counts the situations a property met, to show with -v that
// the generator reaches them.
type coverage map[string]int

func (c coverage) String() string {
	keys := make([]string, 0, len(c))
	for k := range c {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, c[k]))
	}
	return strings.Join(parts, ", ")
}

// checkGames runs check on random games of the given families (all when
// none are given) and logs the coverage it counted.
func checkGames(t *testing.T, families []string, check func(t *rapid.T, g *played, cover coverage)) {
	cover := coverage{}
	rapid.Check(t, func(rt *rapid.T) {
		check(rt, playGame(rt, families...), cover)
	})
	t.Logf("met: %v", cover)
}

// checkPositions runs check on every position of random games of the
// given families, with the position's reference board.
func checkPositions(t *testing.T, families []string, check func(t *rapid.T, p *engine.Position, r *refBoard, cover coverage)) {
	checkGames(t, families, func(rt *rapid.T, g *played, cover coverage) {
		for _, p := range g.pos {
			cover["positions"]++
			check(rt, p, newRef(p), cover)
		}
	})
}

// describe writes an engine move in coordinates with its kind, the form
// the properties compare moves in.
func describe(p *engine.Position, m engine.Move) string {
	s := m.Coord(p.B)
	switch {
	case m.IsCastle():
		s += " (castling)"
	case m.IsEnPassant():
		s += " (en passant)"
	case m.IsDoubleStep():
		s += " (double step)"
	}
	return s
}

// describe writes a reference move as describe writes an engine move.
func (b *refBoard) describe(m refMove) string {
	s := b.coord(m)
	switch {
	case m.castle:
		s += " (castling)"
	case m.enPassant:
		s += " (en passant)"
	case m.double:
		s += " (double step)"
	}
	return s
}

// engineMoves describes the legal moves of p that keep returns true for,
// sorted.
func engineMoves(p *engine.Position, keep func(engine.Move) bool) []string {
	var buf [engine.MaxMoves]engine.Move
	var out []string
	for _, m := range p.LegalMoves(buf[:0]) {
		if keep(m) {
			out = append(out, describe(p, m))
		}
	}
	slices.Sort(out)
	return out
}

// refMoves describes the reference moves that keep returns true for, sorted.
func (b *refBoard) refMoves(ms []refMove, keep func(refMove) bool) []string {
	var out []string
	for _, m := range ms {
		if keep(m) {
			out = append(out, b.describe(m))
		}
	}
	slices.Sort(out)
	return out
}

// sameMoves fails unless the engine's moves are the reference's.
func sameMoves(t *rapid.T, p *engine.Position, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Fatalf("%s\n%s:\n  engine    %v\n  reference %v\n  missing %v, unexpected %v",
			p.FEN(), what, got, want, setMinus(want, got), setMinus(got, want))
	}
}

// square converts a reference square to the engine's.
func square(p *engine.Position, s int) engine.Square { return p.B.Sq(s%p.B.W, s/p.B.W) }

// refSquare converts an engine square to the reference's.
func refSquare(p *engine.Position, s engine.Square) int { return p.B.Rank(s)*p.B.W + p.B.File(s) }

// after returns a copy of p with m made.
func after(p *engine.Position, m engine.Move) *engine.Position {
	q := *p
	q.Make(m)
	return &q
}

// legalByCoord indexes the reference's legal moves by coordinates.
func (b *refBoard) legalByCoord() map[string]refMove {
	out := map[string]refMove{}
	for _, m := range b.legal() {
		out[b.coord(m)] = m
	}
	return out
}

// gameState is what a refused move must leave unchanged.
type gameState struct {
	pos, start  engine.Position
	moves, redo []engine.Move
	status      engine.Status
	json        string
}

func stateOf(t *rapid.T, g *game.Game) gameState {
	j, err := json.Marshal(g)
	if err != nil {
		t.Fatalf("MarshalJSON: %v", err)
	}
	return gameState{*g.Position(), *g.Start(), g.Moves(), g.RedoMoves(), g.Status(), string(j)}
}

func sameState(a, b gameState) bool {
	return samePosition(&a.pos, &b.pos) && samePosition(&a.start, &b.start) && slices.Equal(a.moves, b.moves) &&
		slices.Equal(a.redo, b.redo) && a.status == b.status && a.json == b.json
}

// samePosition reports whether two positions are equal in every field,
// their rules compared by value.
func samePosition(a, b *engine.Position) bool {
	if *a.R != *b.R {
		return false
	}
	x, y := *a, *b
	x.R, y.R = nil, nil
	return x == y
}

// TestGeneratorStarts checks that every start of the random games is a
// valid position under its preset.
func TestGeneratorStarts(t *testing.T) {
	for _, s := range propStarts {
		if _, err := engine.Parse(s.pos, engine.MustPreset(s.preset)); err != nil {
			t.Errorf("%s %s: %v", s.family, s.pos, err)
		}
	}
}
