package publish

import (
	"strings"
	"testing"
)

// Go's wasm_exec.js is minified like the other scripts but keeps the
// copyright notice it starts with; other scripts lose their comments.
func TestMinifyKeepsGoNotice(t *testing.T) {
	const notice = "// Copyright 2018 The Go Authors. All rights reserved.\n// Use of this source code is governed by a BSD-style\n// license that can be found in the LICENSE file.\n"
	src := notice + "\n\"use strict\";\n\n(() => {\n\tconst enosys = () => {\n\t\tconst err = new Error(\"not implemented\");\n\t\treturn err;\n\t};\n\tglobalThis.fs = { enosys };\n})();\n"
	got := string(MinifyBytes("assets/wasm_exec.0c949f4996.js", []byte(src)))
	if !strings.HasPrefix(got, notice) {
		t.Errorf("the minified wasm_exec.js lost its notice:\n%s", got)
	}
	if len(got) >= len(src) || strings.Contains(got, "\t") {
		t.Errorf("wasm_exec.js was not minified:\n%s", got)
	}
	other := string(MinifyBytes("assets/board.js", []byte(src)))
	if strings.Contains(other, "Copyright") {
		t.Errorf("another script kept its comments:\n%s", other)
	}
	for _, s := range []string{"", "// only a comment", "// a\n// b\n"} {
		if c := string(leadingComments([]byte(s))); !strings.HasPrefix(s+"\n", c) {
			t.Errorf("leadingComments(%q) = %q", s, c)
		}
	}
}
