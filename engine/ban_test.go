package engine_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
)

// banRules returns a preset with Ban Chess switched on.
func banRules(t testing.TB, preset string) *engine.Rules {
	t.Helper()
	r := engine.MustPreset(preset)
	if err := r.SetBool("bans", true); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestBanMoves checks the bans offered in a ban phase and the status after
// each ban: every from→to pair once, whatever the promotion.
func TestBanMoves(t *testing.T) {
	tests := []struct {
		name, preset, fen string
		bans              string            // the bans offered, sorted
		after             map[string]string // ban → status after it
	}{
		{"forced-ban mate: one escape from check", "chess", "R6k/7p/8/8/8/8/8/6K1 b - - 0 1 1",
			"h8g7", map[string]string{"h8g7": "checkmate"}},
		{"ban stalemate: one move, not in check", "chess", "7k/5K2/8/8/8/8/8/R7 b - - 0 1 1",
			"h8h7", map[string]string{"h8h7": "stalemate"}},
		{"promotion: one ban for four moves", "chess", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1 0",
			"e1d1 e1d2 e1e2 e1f1 e1f2 e7e8", map[string]string{"e7e8": "active", "e1d1": "active"}},
		{"castling named by the king's squares", "chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 0",
			"e1d1 e1d2 e1e2 e1f1 e1f2 e1g1 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8", map[string]string{"e1g1": "active"}},
		{"en passant", "chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2 2",
			"e1d1 e1d2 e1e2 e1f1 e1f2 e5d6 e5e6", map[string]string{"e5d6": "active"}},
		{"1-D start: Black bans first", "1d", "k/n/r/1/1/R/N/K w - - 0 1",
			"a2a4 a3a4 a3a5 a3a6", map[string]string{"a3a6": "active"}},
		{"mated before any ban: nothing to ban", "chess", "R6k/6pp/8/8/8/8/8/6K1 b - - 0 1 1",
			"", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := engine.ParseFEN(tc.fen, banRules(t, tc.preset))
			if err != nil {
				t.Fatal(err)
			}
			if !p.BanPhase || p.Actor() != p.Side.Other() {
				t.Fatalf("%s: want a ban phase with %s to ban", tc.fen, p.Side.Other())
			}
			var buf [engine.MaxMoves]engine.Move
			var got []string
			for _, b := range p.BanMoves(buf[:0]) {
				if !b.IsBan() {
					t.Errorf("%s is not a ban", b.Coord(p.B))
				}
				got = append(got, b.Coord(p.B))
			}
			slices.Sort(got)
			if strings.Join(got, " ") != tc.bans {
				t.Errorf("bans %q, want %q", strings.Join(got, " "), tc.bans)
			}
			for ban, want := range tc.after {
				b, err := p.ParseBan(ban)
				if err != nil {
					t.Fatal(err)
				}
				q := *p
				u := q.MakeBan(b)
				if q.BanPhase || q.Ban != b || q.Actor() != p.Side {
					t.Errorf("after %s: phase %v ban %s", ban, q.BanPhase, q.Ban.Coord(p.B))
				}
				if q.Hash() != q.ComputeHash() {
					t.Errorf("after %s: incremental hash differs from the computed one", ban)
				}
				if st := q.Status().String(); st != want {
					t.Errorf("after %s: status %s, want %s", ban, st, want)
				}
				for _, m := range q.LegalMoves(buf[:0]) {
					if b.Bans(m) {
						t.Errorf("after %s: banned move %s is listed", ban, m.Coord(p.B))
					}
				}
				q.UnmakeBan(u)
				if q != *p {
					t.Errorf("UnmakeBan %s did not restore the position", ban)
				}
			}
		})
	}
}

// TestBanMakeUnmake plays short ban games and checks the hash, the phase
// after every action and that taking actions back restores everything.
func TestBanMakeUnmake(t *testing.T) {
	p, err := engine.Parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", banRules(t, "chess"))
	if err != nil {
		t.Fatal(err)
	}
	start := *p
	var buf [engine.MaxMoves]engine.Move
	var undos []engine.Undo
	for i := 0; i < 40; i++ {
		acts := p.Actions(buf[:0])
		if len(acts) == 0 {
			break
		}
		a := acts[(i*7+3)%len(acts)]
		wasBan := p.BanPhase
		if a.IsBan() != wasBan {
			t.Fatalf("action %d: %s offered in phase ban=%v", i, p.ActionText(a), wasBan)
		}
		undos = append(undos, p.MakeAction(a))
		if p.BanPhase == wasBan {
			t.Fatalf("action %d: the phase did not change", i)
		}
		if p.Hash() != p.ComputeHash() {
			t.Fatalf("action %d %s: incremental hash differs", i, p.ActionText(a))
		}
		back, err := engine.ParseFEN(p.FEN(), p.R)
		if err != nil || !back.Equal(p) || back.Hash() != p.Hash() || back.Ply != p.Ply {
			t.Fatalf("FEN %s does not read back: %v", p.FEN(), err)
		}
	}
	for i := len(undos) - 1; i >= 0; i-- {
		p.UnmakeAction(undos[i])
	}
	if *p != start {
		t.Fatal("taking every action back did not restore the start")
	}
}

// TestBanFEN checks the seventh field: round trips and precise errors.
func TestBanFEN(t *testing.T) {
	good := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0:e2e4",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e4",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 1:e7e5",
		"k/n/r/1/1/R/N/K w - - 0 1 0:a3a6",
	}
	for _, fen := range good {
		r := banRules(t, "chess")
		if strings.HasPrefix(fen, "k/") {
			r = banRules(t, "1d")
		}
		p, err := engine.ParseFEN(fen, r)
		if err != nil {
			t.Errorf("%s: %v", fen, err)
			continue
		}
		if got := p.FEN(); got != fen {
			t.Errorf("%s reads back as %s", fen, got)
		}
	}
	// Without the field: the ban phase, ply from the move number.
	p, err := engine.ParseFEN("k/n/r/1/1/R/N/K b - - 0 7", banRules(t, "1d"))
	if err != nil || !p.BanPhase || p.Ply != 13 || !strings.HasSuffix(p.FEN(), " 0 7 13") {
		t.Errorf("default field: %v, FEN %s", err, p.FEN())
	}

	bad := []struct{ fen, want string }{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1", "ply 1: with white to move the ply must be even"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 2", "ply 2: with black to move the ply must be odd"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", `ply "x"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 -2", `ply "-2"`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 :e2e4", `ply ""`},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0:e2e5", "white has no legal move from e2 to e5 to ban"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0:e7e5", "white has no legal move from e7 to e5"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0:e2", "banned move"},
		{"k7/4P3/8/8/8/8/8/4K3 w - - 0 1 0:e7e8q", "a ban names only the squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0 1", "want 2 to 6 fields"},
	}
	for _, tc := range bad {
		_, err := engine.ParseFEN(tc.fen, banRules(t, "chess"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.fen, err, tc.want)
		}
	}
	_, err = engine.ParseFEN("k/n/r/1/1/R/N/K w - - 0 1 0", engine.MustPreset("1d"))
	if err == nil || !strings.Contains(err.Error(), "only for Ban Chess") {
		t.Errorf("seventh field without bans: %v", err)
	}
}

// banLine is a short ban game from the chess start: every action, in the
// action log.
const banLine = "b:e2e4 m:d2d4 b:d7d5 m:e7e6 b:c2c4 m:g1f3 b:f8b4 m:g8f6 b:b1c3 m:c1g5"

// TestBanActionLog checks that the action log reads back as itself and
// names the first bad action.
func TestBanActionLog(t *testing.T) {
	p, err := engine.Parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", banRules(t, "chess"))
	if err != nil {
		t.Fatal(err)
	}
	acts, err := p.ParseActions(banLine)
	if err != nil {
		t.Fatal(err)
	}
	if got := engine.FormatActions(p, acts); got != banLine {
		t.Errorf("action log reads back as\n%s\nwant\n%s", got, banLine)
	}
	bad := []struct{ log, want string }{
		{"m:e2e4", `action 1 "m:e2e4": black must ban one of white's moves first`},
		{"b:e2e4 m:e2e4", `action 2 "m:e2e4": e2e4 is banned for this move`},
		{"b:e2e4 b:d2d4", `action 2 "b:d2d4": not a ban phase: white is to move`},
		{"b:e2e5", `action 1 "b:e2e5": white has no legal move from e2 to e5 to ban`},
		{"b:e7e8q", `action 1 "b:e7e8q": a ban names only the squares`},
		{"e2e4", `action 1 "e2e4": want an action`},
		{"x:e2e4", `action 1 "x:e2e4": want an action`},
		{"b:e2e4 m:d2d5", `action 2 "m:d2d5"`},
	}
	for _, tc := range bad {
		_, err := p.ParseActions(tc.log)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.log, err, tc.want)
		}
	}
}

// TestBanGame plays, undoes and redoes actions, and round-trips the game
// through JSON and PGN.
func TestBanGame(t *testing.T) {
	p, _ := engine.Parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", banRules(t, "chess"))
	g := game.New(p)
	if err := g.PlayText("e4"); err == nil || !strings.Contains(err.Error(), "must ban") {
		t.Errorf("a move in the ban phase: %v", err)
	}
	for _, a := range strings.Fields(banLine) {
		if err := g.PlayText(a); err != nil {
			t.Fatalf("%s: %v", a, err)
		}
	}
	if !g.Undo() || !g.Undo() || !g.Redo() || !g.Redo() || g.Redo() {
		t.Fatal("undo/redo over bans")
	}
	wantFEN := g.Position().FEN()

	data, err := json.Marshal(g)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"b:e2e4","m:d2d4"`) || !strings.Contains(string(data), `"bans":true`) {
		t.Errorf("JSON %s: want actions and the bans rule", data)
	}
	var back game.Game
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if back.Position().FEN() != wantFEN {
		t.Errorf("JSON round trip: %s, want %s", back.Position().FEN(), wantFEN)
	}
	var bad game.Game
	err = json.Unmarshal([]byte(strings.Replace(string(data), `"m:d2d4"`, `"m:e2e4"`, 1)), &bad)
	if err == nil || !strings.Contains(err.Error(), `moves[1] "m:e2e4": e2e4 is banned`) {
		t.Errorf("JSON with a banned move: %v", err)
	}

	pgn := g.PGN(nil)
	if !strings.Contains(pgn, "1. {banning: e2e4} d4 {banning: d7d5} e6 2. {banning: c2c4} Nf3") {
		t.Errorf("PGN movetext:\n%s", pgn)
	}
	pg, _, err := game.ParsePGN(pgn)
	if err != nil {
		t.Fatalf("%v\n%s", err, pgn)
	}
	if pg.Position().FEN() != wantFEN || !slices.Equal(pg.Moves(), g.Moves()) {
		t.Errorf("PGN round trip: %s, want %s", pg.Position().FEN(), wantFEN)
	}
	badPGN := []struct{ text, want string }{
		{strings.Replace(pgn, "{banning: d7d5} e6", "e6", 1), "must ban"},
		{strings.Replace(pgn, "{banning: e2e4} d4", "{banning: d2d4} d4", 1), "d2d4 is banned"},
		{strings.Replace(pgn, "{banning: e2e4}", "{banning: e2e5}", 1), "{banning: e2e5}: white has no legal move from e2 to e5"},
		{"[Variant \"chess\"]\n\n1. {banning: e2e4} e4 *\n", "a ban in a game without bans"},
	}
	for _, tc := range badPGN {
		_, _, err := game.ParsePGN(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("PGN error %v, want one containing %q", err, tc.want)
		}
	}
}

// TestBanGameEnd checks the end of a game at a ban, in the game and its
// notations: the forced-ban mate and threefold repetition counting phases.
func TestBanGameEnd(t *testing.T) {
	p, err := engine.ParseFEN("R6k/7p/8/8/8/8/8/6K1 b - - 0 1 1", banRules(t, "chess"))
	if err != nil {
		t.Fatal(err)
	}
	g := game.New(p)
	if err := g.PlayText("b:h8g7"); err != nil {
		t.Fatal(err)
	}
	if g.Status() != engine.Checkmate || g.Result() != "1-0" {
		t.Fatalf("after the ban: %s %s, want checkmate 1-0", g.Status(), g.Result())
	}
	pgn := g.PGN(nil)
	if !strings.Contains(pgn, "1... {banning: h8g7} 1-0") {
		t.Errorf("PGN:\n%s", pgn)
	}
	if _, _, err := game.ParsePGN(pgn); err != nil {
		t.Errorf("%v\n%s", err, pgn)
	}

	// Knights out and back: the start's ban phase is seen a third time
	// after two rounds (16 actions); no earlier state repeats thrice.
	start, _ := engine.Parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", banRules(t, "chess"))
	g = game.New(start)
	round := strings.Fields("b:e2e4 m:g1f3 b:e7e5 m:g8f6 b:e2e4 m:f3g1 b:e7e5 m:f6g8")
	for i, a := range append(round, round...) {
		if st := g.Status(); st != engine.Active {
			t.Fatalf("action %d: %s before the repetition", i, st)
		}
		if err := g.PlayText(a); err != nil {
			t.Fatalf("action %d %s: %v", i, a, err)
		}
	}
	if st := g.Status(); st != engine.Threefold {
		t.Errorf("after two rounds: %s, want threefold", st)
	}
	// The same pieces with a different ban are a different state.
	q1, q2 := *start, *start
	b1, _ := q1.ParseBan("e2e4")
	b2, _ := q2.ParseBan("d2d4")
	q1.MakeBan(b1)
	q2.MakeBan(b2)
	if q1.Hash() == q2.Hash() || q1.Equal(&q2) || q1.Hash() == start.Hash() {
		t.Error("bans and phases must be part of the state")
	}
}

// FuzzParseBanFEN checks that any seventh field is read without a panic
// and that what is read writes back the same.
func FuzzParseBanFEN(f *testing.F) {
	for _, s := range []string{"0", "0:e2e4", "2:e2e4", "1", "0:e1g1", "3:e7e8q", "0:", ":", "01", "0:z9z9"} {
		f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 " + s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		r := engine.MustPreset("chess")
		_ = r.SetBool("bans", true)
		p, err := engine.ParseFEN(fen, r)
		if err != nil {
			return
		}
		q, err := engine.ParseFEN(p.FEN(), r)
		if err != nil || q.FEN() != p.FEN() || !q.Equal(p) {
			t.Fatalf("%q: FEN %q reads back as %v, %v", fen, p.FEN(), q, err)
		}
	})
}

// FuzzParseActions checks that any action log is read without a panic and
// that what is read writes back the same.
func FuzzParseActions(f *testing.F) {
	f.Add(banLine)
	f.Add("b:e2e4 m:e2e4")
	f.Add("m:e2e4")
	f.Add("b:a1a1 b:")
	f.Fuzz(func(t *testing.T, log string) {
		p, _ := engine.Parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", banRules(t, "chess"))
		acts, err := p.ParseActions(log)
		if err != nil {
			return
		}
		text := engine.FormatActions(p, acts)
		again, err := p.ParseActions(text)
		if err != nil || !slices.Equal(again, acts) {
			t.Fatalf("%q: %q reads back as %v, %v", log, text, again, err)
		}
	})
}

// TestBanSAN names bans as the moves they forbid, in SAN, in the ban
// phase before them and in the move phase they start; a game's history
// writes them so.
func TestBanSAN(t *testing.T) {
	tests := []struct{ name, preset, fen, from, to, want string }{
		{"1-D knight", "1d", "k/n/r/1/1/R/N/K w - - 0 1", "a2", "a4", "Na4"},
		{"capture", "chess", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1 0", "e4", "d5", "exd5"},
		{"promotion pair, no piece", "chess", "k7/4P3/8/8/8/8/8/4K3 w - - 0 1 0", "e7", "e8", "e8"},
		{"castling by the king's squares", "chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1 0", "e1", "g1", "O-O"},
		{"no legal move of the pair: its squares", "chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1 0", "e1", "e3", "e1e3"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, err := engine.ParseFEN(tc.fen, banRules(t, tc.preset))
			if err != nil {
				t.Fatal(err)
			}
			from, err1 := p.B.ParseSquare(tc.from)
			to, err2 := p.B.ParseSquare(tc.to)
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			b := engine.NewBan(from, to)
			if got := p.BanSAN(b); got != tc.want {
				t.Errorf("BanSAN(%s%s) in the ban phase = %q, want %q", tc.from, tc.to, got, tc.want)
			}
			if tc.want == tc.from+tc.to {
				return
			}
			q := *p
			q.MakeBan(b)
			if got := q.BanSAN(b); got != tc.want {
				t.Errorf("BanSAN(%s%s) once banned = %q, want %q", tc.from, tc.to, got, tc.want)
			}
			g := game.New(p)
			if err := g.Play(b); err != nil {
				t.Fatal(err)
			}
			if h := g.SANHistory(); len(h) != 1 || h[0] != "b:"+tc.want {
				t.Errorf("SANHistory after the ban = %q, want [b:%s]", h, tc.want)
			}
		})
	}
}
