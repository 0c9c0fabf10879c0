//go:build unix

package puzzles

import (
	"os"
	"syscall"
	"time"
)

// lockTemp marks f, a temporary being written, as held: a sweep run by
// another process (or another write in this one) leaves it alone while f
// is open. The lock goes with the process, so a killed writer's file is
// free to sweep.
func lockTemp(f *os.File) error {
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
}

// abandoned reports whether no writer holds the temporary at path.
func abandoned(path string, _ time.Duration) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil
}
