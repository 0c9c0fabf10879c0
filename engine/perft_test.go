package engine_test

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/testscope"
)

// perftCase is one line of testdata/perft.txt: a position under a preset
// and its perft counts for depths 1, 2, ….
type perftCase struct {
	line     int
	preset   string
	position string
	counts   []uint64
}

func (c perftCase) name() string { return fmt.Sprintf("line%d", c.line) }

// readPerftCases reads testdata/perft.txt. Each case is one line
// "preset | position | count1 count2 …"; blank lines and lines starting
// with # are comments.
func readPerftCases(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		parts := strings.Split(line, "|")
		if len(parts) != 3 {
			t.Fatalf("testdata/perft.txt:%d: want \"preset | position | counts\", got %q", n, line)
		}
		c := perftCase{line: n, preset: strings.TrimSpace(parts[0]), position: strings.TrimSpace(parts[1])}
		for _, s := range strings.Fields(parts[2]) {
			v, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				t.Fatalf("testdata/perft.txt:%d: count %q: %v", n, s, err)
			}
			c.counts = append(c.counts, v)
		}
		if len(c.counts) == 0 {
			t.Fatalf("testdata/perft.txt:%d: no counts", n)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatal("testdata/perft.txt has no cases")
	}
	return cases
}

func (c perftCase) parse(t testing.TB) *engine.Position {
	t.Helper()
	r, err := engine.Preset(c.preset)
	if err != nil {
		t.Fatalf("testdata/perft.txt:%d: %v", c.line, err)
	}
	p, err := engine.Parse(c.position, r)
	if err != nil {
		t.Fatalf("testdata/perft.txt:%d: %v", c.line, err)
	}
	return p
}

// shortLimit is the largest count checked under -short, and
// defaultLimit without it; every count in the table is checked in the
// full run (package testscope), as .ci/run runs it.
const (
	shortLimit   = 1_000_000
	defaultLimit = 5_000_000
)

// TestPerft checks the move generator against every count in
// testdata/perft.txt: the published reference counts (chessprogramming.org,
// Fairy-Stockfish for the minichess variants) and our own 1-D and
// thin-board rows (those are checked independently by TestPerftNaive).
func TestPerft(t *testing.T) {
	for _, c := range readPerftCases(t) {
		t.Run(c.name(), func(t *testing.T) {
			p := c.parse(t)
			before := *p
			for i, want := range c.counts {
				depth := i + 1
				if testing.Short() && want > shortLimit {
					t.Logf("depth %d (%d nodes) skipped under -short", depth, want)
					break
				}
				if !testscope.Full() && want > defaultLimit {
					t.Logf("depth %d (%d nodes) checked only with %s set", depth, want, testscope.EnvVar)
					break
				}
				var got uint64
				if want > shortLimit {
					got = p.PerftParallel(depth, eachAtOnce)
				} else {
					got = p.Perft(depth)
				}
				if got != want {
					t.Errorf("testdata/perft.txt:%d: %s %q depth %d: got %d nodes, want %d", c.line, c.preset, c.position, depth, got, want)
				}
			}
			if !p.Equal(&before) || p.Hash() != before.Hash() || p.Halfmove != before.Halfmove || p.Fullmove != before.Fullmove {
				t.Errorf("perft changed the position: %s, was %s", p.FEN(), before.FEN())
			}
		})
	}
}

// TestPerftDeepRowsInCI makes sure the table keeps what CI (the full
// run) must run: depth 5 of every standard-chess row and depth 6 of Gardner
// and Los Alamos.
func TestPerftDeepRowsInCI(t *testing.T) {
	need := map[string]int{"chess 8×8": 5, "gardner 5×5": 6, "losalamos 6×6": 6}
	shallowest := map[string]int{}
	for _, c := range readPerftCases(t) {
		p := c.parse(t)
		key := fmt.Sprintf("%s %d×%d", c.preset, p.B.W, p.B.H)
		if _, ok := need[key]; !ok {
			continue
		}
		if d, seen := shallowest[key]; !seen || len(c.counts) < d {
			shallowest[key] = len(c.counts)
		}
	}
	for key, d := range need {
		if shallowest[key] < d {
			t.Errorf("%s rows: the shallowest goes to depth %d, CI needs depth %d", key, shallowest[key], d)
		}
	}
}

// Loops a caller may pass to PerftParallel: each must call f(i) once for
// every i, at once or not, in any order. (The CLI passes par.Each, which
// the engine's tests do not import either.)
var perftLoops = []struct {
	name string
	each func(n int, f func(i int))
}{
	{"in order", func(n int, f func(int)) {
		for i := range n {
			f(i)
		}
	}},
	{"backwards", func(n int, f func(int)) {
		for i := n - 1; i >= 0; i-- {
			f(i)
		}
	}},
	{"at once", eachAtOnce},
}

// eachAtOnce calls f(i) for every i in [0, n), each on a goroutine of
// its own.
func eachAtOnce(n int, f func(i int)) {
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(i)
		}()
	}
	wg.Wait()
}

// TestPerftParallelMatchesPerft checks that PerftParallel counts exactly
// what Perft counts, whatever loop runs the subtrees, on every row of the
// table, including rows whose root has few moves (so the work is split at
// ply 2).
func TestPerftParallelMatchesPerft(t *testing.T) {
	for _, c := range readPerftCases(t) {
		p := c.parse(t)
		depth, most := len(c.counts), uint64(100_000)
		if testing.Short() {
			most = 20_000
		}
		for depth > 1 && c.counts[depth-1] > most {
			depth--
		}
		want := p.Perft(depth)
		for _, loop := range perftLoops {
			before := *p
			if got := p.PerftParallel(depth, loop.each); got != want {
				t.Errorf("testdata/perft.txt:%d: PerftParallel(%d), subtrees %s, = %d, Perft = %d", c.line, depth, loop.name, got, want)
			}
			if !p.Equal(&before) || p.Hash() != before.Hash() {
				t.Errorf("testdata/perft.txt:%d: PerftParallel changed the position", c.line)
			}
		}
	}
}

// TestPerftParallelShallow covers depths 0 to 2, which PerftParallel
// does not split, and positions with no legal moves at the root or below.
func TestPerftParallelShallow(t *testing.T) {
	tests := []struct {
		position string
		want     [3]uint64 // depths 0, 1, 2
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", [3]uint64{1, 20, 400}},
		// White is mated (fool's mate): no moves at any depth.
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", [3]uint64{1, 0, 0}},
		// Gardner's 1-D chess: four root moves and eight replies, counted
		// by hand in testdata/perft.txt; after Rxa6 Black is stalemated.
		{"k/n/r/1/1/R/N/K w - - 0 1", [3]uint64{1, 4, 8}},
	}
	for _, tt := range tests {
		p, err := engine.Parse(tt.position, nil)
		if err != nil {
			t.Fatal(err)
		}
		for depth := 0; depth <= 4; depth++ {
			want := p.Perft(depth)
			if depth < len(tt.want) && want != tt.want[depth] {
				t.Errorf("%s: Perft(%d) = %d, want %d", tt.position, depth, want, tt.want[depth])
			}
			if got := p.PerftParallel(depth, eachAtOnce); got != want {
				t.Errorf("%s: PerftParallel(%d) = %d, Perft = %d", tt.position, depth, got, want)
			}
		}
	}
}

// TestPerftDivideSums checks that the subtree counts of PerftDivide add up
// to Perft and that every root move appears once.
func TestPerftDivideSums(t *testing.T) {
	for _, c := range readPerftCases(t) {
		p := c.parse(t)
		depth := min(len(c.counts), 3)
		div := p.PerftDivide(depth)
		var sum uint64
		for _, n := range div {
			sum += n
		}
		if sum != c.counts[depth-1] {
			t.Errorf("testdata/perft.txt:%d: PerftDivide(%d) sums to %d, want %d", c.line, depth, sum, c.counts[depth-1])
		}
		if uint64(len(div)) != c.counts[0] {
			t.Errorf("testdata/perft.txt:%d: PerftDivide(%d) has %d root moves, want %d", c.line, depth, len(div), c.counts[0])
		}
	}
}

// TestPerftHashConsistent walks every row's tree a few plies deep and
// checks at each node that the incremental hash equals ComputeHash and
// that Unmake restores the position exactly.
func TestPerftHashConsistent(t *testing.T) {
	for _, c := range readPerftCases(t) {
		p := c.parse(t)
		depth := 1
		for depth < len(c.counts) && c.counts[depth] <= 20_000 {
			depth++
		}
		if err := walkHashes(p, depth); err != nil {
			t.Errorf("testdata/perft.txt:%d: %v", c.line, err)
		}
	}
}

func walkHashes(p *engine.Position, depth int) error {
	if h := p.ComputeHash(); h != p.Hash() {
		return fmt.Errorf("%s: incremental hash %x, computed %x", p.FEN(), p.Hash(), h)
	}
	if depth == 0 {
		return nil
	}
	var buf [engine.MaxMoves]engine.Move
	for _, m := range p.LegalMoves(buf[:0]) {
		before := *p
		u := p.Make(m)
		if err := walkHashes(p, depth-1); err != nil {
			return fmt.Errorf("%s: %v", m.Coord(p.B), err)
		}
		p.Unmake(u)
		if *p != before {
			return fmt.Errorf("%s: Unmake(%s) gave %s", before.FEN(), m.Coord(p.B), p.FEN())
		}
	}
	return nil
}

// naiveLimit is the largest count TestPerftNaive checks (a tenth of it
// under -short): the reference generator is slow on purpose.
const naiveLimit = 1_000_000

// TestPerftNaive recounts the table with naiveBoard, a deliberately
// simple move generator that shares no code with the engine: it knows no
// castling, so rows with castling rights are left out. The rows from
// published tables it can play (Gardner, Los Alamos, the en-passant endgame) show
// the reference generator is right; it then vouches for our own 1-D and
// thin-board rows.
func TestPerftNaive(t *testing.T) {
	limit := uint64(naiveLimit)
	if testing.Short() {
		limit /= 10
	} else if !testscope.Full() {
		limit /= 4
	}
	for _, c := range readPerftCases(t) {
		t.Run(c.name(), func(t *testing.T) {
			b, err := parseNaive(c.preset, c.position)
			if err != nil {
				t.Skipf("testdata/perft.txt:%d: %v", c.line, err)
			}
			for i, want := range c.counts {
				if want > limit {
					break
				}
				if got := b.perft(i + 1); got != want {
					t.Errorf("testdata/perft.txt:%d: %s %q depth %d: naive generator counts %d, table says %d", c.line, c.preset, c.position, i+1, got, want)
				}
			}
		})
	}
}

// naiveBoard is a position for the reference move generator: FEN letters
// in a slice, rank 1 first, '.' for empty squares. Legality is tested by
// playing the move and asking every enemy piece whether it hits the king.
type naiveBoard struct {
	w, h      int
	cells     []byte
	white     bool // White to move
	ep        int  // en-passant target, or -1
	oneD      bool // the knight leaps exactly two squares along the file
	double    bool // pawns may step twice from their second rank
	enPassant bool
	race      bool   // the first piece on the far rank wins; no promotion
	promote   string // promotion letters, lower case
}

// parseNaive reads a FEN or a position code under one of the presets.
func parseNaive(preset, position string) (*naiveBoard, error) {
	f := strings.Fields(position)
	if len(f) == 1 {
		f = naiveCodeToFEN(position)
	}
	if len(f) < 4 {
		return nil, fmt.Errorf("naive generator: cannot read %q", position)
	}
	if f[2] != "-" {
		return nil, fmt.Errorf("naive generator knows no castling (%q)", f[2])
	}
	b := &naiveBoard{white: f[1] == "w", ep: -1}
	switch preset {
	case "1d":
		b.oneD = true
	case "chess":
		b.double, b.enPassant, b.promote = true, true, "qrbn"
	case "gardner":
		b.promote = "qrbn"
	case "losalamos":
		b.promote = "qrn"
	case "race":
		b.race = true
	default:
		return nil, fmt.Errorf("naive generator: unknown preset %q", preset)
	}
	ranks := strings.Split(f[0], "/")
	b.h = len(ranks)
	for i := len(ranks) - 1; i >= 0; i-- {
		row := ranks[i]
		n := 0
		for j := 0; j < len(row); j++ {
			if row[j] >= '0' && row[j] <= '9' {
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				e, _ := strconv.Atoi(row[j:k])
				b.cells = append(b.cells, strings.Repeat(".", e)...)
				n += e
				j = k - 1
				continue
			}
			b.cells = append(b.cells, row[j])
			n++
		}
		if b.w == 0 {
			b.w = n
		}
	}
	if b.w == 1 != b.oneD {
		return nil, fmt.Errorf("naive generator: preset %s on a board %d wide", preset, b.w)
	}
	if f[3] != "-" {
		b.ep = (int(f[3][1]-'0')-1)*b.w + int(f[3][0]-'a')
	}
	return b, nil
}

// naiveCodeToFEN turns a position code into the fields of a FEN: cells
// become letters (upper case for White), runs of empty cells a number.
func naiveCodeToFEN(code string) []string {
	cells, side, _ := strings.Cut(code, ":")
	sep := "/"
	if !strings.Contains(cells, "/") {
		sep = "," // a 1-D board: one cell per rank
	}
	var ranks []string
	for _, rank := range strings.Split(cells, sep) {
		fen, empty := "", 0
		for _, c := range strings.Split(rank, ",") {
			if c == "x" {
				empty++
				continue
			}
			if empty > 0 {
				fen += strconv.Itoa(empty)
				empty = 0
			}
			if c[0] == 'w' {
				fen += strings.ToUpper(c[1:])
			} else {
				fen += c[1:]
			}
		}
		if empty > 0 {
			fen += strconv.Itoa(empty)
		}
		ranks = append(ranks, fen)
	}
	return []string{strings.Join(ranks, "/"), side, "-", "-"}
}

func (b *naiveBoard) at(f, r int) byte {
	if f < 0 || f >= b.w || r < 0 || r >= b.h {
		return 0 // off the board
	}
	return b.cells[r*b.w+f]
}

func naiveWhite(c byte) bool { return c >= 'A' && c <= 'Z' }

// naiveMove is a move of the reference generator.
type naiveMove struct {
	from, to  int
	promote   byte // lower-case letter, or 0
	double    bool // a pawn's double step
	enPassant bool
}

var (
	naiveKnight   = [][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	naiveKnight1D = [][2]int{{0, 2}, {0, -2}}
	naiveRook     = [][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}
	naiveBishop   = [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
	naiveQueen    = append(append([][2]int{}, naiveRook...), naiveBishop...)
)

// attacks reports whether the piece on (f, r) attacks square (tf, tr).
func (b *naiveBoard) attacks(f, r, tf, tr int) bool {
	c := b.at(f, r)
	df, dr := tf-f, tr-r
	switch c | 0x20 {
	case 'k':
		return max(df, -df) <= 1 && max(dr, -dr) <= 1 && (df != 0 || dr != 0)
	case 'n':
		steps := naiveKnight
		if b.oneD {
			steps = naiveKnight1D
		}
		for _, s := range steps {
			if s[0] == df && s[1] == dr {
				return true
			}
		}
		return false
	case 'p':
		fwd := 1
		if !naiveWhite(c) {
			fwd = -1
		}
		return dr == fwd && (df == 1 || df == -1)
	}
	var dirs [][2]int
	switch c | 0x20 {
	case 'r':
		dirs = naiveRook
	case 'b':
		dirs = naiveBishop
	case 'q':
		dirs = naiveQueen
	}
	for _, d := range dirs {
		for x, y := f+d[0], r+d[1]; b.at(x, y) != 0; x, y = x+d[0], y+d[1] {
			if x == tf && y == tr {
				return true
			}
			if b.at(x, y) != '.' {
				break
			}
		}
	}
	return false
}

// kingAttacked reports whether the king of the given side stands attacked.
func (b *naiveBoard) kingAttacked(white bool) bool {
	k := byte('k')
	if white {
		k = 'K'
	}
	for s, c := range b.cells {
		if c != k {
			continue
		}
		for e, a := range b.cells {
			if a != '.' && naiveWhite(a) != white && b.attacks(e%b.w, e/b.w, s%b.w, s/b.w) {
				return true
			}
		}
	}
	return false
}

// raceOver reports, under the race goal, whether the side that just moved
// has a piece on its far rank.
func (b *naiveBoard) raceOver() bool {
	r, mover := b.h-1, true
	if b.white {
		r, mover = 0, false
	}
	for f := 0; f < b.w; f++ {
		if c := b.at(f, r); c != '.' && naiveWhite(c) == mover {
			return true
		}
	}
	return false
}

// pseudo lists the moves of the side to move, ignoring check.
func (b *naiveBoard) pseudo() []naiveMove {
	var out []naiveMove
	for s, c := range b.cells {
		if c == '.' || naiveWhite(c) != b.white {
			continue
		}
		f, r := s%b.w, s/b.w
		free := func(x, y int) bool { return b.at(x, y) == '.' }
		enemy := func(x, y int) bool { a := b.at(x, y); return a != 0 && a != '.' && naiveWhite(a) != b.white }
		add := func(x, y int) { out = append(out, naiveMove{from: s, to: y*b.w + x}) }
		switch c | 0x20 {
		case 'p':
			fwd, start, last := 1, 1, b.h-1
			if !b.white {
				fwd, start, last = -1, b.h-2, 0
			}
			step := func(x, y int) {
				switch {
				case b.race || y != last:
					add(x, y)
				default:
					for i := 0; i < len(b.promote); i++ {
						out = append(out, naiveMove{from: s, to: y*b.w + x, promote: b.promote[i]})
					}
				}
			}
			if free(f, r+fwd) {
				step(f, r+fwd)
				if b.double && r == start && free(f, r+2*fwd) && r+2*fwd != last {
					out = append(out, naiveMove{from: s, to: (r+2*fwd)*b.w + f, double: true})
				}
			}
			for _, x := range []int{f - 1, f + 1} {
				if enemy(x, r+fwd) {
					step(x, r+fwd)
				} else if b.enPassant && b.at(x, r+fwd) == '.' && (r+fwd)*b.w+x == b.ep {
					out = append(out, naiveMove{from: s, to: b.ep, enPassant: true})
				}
			}
		default: // every other piece moves to the squares it attacks
			for t := range b.cells {
				x, y := t%b.w, t/b.w
				if (free(x, y) || enemy(x, y)) && b.attacks(f, r, x, y) {
					add(x, y)
				}
			}
		}
	}
	return out
}

// play returns the board after m.
func (b *naiveBoard) play(m naiveMove) *naiveBoard {
	n := *b
	n.cells = append([]byte(nil), b.cells...)
	c := n.cells[m.from]
	n.cells[m.from] = '.'
	if m.promote != 0 {
		c = m.promote
		if b.white {
			c -= 0x20
		}
	}
	n.cells[m.to] = c
	if m.enPassant {
		if b.white {
			n.cells[m.to-b.w] = '.'
		} else {
			n.cells[m.to+b.w] = '.'
		}
	}
	n.ep = -1
	if m.double {
		n.ep = (m.from + m.to) / 2
	}
	n.white = !b.white
	return &n
}

// legal lists the legal moves: pseudo-moves that leave no own king attacked.
func (b *naiveBoard) legal() []*naiveBoard {
	if b.race && b.raceOver() {
		return nil
	}
	var out []*naiveBoard
	for _, m := range b.pseudo() {
		n := b.play(m)
		if !n.kingAttacked(b.white) {
			out = append(out, n)
		}
	}
	return out
}

func (b *naiveBoard) perft(depth int) uint64 {
	next := b.legal()
	if depth == 1 {
		return uint64(len(next))
	}
	var n uint64
	for _, c := range next {
		n += c.perft(depth - 1)
	}
	return n
}
