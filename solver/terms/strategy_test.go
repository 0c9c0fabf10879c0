package terms

import "testing"

func TestParseStrategy(t *testing.T) {
	tests := []struct {
		name string
		want Strategy
		err  string
	}{
		{"perfect", Perfect, ""},
		{"aggressive", Aggressive, ""},
		{"cooperative", Cooperative, ""},
		{"random", Random, ""},
		{"greedy", 0, `unknown strategy "greedy" (want perfect, aggressive, cooperative, random)`},
		{"Perfect", 0, `unknown strategy "Perfect" (want perfect, aggressive, cooperative, random)`},
	}
	for _, tt := range tests {
		got, err := ParseStrategy(tt.name)
		switch {
		case tt.err != "" && (err == nil || err.Error() != tt.err):
			t.Errorf("ParseStrategy(%q): error %v, want %s", tt.name, err, tt.err)
		case tt.err == "" && (err != nil || got != tt.want || got.String() != tt.name):
			t.Errorf("ParseStrategy(%q) = %v (%s), %v; want %v", tt.name, got, got, err, tt.want)
		}
	}
	if s := Strategy(9).String(); s != "Strategy(9)" {
		t.Errorf("Strategy(9).String() = %q", s)
	}
}

// TestStrategyText checks that a strategy reads back what it writes.
func TestStrategyText(t *testing.T) {
	for _, s := range []Strategy{Perfect, Aggressive, Cooperative, Random} {
		b, _ := s.MarshalText()
		var got Strategy
		if err := got.UnmarshalText(b); err != nil || got != s {
			t.Errorf("%v: text %q reads back as %v, %v", s, b, got, err)
		}
	}
	var got Strategy
	if err := got.UnmarshalText([]byte("greedy")); err == nil {
		t.Error("UnmarshalText(greedy): no error")
	}
}
