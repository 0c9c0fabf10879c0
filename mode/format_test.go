package mode

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// fileOf returns the File that writes m back.
func fileOf(m *Mode, generator string) *File {
	f := &File{
		Generator: generator, Title: m.Title, Category: m.Category, Summary: m.Summary, Variant: m.Variant,
		Rules: m.Overrides(), Start: m.StartText, Difficulty: m.Difficulty, Icon: m.Icon, Weight: m.Weight,
		Opponent: m.Opponent, Claim: m.Claim, Puzzle: m.Puzzle, Body: string(m.Body),
	}
	if len(f.Rules) == 0 {
		f.Rules = nil
	}
	return f
}

// TestFormatRoundTrip formats files of every kind and loads them back.
func TestFormatRoundTrip(t *testing.T) {
	tests := []struct {
		name string
		file File
	}{
		{"minimal", File{Title: "A", Category: "c", Start: "bk,x,x,wk:w", Body: "Text.\n"}},
		{"quoting", File{
			Title: `Mate: "in" 2 # not a comment`, Category: "c", Summary: "yes: no, [x] {y} & *z 'q' \\ ⛏️",
			Start: "8/8/8/8/8/8/8/K1k5 w - - 0 1", Icon: "⛏️", Difficulty: 3, Weight: -7, Opponent: "random",
			Body: "## Challenge\n\n---\nnot front matter\n",
		}},
		{"rules", File{
			Title: "R", Category: "c", Variant: "chess", Start: "4k3/8/8/8/8/8/8/4K2R w K - 0 1",
			Rules: []Rule{{"castling", "false"}, {"promotion", "q, r"}, {"goal", "race"}},
		}},
		{"puzzle", File{
			Generator: "thinchess test --count 1", Title: "P", Category: "p", Variant: "1d",
			Start: "bk,x,x,wn,x,x,wr,wr,wk,x,x,wn:w", Difficulty: 5,
			Claim: &Claim{Result: engine.WhiteWins, MateIn: 4},
			Puzzle: &Puzzle{Side: engine.White, Solution: "1. Na7 Ka11 2. Ka3", Hints: []Hint{
				{Text: "Start on a9: it's \"quiet\".", Squares: []string{"a9", "a12"}},
				{Text: "Na7.", Move: "Na7"},
			}},
			Body: "```line\n1. Na7\n```\n",
		}},
		{"draw", File{Title: "D", Category: "c", Start: "bk,x,x,wk:w", Claim: &Claim{Result: engine.Drawn}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := Format(&tt.file)
			path := filepath.Join(t.TempDir(), "m.md")
			if err := os.WriteFile(path, data, 0o644); err != nil {
				t.Fatal(err)
			}
			m, errs := LoadModeFile(path)
			if errs.Err() != nil {
				t.Fatalf("%v\n%s", errs, data)
			}
			want := tt.file
			if want.Difficulty == 0 {
				want.Difficulty = 1
			}
			if want.Variant == "" {
				want.Variant = m.Variant // the loader picks one by board
			}
			got := fileOf(m, want.Generator)
			if got.Puzzle != nil {
				for i := range got.Puzzle.Hints {
					got.Puzzle.Hints[i].Pos = Pos{}
				}
			}
			if !reflect.DeepEqual(*got, want) {
				t.Errorf("loaded back\n got %+v\nwant %+v\nfile:\n%s", *got, want, data)
			}
			if again, want := Format(got), Format(&want); string(again) != string(want) {
				t.Errorf("formatting the loaded file differs:\n%s\n%s", want, again)
			}
		})
	}
}
