//go:build !unix

package puzzles

import (
	"os"
	"time"
)

// lockTemp does nothing where there is no flock: on Windows an open file
// cannot be removed, which protects a live writer's temporary anyway.
func lockTemp(f *os.File) error { return nil }

// abandoned reports whether a temporary is old enough to be a killed
// writer's: without locks, only the age can tell, so it must be a day old.
func abandoned(_ string, age time.Duration) bool { return age >= 24*time.Hour }
