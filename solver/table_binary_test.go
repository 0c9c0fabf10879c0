package solver

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// binaryCases cover both state spaces, every terminal kind and castling
// and en-passant fields in keys.
var binaryCases = []struct{ preset, position string }{
	{"1d", "bk,bn,br,x,x,wr,wn,wk:w"},
	{"1d", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"},
	{"chess", "x,bk/x,x/x,x/x,x/x,x/x,x/x,x/x,x/wk,x/wq,x:w"},
	{"race", "bp,bp,bp,bp/x,x,x,x/x,x,x,x/wp,wp,wp,wp:w"},
	{"chess", "bk,x/bp,x/x,x/x,wp/wk,x:w"},
	{"chess", "4k/5/R1K2 w Q - 0 1"},
}

// TestBinaryRoundTrip writes tables and reads them back: the states, their
// order, their entries and the statistics must survive, and writing the
// read table must give the same bytes.
func TestBinaryRoundTrip(t *testing.T) {
	for _, tc := range binaryCases {
		t.Run(tc.position, func(t *testing.T) {
			skipLargeInShort(t, tc.position)
			start := tableParse(t, tc.preset, tc.position)
			tab := solveVerified(t, start, Options{})
			data, err := tab.MarshalBinary()
			if err != nil {
				t.Fatal(err)
			}
			// Parse the start again: the loader must not depend on the
			// very position value Solve was given.
			back, err := UnmarshalTable(data, tableParse(t, tc.preset, tc.position))
			if err != nil {
				t.Fatal(err)
			}
			if back.Len() != tab.Len() || back.Stats() != tab.Stats() || back.Start() != tab.Start() {
				t.Fatalf("read %d states %+v, wrote %d %+v", back.Len(), back.Stats(), tab.Len(), tab.Stats())
			}
			for i := range tab.Len() {
				v1, d1 := tab.Entry(i)
				v2, d2 := back.Entry(i)
				if back.FEN(i) != tab.FEN(i) || v1 != v2 || d1 != d2 {
					t.Fatalf("state %d: wrote %s %s in %d, read %s %s in %d", i, tab.FEN(i), v1, d1, back.FEN(i), v2, d2)
				}
			}
			again, err := back.MarshalBinary()
			if err != nil || !bytes.Equal(again, data) {
				t.Fatalf("writing the read table gives other bytes (%v)", err)
			}
			if err := back.Verify(); err != nil {
				t.Fatal(err)
			}
			if want, got := tab.BestMoves(start), back.BestMoves(start); !equalMoves(want, got) {
				t.Fatalf("best moves %v after reading, %v before", got, want)
			}
		})
	}
}

func equalMoves(a, b []engine.Move) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestBinaryDeterministic solves with different numbers of workers, which
// find the states in different orders, and requires the same bytes.
func TestBinaryDeterministic(t *testing.T) {
	for _, tc := range binaryCases {
		if testing.Short() && largeStarts[tc.position] {
			continue
		}
		start := tableParse(t, tc.preset, tc.position)
		var first []byte
		for _, workers := range []int{1, 2, 3, 5} {
			tab := solveVerified(t, start, Options{Workers: workers})
			data, _ := tab.MarshalBinary()
			if first == nil {
				first = data
			} else if !bytes.Equal(data, first) {
				t.Fatalf("%s: %d workers give other bytes than 1", tc.position, workers)
			}
		}
	}
}

// TestBinaryErrors feeds UnmarshalTable data that does not fit.
func TestBinaryErrors(t *testing.T) {
	start := tableParse(t, "1d", "bk,bn,br,x,x,wr,wn,wk:w")
	tab := solveVerified(t, start, Options{})
	data, _ := tab.MarshalBinary()
	chess := tableParse(t, "chess", "bk,bn,br,x,x,wr,wn,wk:w")
	for name, tc := range map[string]struct {
		data     []byte
		start    *engine.Position
		mismatch bool
	}{
		"other position":   {data, tableParse(t, "1d", "bk,br,bn,x,x,wn,wr,wk:w"), true},
		"other rules":      {data, chess, true},
		"other board":      {data, tableParse(t, "1d", "bk,bn,br,x,x,x,wr,wn,wk:w"), true},
		"black to move":    {data, tableParse(t, "1d", "bk,bn,br,x,x,wr,wn,wk:b"), true},
		"truncated":        {data[:len(data)-1], start, false},
		"too long":         {append(append([]byte{}, data...), 0), start, false},
		"header only":      {data[:10], start, false},
		"not a table":      {[]byte("hello, world, this is not a table"), start, false},
		"empty":            {nil, start, false},
		"future version":   {append(append([]byte(tableMagic), tableVersion+1), data[5:]...), start, false},
		"changed key sum":  {flipByte(data, 13), start, true},
		"changed rules":    {flipByte(data, 5), start, true},
		"changed distance": {flipByte(data, len(data)-1), start, false},
	} {
		_, err := UnmarshalTable(tc.data, tc.start)
		if name == "changed distance" {
			// A changed symbol still reads, but the table is wrong, and
			// Verify says so.
			back, err := UnmarshalTable(tc.data, tc.start)
			if err == nil && back.Verify() == nil {
				t.Errorf("%s: read and verified", name)
			}
			continue
		}
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if errors.Is(err, ErrTableMismatch) != tc.mismatch {
			t.Errorf("%s: %v (mismatch %v)", name, err, tc.mismatch)
		}
	}
}

func flipByte(data []byte, i int) []byte {
	c := append([]byte(nil), data...)
	c[i] ^= 0x55
	return c
}

// TestBinarySize logs the sizes of the serialised 1-D tables, raw and
// gzipped, and checks they stay within a few bits a state.
func TestBinarySize(t *testing.T) {
	for _, pos := range []string{"bk,bn,br,x,x,wr,wn,wk:w", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"} {
		tab := solveVerified(t, tableParse(t, "1d", pos), Options{})
		data, _ := tab.MarshalBinary()
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(data)
		w.Close()
		bitsPerState := float64(8*len(data)) / float64(tab.Len())
		t.Logf("%s: %d states, %d bytes (%.2f bits a state), %d gzipped", pos, tab.Len(), len(data), bitsPerState, z.Len())
		if bitsPerState > 8 {
			t.Errorf("%s: %.2f bits a state", pos, bitsPerState)
		}
	}
}

// TestTableBytes checks that the size range TableBytes reads from a
// table's header holds the table's data, for every fixture that solves
// small (with and without mirror pairs), and that a header claiming
// many states of a small file asks for more than it has.
func TestTableBytes(t *testing.T) {
	for _, fx := range readTableFixtures(t) {
		if fx.states > 20000 {
			continue
		}
		start := tableParse(t, fx.preset, fx.position)
		tab := solveVerified(t, start, Options{})
		data, _ := tab.MarshalBinary()
		lo, hi, err := TableBytes(data[:min(len(data), TableHeaderBytes)])
		if err != nil || int64(len(data)) < lo || int64(len(data)) > hi {
			t.Errorf("table_values.txt:%d: %d bytes, TableBytes says %d to %d (%v)", fx.line, len(data), lo, hi, err)
		}
	}
	var big []byte
	big = append(big, tableMagic...)
	big = append(big, tableVersion)
	big = append(big, make([]byte, 16)...)
	for _, v := range []uint64{1 << 31, 0, 0, 0, 1 << 31, 0, 0, 0, 0, 0} {
		big = binary.AppendUvarint(big, v)
	}
	if lo, _, err := TableBytes(big); err != nil || lo < 1<<29 {
		t.Errorf("a header of 2^31 states: at least %d bytes (%v), want at least 2^29", lo, err)
	}
	if _, _, err := TableBytes([]byte("TCTB")); err == nil {
		t.Errorf("4 bytes of a table: no error")
	}
}
