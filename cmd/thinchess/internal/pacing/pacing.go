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
// after github.com/alecthomas/chroma, whose path sorts before it and
// whose lexers allocate 2.7 MB. The collector's first cycle is due
// between 2.8 and 4 MB of heap as the runtime counts it (whole spans per
// P), so it does not start during the initialisation on a quiet machine,
// and on a busy one may start during chroma's, before this package runs
// (TestProcess asserts the part the program controls).
package pacing

import "runtime/debug"

// percent is the collector's percentage (GOGC) the program started with.
var percent = debug.SetGCPercent(-1)

// Resume turns the collector's pacing back on at the percentage the
// program started with.
func Resume() { debug.SetGCPercent(percent) }
