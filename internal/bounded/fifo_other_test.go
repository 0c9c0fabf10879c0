//go:build !unix

package bounded

import "testing"

// makeFIFO returns "": the system has no named pipes to make.
func makeFIFO(*testing.T, string) string { return "" }
