// Package testscope says how much of the long tests to run.
//
// By default the long tests (browser layouts of every page, every Ban
// puzzle's line, differential checks against other engines, the shipped
// packs against their largest tables) check a fixed sample, so that
// `go test ./...` takes a few minutes on two cores. With
// THINCHESS_FULL_TESTS set, as .ci/run sets it, they check everything:
//
//	THINCHESS_FULL_TESTS=1 go test -timeout 40m ./...
//
// A sample is the same on every run, so that a failure repeats.
package testscope

import "os"

// EnvVar is the environment variable that asks for the full tests.
const EnvVar = "THINCHESS_FULL_TESTS"

// Full reports whether the long tests run whole.
func Full() bool { return os.Getenv(EnvVar) != "" }
