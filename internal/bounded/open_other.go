//go:build !unix

package bounded

// openFlags is none where the system has no non-blocking open.
const openFlags = 0
