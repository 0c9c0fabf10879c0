package solver

import (
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// fuzzTable solves the 1×8 start whose tables the fuzz targets damage.
func fuzzTable(f *testing.F) (*engine.Position, *Table) {
	start := tableParse(f, "1d", "bk,bn,br,x,x,wr,wn,wk:w")
	tab, err := Solve(start, Options{})
	if err != nil {
		f.Fatal(err)
	}
	return start, tab
}

// FuzzVerifyCertificate feeds damaged certificates of the 1×8 start to
// VerifyCertificate: it must refuse them or, when it accepts one, agree
// with the solved table. It never panics.
func FuzzVerifyCertificate(f *testing.F) {
	start, tab := fuzzTable(f)
	good, err := tab.MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add(good[:21])
	f.Add([]byte("TCTB"))
	f.Add(append(append([]byte(nil), good...), 0))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := VerifyCertificate(data, start)
		if err != nil {
			return
		}
		if got.Stats() != tab.Stats() {
			t.Fatalf("a certificate with stats %+v verified; the table's are %+v", got.Stats(), tab.Stats())
		}
		for i := range tab.Len() {
			gv, gd := got.Entry(i)
			if v, d := tab.Entry(i); gv != v || gd != d {
				t.Fatalf("state %d verified as %v %d, solved as %v %d", i, gv, gd, v, d)
			}
		}
	})
}

// FuzzUnmarshalPlay feeds damaged play tables to UnmarshalPlay: an error
// or a table whose lookups stay in range, never a panic.
func FuzzUnmarshalPlay(f *testing.F) {
	_, tab := fuzzTable(f)
	good, err := tab.MarshalPlay()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add(good[:len(good)/2])
	f.Add([]byte("TCPT\x02"))
	f.Fuzz(func(t *testing.T, data []byte) {
		pt, err := UnmarshalPlay(data)
		if err != nil {
			return
		}
		for i := range tab.Len() {
			if s := pt.Slot(pt.Key(tab.Position(i))); s >= 0 && s < pt.Slots {
				pt.Entry(s)
			}
		}
	})
}
