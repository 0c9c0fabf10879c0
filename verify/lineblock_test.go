package verify

import (
	"reflect"
	"testing"
)

// TestLineBlocks checks which fenced blocks are checked and where their
// lines are reported.
func TestLineBlocks(t *testing.T) {
	tests := []struct {
		name, body string
		want       []blockLine
	}{
		{"backticks", "Text.\n\n```line\n1. Na3 Kb7\n```\n", []blockLine{{"1. Na3 Kb7", 3, 1}}},
		{"tildes and blank lines", "~~~line\n\n  1. e4\n\n1... e5\n~~~\n", []blockLine{{"1. e4", 2, 3}, {"1... e5", 4, 1}}},
		{"other languages", "```go\nx := 1\n```\n```\n1. e4\n```\n", nil},
		{"info must be line alone", "```line extra\n1. e4\n```\n", nil},
		{"in a list", "- item\n\n  ```line\n  1. e4 e5\n  ```\n", []blockLine{{"1. e4 e5", 3, 3}}},
		{"unclosed", "```line\n1. e4\n", []blockLine{{"1. e4", 1, 1}}},
		{"not a fence inside", "````\n```line\n1. e4\n```\n````\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := lineBlocks([]byte(tt.body)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
		})
	}
}
