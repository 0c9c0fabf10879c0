package wire

import (
	"strings"
	"testing"
)

// TestPlayHeaderFields checks that a play table's header reads back what
// it writes, in the order playtable.js reads it.
func TestPlayHeaderFields(t *testing.T) {
	tests := []struct {
		h    PlayHeader
		want [PlayHeaderFields]uint64
	}{
		{PlayHeader{}, [PlayHeaderFields]uint64{}},
		{PlayHeader{States: 1, Edges: 2, WhiteWins: 3, BlackWins: 4, Draws: 5, Mates: 6, Stalemates: 7, Insufficient: 8, Races: 9, Slots: 10, StartSlot: 11, Mirrored: true},
			[PlayHeaderFields]uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 1}},
	}
	for _, tt := range tests {
		got := tt.h.Fields()
		if got != tt.want {
			t.Errorf("%+v: fields %v, want %v", tt.h, got, tt.want)
		}
		var back PlayHeader
		if err := back.SetFields(got); err != nil || back != tt.h {
			t.Errorf("%+v: reads back as %+v, %v", tt.h, back, err)
		}
	}
	var h PlayHeader
	if err := h.SetFields([PlayHeaderFields]uint64{11: 2}); err == nil || !strings.Contains(err.Error(), "mirrored flag 2") {
		t.Errorf("mirrored flag 2: error %v", err)
	}
}
