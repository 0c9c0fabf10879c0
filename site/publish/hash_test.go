package publish

import "testing"

// A hashed name keeps the folder and the extension and changes with the
// bytes, not with anything else.
func TestHashedName(t *testing.T) {
	a := HashedName("assets/puzzles/index.json", []byte("a"))
	// The SHA-256 of "a" starts ca978112ca1bbdcafac2.
	if a != "assets/puzzles/index.ca978112ca.json" {
		t.Errorf("HashedName = %q", a)
	}
	if b := HashedName("assets/puzzles/index.json", []byte("b")); b == a {
		t.Errorf("two contents, one name %q", a)
	}
	if got := HashedName("sw", []byte("a")); got != "sw.ca978112ca" {
		t.Errorf("without an extension: %q", got)
	}
	if got := Hash([]byte("a")); len(got) != 64 || got[:10] != "ca978112ca" {
		t.Errorf("Hash = %q", got)
	}
}
