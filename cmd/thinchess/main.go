// Command thinchess builds, checks and serves thinchess sites and answers
// questions about positions: perft, solve, graph.
//
// Exit status: 0 on success, 1 when the work failed (errors in the
// sources, a false claim, a file that cannot be read), 2 for a mistake in
// the command line. Help (--help, -h, help COMMAND) goes to stdout,
// everything else that is not a result to stderr.
package main

import (
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/thinchess/thinchess/cmd/thinchess/internal/pacing"
)

// command is one subcommand of the CLI.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
	// ownPacing is set for a command that turns the garbage collector's
	// pacing on itself: solveTable does once its heap grows, and the
	// command's paths that do not solve with it turn it on first. Others
	// run with it on.
	ownPacing bool
}

var commands = map[string]command{}

func register(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	commands[name] = command{summary: summary, run: run}
}

// registerOwnPacing registers a command that turns the collector's
// pacing on itself when it needs it (see package pacing).
func registerOwnPacing(name, summary string, run func(args []string, stdout, stderr io.Writer) int) {
	commands[name] = command{summary: summary, run: run, ownPacing: true}
}

func init() {
	register("help", "show the help of a command: help <command>", runHelp)
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	var c command
	ok := false
	if len(args) > 0 {
		c, ok = commands[args[0]]
	}
	if !c.ownPacing {
		pacing.Resume()
	}
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help":
		usage(stdout)
		return 0
	}
	if !ok {
		fmt.Fprintf(stderr, "thinchess: unknown command %q\nRun 'thinchess help' for the list of commands.\n", args[0])
		return 2
	}
	return c.run(args[1:], stdout, stderr)
}

const helpHelp = `usage: thinchess help [COMMAND]

Prints what COMMAND does and its flags, as "thinchess COMMAND --help"
does, or without COMMAND the list of commands.

flags:
`

func runHelp(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("help", helpHelp, stdout, stderr)
	rest, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	switch {
	case len(rest) == 0:
		usage(stdout)
		return 0
	case len(rest) > 1:
		return fs.usageError("want one COMMAND, got %d arguments", len(rest))
	}
	c, ok := commands[rest[0]]
	if !ok {
		return fs.usageError("unknown command %q", rest[0])
	}
	return c.run([]string{"--help"}, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: thinchess <command> [arguments]\n\ncommands:")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'thinchess help <command>' for its flags. Flags may come before or after the arguments.")
}
