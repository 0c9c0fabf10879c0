package solver

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// TestPlayTableFixtures checks every state of every fixture's table: the
// play table finds its state key in a slot of its own holding the
// state's entry, and the start in the start slot.
func TestPlayTableFixtures(t *testing.T) {
	for _, fx := range readTableFixtures(t) {
		if fx.states > shortStates && testing.Short() {
			continue
		}
		start := tableParse(t, fx.preset, fx.position)
		tab := solveVerified(t, start, Options{})
		data, err := tab.MarshalPlay()
		if err != nil {
			t.Fatalf("%s: %v", fx.position, err)
		}
		pt, err := UnmarshalPlay(data)
		if err != nil {
			t.Fatalf("%s: %v", fx.position, err)
		}
		if pt.Stats != tab.Stats() {
			t.Errorf("%s: stats %+v, want %+v", fx.position, pt.Stats, tab.Stats())
		}
		seen := make([]bool, pt.Slots)
		keys := map[string]bool{}
		for i := range tab.Len() {
			key := pt.Key(tab.Position(i))
			s := pt.Slot(key)
			if s < 0 || s >= pt.Slots {
				t.Fatalf("%s: state %d (%s): slot %d of %d", fx.position, i, key, s, pt.Slots)
			}
			if seen[s] && !keys[key] {
				t.Fatalf("%s: state %d (%s): slot %d taken twice", fx.position, i, key, s)
			}
			seen[s], keys[key] = true, true
			v, d := tab.Entry(i)
			if pv, pd := pt.Entry(s); pv != v || pd != d {
				t.Fatalf("%s: state %d (%s): entry %v %d, want %v %d", fx.position, i, key, pv, pd, v, d)
			}
		}
		if len(keys) != pt.Slots {
			t.Errorf("%s: %d keys in %d slots", fx.position, len(keys), pt.Slots)
		}
		if pt.Mirrored != (tab.pairs != nil) {
			t.Errorf("%s: mirrored %v, the table solved in mirror pairs %v", fx.position, pt.Mirrored, tab.pairs != nil)
		}
		if s := pt.Slot(pt.Key(start)); s != pt.StartSlot {
			t.Errorf("%s: start in slot %d, header says %d", fx.position, s, pt.StartSlot)
		}
	}
}

// TestPlayTableErrors checks that damaged play tables are refused.
func TestPlayTableErrors(t *testing.T) {
	tab := solveVerified(t, tableParse(t, "1d", "bk,bn,br,x,x,wr,wn,wk:w"), Options{})
	data, err := tab.MarshalPlay()
	if err != nil {
		t.Fatal(err)
	}
	for name, d := range map[string][]byte{
		"empty":     nil,
		"magic":     append([]byte("TCTB"), data[4:]...),
		"version":   append(append([]byte("TCPT"), 9), data[5:]...),
		"truncated": data[:len(data)-1],
		"longer":    append(append([]byte(nil), data...), 0),
		"header":    data[:12],
	} {
		if _, err := UnmarshalPlay(d); err == nil {
			t.Errorf("%s: no error", name)
		} else if !strings.HasPrefix(err.Error(), "solver: ") {
			t.Errorf("%s: error %q does not name the solver", name, err)
		}
	}
}

// TestPlayTableSize logs the play tables' sizes beside the binary
// tables' and checks the hash stays near its 2.7 bits a state beside the
// entries.
func TestPlayTableSize(t *testing.T) {
	gz := func(b []byte) int {
		var z bytes.Buffer
		w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		w.Write(b)
		w.Close()
		return z.Len()
	}
	for _, pos := range []string{"bk,bn,br,x,x,wr,wn,wk:w", "bk,br,bn,br,bn,x,x,wn,wr,wn,wr,wk:w"} {
		tab := solveVerified(t, tableParse(t, "1d", pos), Options{})
		bin, _ := tab.MarshalBinary()
		play, err := tab.MarshalPlay()
		if err != nil {
			t.Fatal(err)
		}
		// The hash's cost beside the entries of every state, which the
		// binary table of a start solved in mirror pairs halves.
		vals := make([]uint16, tab.Len())
		for i := range vals {
			vals[i] = tab.val(i)
		}
		extra := float64(8*(len(play)-len(appendValues(nil, vals)))) / float64(tab.Len())
		t.Logf("%s: %d states: binary %d bytes (%d gzipped), play %d bytes (%d gzipped), %.2f bits a state more",
			pos, tab.Len(), len(bin), gz(bin), len(play), gz(play), extra)
		if extra > 3.5 {
			t.Errorf("%s: the hash takes %.2f bits a state", pos, extra)
		}
	}
}

// TestMirrorKeyPinned pins MirrorKey: templates/static/js/playtable.test.js
// checks the page's mirrorKey against the same strings.
func TestMirrorKeyPinned(t *testing.T) {
	for fen, want := range map[string]string{
		"k/n/1/1/R/K w - - 0 1":   "k/r/1/1/N/K b - -",
		"1k/1b/2/N1/K1 b - - 0 1": "1k/1n/2/B1/K1 w - -",
	} {
		p, err := engine.ParseFEN(fen, nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := MirrorKey(p); got != want {
			t.Errorf("MirrorKey(%s) = %q, want %q", fen, got, want)
		}
	}
}

// TestKeyHashPinned pins keyHash: templates/static/js/playtable.test.js
// checks the page's copy against the same numbers.
func TestKeyHashPinned(t *testing.T) {
	for s, want := range map[string][2]uint32{
		"":                        {2872998923, 639000281},
		"k7/8/8/8/8/8/8/7K w - -": {2716787407, 1410078798},
	} {
		if a, b := keyHash(s); a != want[0] || b != want[1] {
			t.Errorf("keyHash(%q) = %d, %d, want %d, %d", s, a, b, want[0], want[1])
		}
	}
}
