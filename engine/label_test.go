package engine

import "testing"

func TestLineText(t *testing.T) {
	for _, tc := range []struct {
		pos   string
		bans  bool
		texts []string
		want  string
	}{
		{"k/n/r/1/1/R/N/K w - - 0 1", false, []string{"Na4", "Rxa4", "Rxa4"}, "1. Na4 Rxa4 2. Rxa4"},
		{"k/n/r/1/1/R/N/K b - - 0 7", false, []string{"Ra5", "Na4", "Nb3"}, "7... Ra5 8. Na4 Nb3"},
		{"k/n/r/1/1/R/N/K w - - 0 1", true, []string{"b:a2a4", "Ra4"}, "b:a2a4 Ra4"},
		{"k/n/r/1/1/R/N/K w - - 0 1", false, nil, ""},
	} {
		r := MustPreset("1d")
		if tc.bans {
			r = r.Clone()
			if err := r.SetBool("bans", true); err != nil {
				t.Fatal(err)
			}
		}
		p, err := Parse(tc.pos, r)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.LineText(tc.texts); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.pos, tc.texts, got, tc.want)
		}
	}
	if got := (MoveLabel{12, Black}).String(); got != "12..." {
		t.Errorf("label %q", got)
	}
}
