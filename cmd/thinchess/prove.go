package main

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/thinchess/thinchess/cmd/thinchess/internal/pacing"
	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"github.com/thinchess/thinchess/internal/bounded"
	"github.com/thinchess/thinchess/internal/outpath"
	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/puzzles"
	"github.com/thinchess/thinchess/solver"
	"github.com/thinchess/thinchess/verify"
)

func init() {
	registerOwnPacing("prove", "solve a start too large for a build and write a certificate a build verifies", runProve)
}

const proveUsage = `usage: thinchess prove [--variant V] [--max-states N] [--out DIR] [--title T] POSITION
       thinchess prove --check FILE POSITION

Solves POSITION (a FEN, a position code or a mode file, whose variant and
rules apply) exactly, like solve, and writes a certificate of the result
to DIR: KEY.tctb holds the value and distance to mate of every reachable
state, KEY.json records the result (value, distance to mate, states,
moves, the White/Black/draw split, terminals, best moves, line), the solve
time, the peak memory, the machine and the command. KEY names what the
certificate proves (a hash of the solver version, the position and its
rules), so a build finds the certificate of a mode's start by itself.

--check verifies a certificate instead of solving: it enumerates the
states of POSITION again, reads their entries from FILE and checks every
value and distance against the state's successors, in time linear in the
states and moves. A damaged certificate, or one of another position or
other rules, is refused, saying what is wrong.

flags:
`

func runProve(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("prove", proveUsage, stdout, stderr)
	variant := fs.String("variant", "", "rule preset: "+strings.Join(engine.Presets, ", ")+" (default: 1d on one-file boards, chess otherwise)")
	maxStates := number(fs, "max-states", 200_000_000, 1, maxStatesLimit, "give up when more than `N` states are reachable")
	out := fs.String("out", "certificates", "write the certificate and its record to `DIR`")
	check := fs.String("check", "", "verify the certificate `FILE` of POSITION instead of solving")
	title := fs.String("title", "", "name the start `T` in the record (the Solved starts page shows it; a mode's title by default)")
	rest, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	position := strings.Join(rest, " ")
	if position == "" {
		return fs.usageError("missing POSITION (a FEN, a position code or a mode file)")
	}
	p, err := readPosition("prove", *variant, false, position)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if p.R.Bans {
		fmt.Fprintln(stderr, "thinchess prove: Ban Chess positions have no certificates yet; use thinchess solve")
		return 1
	}
	if *check != "" {
		return checkCertificate(*check, p, stdout, stderr)
	}
	key, err := verify.CertificateKey(p)
	if err != nil {
		fmt.Fprintf(stderr, "thinchess prove: %v\n", err)
		return 1
	}
	if err := checkProveOut(*out, key); err != nil {
		fmt.Fprintf(stderr, "thinchess prove: %v\n", err)
		return 2
	}
	began := time.Now()
	t, err := solveTable("prove", p, *maxStates, stderr)
	pacing.Resume() // the solve is done; what follows may allocate a lot
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	seconds := time.Since(began).Seconds()
	data, err := t.MarshalBinary()
	if err != nil {
		fmt.Fprintf(stderr, "thinchess prove: %v\n", err)
		return 1
	}
	sum := sha256.Sum256(data)
	rec := verify.CertificateRecord{
		Position: p.FEN(), Variant: p.R.Preset, Key: key, Title: *title,
		Result:      newSolveResult(t, p, seconds),
		PeakMemory:  peakMemory(),
		Machine:     verify.Machine{CPU: cpuModel(), Cores: runtime.NumCPU(), OS: runtime.GOOS + "/" + runtime.GOARCH, Go: runtime.Version()},
		Command:     proveCommand(*maxStates, *title, position),
		Solved:      time.Now().UTC().Format("2006-01-02"),
		Certificate: verify.CertificateFile{File: key + ".tctb", Bytes: len(data), SHA256: hex.EncodeToString(sum[:])},
	}
	if strings.HasSuffix(position, ".md") {
		rec.Mode = strings.TrimSuffix(filepath.Base(position), ".md")
	}
	if over, err := game.RuleOverrides(p.R); err == nil && len(over) > 0 {
		rec.Rules = over
	}
	rec.BytesPerState = float64(rec.PeakMemory) / float64(max(rec.Result.States, 1))
	js, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		fmt.Fprintf(stderr, "thinchess prove: %v\n", err)
		return 1
	}
	if err := os.Mkdir(*out, 0o755); err != nil && !errors.Is(err, iofs.ErrExist) {
		fmt.Fprintf(stderr, "thinchess prove: %v\n", err)
		return 1
	}
	for name, b := range map[string][]byte{key + ".tctb": data, key + ".json": append(js, '\n')} {
		if err := puzzles.WriteFileAtomic(filepath.Join(*out, name), b); err != nil {
			fmt.Fprintf(stderr, "thinchess prove: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "%s: %s, %d states, %d moves, solved in %.1f s, peak memory %s\n",
		p.FEN(), describe(t, p), rec.Result.States, rec.Result.Edges, seconds, megabytes(rec.PeakMemory))
	fmt.Fprintf(stdout, "certificate: %s (%s, sha256 %s) and %s\n", printable.Quote(filepath.Join(*out, rec.Certificate.File)), megabytes(int64(len(data))), rec.Certificate.SHA256[:16], printable.Quote(filepath.Join(*out, key+".json")))
	return 0
}

// checkProveOut checks prove's --out before the solve: a folder of its
// own (not the current folder, the home folder or a parent of them, nor
// the modes, packs, content or templates of the site in the current
// folder), whose parent exists, and the certificate named key written
// inside the site in the current folder when it is named there.
func checkProveOut(out, key string) error {
	guards := outpath.Places()
	site, _ := siteFolder(".")
	if site {
		for _, g := range outpath.Sources(".") {
			if filepath.Base(g.Path) != "certificates" {
				guards = append(guards, g)
			}
		}
	}
	if err := checkOut("--out", out, guards); err != nil {
		return fmt.Errorf("%w; give --out a folder of its own, such as certificates", err)
	}
	for _, name := range []string{key + ".tctb", key + ".json"} {
		if err := outpath.InFolder(".", filepath.Join(out, name)); err != nil && site {
			return err
		}
	}
	return nil
}

// proveCommand is the command that makes the same certificate again.
func proveCommand(maxStates int, title, position string) string {
	cmd := "thinchess prove --max-states " + strconv.Itoa(maxStates)
	if title != "" {
		cmd += " --title " + quoteArg(title)
	}
	return cmd + " " + quoteArg(position)
}

// checkCertificate verifies the certificate file of p.
func checkCertificate(file string, p *engine.Position, stdout, stderr io.Writer) int {
	pacing.Resume() // prove is registered to pace itself; this path does not
	data, err := verify.ReadCertificate(file)
	if err != nil {
		fmt.Fprintf(stderr, "thinchess prove: %s: %s\n", printable.Quote(file), printable.Escape(bounded.Reason(err)))
		return 1
	}
	began := time.Now()
	t, err := solver.VerifyCertificate(data, p)
	if err != nil {
		fmt.Fprintf(stderr, "thinchess prove: %s: %v\n", printable.Quote(file), err)
		return 1
	}
	st := t.Stats()
	fmt.Fprintf(stdout, "%s: verified in %.1f s: %s, %d states, %d moves\n", printable.Quote(file), time.Since(began).Seconds(), describe(t, p), st.States, st.Edges)
	return 0
}

// peakMemory is the process's peak resident memory where the system says
// (Linux), else the memory the Go runtime obtained from it.
func peakMemory() int64 {
	if f, err := os.Open("/proc/self/status"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
				kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
				if err == nil {
					return kb << 10
				}
			}
		}
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return int64(m.Sys)
}

// cpuModel names the processor where the system says (Linux).
func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return runtime.GOARCH
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if name, value, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(name) == "model name" {
			return strings.TrimSpace(value)
		}
	}
	return runtime.GOARCH
}

func megabytes(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }

// quoteArg quotes a command-line argument for a POSIX shell when needed.
func quoteArg(s string) string {
	if s != "" && !strings.ContainsAny(s, " '\"\\$`!*?;&|<>()[]{}#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
