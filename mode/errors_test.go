package mode

import "testing"

// TestGitHubAnnotations checks the workflow-command escaping: a path's
// ',' or ':' must not end the file property, and no message may start a
// new line.
func TestGitHubAnnotations(t *testing.T) {
	tests := []struct {
		name string
		err  Error
		want string
	}{
		{"plain", Error{Path: "modes/x/a.md", Line: 3, Col: 7, Msg: "claim is false"},
			"::error file=modes/x/a.md,line=3,col=7::claim is false\n"},
		{"warning", Error{Path: "modes/x/a.md", Line: 3, Msg: "hint is empty", Warning: true},
			"::warning file=modes/x/a.md,line=3,col=1::hint is empty\n"},
		{"no position", Error{Path: "packs/p.jsonl", Msg: "no header"},
			"::error file=packs/p.jsonl,line=1,col=1::no header\n"},
		{"comma in a folder", Error{Path: "a,line=9/modes/x.md", Line: 2, Col: 1, Msg: "bad"},
			"::error file=a%2Cline=9/modes/x.md,line=2,col=1::bad\n"},
		{"colons and percent", Error{Path: "c:/100%/x.md", Line: 1, Col: 1, Msg: "50% off: a::b"},
			"::error file=c%3A/100%25/x.md,line=1,col=1::50%25 off: a::b\n"},
		{"newlines", Error{Path: "x\ny.md", Line: 1, Col: 1, Msg: "one\r\ntwo"},
			"::error file=x%0Ay.md,line=1,col=1::one%0D%0Atwo\n"},
		{"no path", Error{Msg: "the build failed"},
			"::error::the build failed\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := tt.err
			if got := (ErrorList{&e}).GitHub(); got != tt.want {
				t.Errorf("got  %q\nwant %q", got, tt.want)
			}
		})
	}
}
