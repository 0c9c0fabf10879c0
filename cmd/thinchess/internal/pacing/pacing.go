// Package pacing holds the garbage collector's pacing off while the
// program's packages initialise, and turns it back on when a command
// wants it.
//
// The packages' initialisation allocates about 4 MB, nearly all of it
// garbage at once (chroma's lexer registry parses the configuration of
// every lexer), which would start a collection before main runs: 1.5 ms
// of a 13 ms start. Go initialises packages in dependency order, and
// among those ready in the order of their import paths, so this package,
// which needs only runtime/debug, runs before most of the others
// (github.com/yuin/goldmark, go.yaml.in/yaml, the program's own), though
// after github.com/alecthomas/chroma, whose path sorts before it: the
// collector's first cycle, due at 4 MB, never starts during the
// initialisation.
package pacing

import "runtime/debug"

// percent is the collector's percentage (GOGC) the program started with.
var percent = debug.SetGCPercent(-1)

// Resume turns the collector's pacing back on at the percentage the
// program started with.
func Resume() { debug.SetGCPercent(percent) }
