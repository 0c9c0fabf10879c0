package publish

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"strings"
)

// Hash is the hex SHA-256 of data: what names a file by its content.
func Hash(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// HashedName inserts the first ten hex digits of data's hash before the
// extension of name, so that a file's name changes with its bytes and a
// browser may keep it for ever:
//
//	HashedName("assets/app.css", data) // "assets/app.1a2b3c4d5e.css"
func HashedName(name string, data []byte) string {
	ext := path.Ext(name)
	return strings.TrimSuffix(name, ext) + "." + Hash(data)[:10] + ext
}
