package engine_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// ruleCase is one line of a testdata/rules/*.txt file:
//
//	rules | position | legal moves | status [| move => FEN after it]
//
// rules is a preset name and optional overrides such as promotion=qrn,
// promotion=false, castling=false, promote_to_captured=true or
// material=KRNPP/k (each side's initial material, for promote_to_captured).
// The legal moves are in coordinate notation, sorted, or "-" for none.
type ruleCase struct {
	pos      string // file:line
	rules    string
	position string
	moves    []string
	status   string
	play     string // optional: a move to play …
	after    string // … and the FEN it must give
}

func readRuleCases(t *testing.T) []ruleCase {
	t.Helper()
	files, err := filepath.Glob("testdata/rules/*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no rule fixtures in testdata/rules (%v)", err)
	}
	var cases []ruleCase
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		for n := 1; sc.Scan(); n++ {
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			fields := strings.Split(line, "|")
			for i := range fields {
				fields[i] = strings.TrimSpace(fields[i])
			}
			c := ruleCase{pos: fmt.Sprintf("%s:%d", name, n)}
			switch len(fields) {
			case 5:
				var ok bool
				c.play, c.after, ok = strings.Cut(fields[4], "=>")
				if !ok {
					t.Fatalf("%s: fifth field %q: want \"move => FEN\"", c.pos, fields[4])
				}
				c.play, c.after = strings.TrimSpace(c.play), strings.TrimSpace(c.after)
				fallthrough
			case 4:
				c.rules, c.position, c.status = fields[0], fields[1], fields[3]
				if fields[2] != "-" {
					c.moves = strings.Fields(fields[2])
				}
			default:
				t.Fatalf("%s: want \"rules | position | moves | status [| move => FEN]\", got %d fields", c.pos, len(fields))
			}
			if !slices.IsSorted(c.moves) {
				t.Fatalf("%s: the expected moves are not sorted", c.pos)
			}
			cases = append(cases, c)
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
	return cases
}

// parseRules reads "preset key=value …".
func parseRules(s string) (*engine.Rules, error) {
	words := strings.Fields(s)
	if len(words) == 0 {
		return nil, fmt.Errorf("no preset")
	}
	r, err := engine.Preset(words[0])
	if err != nil {
		return nil, err
	}
	for _, w := range words[1:] {
		key, val, ok := strings.Cut(w, "=")
		if !ok {
			return nil, fmt.Errorf("override %q: want key=value", w)
		}
		switch {
		case key == "material":
			r.InitialMaterial = [2][7]int8{}
			for i := 0; i < len(val); i++ {
				if val[i] == '/' {
					continue
				}
				t, ok := engine.PieceTypeFromLetter(val[i])
				if !ok {
					return nil, fmt.Errorf("material %q: %q is not a piece letter", val, val[i])
				}
				c := engine.White
				if val[i] >= 'a' {
					c = engine.Black
				}
				r.InitialMaterial[c][t]++
			}
		case key == "goal":
			err = r.SetGoal(val)
		case key == "promotion" && val != "false":
			err = r.SetPromotion(strings.Split(val, ""))
		case val == "true" || val == "false":
			err = r.SetBool(key, val == "true")
		default:
			err = fmt.Errorf("override %q: want true or false", w)
		}
		if err != nil {
			return nil, err
		}
	}
	return r, nil
}

// TestRules checks hand-worked rule cases: the exact set of legal moves
// and the status of each position, and where given the position after a
// move. The reasoning behind each answer is a comment in the fixture.
func TestRules(t *testing.T) {
	for _, c := range readRuleCases(t) {
		r, err := parseRules(c.rules)
		if err != nil {
			t.Errorf("%s: rules %q: %v", c.pos, c.rules, err)
			continue
		}
		p, err := engine.Parse(c.position, r)
		if err != nil {
			t.Errorf("%s: %v", c.pos, err)
			continue
		}
		var buf [engine.MaxMoves]engine.Move
		var got []string
		for _, m := range p.LegalMoves(buf[:0]) {
			got = append(got, m.Coord(p.B))
		}
		slices.Sort(got)
		if !slices.Equal(got, c.moves) {
			t.Errorf("%s: %s %s\n  got  %s\n  want %s\n  missing %v, unexpected %v", c.pos, c.rules, c.position,
				moveList(got), moveList(c.moves), setMinus(c.moves, got), setMinus(got, c.moves))
		}
		if st := p.Status().String(); st != c.status {
			t.Errorf("%s: %s %s: status %s, want %s", c.pos, c.rules, c.position, st, c.status)
		}
		if c.play == "" {
			continue
		}
		m, err := p.ParseCoord(c.play)
		if err != nil {
			t.Errorf("%s: %v", c.pos, err)
			continue
		}
		p.Make(m)
		if fen := p.FEN(); fen != c.after {
			t.Errorf("%s: after %s\n  got  %s\n  want %s", c.pos, c.play, fen, c.after)
		}
	}
}

func moveList(ms []string) string {
	if len(ms) == 0 {
		return "-"
	}
	return strings.Join(ms, " ")
}

// setMinus returns the elements of a that are not in b.
func setMinus(a, b []string) []string {
	var out []string
	for _, s := range a {
		if !slices.Contains(b, s) {
			out = append(out, s)
		}
	}
	return out
}
