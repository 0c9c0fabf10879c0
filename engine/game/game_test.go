package game

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// fixtureLine is one case of games.txt.
type fixtureLine struct {
	where   string // file:line
	verb    string
	variant string
	fields  []string
}

// readFixture reads a fixture file in the form of engine's notation
// fixtures: "#" comments, blank lines, "variant NAME" lines, and case
// lines "VERB FIELD | FIELD | …".
func readFixture(t *testing.T, path string) []fixtureLine {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []fixtureLine
	variant := "auto"
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		verb, rest, _ := strings.Cut(line, " ")
		if verb == "variant" {
			variant = strings.TrimSpace(rest)
			continue
		}
		fields := strings.Split(rest, "|")
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		out = append(out, fixtureLine{filepath.Base(path) + ":" + strconv.Itoa(n+1), verb, variant, fields})
	}
	return out
}

// gameFromFixture builds the start of a games.txt case: a preset, rule
// words and a position.
func gameFromFixture(t *testing.T, where, variant, start string) *Game {
	t.Helper()
	words := strings.Fields(variant)
	r, err := engine.Preset(words[0])
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	if err := applyRuleWords(r, strings.Join(words[1:], " ")); err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	p, err := engine.Parse(start, r)
	if err != nil {
		t.Fatalf("%s: %v", where, err)
	}
	return New(p)
}

func TestGameFixtures(t *testing.T) {
	cases := readFixture(t, "testdata/games.txt")
	if len(cases) < 15 {
		t.Fatalf("only %d cases read", len(cases))
	}
	for _, c := range cases {
		if c.verb != "game" || len(c.fields) != 5 {
			t.Fatalf("%s: want game VARIANT | START | LINE | STATUS | RESULT", c.where)
		}
		g := gameFromFixture(t, c.where, c.fields[0], c.fields[1])
		moves, err := g.Position().ParseLine(c.fields[2])
		if err != nil {
			t.Errorf("%s: %v", c.where, err)
			continue
		}
		for i, m := range moves {
			if err := g.Play(m); err != nil {
				t.Fatalf("%s: move %d: %v", c.where, i, err)
			}
		}
		if got := g.Status().String(); got != c.fields[3] {
			t.Errorf("%s: status %s, want %s", c.where, got, c.fields[3])
		}
		if got := g.Result(); got != c.fields[4] {
			t.Errorf("%s: result %s, want %s", c.where, got, c.fields[4])
		}
		w, won := g.Winner()
		switch c.fields[4] {
		case "1-0", "0-1":
			if want := engine.Color(c.fields[4][0] - '0' ^ 1); !won || w != want {
				t.Errorf("%s: winner %v %v, want %v", c.where, w, won, want)
			}
		default:
			if won {
				t.Errorf("%s: winner %v, want none", c.where, w)
			}
		}
		if g.Status().IsOver() {
			var buf [engine.MaxMoves]engine.Move
			legal := g.Position().LegalMoves(buf[:0])
			if len(legal) > 0 {
				before := snapshot(g)
				err := g.Play(legal[0])
				var me *engine.MoveError
				if !errors.As(err, &me) || me.Kind != engine.ErrGameOver {
					t.Errorf("%s: a move after the end: %v, want ErrGameOver", c.where, err)
				}
				if !reflect.DeepEqual(snapshot(g), before) {
					t.Errorf("%s: a refused move changed the game", c.where)
				}
			}
		}
	}
}

// gameState is everything observable about a game, for comparisons.
type gameState struct {
	Pos    engine.Position
	Start  engine.Position
	Moves  []engine.Move
	Redo   []engine.Move
	Status engine.Status
	JSON   string
}

func snapshot(g *Game) gameState {
	j, err := json.Marshal(g)
	if err != nil {
		panic(err)
	}
	return gameState{*g.Position(), *g.Start(), g.Moves(), g.RedoMoves(), g.Status(), string(j)}
}

func TestGamePlayUndoRedo(t *testing.T) {
	p, err := engine.Parse("bk,bn,br,x,x,wr,wn,wk:w", nil)
	if err != nil {
		t.Fatal(err)
	}
	g := New(p)
	if g.Undo() || g.Redo() {
		t.Fatal("Undo or Redo on a new game reported true")
	}
	for _, s := range []string{"Na4", "a6a4", "Rxa4"} {
		if err := g.PlayText(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	history := func() string { return strings.Join(g.SANHistory(), " ") }
	if got := history(); got != "Na4 Rxa4 Rxa4" {
		t.Fatalf("history %q", got)
	}
	afterThree := *g.Position()
	if !g.Undo() || !g.Undo() {
		t.Fatal("Undo failed")
	}
	if got := history(); got != "Na4" || len(g.RedoMoves()) != 2 {
		t.Fatalf("after two undos: history %q, redo %v", got, g.RedoMoves())
	}
	// Playing the next redo move keeps the rest of the stack.
	if err := g.PlayText("Rxa4"); err != nil {
		t.Fatal(err)
	}
	if len(g.RedoMoves()) != 1 {
		t.Fatalf("redo %d moves, want 1", len(g.RedoMoves()))
	}
	if !g.Redo() || g.Redo() {
		t.Fatal("Redo should succeed once")
	}
	if *g.Position() != afterThree {
		t.Fatal("Undo, Undo, Play, Redo did not come back to the same position")
	}
	for g.Undo() {
	}
	if *g.Position() != *p {
		t.Fatal("undoing everything did not give back the start")
	}
	// Another move clears the redo stack.
	if err := g.PlayText("Ra5"); err != nil {
		t.Fatal(err)
	}
	if len(g.RedoMoves()) != 0 || history() != "Ra5" {
		t.Fatalf("after a new move: history %q, redo %v", history(), g.RedoMoves())
	}
	// The game's positions are copies.
	g.Position().Put(0, engine.NoPiece)
	if g.Position().At(0) == engine.NoPiece {
		t.Fatal("changing the copy from Position changed the game")
	}
}

func TestGameRejects(t *testing.T) {
	start := "r3k2r/8/8/8/8/2N3N1/8/R3K2R w KQkq - 0 1"
	tests := []struct {
		text string
		kind engine.MoveErrorKind
	}{
		{"", engine.ErrSyntax},
		{"xyzzy", engine.ErrSyntax},
		{"Nz9", engine.ErrSyntax},
		{"a1a2q", engine.ErrBadPromotion},
		{"a1a2=Q", engine.ErrBadPromotion},
		{"a3a4", engine.ErrNoPiece},
		{"a8a7", engine.ErrWrongSide},
		{"Ke3", engine.ErrIllegal},
		{"Qa8", engine.ErrNoPiece},
		{"Bb5", engine.ErrNoPiece},
		{"Rb8", engine.ErrIllegal},
		{"Ne4", engine.ErrAmbiguous},
		{"d5d6d7", engine.ErrSyntax},
		{"e1e1", engine.ErrIllegal},
	}
	p, err := engine.Parse(start, nil)
	if err != nil {
		t.Fatal(err)
	}
	g := New(p)
	if err := g.PlayText("O-O"); err != nil {
		t.Fatal(err)
	}
	g.Undo()
	for _, tt := range tests {
		before := snapshot(g)
		err := g.PlayText(tt.text)
		var me *engine.MoveError
		if !errors.As(err, &me) || me.Kind != tt.kind {
			t.Errorf("PlayText(%q) = %v, want kind %d", tt.text, err, tt.kind)
		}
		if !reflect.DeepEqual(snapshot(g), before) {
			t.Errorf("PlayText(%q) changed the game", tt.text)
		}
	}
	for _, m := range []engine.Move{engine.NoMove, engine.NewMove(0, 200), engine.NewMove(4, 4)} {
		before := snapshot(g)
		if err := g.Play(m); err == nil {
			t.Errorf("Play(%#x) accepted", uint32(m))
		}
		if !reflect.DeepEqual(snapshot(g), before) {
			t.Errorf("Play(%#x) changed the game", uint32(m))
		}
	}
	// A move built with NewMove still finds its castling flag.
	if err := g.Play(engine.NewMove(p.B.Sq(4, 0), p.B.Sq(6, 0))); err != nil {
		t.Fatal(err)
	}
	if got := g.SANHistory(); len(got) != 1 || got[0] != "O-O" {
		t.Errorf("history %v, want O-O", got)
	}
}

func TestGameJSONRoundTrip(t *testing.T) {
	tests := []struct {
		variant, start, line string
		undo                 int
		want                 string
	}{
		{"chess", chessStartFEN, "1. e4 e5 2. Nf3", 1,
			`{"variant":"chess","start":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","moves":["e2e4","e7e5","g1f3"],"cursor":2}`},
		{"1d", "bk,bn,br,x,x,wr,wn,wk:w", "", 0,
			`{"variant":"1d","start":"k/n/r/1/1/R/N/K w - - 0 1","moves":[],"cursor":0}`},
		{"chess castling=false fifty_move=false promotion=qn", "4k3/P7/8/8/8/8/8/R3K3 w - - 0 1", "a8=N", 0,
			`{"variant":"chess","rules":{"castling":false,"fifty_move":false,"promotion":["q","n"]},"start":"4k3/P7/8/8/8/8/8/R3K3 w - - 0 1","moves":["a7a8n"],"cursor":1}`},
		{"gardner promotion=false goal=race", "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1", "1. a3 bxa3", 2,
			`{"variant":"gardner","rules":{"goal":"race","promotion":false},"start":"rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1","moves":["a2a3","b4a3"],"cursor":0}`},
	}
	for _, tt := range tests {
		g := gameFromFixture(t, tt.line, tt.variant, tt.start)
		moves, err := g.Position().ParseLine(tt.line)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range moves {
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
		for i := 0; i < tt.undo; i++ {
			g.Undo()
		}
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		if string(data) != tt.want {
			t.Errorf("JSON\n got %s\nwant %s", data, tt.want)
		}
		var back Game
		if err := json.Unmarshal(data, &back); err != nil {
			t.Fatalf("%s: %v", data, err)
		}
		if !reflect.DeepEqual(snapshot(&back), snapshot(g)) {
			t.Errorf("%s: the game read back differs", data)
		}
		if !reflect.DeepEqual(back.Rules(), g.Rules()) {
			t.Errorf("%s: rules read back %+v, want %+v", data, back.Rules(), g.Rules())
		}
	}
}

func TestGameJSONErrors(t *testing.T) {
	const fen = `"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"`
	tests := []struct{ in, want string }{
		{`{"variant":"chess","start":` + fen + `,"moves":["e2e4","e7e5","e1e3"]}`,
			`game: moves[2] "e1e3": the king on e1 cannot move to e3`},
		{`{"variant":"chess","start":` + fen + `,"moves":["e2e4","e2e4"]}`,
			`game: moves[1] "e2e4": no piece on e2`},
		{`{"variant":"chess","start":` + fen + `,"moves":["Nf3"]}`,
			`game: moves[0] "Nf3": bad move "Nf3": want coordinates like a1a3 or e7e8q`},
		{`{"variant":"chess","start":"7k/8/8/8/8/8/8/K6R b - - 0 1","moves":["h8g8","h1h8","g8h8","a1a2"]}`,
			`game: moves[3] "a1a2": the game is over (insufficient-material)`},
		{`{"variant":"chess","start":` + fen + `,"moves":["e2e4"],"cursor":2}`,
			`game: cursor 2: want a number from 0 to 1 (the number of moves)`},
		{`{"variant":"chess","start":` + fen + `,"moves":[],"cursor":-1}`,
			`game: cursor -1: want a number from 0 to 0 (the number of moves)`},
		{`{"variant":"blitz","start":` + fen + `,"moves":[]}`,
			`game: variant: unknown variant "blitz" (want one of 1d, chess, gardner, losalamos, race)`},
		{`{"variant":"chess","rules":{"castle":true},"start":` + fen + `,"moves":[]}`,
			`game: rules: unknown rule "castle" (want one of bans, castling, double_step, en_passant, fifty_move, goal, insufficient_material, promote_to_captured, promotion, threefold)`},
		{`{"variant":"chess","rules":{"castling":"no"},"start":` + fen + `,"moves":[]}`,
			`game: rules: castling: want true or false, got "no"`},
		{`{"variant":"chess","rules":{"promotion":true},"start":` + fen + `,"moves":[]}`,
			`game: rules: promotion: want a list of piece letters such as [q, r, b, n], or false`},
		{`{"variant":"chess","rules":{"goal":"mate"},"start":` + fen + `,"moves":[]}`,
			`game: rules: unknown goal "mate" (want checkmate or race)`},
		{`{"variant":"1d","start":` + fen + `,"moves":[]}`,
			`game: start: bad FEN: variant 1d needs a board one file wide, not 8×8`},
		{`{"variant":"chess","moves":[]}`, `game: start: missing start position`},
		{`{"variant":"chess","start":` + fen + `,"moves":"e2e4"}`,
			`game: json: cannot unmarshal string into Go struct field gameJSON.moves of type []string`},
	}
	for _, tt := range tests {
		g := New(MustParseForTest(t, "k/1/K w - - 0 1"))
		before := snapshot(g)
		err := json.Unmarshal([]byte(tt.in), g)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Unmarshal(%s)\n got %v\nwant %s", tt.in, err, tt.want)
		}
		if !reflect.DeepEqual(snapshot(g), before) {
			t.Errorf("Unmarshal(%s) changed the game", tt.in)
		}
	}
}

// MustParseForTest parses a position or fails the test.
func MustParseForTest(t *testing.T, s string) *engine.Position {
	t.Helper()
	p, err := engine.Parse(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// An en-passant target counts for repetition only when the capture is
// legal (FIDE 9.2.3): with the b5 pawn pinned to its king by the rook on
// h5, the start after Black's c7-c5 is the same position as after the
// kings' walks, and its third occurrence is a threefold repetition.
func TestRepetitionIgnoresImpossibleEnPassant(t *testing.T) {
	p, err := engine.Parse("8/8/8/KPp4r/8/8/8/6k1 w - c6 0 2", nil)
	if err != nil {
		t.Fatal(err)
	}
	g := New(p)
	for i, mv := range []string{"a5a4", "g1g2", "a4a5", "g2g1", "a5a4", "g1g2", "a4a5", "g2g1"} {
		if st := g.Status(); st != engine.Active {
			t.Fatalf("before move %d the game is %v", i+1, st)
		}
		if err := g.PlayText(mv); err != nil {
			t.Fatal(err)
		}
	}
	if st := g.Status(); st != engine.Threefold {
		t.Errorf("after the start's third occurrence the game is %v, want threefold repetition", st)
	}
	// With the pawn free to take, the target counts: the start does not
	// come back.
	q, _ := engine.Parse("8/8/8/1Pp4r/8/8/K7/6k1 w - c6 0 2", nil)
	g = New(q)
	for _, mv := range []string{"a2a3", "g1g2", "a3a2", "g2g1", "a2a3", "g1g2", "a3a2", "g2g1"} {
		g.PlayText(mv)
	}
	if st := g.Status(); st != engine.Active {
		t.Errorf("with a legal en-passant capture at the start, the game is %v after the walks, want active (two repetitions)", st)
	}
}
