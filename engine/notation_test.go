package engine

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// kindNames names the MoveError kinds in the notation fixtures.
var kindNames = map[string]MoveErrorKind{
	"syntax":        ErrSyntax,
	"no-piece":      ErrNoPiece,
	"wrong-side":    ErrWrongSide,
	"illegal":       ErrIllegal,
	"leaves-check":  ErrLeavesCheck,
	"ambiguous":     ErrAmbiguous,
	"game-over":     ErrGameOver,
	"bad-promotion": ErrBadPromotion,
}

// fixtureLine is one case of a notation fixture file.
type fixtureLine struct {
	where   string // file:line
	verb    string
	variant string
	fields  []string
}

// readFixture reads a fixture file: "#" comments, blank lines, "variant
// NAME" lines, and case lines "VERB FIELD | FIELD | …".
func readFixture(t *testing.T, path string) []fixtureLine {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []fixtureLine
	variant := "auto"
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
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
		out = append(out, fixtureLine{filepath.Base(path) + ":" + itoa(n), verb, variant, fields})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// fixturePosition parses a fixture position under the line's variant.
func fixturePosition(t *testing.T, c fixtureLine, pos string) *Position {
	t.Helper()
	var r *Rules
	if c.variant != "auto" {
		var err error
		if r, err = Preset(c.variant); err != nil {
			t.Fatalf("%s: %v", c.where, err)
		}
	}
	p, err := Parse(pos, r)
	if err != nil {
		t.Fatalf("%s: %v", c.where, err)
	}
	return p
}

func TestSANFixtures(t *testing.T) {
	cases := readFixture(t, "testdata/notation/san.txt")
	if len(cases) < 50 {
		t.Fatalf("only %d cases read", len(cases))
	}
	for _, c := range cases {
		p := fixturePosition(t, c, c.fields[0])
		before := *p
		switch c.verb {
		case "print":
			if len(c.fields) != 3 {
				t.Fatalf("%s: print wants 3 fields", c.where)
			}
			m, err := p.ParseCoord(c.fields[1])
			if err != nil {
				t.Errorf("%s: %v", c.where, err)
				continue
			}
			if got := p.SAN(m); got != c.fields[2] {
				t.Errorf("%s: SAN(%s) = %q, want %q", c.where, c.fields[1], got, c.fields[2])
			}
			back, err := p.ParseSAN(c.fields[2])
			if err != nil {
				t.Errorf("%s: ParseSAN(%q): %v", c.where, c.fields[2], err)
			} else if back != m {
				t.Errorf("%s: ParseSAN(%q) = %s, want %s", c.where, c.fields[2], back.Coord(p.B), c.fields[1])
			}
		case "parse":
			if len(c.fields) != 3 {
				t.Fatalf("%s: parse wants 3 fields", c.where)
			}
			m, err := p.ParseMove(c.fields[1])
			if err != nil {
				t.Errorf("%s: ParseMove(%q): %v", c.where, c.fields[1], err)
			} else if got := m.Coord(p.B); got != c.fields[2] {
				t.Errorf("%s: ParseMove(%q) = %s, want %s", c.where, c.fields[1], got, c.fields[2])
			}
		case "error":
			if len(c.fields) != 4 {
				t.Fatalf("%s: error wants 4 fields", c.where)
			}
			kind, ok := kindNames[c.fields[2]]
			if !ok {
				t.Fatalf("%s: unknown error kind %q", c.where, c.fields[2])
			}
			m, err := p.ParseMove(c.fields[1])
			var me *MoveError
			switch {
			case err == nil:
				t.Errorf("%s: ParseMove(%q) = %s, want a %s error", c.where, c.fields[1], m.Coord(p.B), c.fields[2])
			case !errors.As(err, &me):
				t.Errorf("%s: ParseMove(%q): %T %v, want a *MoveError", c.where, c.fields[1], err, err)
			case me.Kind != kind || !strings.Contains(me.Msg, c.fields[3]):
				t.Errorf("%s: ParseMove(%q): kind %d %q, want kind %s containing %q", c.where, c.fields[1], me.Kind, me.Msg, c.fields[2], c.fields[3])
			}
		default:
			t.Fatalf("%s: unknown verb %q", c.where, c.verb)
		}
		if *p != before {
			t.Errorf("%s: the position changed", c.where)
		}
	}
}

func TestLineFixtures(t *testing.T) {
	cases := readFixture(t, "testdata/notation/lines.txt")
	if len(cases) < 10 {
		t.Fatalf("only %d cases read", len(cases))
	}
	for _, c := range cases {
		p := fixturePosition(t, c, c.fields[0])
		before := *p
		switch c.verb {
		case "line":
			if len(c.fields) != 4 {
				t.Fatalf("%s: line wants 4 fields", c.where)
			}
			moves, err := p.ParseLine(c.fields[1])
			if err != nil {
				t.Errorf("%s: ParseLine: %v", c.where, err)
				continue
			}
			coords := make([]string, len(moves))
			q := *p
			for i, m := range moves {
				coords[i] = m.Coord(p.B)
				q.Make(m)
			}
			if got := strings.Join(coords, " "); got != c.fields[2] {
				t.Errorf("%s: ParseLine = %q, want %q", c.where, got, c.fields[2])
			}
			if got := p.FormatLine(moves); got != c.fields[3] {
				t.Errorf("%s: FormatLine = %q, want %q", c.where, got, c.fields[3])
			}
			again, err := p.ParseLine(p.FormatLine(moves))
			if err != nil || len(again) != len(moves) {
				t.Errorf("%s: the formatted line does not read back: %v", c.where, err)
			}
			var want []string
			for _, w := range strings.Fields(c.fields[3]) {
				if !strings.HasSuffix(w, ".") {
					want = append(want, w)
				}
			}
			if got := p.SANLine(moves); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s: SANLine = %q, want %q", c.where, got, want)
			}
		case "bad":
			if len(c.fields) != 3 {
				t.Fatalf("%s: bad wants 3 fields", c.where)
			}
			_, err := p.ParseLine(c.fields[1])
			var le *LineError
			if !errors.As(err, &le) {
				t.Errorf("%s: ParseLine = %v, want a *LineError", c.where, err)
				continue
			}
			if err.Error() != c.fields[2] {
				t.Errorf("%s: error %q, want %q", c.where, err, c.fields[2])
			}
			if c.fields[1][le.Offset:le.Offset+len(le.Text)] != le.Text {
				t.Errorf("%s: offset %d does not point at %q", c.where, le.Offset, le.Text)
			}
		default:
			t.Fatalf("%s: unknown verb %q", c.where, c.verb)
		}
		if *p != before {
			t.Errorf("%s: the position changed", c.where)
		}
	}
}

func TestParseLineEmpty(t *testing.T) {
	p, err := Parse("bk,bn,br,x,x,wr,wn,wk:w", nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"", "  ", "*", "1-0"} {
		moves, err := p.ParseLine(s)
		if err != nil || len(moves) != 0 {
			t.Errorf("ParseLine(%q) = %v, %v; want no moves", s, moves, err)
		}
	}
}

func TestSANLineIllegalTail(t *testing.T) {
	p, err := Parse("bk,bn,br,x,x,wr,wn,wk:w", nil)
	if err != nil {
		t.Fatal(err)
	}
	na4, _ := p.ParseSAN("Na4")
	bad := NewMove(p.B.Sq(0, 0), p.B.Sq(0, 7)) // Ka8: not a move of anything
	got := strings.Join(p.SANLine([]Move{na4, bad, na4}), " ")
	if want := "Na4 a1a8 a2a4"; got != want {
		t.Errorf("SANLine = %q, want %q", got, want)
	}
}

// kiwipete is a busy middle-game position with every kind of move.
const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// BenchmarkSAN writes the SAN of every legal move of Kiwipete (48 moves).
func BenchmarkSAN(b *testing.B) {
	p, err := Parse(kiwipete, nil)
	if err != nil {
		b.Fatal(err)
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range moves {
			p.SAN(m)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/move")
}

// BenchmarkParseSAN reads the SAN of every legal move of Kiwipete.
func BenchmarkParseSAN(b *testing.B) {
	p, err := Parse(kiwipete, nil)
	if err != nil {
		b.Fatal(err)
	}
	var buf [MaxMoves]Move
	var sans []string
	for _, m := range p.LegalMoves(buf[:0]) {
		sans = append(sans, p.SAN(m))
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range sans {
			if _, err := p.ParseSAN(s); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(sans)), "ns/move")
}

func TestMoveOffsets(t *testing.T) {
	tests := []struct {
		line string
		want []int
	}{
		{"1. Na3 Kb7 2. Rc1", []int{3, 7, 14}},
		{"1.Na3 1...Kb7", []int{2, 10}},
		{"  e4\te5 1-0", []int{2, 5}},
		{"", nil},
		{"12... Qh5#  *", []int{6}},
	}
	for _, tt := range tests {
		if got := MoveOffsets(tt.line); !slices.Equal(got, tt.want) {
			t.Errorf("MoveOffsets(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}
