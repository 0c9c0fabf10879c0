package bridge

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/solver/mate"
)

// decode reads what the page would read: the bridge's JSON.
func decode(t *testing.T, v any) map[string]any {
	t.Helper()
	var out map[string]any
	if err := json.Unmarshal([]byte(JSON(v)), &out); err != nil {
		t.Fatalf("%v: %s", err, JSON(v))
	}
	return out
}

const gardner1d = "bk,bn,br,x,x,wr,wn,wk:w"

func TestSessionPlaysAndUndoes(t *testing.T) {
	s, err := Load("1d", nil, gardner1d)
	if err != nil {
		t.Fatal(err)
	}
	st := decode(t, s.State())
	if st["fen"] != "k/n/r/1/1/R/N/K w - - 0 1" || st["side"] != "white" || st["over"] != false {
		t.Fatalf("start state %v", st)
	}
	legal := st["legal"].(map[string]any)
	if len(legal["a3"].([]any)) != 3 {
		t.Errorf("legal from a3: %v, want the rook's three moves", legal["a3"])
	}
	if _, err := s.Play("Na4"); err != nil {
		t.Fatal(err)
	}
	m, err := s.Move("a6", "a4", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := decode(t, m)["san"].([]any); len(got) != 2 || got[1] != "Rxa4" {
		t.Errorf("history %v, want Na4 Rxa4", got)
	}
	if _, err := s.Play("Ka9"); err == nil {
		t.Error("an illegal move was played")
	}
	st = decode(t, s.Goto(0))
	if st["cursor"] != 0.0 || st["length"] != 2.0 {
		t.Errorf("after goto 0: cursor %v, length %v; want 0 and 2", st["cursor"], st["length"])
	}
	if _, err := s.Undo(); err == nil {
		t.Error("undo at the start did not fail")
	}
	if st := decode(t, s.Goto(2)); st["cursor"] != 2.0 {
		t.Errorf("goto 2: cursor %v", st["cursor"])
	}
	if st := decode(t, s.Reset()); st["length"] != 0.0 {
		t.Errorf("reset kept %v moves", st["length"])
	}
	line, err := s.Line("1. Na4 Rxa4 2. Rxa4")
	if err != nil || len(line) != 3 || decode(t, line[2])["coord"] != "a3a4" {
		t.Errorf("line: %v, %v", JSON(line), err)
	}
	mv, err := s.Resolve("Na4", true)
	if err != nil || decode(t, mv)["coord"] != "a2a4" {
		t.Errorf("resolve: %v, %v", JSON(mv), err)
	}
	if pgn := decode(t, s.PGN(map[string]string{"Event": "test"}))["pgn"].(string); !strings.Contains(pgn, `[Event "test"]`) {
		t.Errorf("pgn %q", pgn)
	}
}

func TestRulesFromThePage(t *testing.T) {
	for _, tc := range []struct {
		rules Rules
		err   string
	}{
		{Rules{"castling": false, "promotion": []string{"q", "n"}}, ""},
		{Rules{"goal": "race"}, ""},
		{Rules{"goal": true}, `goal: want "checkmate" or "race"`},
		{Rules{"castling": "no"}, "castling: want true or false"},
		{Rules{"flying": true}, "flying"},
	} {
		_, err := Load("chess", tc.rules, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%v: %v", tc.rules, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%v: error %v, want %q", tc.rules, err, tc.err)
		}
	}
}

// TestTableAnswersAreTheOracles loads a precomputed table and checks
// that analysis, judging and the perfect opponent answer what the table
// oracle answers.
func TestTableAnswersAreTheOracles(t *testing.T) {
	start, _ := engine.Parse(gardner1d, nil)
	tab, err := solver.Solve(start, solver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	data, err := tab.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	s := Open(start)
	if _, err := s.LoadTable(data); err != nil {
		t.Fatal(err)
	}
	a, err := s.Analyse(0)
	if err != nil {
		t.Fatal(err)
	}
	if a.Method != "table" || a.Value != engine.WhiteWins || a.DTM != 11 || a.MateIn != 6 {
		t.Errorf("analysis %+v, want table, white-wins, 11 plies, mate in 6", a)
	}
	if want := start.SANLine(solver.PV(tab, start, solver.PVLength)); !slices.Equal(a.PV, want) {
		t.Errorf("PV %v, the table's %v", a.PV, want)
	}
	if a.Summary != "White wins: mate in 6 (11 plies)." {
		t.Errorf("summary %q", a.Summary)
	}
	for text, want := range map[string]bool{"Na4": true, "Rb3": false} {
		if text == "Rb3" {
			text = "a3a4"
		}
		j, err := s.Judge(text)
		if err != nil || decode(t, j)["optimal"] != want {
			t.Errorf("judge %s: %v, %v; want optimal %v", text, JSON(j), err, want)
		}
	}
	c, err := s.Choose("perfect", 1)
	if err != nil || decode(t, c)["san"] != "Na4" {
		t.Errorf("perfect chooses %v, %v; want Na4", JSON(c), err)
	}
	r, err := s.Reply("random", 0, 7)
	if err != nil || len(decode(t, r)["state"].(map[string]any)["san"].([]any)) != 1 {
		t.Errorf("reply: %v, %v", JSON(r), err)
	}
}

func TestSolveAndMateSearch(t *testing.T) {
	a, err := Solve("1d", nil, "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", 0, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Method != "exact" || a.Value != engine.Drawn || a.States != 457752 || len(a.PV) == 0 {
		t.Errorf("1×12 start: %+v", a)
	}
	// Too large for 1000 states: the mate oracle proves mate in 2, with
	// two best first moves.
	const mate2 = "7k/8/5K2/8/8/8/8/R7 w - - 0 1"
	a, err = Solve("chess", nil, mate2, 1000, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := engine.Parse(mate2, nil)
	o := mate.NewOracle(engine.White, 12, mate.Options{MaxNodes: 3_000_000})
	if want := p.SANLine(solver.PV(o, p, solver.PVLength)); a.Method != "mate-search" || a.MateIn != 2 || !slices.Equal(a.PV, want) {
		t.Errorf("mate in 2: %+v, want the mate oracle's PV %v", a, want)
	}
	s := Open(p)
	if len(a.BestMoves) != 2 || decode(t, a.BestMoves[0])["san"] != "Kg6" {
		t.Errorf("best moves %s, want Kg6 then Kf7", JSON(a.BestMoves))
	}
	for text, want := range map[string]bool{"Kg6": true, "Kf7": true, "Ra8+": false} {
		j, err := s.Judge(text)
		if err != nil || decode(t, j)["optimal"] != want || decode(t, j)["method"] != "mate-search" {
			t.Errorf("judge %s: %v, %v; want optimal %v by mate search", text, JSON(j), err, want)
		}
	}
}

func TestBanChessAnalysis(t *testing.T) {
	s, err := Load("1d", Rules{"bans": true}, gardner1d)
	if err != nil {
		t.Fatal(err)
	}
	a, err := s.Analyse(0)
	if err != nil {
		t.Fatal(err)
	}
	if a.Value != engine.Drawn || a.Method != "table" || a.Summary != "Draw with best play (bans and moves)." {
		t.Errorf("Gardner 1×8 with bans: %+v, want a draw from the ban table", a)
	}
	st := decode(t, s.State())
	if st["bans"] != true || st["banPhase"] != true || st["actor"] != "black" {
		t.Errorf("ban state %v", st)
	}
	if _, err := s.Move("a2", "a4", ""); err != nil {
		t.Fatal(err)
	}
	if st := decode(t, s.State()); st["banPhase"] != false || st["banned"].(map[string]any)["to"] != "a4" {
		t.Errorf("after the ban: %v", st)
	}
}

func TestJSONEscapes(t *testing.T) {
	got := JSON(Obj{{"s", "a<b>&\"\\\n\u2028"}, {"n", nil}, {"l", []string{}}, {"m", map[string]any{"b": 1, "a": true}}})
	want := `{"s":"a\u003cb\u003e\u0026\"\\\n\u2028","n":null,"l":[],"m":{"a":true,"b":1}}`
	if got != want {
		t.Errorf("JSON\n got %s\nwant %s", got, want)
	}
}

func TestStatusText(t *testing.T) {
	for _, tc := range []struct {
		variant string
		rules   Rules
		pos     string
		moves   []string
		want    string
	}{
		{"1d", nil, gardner1d, nil, "White to move."},
		{"chess", nil, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", []string{"Ra8+"}, "Black to move, in check."},
		{"1d", nil, "bk,x,wr,wk:b", nil, "White wins by checkmate."},
		{"1d", nil, "bk,x,x,x,x,x,x,x:w", nil, "Draw by stalemate."},
		{"race", nil, "x,x/bp,x/x,wp:b", []string{"a1"}, "Black wins by reaching the far rank first."},
		{"1d", Rules{"bans": true}, gardner1d, nil, "Black bans one of White's moves."},
		{"1d", Rules{"bans": true}, gardner1d, []string{"b:a2a4"}, "White to move; Black banned Na4."},
		{"1d", Rules{"bans": true}, "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w", []string{"b:a5a7"}, "Draw by stalemate: Black banned White's only move, Na7."},
	} {
		s, err := Load(tc.variant, tc.rules, tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range tc.moves {
			if _, err := s.Play(m); err != nil {
				t.Fatalf("%s %s: %v", tc.pos, m, err)
			}
		}
		if got := StatusText(s.Game()); got != tc.want {
			t.Errorf("%s after %v: %q, want %q", tc.pos, tc.moves, got, tc.want)
		}
	}
}
