package solver

import (
	"errors"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// TestCertificate writes a certificate and checks that it verifies
// unchanged and that every kind of damage is refused with a clear error.
func TestCertificate(t *testing.T) {
	start := tableParse(t, "1d", "bk,bn,br,x,x,wr,wn,wk:w")
	tab := solveVerified(t, start, Options{})
	good, err := tab.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	got, err := VerifyCertificate(good, start)
	if err != nil {
		t.Fatalf("an unchanged certificate: %v", err)
	}
	if got.Stats() != tab.Stats() {
		t.Errorf("stats %+v, want %+v", got.Stats(), tab.Stats())
	}

	won, drawn := -1, -1
	for i := range tab.Len() {
		v, d := tab.Entry(i)
		if v == Win && d > 1 && won < 0 {
			won = i
		}
		if v == Draw && tab.Terminal(i) == NotTerminal && drawn < 0 {
			drawn = i
		}
	}
	// Damage made to the table before it is written: the bytes are then
	// well formed and only the verification can tell.
	rewritten := func(corrupt func(*Table)) []byte {
		tab := solveVerified(t, start, Options{})
		corrupt(tab)
		data, err := tab.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	cases := []struct {
		name, want string
		data       []byte
		start      *engine.Position
	}{
		{"a win one ply slower", "the certificate is wrong", rewritten(func(t *Table) { setVal(t, won, t.val(won)+2) }), start},
		{"a win made a loss", "", rewritten(func(t *Table) { setVal(t, won, t.val(won)&wordLow|wordLoss) }), start},
		{"a draw made a win", "", rewritten(func(t *Table) { setVal(t, drawn, wordWin|1) }), start},
		{"a flipped value bit", "", flipBit(good, len(good)-tab.Len()/4-8), start},
		{"a flipped distance bit", "", flipBit(good, len(good)-1), start},
		{"truncated", "bad table data", good[:len(good)/2], start},
		{"empty", "not a thinchess table", nil, start},
		{"another start", "does not belong", good, tableParse(t, "1d", "bk,br,bn,x,x,wn,wr,wk:w")},
		{"other rules", "does not belong", good, tableParse(t, "chess", "bk,bn,br,x,x,wr,wn,wk:w")},
	}
	for _, c := range cases {
		_, err := VerifyCertificate(c.data, c.start)
		if err == nil {
			t.Errorf("%s: verified", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error saying %q", c.name, err, c.want)
		}
		if strings.Contains(c.want, "belong") && !errors.Is(err, ErrTableMismatch) {
			t.Errorf("%s: %v does not wrap ErrTableMismatch", c.name, err)
		}
	}
}

func flipBit(data []byte, at int) []byte {
	out := append([]byte(nil), data...)
	out[at] ^= 1
	return out
}
