package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
)

// cliFlags is the flag set of one command. Flags may come before,
// between or after the positional arguments. --help (or -h) prints the
// command's help on stdout; a mistake in the arguments is a usage error,
// reported on stderr with the usage line, exit status 2.
type cliFlags struct {
	*flag.FlagSet
	// help is the command's help: the usage line(s), a blank line, what
	// the command does, and "flags:" before the flags' list.
	help           string
	stdout, stderr io.Writer
}

// newFlags returns the flag set of the command name.
func newFlags(name, help string, stdout, stderr io.Writer) *cliFlags {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard) // parse's caller reports every mistake
	fs.Usage = func() {}
	return &cliFlags{FlagSet: fs, help: help, stdout: stdout, stderr: stderr}
}

// parse parses args and returns the positional arguments. Its error is
// flag.ErrHelp after --help, or a usage error; pass it to usageExit.
func (f *cliFlags) parse(args []string) ([]string, error) {
	var rest []string
	for {
		if err := f.Parse(args); err != nil {
			return nil, err
		}
		args = f.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// usageExit reports err from parse and returns the exit status: the help
// on stdout and 0 for flag.ErrHelp, else the error and the usage line on
// stderr and 2.
func (f *cliFlags) usageExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		fmt.Fprint(f.stdout, f.help)
		f.SetOutput(f.stdout)
		f.PrintDefaults()
		f.SetOutput(io.Discard)
		return 0
	}
	usage, _, _ := strings.Cut(f.help, "\n\n")
	fmt.Fprintf(f.stderr, "thinchess %s: %v\n%s\nRun 'thinchess help %s' for details.\n", f.Name(), err, usage, f.Name())
	return 2
}

// usageError reports a mistake in the arguments (exit status 2).
func (f *cliFlags) usageError(format string, args ...any) int {
	return f.usageExit(fmt.Errorf(format, args...))
}

// noArgs is a usage error when a command that takes no positional
// arguments was given some.
func (f *cliFlags) noArgs(rest []string) error {
	if len(rest) > 0 {
		return fmt.Errorf("unexpected argument %q (flags take the form --name value)", rest[0])
	}
	return nil
}

// quiet defines -q and --quiet: print only errors and warnings.
func (f *cliFlags) quiet() *bool {
	q := new(bool)
	f.BoolVar(q, "q", false, "print only errors and warnings")
	f.BoolVar(q, "quiet", false, "the same as -q")
	return q
}

// Limits of numeric flags that more than one command has.
const (
	// maxStatesLimit bounds --max-states: the solver numbers states
	// with 32 bits and needs about 25 bytes a state, so two billion
	// states (50 GB) is beyond any machine that runs this.
	maxStatesLimit = 2_000_000_000
	// maxNodesLimit bounds mate-search node budgets: a trillion nodes
	// is days of search.
	maxNodesLimit = 1_000_000_000_000
)

// number defines an integer flag that accepts only values from lo to hi;
// anything else is a usage error that names the flag and the range. The
// default, value, need not be in the range (0 for "not given").
func number[T int | int64](fs *cliFlags, name string, value, lo, hi T, usage string) *T {
	p := new(T)
	*p = value
	numberVar(fs, p, name, lo, hi, usage)
	return p
}

// numberVar is number storing into p, whose value is the default.
func numberVar[T int | int64](fs *cliFlags, p *T, name string, lo, hi T, usage string) {
	fs.Var(&numberFlag[T]{p, lo, hi}, name, fmt.Sprintf("%s (%s to %s)", usage, commas(int64(lo)), commas(int64(hi))))
}

// numberFlag is the flag.Value of number.
type numberFlag[T int | int64] struct {
	p      *T
	lo, hi T
}

func (n *numberFlag[T]) String() string {
	if n == nil || n.p == nil {
		return "0"
	}
	return strconv.FormatInt(int64(*n.p), 10)
}

func (n *numberFlag[T]) Set(s string) error {
	v, err := strconv.ParseInt(s, 0, 64)
	if err != nil || v < int64(n.lo) || v > int64(n.hi) {
		return fmt.Errorf("want a whole number from %s to %s", commas(int64(n.lo)), commas(int64(n.hi)))
	}
	*n.p = T(v)
	return nil
}

// duration defines a duration flag that accepts only values from lo to
// hi.
func duration(fs *cliFlags, name string, value, lo, hi time.Duration, usage string) *time.Duration {
	p := new(time.Duration)
	*p = value
	fs.Var(&durationFlag{p, lo, hi}, name, fmt.Sprintf("%s (%v to %v)", usage, lo, hi))
	return p
}

// durationFlag is the flag.Value of duration.
type durationFlag struct {
	p      *time.Duration
	lo, hi time.Duration
}

func (d *durationFlag) String() string {
	if d == nil || d.p == nil {
		return "0s"
	}
	return d.p.String()
}

func (d *durationFlag) Set(s string) error {
	v, err := time.ParseDuration(s)
	if err != nil || v < d.lo || v > d.hi {
		return fmt.Errorf("want a duration from %v to %v, such as 20ms or 1.5s", d.lo, d.hi)
	}
	*d.p = v
	return nil
}

// commas writes n with thousands separators: 1,000,000.
func commas(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	if neg {
		return "-" + s
	}
	return s
}
