package engine

import (
	"sync"
	"testing"
)

// fuzzRules picks the rules a fuzzed position is read under: the default
// preset for its width, or one of the presets.
func fuzzRules(v uint8) *Rules {
	if int(v) >= len(Presets) {
		return nil
	}
	return MustPreset(Presets[v])
}

// checkPosition plays every legal move of p and checks that the hash
// stays right, Unmake restores p, and the move's SAN and coordinates
// read back as the move.
func checkPosition(t *testing.T, p *Position) {
	t.Helper()
	p.Status()
	var buf [MaxMoves]Move
	for _, m := range p.LegalMoves(buf[:0]) {
		q := *p
		u := q.Make(m)
		if q.Hash() != q.ComputeHash() {
			t.Fatalf("%s %s: incremental hash %x, computed %x", p.FEN(), m.Coord(p.B), q.Hash(), q.ComputeHash())
		}
		q.Status()
		q.Unmake(u)
		if q != *p {
			t.Fatalf("%s %s: Unmake did not restore the position", p.FEN(), m.Coord(p.B))
		}
		san := p.SAN(m)
		if back, err := p.ParseSAN(san); err != nil || back != m {
			t.Fatalf("%s: %s prints as %s, which reads back as %s, %v", p.FEN(), m.Coord(p.B), san, back.Coord(p.B), err)
		}
		if back, err := p.ParseCoord(m.Coord(p.B)); err != nil || back != m {
			t.Fatalf("%s: %s reads back as %s, %v", p.FEN(), m.Coord(p.B), back.Coord(p.B), err)
		}
	}
}

var fuzzFENs = []string{
	chessStartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
	"rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1",
	"rnqknr/pppppp/6/6/PPPPPP/RNQKNR w - - 0 1",
	"k/n/r/1/1/R/N/K w - - 0 1",
	"pppp/4/4/PPPP w - - 0 1",
	"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
	"1r2k2r/8/8/8/8/8/8/R3K1R1 w GBgb - 0 1",
	"16/16/16/16/16/16/16/16/16/16/16/16/16/16/16/k14K w - - 0 1",
	// En-passant squares on boards too short for a double step.
	"1k/2/K1 w - a1 0 1",
	"NPk2/n1N2/1Kq2 w - a1 20 31",
	"k2/3/K2 w - a3 0 1",
}

// chessStartFEN is the start position of standard chess.
const chessStartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

func FuzzParseFEN(f *testing.F) {
	for i, s := range fuzzFENs {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, s string, variant uint8) {
		p, err := ParseFEN(s, fuzzRules(variant))
		if err != nil {
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen, p.R)
		if err != nil {
			t.Fatalf("%q parsed, but its FEN %q does not: %v", s, fen, err)
		}
		if q.FEN() != fen || !q.Equal(p) || q.Hash() != p.Hash() {
			t.Fatalf("%q: FEN %q reads back as %q", s, fen, q.FEN())
		}
		code := p.Code()
		c, err := ParseCode(code, p.R)
		if err != nil {
			t.Fatalf("%q parsed, but its code %q does not: %v", s, code, err)
		}
		if c.Code() != code {
			t.Fatalf("%q: code %q reads back as %q", s, code, c.Code())
		}
		checkPosition(t, p)
	})
}

func FuzzParseCode(f *testing.F) {
	for i, s := range []string{
		"bk,bn,br,x,x,wr,wn,wk:w",
		"bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w",
		"x,bk/x,bb/x,bn/x,br/x,x/x,x/wr,x/wn,x/wb,x/wk,x:w",
		"bk,x/bn,x/x,x/x,x/x,x/x,x/wr,x/x,wr/x,x/wk,x:b",
		"wk:w",
		"x,x/wp,bp/x,x:b",
	} {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, s string, variant uint8) {
		p, err := ParseCode(s, fuzzRules(variant))
		if err != nil {
			return
		}
		code := p.Code()
		q, err := ParseCode(code, p.R)
		if err != nil {
			t.Fatalf("%q parsed, but its code %q does not: %v", s, code, err)
		}
		if q.Code() != code || !q.Equal(p) || q.Hash() != p.Hash() {
			t.Fatalf("%q: code %q reads back as %q", s, code, q.Code())
		}
		fen := p.FEN()
		if r, err := ParseFEN(fen, p.R); err != nil || r.Code() != code {
			t.Fatalf("%q: its FEN %q does not read back: %v", s, fen, err)
		}
		checkPosition(t, p)
	})
}

// fuzzPositions are the positions moves are fuzzed against.
var fuzzPositions = []struct{ variant, pos string }{
	{"chess", chessStartFEN},
	{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"chess", "8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1"},
	{"chess", "7r/6P1/8/8/8/8/8/k1K5 w - - 0 1"},
	{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"},
	{"1d", "bk,bn,wr,x,x,x,wr,x,x,x,x,x,x,x,x,wk:w"},
	{"chess", "x,x/wp,x/x,x/x,x/x,x/x,x/x,bk/x,x/x,x/x,wk:w"},
	{"race", "pppp/4/4/PPPP w - - 0 1"},
	{"chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 1 1"},
}

// parsedFuzzPositions holds fuzzPositions parsed once, to keep the
// fuzzers fast.
var parsedFuzzPositions = sync.OnceValues(func() ([]Position, error) {
	out := make([]Position, len(fuzzPositions))
	for i, fp := range fuzzPositions {
		p, err := Parse(fp.pos, MustPreset(fp.variant))
		if err != nil {
			return nil, err
		}
		out[i] = *p
	}
	return out, nil
})

// fuzzPosition returns a fresh copy of fuzz position i (modulo their number).
func fuzzPosition(t *testing.T, i uint8) *Position {
	ps, err := parsedFuzzPositions()
	if err != nil {
		t.Fatal(err)
	}
	p := ps[int(i)%len(ps)]
	return &p
}

func FuzzParseSAN(f *testing.F) {
	for _, s := range []string{"Nf3", "e4", "O-O", "0-0-0", "Qh4e1", "gxh8=Q+", "g8q", "exd6 e.p.", "R14a12", "Rxa15#", "a10=Q", "axb4", "Kh8", "N", "", "e8=", "R0a1", "x", "Pe4!?"} {
		for i := range fuzzPositions {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		p := fuzzPosition(t, i)
		before := *p
		m, err := p.ParseSAN(s)
		if *p != before {
			t.Fatalf("ParseSAN(%q) changed the position", s)
		}
		if err != nil {
			if _, ok := err.(*MoveError); !ok {
				t.Fatalf("ParseSAN(%q): %T, want a *MoveError", s, err)
			}
			return
		}
		var buf [MaxMoves]Move
		if _, ok := findMove(p.LegalMoves(buf[:0]), m); !ok {
			t.Fatalf("ParseSAN(%q) = %s, not a legal move", s, m.Coord(p.B))
		}
		san := p.SAN(m)
		if back, err := p.ParseSAN(san); err != nil || back != m {
			t.Fatalf("ParseSAN(%q) = %s, whose SAN %s reads back as %s, %v", s, m.Coord(p.B), san, back.Coord(p.B), err)
		}
	})
}

func FuzzParseCoord(f *testing.F) {
	for _, s := range []string{"e2e4", "g1f3", "e1g1", "g7h8q", "g7h8=N", "a9a10q", "a14a12", "e5d6", "a1a1", "e2e4x", "a0a1", "a+1a2", "b1", ""} {
		for i := range fuzzPositions {
			f.Add(uint8(i), s)
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, s string) {
		p := fuzzPosition(t, i)
		before := *p
		m, err := p.ParseCoord(s)
		if *p != before {
			t.Fatalf("ParseCoord(%q) changed the position", s)
		}
		if err != nil {
			return
		}
		var buf [MaxMoves]Move
		if _, ok := findMove(p.LegalMoves(buf[:0]), m); !ok {
			t.Fatalf("ParseCoord(%q) = %s, not a legal move", s, m.Coord(p.B))
		}
		if back, err := p.ParseCoord(m.Coord(p.B)); err != nil || back != m {
			t.Fatalf("ParseCoord(%q) = %s, which reads back as %s, %v", s, m.Coord(p.B), back.Coord(p.B), err)
		}
		if back, err := p.ParseMove(s); err != nil || back != m {
			t.Fatalf("ParseMove(%q) = %s, %v; ParseCoord gave %s", s, back.Coord(p.B), err, m.Coord(p.B))
		}
	})
}

// TestUnmakePromotionToKing checks that taking back a promotion to a
// king leaves the first king as the side's king, with its moves.
func TestUnmakePromotionToKing(t *testing.T) {
	r := MustPreset("chess")
	r.Promotion |= 1 << King
	p, err := ParseFEN("pK1N1k1/7 b - - 0 1", r)
	if err != nil {
		t.Fatal(err)
	}
	checkPosition(t, p)
	if got := p.Perft(2); got == 0 {
		t.Fatalf("perft 2 is 0")
	}
}

// TestShortBoardEnPassant checks that an en-passant square on a board
// too short for a double step is refused, not a panic.
func TestShortBoardEnPassant(t *testing.T) {
	for _, fen := range []string{"1k/2/K1 w - a1 0 1", "NPk2/n1N2/1Kq2 w - a1 20 31", "3/k1K/1r1 w - c1 98 8", "k2/3/K2 w - a3 0 1"} {
		if _, err := ParseFEN(fen, MustPreset("losalamos")); err == nil {
			t.Errorf("%s: parsed", fen)
		}
	}
}
