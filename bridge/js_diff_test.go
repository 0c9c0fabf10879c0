package bridge

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/testscope"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/terms"
)

// The light play pages run a JavaScript port of the engine's rules and of
// Session's game functions (templates/static/js: the rules-*.js twins of
// engine/ and session.js). TestJSMatchesGo records random sessions here —
// every call and Go's answer as JSON — and has Node replay them against
// the port, which must answer the same (an error by its message).

// diffStart is a start position a transcript plays from, with moves to
// play first (a scripted repetition, a promotion) before the random ones.
type diffStart struct {
	name     string
	variant  string
	rules    Rules
	position string
	script   []string
	steps    int
}

// handStarts exercise the rules random play rarely reaches.
var handStarts = []diffStart{
	{name: "chess", variant: "chess", position: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", steps: 400},
	{name: "gardner", variant: "gardner", position: "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", steps: 400},
	{name: "losalamos", variant: "losalamos", position: "rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1", steps: 400},
	{name: "1d", variant: "1d", position: "bk,bn,br,x,x,wr,wn,wk:w", steps: 400},
	{name: "1d default", position: "bk,bn,br,x,x,x,x,wr,wn,wk:w", steps: 300},
	{name: "race", variant: "race", position: "ppp/3/PPP w - - 0 1", steps: 300},
	{name: "race with pieces", variant: "race", position: "1kr1/4/4/4/4/RK2 w - - 0 1", steps: 300},
	{name: "1d race", variant: "1d", rules: Rules{"goal": "race", "threefold": false}, position: "bk,bn,br,x,x,x,wr,wn,wk:b", steps: 300},
	{name: "race on a chess start", variant: "chess", rules: Rules{"goal": "race"}, position: "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", steps: 300},
	{name: "castling", variant: "chess", position: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", steps: 300,
		script: []string{"O-O-O", "o-o", "Kb2", "Rh2", "Kg8"}},
	{name: "castling through check", variant: "chess", position: "r3k2r/8/8/8/8/8/5q2/R3K2R w KQkq - 0 1", steps: 100,
		script: []string{"O-O", "0-0-0", "Kd1"}},
	{name: "shredder castling", variant: "chess", position: "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1", steps: 300},
	{name: "kiwipete", variant: "chess", position: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", steps: 400},
	{name: "en passant", variant: "chess", position: "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", steps: 200,
		script: []string{"exf6", "Nxf6", "e8=Q"}},
	{name: "pinned en passant", variant: "chess", position: "8/8/8/KPp4r/8/8/8/7k w - c6 0 2", steps: 200, script: []string{"bxc6"}},
	// A double step whose target no pawn may take: the target does not
	// count, so the third Ke1 repeats the position after a4 three times.
	{name: "uncapturable en passant", variant: "chess", position: "8/8/8/k7/1p6/8/P2B4/4K3 w - - 0 1", steps: 100,
		script: []string{"a4", "Kb6", "Kf1", "Ka5", "Ke1", "Kb6", "Kf1", "Ka5", "Ke1", "Kb6"}},
	{name: "capturable en passant", variant: "chess", position: "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1", steps: 100,
		script: []string{"a4", "Kd8", "Kd1", "Ke8", "Ke1", "Kd8", "Kd1", "Ke8", "Ke1", "Kd8", "Kd1", "Ke8", "Ke1"}},
	{name: "threefold off", variant: "chess", rules: Rules{"threefold": false}, position: "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", steps: 60,
		script: []string{"Kd1", "Kd8", "Ke1", "Ke8", "Kd1", "Kd8", "Ke1", "Ke8", "Kd1"}},
	{name: "promote to captured", variant: "chess", rules: Rules{"promote_to_captured": true}, position: "4k3/1P5r/8/8/8/8/8/R3K3 b - - 0 1", steps: 200,
		script: []string{"Rh1+", "Kd2", "Rxa1", "b8=Q", "b8", "b8=R+"}},
	{name: "promotion list", variant: "chess", rules: Rules{"promotion": []string{"n", "k"}}, position: "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1", steps: 200,
		script: []string{"b8=Q", "b8", "b8=K", "g1=Q", "g1=N"}},
	{name: "no promotion", variant: "gardner", rules: Rules{"promotion": false}, position: "k4/1P3/5/3p1/4K w - - 0 1", steps: 100},
	{name: "fifty-move", variant: "chess", position: "4k3/8/8/8/8/8/8/R3K3 w - - 98 60", steps: 60, script: []string{"Ra2", "Kd8", "Ra3"}},
	{name: "fifty-move off", variant: "chess", rules: Rules{"fifty_move": false, "insufficient_material": false}, position: "4k3/8/8/8/8/8/8/R3K3 w - - 98 60", steps: 100},
	{name: "insufficient", variant: "chess", position: "4k3/8/8/8/8/8/8/4KN2 w - - 0 1", steps: 20},
	{name: "mate", variant: "chess", position: "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", steps: 40, script: []string{"Ra8#", "Kh7"}},
	{name: "stalemate", variant: "chess", position: "7k/8/6Q1/8/8/8/8/K7 b - - 0 1", steps: 20},
	{name: "ambiguous", variant: "chess", position: "k7/8/8/1N3N2/8/1N3N2/8/K7 w - - 0 1", steps: 100,
		script: []string{"Nd4", "Nbd4", "N3d4", "Nb3d4"}},
	{name: "wide", variant: "chess", position: "r2k3r/pppppppp/16/16/16/16/PPPPPPPP/R2K3R w KQkq - 0 1", steps: 200},
	{name: "tall", variant: "chess", position: "1k/1r/2/2/2/2/2/2/2/2/2/2/2/2/R1/K1 w - - 0 1", steps: 200},
}

// badStarts are loads that fail, with Go's message.
var badStarts = []diffStart{
	{name: "unknown variant", variant: "shogi", position: "k/1/K w"},
	{name: "unknown rule", variant: "chess", rules: Rules{"casting": true}, position: "4k/5/4K w"},
	{name: "goal word", variant: "chess", rules: Rules{"goal": "capture"}, position: "4k/5/4K w"},
	{name: "goal bool", variant: "chess", rules: Rules{"goal": true}, position: "4k/5/4K w"},
	{name: "promotion true", variant: "chess", rules: Rules{"promotion": true}, position: "4k/5/4K w"},
	{name: "promotion pawn", variant: "chess", rules: Rules{"promotion": []string{"q", "p"}}, position: "4k/5/4K w"},
	{name: "castling string", variant: "chess", rules: Rules{"castling": "yes"}, position: "4k/5/4K w"},
	{name: "no position", variant: "chess", position: "hello"},
	{name: "fields", variant: "chess", position: "k w - - 0 1 2 3"},
	{name: "seventh", variant: "chess", position: "4k/5/4K w - - 0 1 4"},
	{name: "run", variant: "chess", position: "4k/05/4K w"},
	{name: "big run", variant: "chess", position: "4k/17/4K w"},
	{name: "letter", variant: "chess", position: "4k/4x/4K w"},
	{name: "empty rank", variant: "chess", position: "4k//4K w"},
	{name: "ragged", variant: "chess", position: "4k/4/4K w"},
	{name: "one rank", variant: "chess", position: "kK w"},
	{name: "side", variant: "chess", position: "4k/5/4K x"},
	{name: "castle no king", variant: "chess", position: "4k/5/K3R w K"},
	{name: "castle letter", variant: "chess", position: "r3k/5/R3K w Z"},
	{name: "castle twice", variant: "chess", position: "r3k/5/R3K w QQ"},
	{name: "castle rook", variant: "chess", position: "4k/5/R3K w K"},
	{name: "ep square", variant: "chess", position: "4k/8/8/8/8/8/8/4K3 w - z9"},
	{name: "ep rank", variant: "chess", position: "4k3/8/8/8/8/8/8/4K3 w - e3"},
	{name: "ep pawn", variant: "chess", position: "4k3/8/8/8/8/8/8/4K3 w - e6"},
	{name: "halfmove", variant: "chess", position: "4k3/8/8/8/8/8/8/4K3 w - - x"},
	{name: "move number", variant: "chess", position: "4k3/8/8/8/8/8/8/4K3 w - - 0 0"},
	{name: "two kings", variant: "chess", position: "4k3/8/8/8/8/8/8/3KK3 w"},
	{name: "pawn on last rank", variant: "chess", position: "4k2P/8/8/8/8/8/8/4K3 w"},
	{name: "1d bishop", variant: "1d", position: "bk,bb,x,wk:w"},
	{name: "1d wide", variant: "1d", position: "k1/2/K1 w"},
	{name: "in check", variant: "chess", position: "4k3/8/8/8/8/8/8/4R1K1 w"},
	{name: "code side", variant: "", position: "bk,x,wk:x"},
	{name: "code no side", variant: "", position: "bk,x,wk"},
	{name: "code cell", variant: "", position: "bk,zz,wk:w"},
	{name: "code letter", variant: "", position: "bk,wz,wk:w"},
	{name: "code ragged", variant: "", position: "bk,x/wk:w"},
	{name: "code ranks", variant: "", position: "bk,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,wk:w"},
	{name: "code wide", variant: "", position: "bk,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x/x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,x,wk:w"},
	{name: "board 2x1", variant: "chess", position: "kK w"},
}

// modeStarts returns the start of every mode file under ../modes whose
// rules have no bans.
func modeStarts(t *testing.T) []diffStart {
	var out []diffStart
	err := filepath.WalkDir("../modes", func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		m, errs := mode.LoadModeFile(path)
		if errs.Err() != nil {
			return fmt.Errorf("%s: %v", path, errs.Err())
		}
		rules := Rules{}
		for _, r := range m.Overrides() {
			switch {
			case r.Name == "goal":
				rules[r.Name] = r.Value
			case r.Name == "promotion" && r.Value != "false":
				rules[r.Name] = strings.Split(r.Value, ", ")
			default:
				rules[r.Name] = r.Value == "true"
			}
		}
		if m.Rules.Bans {
			return nil
		}
		steps := 250
		if m.Start.B.N <= 16 {
			steps = 800
		}
		out = append(out, diffStart{name: path, variant: m.Variant, rules: rules, position: m.StartText, steps: steps})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 20 {
		t.Fatalf("found %d mode files without bans under ../modes, want at least 20", len(out))
	}
	return out
}

// randomStarts makes positions on boards of every shape the engine
// allows (and some it refuses), under random presets and overrides: most
// load and are played briefly, the rest check the parse errors.
func randomStarts(n int, rng *rand.Rand) []diffStart {
	var out []diffStart
	for i := 0; len(out) < n; i++ {
		st := randomStart(rng)
		// Mostly positions that load; one in five of those refused stays.
		if _, err := NewGame(st.variant, st.rules, st.position); err == nil || rng.IntN(5) == 0 {
			st.name = fmt.Sprintf("random %d", i)
			out = append(out, st)
		}
	}
	return out
}

// randomStart makes one random start: pieces, maybe kings and rooks set
// for castling, maybe a pawn that has just double-stepped.
func randomStart(rng *rand.Rand) diffStart {
	w, h := 1+rng.IntN(8), 2+rng.IntN(9)
	switch rng.IntN(10) {
	case 0:
		w = 1
	case 1:
		w, h = 1+rng.IntN(16), 1+rng.IntN(16)
	}
	cells := make([]byte, w*h) // top rank first
	for j := range cells {
		cells[j] = '.'
	}
	at := func(f, r int) *byte { return &cells[(h-1-r)*w+f] }
	castle := "-"
	if rng.IntN(3) == 0 && w >= 3 && h >= 2 {
		k := 1 + rng.IntN(w-2)
		*at(k, 0), *at(k, h-1) = 'K', 'k'
		*at(0, 0), *at(w-1, 0), *at(0, h-1), *at(w-1, h-1) = 'R', 'R', 'r', 'r'
		castle = []string{"KQkq", "K", "Qk", "KQ", "kq", string(rune('A'+w-1)) + "a"}[rng.IntN(6)]
	} else {
		for _, k := range []byte{'K', 'k'} {
			if rng.IntN(10) > 0 {
				cells[rng.IntN(len(cells))] = k
			}
		}
	}
	for range rng.IntN(2 + len(cells)/3) {
		if j := rng.IntN(len(cells)); cells[j] == '.' {
			cells[j] = "PNBRQpnbrq"[rng.IntN(10)]
		}
	}
	side := rng.IntN(2)
	ep := "-"
	switch f := rng.IntN(w); {
	case rng.IntN(10) == 0:
		ep = fmt.Sprintf("%c%d", 'a'+f, 1+rng.IntN(h))
	case rng.IntN(3) == 0 && h >= 5:
		// The side not to move has just double-stepped a pawn on file f.
		r, step, pawn := 3, -1, byte('P')
		if side == 0 {
			r, step, pawn = h-4, 1, 'p'
		}
		*at(f, r), *at(f, r+step), *at(f, r+2*step) = pawn, '.', '.'
		ep = fmt.Sprintf("%c%d", 'a'+f, r+step+1)
		if f+1 < w && rng.IntN(2) == 0 {
			*at(f+1, r) = "pP"[side]
		}
	}
	var fen strings.Builder
	for r := range h {
		if r > 0 {
			fen.WriteByte('/')
		}
		empty := 0
		for f := range w {
			c := cells[r*w+f]
			if c == '.' {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&fen, empty)
				empty = 0
			}
			fen.WriteByte(c)
		}
		if empty > 0 {
			fmt.Fprint(&fen, empty)
		}
	}
	fmt.Fprintf(&fen, " %c %s %s %d %d", "wb"[side], castle, ep, rng.IntN(100), 1+rng.IntN(60))
	variant := []string{"", "chess", "chess", "gardner", "losalamos", "race", "1d"}[rng.IntN(7)]
	if w > 1 && variant == "1d" {
		variant = "chess"
	}
	rules := Rules{}
	for _, name := range []string{"castling", "en_passant", "double_step", "promote_to_captured", "fifty_move", "threefold", "insufficient_material"} {
		if rng.IntN(6) == 0 {
			rules[name] = rng.IntN(2) == 0
		}
	}
	if rng.IntN(6) == 0 {
		rules["goal"] = []string{"race", "checkmate"}[rng.IntN(2)]
	}
	if rng.IntN(6) == 0 {
		rules["promotion"] = [][]string{{"q"}, {"n", "k"}, {"r", "b"}}[rng.IntN(3)]
	}
	return diffStart{variant: variant, rules: rules, position: fen.String(), steps: 60}
}

// recorder writes each call and Go's answer as a line of JSON.
type recorder struct {
	out    bytes.Buffer
	s      *Session
	calls  int
	tables int
	// maxStates bounds the tables it solves (tableStates, or
	// shortTableStates under -short).
	maxStates int
}

func (r *recorder) call(op string, args []any, fn func() (any, error)) {
	v, err := fn()
	want := ""
	if err != nil {
		want = JSON(Obj{{"error", err.Error()}})
	} else {
		want = JSON(v)
	}
	a, jerr := json.Marshal(args)
	if jerr != nil {
		panic(jerr)
	}
	fmt.Fprintf(&r.out, "{\"op\":%q,\"args\":%s,\"want\":%s}\n", op, a, want)
	r.calls++
}

// junk are texts that are not moves, or not legal ones, in most positions.
var junk = []string{"", "  ", "Zz9", "e9", "a0a1", "a1a1", "Kx", "O-O", "O-O-O", "0-0", "o-o-o", "b:a1a2", "m:a1a2",
	"b:", "xyz", "Q", "e8=P", "e8=X", "h", "Ra", "R1a2", "R0a2", "Nq3", "e4e5e6", "a1b2q", "a1b2=k", "a1b2=p", "a1b2x",
	"12", "1.", "Pe4", "exd", "a9", "Ka1+!", "Nb1c3", "bxa3 e.p.", "a1-a2", "Rxa2#", "i1", "Ri1a1", "Kab1", "a17a1",
	"a+1a2", "a1a", "k", "-", "Bx", "e", "b1=Q", "Nc3?!", "Qa1a1", "Rab1", "R12a1", "KK",
	"½-½", "Nf3é", "é4", "Ñf3", "e4\t\x01", "Q\"a1", "a1b2\\", "a1'", "N'f3", "a1a2\x7f"}

// randomText picks a text to play: a legal move in one of the ways people
// write it, or junk, or a random square pair or SAN-like word.
func randomText(rng *rand.Rand, p *engine.Position, legal []engine.Move) string {
	b := p.B
	sq := func() string { return b.Name(engine.Square(rng.IntN(b.N))) }
	if len(legal) > 0 && rng.IntN(3) > 0 {
		m := legal[rng.IntN(len(legal))]
		san := p.SAN(m)
		switch rng.IntN(8) {
		case 0:
			return m.Coord(b)
		case 1:
			return strings.TrimRight(san, "+#") + "!?"
		case 2:
			return strings.ToLower(strings.ReplaceAll(san, "=", ""))
		case 3:
			if t := p.At(m.From()).Type(); t != engine.Pawn && !m.IsCastle() {
				return strings.ToUpper(string(t.Letter())) + b.Name(m.From()) + "x" + b.Name(m.To())
			}
			return " " + san + " "
		case 4:
			if m.Promotion() != engine.NoPieceType {
				return b.Name(m.From()) + b.Name(m.To()) + "=" + strings.ToUpper(string(m.Promotion().Letter()))
			}
			return strings.ReplaceAll(san, "O", "0")
		case 5:
			return "m:" + m.Coord(b)
		}
		return san
	}
	switch rng.IntN(4) {
	case 0:
		return junk[rng.IntN(len(junk))]
	case 1:
		return sq() + sq()
	case 2:
		return string("KQRBNP"[rng.IntN(6)]) + sq()
	}
	return string("KQRBN"[rng.IntN(5)]) + string(rune('a'+rng.IntN(b.W))) + sq()
}

// record plays one start: load, parse, the script, then random calls.
func (r *recorder) record(st diffStart, rng *rand.Rand) {
	r.s = nil
	r.call("load", []any{st.variant, st.rules, st.position}, func() (any, error) {
		s, err := Load(st.variant, st.rules, st.position)
		if err != nil {
			return nil, err
		}
		r.s = s
		return s.State(), nil
	})
	r.call("parse", []any{st.variant, st.rules, st.position}, func() (any, error) { return Parse(st.variant, st.rules, st.position) })
	if r.s == nil {
		return
	}
	s := r.s
	r.table(st, s)
	for _, text := range st.script {
		r.call("play", []any{text}, func() (any, error) { return s.Play(text) })
		r.call("extra", nil, func() (any, error) { return extra(s), nil })
	}
	for range st.steps {
		g := s.Game()
		p := g.Position()
		var buf [engine.MaxMoves]engine.Move
		legal := p.LegalMoves(buf[:0])
		over := g.Status().IsOver()
		k := rng.IntN(100)
		if over && k < 40 {
			k = 60 + k%10 // mostly step back from an ended game
		}
		switch {
		case k < 30:
			text := randomText(rng, p, legal)
			r.call("play", []any{text}, func() (any, error) { return s.Play(text) })
		case k < 45:
			from, to, promo := p.B.Name(engine.Square(rng.IntN(p.B.N))), p.B.Name(engine.Square(rng.IntN(p.B.N))), ""
			if len(legal) > 0 && rng.IntN(4) > 0 {
				m := legal[rng.IntN(len(legal))]
				from, to = p.B.Name(m.From()), p.B.Name(m.To())
				if m.Promotion() != engine.NoPieceType {
					promo = string(m.Promotion().Letter())
				}
			}
			if rng.IntN(10) == 0 {
				odd := []string{"q", "r", "b", "n", "k", "p", "x", "=Q", "qq", "\x01", "\"", "\\", "'", "\x7f"}
				promo = odd[rng.IntN(len(odd))]
			}
			r.call("move", []any{from, to, promo}, func() (any, error) { return s.Move(from, to, promo) })
		case k < 50:
			r.call("state", nil, func() (any, error) { return s.State(), nil })
		case k < 70:
			r.call("undo", nil, func() (any, error) { return s.Undo() })
		case k < 74:
			n := rng.IntN(len(g.Moves()) + len(g.RedoMoves()) + 2)
			r.call("goto", []any{n}, func() (any, error) { return s.Goto(n), nil })
		case k < 75:
			r.call("reset", nil, func() (any, error) { return s.Reset(), nil })
		case k < 79:
			tags := map[string]string{}
			for _, kv := range [][2]string{{"Event", "Diff \"test\""}, {"White", "Go\\JS"}, {"Result", "1-0"}, {"Result", "½-½"},
				{"Annotator", "me"}, {"FEN", "x"}, {"Black", "line\nbreak"}, {"Aaa", "1"}, {"ZZ", ""}} {
				if rng.IntN(3) == 0 {
					tags[kv[0]] = kv[1]
				}
			}
			r.call("pgn", []any{tags}, func() (any, error) { return s.PGN(tags), nil })
		case k < 86:
			words := strings.Fields(g.Start().LineText(g.SANHistory()))
			if len(words) > 0 && rng.IntN(3) == 0 {
				words[rng.IntN(len(words))] = junk[rng.IntN(len(junk))]
			}
			if rng.IntN(4) == 0 {
				words = append(words, []string{"1-0", "*", "1/2-1/2", "0-1"}[rng.IntN(4)])
			}
			text := strings.Join(words, " ")
			if rng.IntN(4) == 0 {
				text = strings.ReplaceAll(text, ". ", ".")
			}
			r.call("line", []any{text}, func() (any, error) {
				ms, err := s.Line(text)
				if err != nil {
					return nil, err
				}
				return ms, nil
			})
		case k < 93:
			atStart := rng.IntN(3) == 0
			q := p
			if atStart {
				q = g.Start()
			}
			ql := q.LegalMoves(buf[:0])
			text := randomText(rng, q, ql)
			r.call("resolve", []any{text, atStart}, func() (any, error) { return s.Resolve(text, atStart) })
		default:
			r.call("extra", nil, func() (any, error) { return extra(s), nil })
		}
		if k < 45 && rng.IntN(4) == 0 {
			r.call("extra", nil, func() (any, error) { return extra(s), nil })
		}
		if s.table != nil && k%3 == 0 {
			r.tableCalls(s, rng)
		}
	}
}

// tableStates bounds the tables the differential test solves, and
// shortTableStates those of the short sample.
const (
	tableStates      = 100_000
	shortTableStates = 10_000
)

// table solves a start small enough and loads its play table on both
// sides, so that the table calls (analyse, judge, the move values and
// the strategies' first choices) are compared too.
func (r *recorder) table(st diffStart, s *Session) {
	t, err := solver.Solve(s.Game().Start(), solver.Options{MaxStates: r.maxStates})
	if err != nil {
		return
	}
	play, err := t.MarshalPlay()
	if err != nil {
		r.call("table-error", nil, func() (any, error) { return nil, err })
		return
	}
	r.tables++
	r.call("table", []any{base64.StdEncoding.EncodeToString(play)}, func() (any, error) {
		s.table = t
		return s.State(), nil
	})
}

// tableCalls asks the table about the current position.
func (r *recorder) tableCalls(s *Session, rng *rand.Rand) {
	p := s.Game().Position()
	r.call("analyse", nil, func() (any, error) {
		a, err := s.Analyse(0)
		if err != nil {
			return nil, err
		}
		return a.Obj(), nil
	})
	r.call("values", nil, func() (any, error) {
		out := []Obj{}
		for _, mv := range s.table.MoveValues(p) {
			out = append(out, Obj{{"move", mv.Move.Coord(p.B)}, {"value", int(mv.Value)}, {"dtm", mv.DTM}})
		}
		return out, nil
	})
	for _, name := range []string{"perfect", "aggressive", "cooperative", "random"} {
		r.call("first", []any{name}, func() (any, error) {
			st, _ := terms.ParseStrategy(name)
			if m := s.table.Choose(p, st, nil); m != engine.NoMove {
				return m.Coord(p.B), nil
			}
			return nil, nil
		})
	}
	// Where the table has no answer (the game is over) Go falls back on
	// its mate searcher, which the page's JavaScript engine does not have.
	if s.table.BestMoves(p) != nil {
		var buf [engine.MaxMoves]engine.Move
		legal := p.LegalMoves(buf[:0])
		text := randomText(rng, p, legal)
		r.call("judge", []any{text}, func() (any, error) { return s.Judge(text) })
	}
}

// extra is what session.diff.mjs answers from the rules twins beyond the
// bridge: the legal moves in generation and canonical order, the state
// key, the position's own status, the line text and Position.Equal.
func extra(s *Session) Obj {
	g := s.Game()
	p := g.Position()
	var buf [engine.MaxMoves]engine.Move
	legal := p.LegalMoves(buf[:0])
	coords := func(ms []engine.Move) []string {
		out := []string{}
		for _, m := range ms {
			out = append(out, m.Coord(p.B))
		}
		return out
	}
	sorted := slices.Clone(legal)
	engine.SortMoves(sorted)
	return Obj{
		{"legal", coords(legal)}, {"sorted", coords(sorted)}, {"key", solver.StateKey(p)},
		{"status", p.Status().String()}, {"inCheck", p.InCheck()}, {"fen", p.FEN()}, {"code", p.Code()},
		{"lineText", g.Start().LineText(g.SANHistory())}, {"equalStart", p.Equal(g.Start())},
		{"actionNames", g.Start().ActionNames(g.Moves())},
	}
}

// describeWords is what session.diff.mjs answers to "words".
func describeWords() []string {
	var out []string
	for _, g := range []engine.Goal{engine.GoalCheckmate, engine.GoalRace} {
		for _, o := range []engine.Outcome{engine.WhiteWins, engine.BlackWins, engine.Drawn, engine.Unknown} {
			for _, plies := range []int{-1, 0, 1, 2, 11} {
				out = append(out, o.Describe(g, engine.MateIn(plies%2 == 1, plies), plies))
			}
		}
	}
	return out
}

// shortSteps caps a start's random calls under -short, and shortEvery
// keeps one mode file in so many: the short sample still plays every
// hand-written start (each script whole), every refused load, some mode
// files with their tables and a few random boards, in about a tenth of
// the time.
const (
	shortSteps  = 30
	shortEvery  = 8
	shortRandom = 40
	fullRandom  = 600
	// Without -short and without the full run (package testscope): every
	// third mode's start and a quarter of the random ones.
	sampleEvery  = 3
	sampleRandom = 150
)

// diffStarts is the sample of starts: all of them, or under short a
// smaller one (see shortSteps).
func diffStarts(t *testing.T, short bool) []diffStart {
	modes := modeStarts(t)
	every, nRandom := 1, fullRandom
	switch {
	case short:
		every, nRandom = shortEvery, shortRandom
	case !testscope.Full():
		every, nRandom = sampleEvery, sampleRandom
	}
	if every > 1 {
		var some []diffStart
		for i, st := range modes {
			if i%every == 0 {
				some = append(some, st)
			}
		}
		modes = some
	}
	starts := append(append(slices.Clone(handStarts), badStarts...), modes...)
	starts = append(starts, randomStarts(nRandom, rand.New(rand.NewPCG(1, 2)))...)
	if short {
		for i := range starts {
			starts[i].steps = min(starts[i].steps, shortSteps)
		}
	}
	return starts
}

// TestJSMatchesGo runs the whole sample in the full run (package
// testscope), a third of it by default, or a small one under -short.
func TestJSMatchesGo(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("the JavaScript differential test needs node in CI: %v", err)
		}
		t.Skipf("skipping the JavaScript differential test: %v (install Node 20 or later)", err)
	}
	r := recorder{maxStates: tableStates}
	if testing.Short() {
		r.maxStates = shortTableStates
	}
	began := time.Now()
	r.call("words", nil, func() (any, error) { return describeWords(), nil })
	starts := diffStarts(t, testing.Short())
	for i, st := range starts {
		r.record(st, rand.New(rand.NewPCG(uint64(i), 7)))
	}
	file := filepath.Join(t.TempDir(), "transcript.jsonl")
	if keep := os.Getenv("THINCHESS_JSDIFF_OUT"); keep != "" {
		file = keep // kept for a closer look at a difference
	}
	if err := os.WriteFile(file, r.out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	recorded := time.Since(began)
	out, err := exec.Command(node, "../templates/static/js/session.diff.mjs", file).CombinedOutput()
	if err != nil {
		t.Fatalf("the JavaScript port answers differently from Go (%d starts, %d calls): %v\n%s", len(starts), r.calls, err, out)
	}
	t.Logf("%d starts (%d with tables), %d calls recorded in %v, replayed in %v: %s", len(starts), r.tables, r.calls,
		recorded.Round(time.Millisecond), (time.Since(began) - recorded).Round(time.Millisecond), bytes.TrimSpace(out))
}
