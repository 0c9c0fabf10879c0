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
			`::error file="x\ny.md",line=1,col=1::one\r\ntwo` + "\n"},
		{"control bytes", Error{Path: "modes/one-file/evil\x1b[31m\r.md", Line: 1, Col: 1, Msg: "title \x1b[31m: bad"},
			`::error file="modes/one-file/evil\x1b[31m\r.md",line=1,col=1::title \x1b[31m: bad` + "\n"},
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

// TestErrorQuotes: a path or a message holding control bytes is printed
// with them quoted, as %q quotes them (issue 31: a file named
// evil\x1b[31m\r.md recoloured the terminal and rewrote its line).
func TestErrorQuotes(t *testing.T) {
	tests := []struct {
		err  Error
		want string
	}{
		{Error{Path: "modes/one-file/evil\x1b[31m\r.md", Line: 1, Col: 1, Msg: "no front matter"},
			`"modes/one-file/evil\x1b[31m\r.md":1:1: no front matter`},
		{Error{Path: "modes/a b/é.md", Line: 2, Msg: "title \"x\x07\" rings", Warning: true},
			`modes/a b/é.md:2: warning: title "x\a" rings`},
		{Error{Path: "packs/p\n.jsonl", Msg: "open packs/p\n.jsonl: denied"},
			`"packs/p\n.jsonl": open packs/p\n.jsonl: denied`},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
	}
}
