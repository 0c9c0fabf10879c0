package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func runMateCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestMateCommand(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		want []string // substrings of stdout
	}{
		{"smothered mate", []string{"mate", "3", "r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1 w - - 0 1"}, 0,
			[]string{"White mates in 3 (5 plies), proven", "first moves mating within 3: Nh6+ (3)", "line: 1. Nh6+ Kh8 2. Qg8+ Rxg8 3. Nf7#"}},
		{"refuted", []string{"mate", "2", "r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1", "w", "-", "-", "0", "1"}, 0,
			[]string{"White has no forced mate in 2 or fewer moves (proven)"}},
		{"1-D position code", []string{"mate", "6", "bk,bn,br,x,x,wr,wn,wk:w"}, 0,
			[]string{"White mates in 6 (11 plies)", "first moves mating within 6: Na4 (6)"}},
		{"race", []string{"mate", "--variant", "race", "6", "pppp/4/4/PPPP w - - 0 1"}, 0,
			[]string{"White mates in 6", "a2 (6), d2 (6)"}},
		{"attacker not to move", []string{"mate", "--attacker", "white", "3", "R5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"}, 0,
			[]string{"White has already won"}},
		{"undecided", []string{"mate", "--nodes", "50", "3", "r1bq1rk1/pppnbNpp/2np4/4p1B1/2Q1P3/2NP4/PPP1BPPP/R4RK1 w - - 0 1"}, 1,
			[]string{"undecided"}},
		{"bad N", []string{"mate", "x", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}, 2, nil},
		{"bad position", []string{"mate", "2", "6k1/5ppp/9/8 w"}, 1, nil},
		{"bad attacker", []string{"mate", "--attacker", "red", "1", "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"}, 2, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runMateCmd(tt.args...)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stdout %q stderr %q", code, tt.code, out, errs)
			}
			for _, w := range tt.want {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			if code == 2 && errs == "" {
				t.Errorf("usage error without a message")
			}
		})
	}
}

func TestMateCommandJSON(t *testing.T) {
	code, out, errs := runMateCmd("mate", "--json", "--tree", "2", "3r2k1/5ppp/8/8/Q7/8/5PPP/4R1K1 w - - 0 1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Found bool `json:"found"`
		Moves int  `json:"moves"`
		Plies int  `json:"plies"`
		First []struct {
			SAN   string `json:"san"`
			Coord string `json:"coord"`
			Moves int    `json:"moves"`
		} `json:"first"`
		Tree *struct {
			Mate int               `json:"mate"`
			Next []json.RawMessage `json:"next"`
		} `json:"tree"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%q: %v", out, err)
	}
	if !res.Found || res.Moves != 2 || res.Plies != 3 || len(res.First) != 2 || res.Tree == nil || res.Tree.Mate != 2 || len(res.Tree.Next) != 2 {
		t.Errorf("JSON: %s", out)
	}
	// Without --tree the JSON has no tree.
	_, out, _ = runMateCmd("mate", "--json", "2", "3r2k1/5ppp/8/8/Q7/8/5PPP/4R1K1 w - - 0 1")
	if strings.Contains(out, `"tree":`) {
		t.Errorf("tree without --tree: %s", out)
	}
}
