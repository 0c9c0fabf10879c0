//go:build unix

package bounded

import "syscall"

// openFlags opens without blocking: a name that became a named pipe
// after Open looked at it does not wait for a writer.
const openFlags = syscall.O_NONBLOCK
