package main

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// graphLine is one line of graph's output.
type graphLine struct {
	FEN      string   `json:"fen"`
	Terminal string   `json:"terminal"`
	Value    string   `json:"value"`
	DTM      *int     `json:"dtm"`
	Next     []string `json:"next"`
}

// TestGraphCommand checks graph's output on Gardner's 1-D chess: one line
// a state, the graph closed under next, every field consistent with the
// rules and with the values of the successors.
func TestGraphCommand(t *testing.T) {
	code, out, errs := runCLI("graph", "bk,bn,br,x,x,wr,wn,wk:w")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var lines []graphLine
	byFEN := map[string]*graphLine{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var l graphLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if l.DTM == nil || l.Next == nil {
			t.Fatalf("line %q lacks dtm or next", sc.Text())
		}
		lines = append(lines, l)
	}
	for i := range lines {
		byFEN[lines[i].FEN] = &lines[i]
	}
	if len(lines) != 1237 || len(byFEN) != 1237 {
		t.Fatalf("%d lines, %d distinct states; want 1237", len(lines), len(byFEN))
	}
	if s := byFEN["k/n/r/1/1/R/N/K w - - 0 1"]; s == nil || s.Value != "W" || *s.DTM != 11 {
		t.Fatalf("start: %+v", s)
	}
	kinds := map[string]int{}
	for _, l := range lines {
		kinds[l.Terminal]++
		p, err := engine.Parse(l.FEN, nil)
		if err != nil {
			t.Fatal(err)
		}
		st := p.Status()
		want := map[engine.Status]string{engine.Active: "-", engine.Checkmate: "mate", engine.Stalemate: "stalemate", engine.InsufficientMaterial: "insufficient"}[st]
		if l.Terminal != want {
			t.Fatalf("%s: terminal %q, status %s", l.FEN, l.Terminal, st)
		}
		if (l.Terminal == "-") != (len(l.Next) > 0) {
			t.Fatalf("%s: terminal %q with %d successors", l.FEN, l.Terminal, len(l.Next))
		}
		// The mover's best outcome among the successors gives the value.
		mover := "W"
		if p.Side == engine.Black {
			mover = "B"
		}
		bestWin, worstLoss, draw := -1, -1, false
		for _, n := range l.Next {
			c := byFEN[n]
			if c == nil {
				t.Fatalf("%s: successor %s is not a line of the output", l.FEN, n)
			}
			switch {
			case c.Value == mover && (bestWin < 0 || *c.DTM < bestWin):
				bestWin = *c.DTM
			case c.Value == "D":
				draw = true
			case c.Value != mover:
				worstLoss = max(worstLoss, *c.DTM)
			}
		}
		switch {
		case l.Terminal == "mate":
			if l.Value == mover || l.Value == "D" || *l.DTM != 0 {
				t.Fatalf("%s: mated, but %s in %d", l.FEN, l.Value, *l.DTM)
			}
		case l.Terminal != "-":
			if l.Value != "D" || *l.DTM != -1 {
				t.Fatalf("%s: %s, but %s in %d", l.FEN, l.Terminal, l.Value, *l.DTM)
			}
		case bestWin >= 0:
			if l.Value != mover || *l.DTM != bestWin+1 {
				t.Fatalf("%s: %s in %d, but a move wins in %d", l.FEN, l.Value, *l.DTM, bestWin+1)
			}
		case draw:
			if l.Value != "D" || *l.DTM != -1 {
				t.Fatalf("%s: %s in %d, but a move draws", l.FEN, l.Value, *l.DTM)
			}
		default:
			if l.Value == mover || l.Value == "D" || *l.DTM != worstLoss+1 {
				t.Fatalf("%s: %s in %d, but every move loses, the slowest in %d", l.FEN, l.Value, *l.DTM, worstLoss+1)
			}
		}
	}
	if kinds["mate"] != 139 || kinds["stalemate"] != 40 || kinds["insufficient"] != 36 {
		t.Errorf("terminal kinds %v", kinds)
	}
	// The output is the same every time.
	_, again, _ := runCLI("graph", "bk,bn,br,x,x,wr,wn,wk:w")
	if again != out {
		t.Error("a second run prints something else")
	}
}

// TestGraphRace checks the race terminal kind.
func TestGraphRace(t *testing.T) {
	code, out, errs := runCLI("graph", "--variant", "race", "bp,bp,bp/x,x,x/wp,wp,wp:w")
	if code != 0 {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	n, race := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var l graphLine
		if err := json.Unmarshal([]byte(line), &l); err != nil {
			t.Fatal(err)
		}
		n++
		if l.Terminal == "race" {
			race++
			if l.Value == "D" || *l.DTM != 0 {
				t.Errorf("%s: race terminal, but %s in %d", l.FEN, l.Value, *l.DTM)
			}
		}
	}
	if n != 135 || race == 0 {
		t.Errorf("%d states, %d race terminals", n, race)
	}
}

func TestGraphCommandErrors(t *testing.T) {
	for _, tt := range []struct {
		args []string
		code int
		want string
	}{
		{nil, 2, "missing POSITION"},
		{[]string{"x,x:w,"}, 1, "bad position"},
		{[]string{"--max-states", "10", "bk,bn,br,x,x,wr,wn,wk:w"}, 1, "more than 10 states"},
	} {
		code, out, errs := runCLI(append([]string{"graph"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errs, tt.want) || out != "" {
			t.Errorf("graph %q: exit %d, stdout %q, stderr %q; want exit %d and %q", tt.args, code, out, errs, tt.code, tt.want)
		}
	}
}
