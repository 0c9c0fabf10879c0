//go:build !linux

package publish

import "errors"

// exchange is not available here: writeFiles falls back to two renames.
func exchange(a, b string) error { return errors.New("no atomic exchange on this system") }
