package engine_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"pgregory.net/rapid"
)

// The game: refused moves, a new game, undo, history, clocks and notations.

// moveText draws move-like text: SAN letters, digits and marks.
var moveText = rapid.StringOfN(rapid.SampledFrom([]rune("abcdhpxKQRBNP0123456789=+#-O. ")), 0, 8, -1)

// TestPropertyInvalidMoveRejection: anything that is not a legal move —
// random text, coordinates between any two squares, a pseudo-legal move
// that would leave the mover's king attacked — is refused with a
// *MoveError and leaves the game exactly as it was (position, history,
// redo stack, status); the last kind is refused as ErrLeavesCheck. Text
// the game accepts is a legal move, and Undo takes it back. All
// families.
func TestPropertyInvalidMoveRejection(t *testing.T) {
	checkGames(t, nil, func(t *rapid.T, g *played, cover coverage) {
		cur, p := g.game, g.last()
		legal := newRef(p).legalByCoord()
		try := func(text string) {
			before := stateOf(t, cur)
			err := cur.PlayText(text)
			if err == nil {
				m, perr := p.ParseMove(text)
				if perr != nil {
					t.Fatalf("%s: PlayText(%q) played a move ParseMove refuses: %v", p.FEN(), text, perr)
				}
				if _, ok := legal[m.Coord(p.B)]; !ok {
					t.Fatalf("%s: PlayText(%q) played %s, not a legal move", p.FEN(), text, m.Coord(p.B))
				}
				if !cur.Undo() || *cur.Position() != before.pos {
					t.Fatalf("%s: PlayText(%q) then Undo did not restore the position", p.FEN(), text)
				}
				cover["accepted"]++
				return
			}
			var me *engine.MoveError
			if !errors.As(err, &me) {
				t.Fatalf("%s: PlayText(%q): %T %v, want a *MoveError", p.FEN(), text, err, err)
			}
			if !sameState(before, stateOf(t, cur)) {
				t.Fatalf("%s: PlayText(%q) refused the move but changed the game", p.FEN(), text)
			}
			cover["refused"]++
		}
		for range 4 {
			if rapid.Bool().Draw(t, "coordinates") {
				from := rapid.IntRange(0, p.B.N-1).Draw(t, "from")
				to := rapid.IntRange(0, p.B.N-1).Draw(t, "to")
				try(p.B.Name(engine.Square(from)) + p.B.Name(engine.Square(to)) + rapid.SampledFrom([]string{"", "", "q", "n", "k", "p"}).Draw(t, "promotion"))
			} else {
				try(moveText.Draw(t, "text"))
			}
		}
		for _, q := range g.pos {
			// Every move that would leave the king attacked, refused in a
			// game started at each position of this one.
			gm := game.New(q)
			if gm.Status().IsOver() {
				continue
			}
			r := newRef(q)
			for s := range r.cells {
				for _, m := range r.pseudo(s) {
					if r.safe(m) {
						continue
					}
					before := stateOf(t, gm)
					err := gm.PlayText(r.coord(m))
					var me *engine.MoveError
					if !errors.As(err, &me) || me.Kind != engine.ErrLeavesCheck {
						t.Fatalf("%s: %s leaves the king attacked: %v, want ErrLeavesCheck", q.FEN(), r.coord(m), err)
					}
					if !sameState(before, stateOf(t, gm)) {
						t.Fatalf("%s: the refused %s changed the game", q.FEN(), r.coord(m))
					}
					cover["leaving the king attacked"]++
				}
			}
		}
	})
}

// TestPropertyNewGameReset: a new game stands at its start with nothing
// played: the position is the start (a copy: changing the start
// afterwards changes nothing), no moves and nothing to redo, Undo and
// Redo do nothing, and the status is the start's own. A new game from
// the start of a game already played is the same as the first new game
// was, and the standard starts of the presets have White to move on
// move 1, every castling right of chess and the array of pieces written
// out here. All families.
func TestPropertyNewGameReset(t *testing.T) {
	standard := []struct {
		preset, ranks, rights string
	}{
		{"chess", "RNBQKBNR/PPPPPPPP/......../......../......../......../pppppppp/rnbqkbnr", "KQkq"},
		{"gardner", "RNBQK/PPPPP/...../ppppp/rnbqk", "-"},
		{"losalamos", "RNQKNR/PPPPPP/....../....../pppppp/rnqknr", "-"},
	}
	for _, s := range standard {
		rows := strings.Split(s.ranks, "/") // rank 1 first
		var fen []string
		for i := len(rows) - 1; i >= 0; i-- {
			fen = append(fen, emptyRuns.Replace(rows[i]))
		}
		p, err := engine.Parse(strings.Join(fen, "/")+" w "+s.rights+" - 0 1", engine.MustPreset(s.preset))
		if err != nil {
			t.Fatal(err)
		}
		g := game.New(p)
		q := g.Position()
		for r, row := range rows {
			for f := range row {
				if got := q.At(q.B.Sq(f, r)); (got == engine.NoPiece && row[f] != '.') || got != engine.NoPiece && got.FENLetter() != row[f] {
					t.Errorf("%s: %s holds %v, want %q", s.preset, refName(f, r), got, row[f])
				}
			}
		}
		if q.Side != engine.White || q.Fullmove != 1 || q.Halfmove != 0 || q.EP != engine.NoSquare || len(g.Moves()) != 0 || g.Status() != engine.Active {
			t.Errorf("%s: a new game has %s to move on move %d, clock %d, target %s, %d moves, status %v",
				s.preset, q.Side, q.Fullmove, q.Halfmove, q.B.Name(q.EP), len(g.Moves()), g.Status())
		}
		if want := map[string]uint8{"KQkq": engine.CastleWK | engine.CastleWQ | engine.CastleBK | engine.CastleBQ}[s.rights]; q.Castle != want {
			t.Errorf("%s: castling rights %b, want %b", s.preset, q.Castle, want)
		}
	}
	checkGames(t, nil, func(t *rapid.T, g *played, cover coverage) {
		for _, start := range []*engine.Position{g.pos[0], g.last()} {
			p := *start
			fresh := game.New(&p)
			st := stateOf(t, fresh)
			p.Put(p.B.Sq(0, 0), engine.NoPiece) // must not reach the game
			if st.pos != *start || st.start != *start || len(st.moves) != 0 || len(st.redo) != 0 {
				t.Fatalf("%s: a new game is not at its start with nothing played", start.FEN())
			}
			want := newRef(start).status()
			if want == engine.Active && start.R.FiftyMove && start.Halfmove >= 100 {
				want = engine.FiftyMove
			}
			if st.status != want {
				t.Fatalf("%s: a new game's status is %v, want %v", start.FEN(), st.status, want)
			}
			if fresh.Undo() || fresh.Redo() || !sameState(st, stateOf(t, fresh)) {
				t.Fatalf("%s: Undo or Redo changed a new game", start.FEN())
			}
			if *fresh.Position() != *start {
				t.Fatalf("%s: changing the start position changed the game", start.FEN())
			}
		}
		again := stateOf(t, game.New(g.game.Start()))
		if first := stateOf(t, game.New(g.pos[0])); !sameState(again, first) {
			t.Fatalf("%s: a new game from a played game's start differs from the first", g.pos[0].FEN())
		}
		cover["games"]++
	})
}

// emptyRuns writes runs of empty squares ('.') as FEN digits.
var emptyRuns = strings.NewReplacer("........", "8", "......", "6", ".....", "5")

// TestPropertyUndo: making any legal move and unmaking it gives back the
// position exactly, Zobrist key included (and the key after the move is
// the one computed from scratch); in a game, Undo after any number of
// moves gives back the position and status of that many moves earlier,
// with the moves taken back on the redo stack, and Redo replays them to
// the same end. All families.
func TestPropertyUndo(t *testing.T) {
	checkGames(t, nil, func(t *rapid.T, g *played, cover coverage) {
		for _, p := range g.pos {
			var buf [engine.MaxMoves]engine.Move
			for _, m := range p.LegalMoves(buf[:0]) {
				q := *p
				u := q.Make(m)
				if q.Hash() != q.ComputeHash() {
					t.Fatalf("%s %s: incremental key %x, computed %x", p.FEN(), m.Coord(p.B), q.Hash(), q.ComputeHash())
				}
				q.Unmake(u)
				if q != *p {
					t.Fatalf("%s %s: Unmake gave %s", p.FEN(), m.Coord(p.B), q.FEN())
				}
				cover["unmade"]++
			}
		}
		n := len(g.moves)
		k := rapid.IntRange(0, n).Draw(t, "undos")
		end := stateOf(t, g.game)
		for i := 1; i <= k; i++ {
			if !g.game.Undo() {
				t.Fatalf("Undo %d of %d reported nothing to undo", i, n)
			}
			if *g.game.Position() != *g.pos[n-i] || g.game.Status() != g.status[n-i] {
				t.Fatalf("after %d undos: %s (%v), want %s (%v)", i, g.game.Position().FEN(), g.game.Status(), g.pos[n-i].FEN(), g.status[n-i])
			}
			if !slices.Equal(g.game.RedoMoves(), g.moves[n-i:]) {
				t.Fatalf("after %d undos the redo stack is %v, want %v", i, g.game.RedoMoves(), g.moves[n-i:])
			}
			cover["undone"]++
		}
		if k == n && g.game.Undo() {
			t.Fatalf("Undo at the start reported a move")
		}
		for g.game.Redo() {
		}
		if !sameState(stateOf(t, g.game), end) {
			t.Fatalf("redoing every move did not give back the game's end")
		}
	})
}

// TestPropertyMoveHistoryConsistency: the game's moves are the moves
// played, in order; playing them again from the game's start, with
// Make, passes through the same positions; its SAN history read back
// move by move gives the same moves; and the move number at the end is
// the start's plus one for every Black move. All families.
func TestPropertyMoveHistoryConsistency(t *testing.T) {
	checkGames(t, nil, func(t *rapid.T, g *played, cover coverage) {
		if !slices.Equal(g.game.Moves(), g.moves) {
			t.Fatalf("Moves() = %v, want %v", g.game.Moves(), g.moves)
		}
		if *g.game.Start() != *g.pos[0] {
			t.Fatalf("Start() = %s, want %s", g.game.Start().FEN(), g.pos[0].FEN())
		}
		q := g.game.Start()
		san := g.game.SANHistory()
		if len(san) != len(g.moves) {
			t.Fatalf("%d SAN moves for %d moves", len(san), len(g.moves))
		}
		for i, m := range g.moves {
			back, err := q.ParseSAN(san[i])
			if err != nil || back != m {
				t.Fatalf("%s: move %d written %s reads back as %s, %v; want %s", q.FEN(), i, san[i], back.Coord(q.B), err, m.Coord(q.B))
			}
			q.Make(m)
			if *q != *g.pos[i+1] {
				t.Fatalf("replaying %v gives %s, want %s", g.moves[:i+1], q.FEN(), g.pos[i+1].FEN())
			}
			cover["moves"]++
		}
		blackMoves := (len(g.moves) + int(g.pos[0].Side)) / 2
		if got, want := g.last().Fullmove, g.pos[0].Fullmove+blackMoves; got != want {
			t.Fatalf("move number %d after %d moves from %s, want %d", got, len(g.moves), g.pos[0].FEN(), want)
		}
	})
}

// TestPropertyHalfMoveClock: the halfmove clock restarts at zero after a
// pawn move or a capture and grows by one after any other move
// (castling included), counted here from the start's clock; checked for
// every move of the game and every legal move of each position. All
// families.
func TestPropertyHalfMoveClock(t *testing.T) {
	checkGames(t, nil, func(t *rapid.T, g *played, cover coverage) {
		clock := clocks(g)
		for i, p := range g.pos {
			if p.Halfmove != clock[i] {
				t.Fatalf("%s after %v: halfmove clock %d, want %d", p.FEN(), g.moves[:i], p.Halfmove, clock[i])
			}
			r := newRef(p)
			var buf [engine.MaxMoves]engine.Move
			for _, m := range p.LegalMoves(buf[:0]) {
				want := p.Halfmove + 1
				if r.cells[refSquare(p, m.From())].Type() == engine.Pawn || r.enemy(refSquare(p, m.To())) {
					want = 0
					cover["resets"]++
				}
				if got := after(p, m).Halfmove; got != want {
					t.Fatalf("%s %s: halfmove clock %d, want %d", p.FEN(), m.Coord(p.B), got, want)
				}
			}
		}
	})
}

// TestPropertyPositionHistory: the game remembers every position it went
// through: undoing moves one by one walks back through them in reverse
// order, each with the status it had (repetitions counted as then), and
// Redo walks forward again. Positions that are the same for repetition
// (refBoard.key) have the same Zobrist key, and different ones different
// keys. All families.
func TestPropertyPositionHistory(t *testing.T) {
	checkGames(t, nil, func(t *rapid.T, g *played, cover coverage) {
		n := len(g.moves)
		for i := n; i >= 0; i-- {
			if *g.game.Position() != *g.pos[i] || g.game.Status() != g.status[i] {
				t.Fatalf("walking back, position %d is %s (%v), want %s (%v)", i, g.game.Position().FEN(), g.game.Status(), g.pos[i].FEN(), g.status[i])
			}
			if i > 0 && !g.game.Undo() {
				t.Fatalf("Undo failed at position %d", i)
			}
		}
		for i := 1; i <= n; i++ {
			if !g.game.Redo() || *g.game.Position() != *g.pos[i] || g.game.Status() != g.status[i] {
				t.Fatalf("walking forward, position %d is %s, want %s", i, g.game.Position().FEN(), g.pos[i].FEN())
			}
		}
		keys := repetitionKeys(g)
		for i := range g.pos {
			for j := range i {
				if (keys[i] == keys[j]) != (g.pos[i].Hash() == g.pos[j].Hash()) {
					t.Fatalf("positions %s and %s: same by the rules %v, same Zobrist key %v",
						g.pos[i].FEN(), g.pos[j].FEN(), keys[i] == keys[j], g.pos[i].Hash() == g.pos[j].Hash())
				}
				if keys[i] == keys[j] {
					cover["repeated pairs"]++
				}
			}
		}
	})
}

// fenOf writes the FEN fields a position must show, from the board read
// square by square: placement (top rank first, digit runs for empty
// squares), side, en-passant target, clock and move number. The
// castling field is checked by TestPropertyCastlingRightsRevocation.
func fenOf(p *engine.Position) []string {
	r := newRef(p)
	var ranks []string
	for rk := r.h - 1; rk >= 0; rk-- {
		var sb strings.Builder
		empty := 0
		for f := 0; f < r.w; f++ {
			pc := r.cells[r.sq(f, rk)]
			if pc == engine.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			letter := " pnbrqk"[pc.Type()]
			if pc.Color() == engine.White {
				letter -= 'a' - 'A'
			}
			sb.WriteByte(letter)
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		ranks = append(ranks, sb.String())
	}
	ep := "-"
	if r.ep >= 0 {
		ep = r.name(r.ep)
	}
	return []string{strings.Join(ranks, "/"), map[engine.Color]string{engine.White: "w", engine.Black: "b"}[r.side], ep, strconv.Itoa(p.Halfmove), strconv.Itoa(p.Fullmove)}
}

// TestPropertySerializationRoundTrip: every position's FEN shows its
// pieces, side, en-passant target and counters, and reads back as the
// same position; its position code reads back as the same pieces and
// side; every legal move written in SAN and in coordinates reads back as
// itself; the game written as JSON and as PGN reads back as the same
// game (start, moves, position, status). All families.
func TestPropertySerializationRoundTrip(t *testing.T) {
	checkGames(t, nil, func(t *rapid.T, g *played, cover coverage) {
		for _, p := range g.pos {
			fen := p.FEN()
			f := strings.Fields(fen)
			if want := fenOf(p); !slices.Equal([]string{f[0], f[1], f[3], f[4], f[5]}, want) {
				t.Fatalf("FEN %s, want the fields %v", fen, want)
			}
			q, err := engine.Parse(fen, p.R)
			if err != nil {
				t.Fatalf("%s does not parse: %v", fen, err)
			}
			if q.FEN() != fen || !q.Equal(p) || q.Hash() != p.Hash() || q.Halfmove != p.Halfmove || q.Fullmove != p.Fullmove {
				t.Fatalf("FEN %s reads back as %s", fen, q.FEN())
			}
			code := p.Code()
			c, err := engine.Parse(code, p.R)
			if err != nil {
				t.Fatalf("code %s (of %s) does not parse: %v", code, fen, err)
			}
			if c.Code() != code || strings.Fields(c.FEN())[0] != f[0] || c.Side != p.Side {
				t.Fatalf("code %s (of %s) reads back as %s", code, fen, c.FEN())
			}
			var buf [engine.MaxMoves]engine.Move
			for _, m := range p.LegalMoves(buf[:0]) {
				san := p.SAN(m)
				if back, err := p.ParseSAN(san); err != nil || back != m {
					t.Fatalf("%s: %s written %s reads back as %s, %v", fen, m.Coord(p.B), san, back.Coord(p.B), err)
				}
				if back, err := p.ParseMove(m.Coord(p.B)); err != nil || back != m {
					t.Fatalf("%s: %s reads back as %s, %v", fen, m.Coord(p.B), back.Coord(p.B), err)
				}
				cover["moves"]++
			}
			cover["positions"]++
		}
		data, err := json.Marshal(g.game)
		if err != nil {
			t.Fatalf("MarshalJSON: %v", err)
		}
		var back game.Game
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s does not read back: %v", data, err)
		}
		if !sameState(stateOf(t, &back), stateOf(t, g.game)) {
			t.Fatalf("%s reads back as another game", data)
		}
		pgn := g.game.PGN(map[string]string{"Event": "property test"})
		pg, tags, err := game.ParsePGN(pgn)
		if err != nil {
			t.Fatalf("PGN does not read back: %v\n%s", err, pgn)
		}
		if !slices.Equal(pg.Moves(), g.moves) || !samePosition(pg.Position(), g.last()) || !samePosition(pg.Start(), g.pos[0]) || pg.Status() != g.game.Status() {
			t.Fatalf("PGN reads back as another game:\n%s", pgn)
		}
		if tags["Result"] != g.game.Result() || tags["Event"] != "property test" {
			t.Fatalf("PGN tags %v, want Result %s and the Event", tags, g.game.Result())
		}
		cover[fmt.Sprintf("games of %s", g.family)]++
	})
}
