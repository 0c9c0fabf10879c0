package engine

import (
	"strings"
	"testing"
)

func TestLineText(t *testing.T) {
	for _, tc := range []struct {
		pos    string
		bans   bool
		moving bool // under bans: the line starts after the ban
		texts  []string
		want   string
	}{
		{"k/n/r/1/1/R/N/K w - - 0 1", false, false, []string{"Na4", "Rxa4", "Rxa4"}, "1. Na4 Rxa4 2. Rxa4"},
		{"k/n/r/1/1/R/N/K b - - 0 7", false, false, []string{"Ra5", "Na4", "Nb3"}, "7... Ra5 8. Na4 Nb3"},
		// The same lines as rules-label.test.js's numberActions cases.
		{"k/n/r/1/1/R/N/K w - - 0 1", true, false, []string{"b:Ra4", "Na4", "b:Rxa4", "Ra5", "b:Nb2"}, "1. (ban Ra4) Na4 (ban Rxa4) Ra5 2. (ban Nb2)"},
		{"k/n/r/1/1/R/N/K b - - 0 7", true, false, []string{"b:Ra5", "Ra4", "b:Nb2", "m:a2c1"}, "7... (ban Ra5) Ra4 8. (ban Nb2) a2c1"},
		{"k/n/r/1/1/R/N/K w - - 0 3", true, true, []string{"Ra4", "b:Rxa4", "Ra5", "b:Nb2", "Nc1"}, "3. Ra4 (ban Rxa4) Ra5 4. (ban Nb2) Nc1"},
		{"k/n/r/1/1/R/N/K b - - 0 3", true, true, []string{"Ra5", "b:Nb2", "Nc1"}, "3... Ra5 4. (ban Nb2) Nc1"},
		{"k/n/r/1/1/R/N/K w - - 0 1", false, false, nil, ""},
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
		if tc.moving {
			p.BanPhase = false
		}
		if got := p.LineText(tc.texts); got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.pos, tc.texts, got, tc.want)
		}
	}
	if got := (MoveLabel{12, Black}).String(); got != "12..." {
		t.Errorf("label %q", got)
	}
}

// TestNamesToWords reads a Ban Chess line's action names back and
// writes each ban as the move it forbids.
func TestNamesToWords(t *testing.T) {
	r := MustPreset("1d").Clone()
	if err := r.SetBool("bans", true); err != nil {
		t.Fatal(err)
	}
	p, err := Parse("k/n/r/1/1/R/N/K w - - 0 1", r)
	if err != nil {
		t.Fatal(err)
	}
	var line []Move
	q := *p
	for range 5 {
		acts := q.Actions(nil)
		if len(acts) == 0 {
			break
		}
		line = append(line, acts[0])
		q.MakeAction(acts[0])
	}
	names := p.ActionNames(line)
	got := p.NamesToWords(names)
	want := p.ActionWords(line)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("NamesToWords(%q) = %q, want %q", names, got, want)
	}
	if want[0] != "b:Na4" || names[0] != "b:a2a4" {
		t.Errorf("first action %q: want a ban in words", want[0])
	}
	if text := p.LineText(got); text != "1. (ban Na4) Ra4 (ban Ra5) Rxa4 2. (ban Nxa4)" {
		t.Errorf("LineText: %q", text)
	}
	if bad := p.NamesToWords([]string{"zz", "b:a1a2"}); bad[0] != "zz" || bad[1] != "b:a1a2" {
		t.Errorf("unreadable names changed: %q", bad)
	}
}
