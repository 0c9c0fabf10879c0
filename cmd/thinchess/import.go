package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/puzzles"
)

func init() {
	register("import", "convert puzzles from another collection (lichess) into a checked pack", runImport)
}

const importUsage = `usage: thinchess import lichess FILE [--out DIR] [--pack ID] [--themes mateIn1,mateIn2,...]
       [--min-rating R] [--max-rating R] [--min-popularity P] [--limit N] [--sample N --seed S] [--nodes N]

Converts the mate puzzles of the lichess puzzle database
(https://database.lichess.org/#puzzles) into a pack of the site in DIR:
DIR/packs/ID.jsonl, one puzzle per line, and DIR/packs/ID.md, the pack's
header, written only when missing so that an author's edits stay. FILE is
lichess_db_puzzle.csv.zst as lichess distributes it, the plain CSV, or -
for standard input; zstd is recognised by its magic bytes. Columns are
found by name: PuzzleId, FEN, Moves and Themes are needed; Rating,
RatingDeviation, Popularity, NbPlays, GameUrl and OpeningTags are kept
with each puzzle when present; other columns are ignored.

The start of a puzzle is the position after the opponent's move Moves[0];
the claim is a mate for the side then to move in N moves, from the row's
mateInN theme. Each row is checked with the bounded mate search the build
uses, on every core: N must be the shortest mate, the solver's moves must
keep it, and a recorded defence that is not a longest one is replaced by
one (the puzzle's notes say so). Rows without a mate theme are skipped.
Rows that cannot be read, and rows whose claim the search disproves or
cannot decide, are reported on stderr as FILE:LINE: message (the first 20)
and left out; they never stop the import.

--sample N converts N of the rows the filters keep: those with the
smallest hash of the seed and the puzzle id, the same rows for the same
file and seed. Importing again replaces the pack's puzzles and reports
how many were added, changed and removed; a puzzle whose id a mode file
under DIR/modes has is left out and reported. The pack is written whole
or not at all. Progress goes to stderr while it is a terminal. The exit
status is 0 when the pack was written and 1 when nothing was converted.

flags:
`

// stdin is what "import lichess -" reads; tests replace it.
var stdin io.Reader = os.Stdin

// maxRatingLimit bounds the rating filters: lichess puzzles are rated
// from about 400 to 3,300.
const maxRatingLimit = 4000

func runImport(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("import", importUsage, stdout, stderr)
	out := fs.String("out", ".", "the site `folder` to write the pack into")
	pack := fs.String("pack", "lichess", "the pack's `id`")
	themes := fs.String("themes", "", "comma-separated `themes`; keep rows with any of them (default: every row)")
	minRating := number(fs, "min-rating", 0, 0, maxRatingLimit, "keep rows rated at least `R`, 0 for no bound")
	maxRating := number(fs, "max-rating", 0, 0, maxRatingLimit, "keep rows rated at most `R`, 0 for no bound")
	minPopularity := number(fs, "min-popularity", -100, -100, 100, "keep rows at least this `popular`")
	limit := number(fs, "limit", 0, 0, 1_000_000_000, "stop after converting `N` rows, 0 for no limit")
	sample := number(fs, "sample", 0, 0, 1_000_000_000, "convert a deterministic sample of `N` rows, 0 for every row")
	seed := fs.Uint64("seed", 1, "the sample's `seed`")
	nodes := number(fs, "nodes", int64(puzzles.DefaultMateNodes), 1, maxNodesLimit, "node budget of each mate search: `N` nodes")
	rest, err := fs.parse(args)
	if err != nil {
		return fs.usageExit(err)
	}
	if len(rest) != 2 || rest[0] != "lichess" {
		return fs.usageError("want the source (lichess) and a CSV file (or - for standard input)")
	}
	if *maxRating > 0 && *minRating > *maxRating {
		return fs.usageError("--min-rating %d is more than --max-rating %d", *minRating, *maxRating)
	}
	if err := puzzles.CheckPackID(*pack); err != nil {
		return fs.usageError("--pack: %v", err)
	}
	var inputs []string
	if rest[1] != "-" {
		inputs = append(inputs, rest[1])
	}
	if err := checkPackOut("--out", *out, *pack, siteOutGuards("."), inputs...); err != nil {
		fmt.Fprintf(stderr, "thinchess import: %v\n", err)
		return 2
	}

	in, name, size, err := openImportInput(rest[1])
	if err != nil {
		fmt.Fprintf(stderr, "thinchess import: %v\n", err)
		return 1
	}
	defer in.Close()
	// An interrupt stops the import, while reading or between two
	// puzzles, and leaves the pack as it was (WritePack removes its
	// temporary file).
	ctx, cancel := signal.NotifyContext(context.Background(), os.Interrupt)
	defer cancel()
	counted := &countingReader{r: in, ctx: ctx}
	lr, err := puzzles.NewLichessReader(counted, name)
	if err != nil {
		fmt.Fprintf(stderr, "thinchess import: %v\n", err)
		return 1
	}
	defer lr.Close()

	rep := &importReport{w: stderr, tty: isTerminal(stderr), start: time.Now(), size: size, bytes: &counted.n}
	opt := puzzles.ImportOptions{
		ConvertOptions: puzzles.ConvertOptions{MateNodes: *nodes},
		MinRating:      *minRating, MaxRating: *maxRating, MinPopularity: minPopularity,
		Limit: *limit, Sample: *sample, Seed: *seed,
		Report: rep.row, Progress: &rep.prog,
	}
	for _, t := range strings.Split(*themes, ",") {
		if t = strings.TrimSpace(t); t != "" {
			opt.Themes = append(opt.Themes, t)
		}
	}
	stop := rep.run()
	diff, err := puzzles.WritePack(*out, *pack, lichessHeader, importLines(ctx, name, puzzles.ImportLichess(lr, opt)))
	stop()
	data := filepath.Join(*out, "packs", *pack+".jsonl")
	switch {
	case errors.Is(err, puzzles.ErrNoPuzzles):
		printTaken(stdout, diff)
		fmt.Fprintf(stderr, "thinchess import: no puzzle to write: %s left as it was\n", printable.Quote(data))
		return 1
	case err != nil:
		fmt.Fprintf(stderr, "thinchess import: %s (%s left as it was)\n", printable.Escape(err.Error()), printable.Quote(data))
		return 1
	}
	printTaken(stdout, diff)
	fmt.Fprintf(stdout, "%s: %d puzzle(s): %d added, %d changed, %d removed, %d unchanged\n",
		printable.Quote(data), diff.Written(), diff.Added, diff.Changed, diff.Removed, diff.Unchanged)
	fmt.Fprintf(stdout, "check them with: thinchess check --src %s %s\n", printable.Escape(quoteArg(*out)), filepath.ToSlash(filepath.Join("packs", *pack+".jsonl")))
	return 0
}

// openImportInput opens the CSV file name, or standard input for "-",
// and returns it, the name to give in messages, and its size when it is
// a regular file, else -1.
func openImportInput(name string) (io.ReadCloser, string, int64, error) {
	if name == "-" {
		size := int64(-1)
		if f, ok := stdin.(*os.File); ok {
			if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
				size = fi.Size()
			}
		}
		return io.NopCloser(stdin), "stdin", size, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, "", 0, err
	}
	size := int64(-1)
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
		size = fi.Size()
	}
	return f, name, size, nil
}

// lichessHeader is the header of a pack imported from lichess.
var lichessHeader = mode.PackHeader{
	Title:     "Lichess puzzles",
	Summary:   "Mate puzzles from the lichess.org puzzle database, each proven by mate search.",
	Source:    "lichess.org puzzle database (https://database.lichess.org/#puzzles)",
	Licence:   "CC0",
	Variant:   "chess",
	Generator: "thinchess import lichess",
	Body:      "Mate puzzles of the [lichess.org puzzle database](https://database.lichess.org/#puzzles), dedicated to the public domain (CC0). Each puzzle starts after the opponent's move and was checked by the bounded mate search: the claimed mate is the shortest, and every recorded defence a longest one (a shorter one is replaced, and the puzzle's notes say so).",
}

// importLines turns the converted puzzles of the file name into pack
// lines; an error of the conversion, or an interrupt, ends them.
func importLines(ctx context.Context, name string, pzs iter.Seq2[*puzzles.Puzzle, error]) iter.Seq2[*mode.PackLine, error] {
	return func(yield func(*mode.PackLine, error) bool) {
		for pz, err := range pzs {
			if err != nil {
				yield(nil, fmt.Errorf("%s: %v", printable.Quote(name), err))
				return
			}
			if ctx.Err() != nil {
				yield(nil, errInterrupted)
				return
			}
			if !yield(pz.PackLine(), nil) {
				return
			}
		}
	}
}

// printTaken lists the puzzles a pack left out because their id was
// taken.
func printTaken(w io.Writer, d *puzzles.Diff) {
	if d == nil {
		return
	}
	for _, t := range d.Taken {
		fmt.Fprintf(w, "skipped %s: %s has this id\n", printable.Quote(t.ID), printable.Quote(t.Path))
	}
	if n := d.TakenCount - len(d.Taken); n > 0 {
		fmt.Fprintf(w, "… and %d more skipped for the same reason\n", n)
	}
}

// maxRowMessages bounds the rows reported one by one.
const maxRowMessages = 20

// importReport writes an import's progress and rejected rows to stderr:
// a status line redrawn a few times a second on a terminal, else one
// summary line at the end.
type importReport struct {
	w     io.Writer
	tty   bool
	start time.Time
	size  int64         // of the input, or -1
	bytes *atomic.Int64 // of the input read so far
	prog  puzzles.Progress

	mu       sync.Mutex
	shown    int
	drawn    bool // a status line is on the screen
	rejected int
	// convStart is when the status first saw the file read to its end,
	// and convBase the rows converted or rejected by then.
	convStart time.Time
	convBase  int64
}

// row reports a rejected row: the first maxRowMessages of them.
func (r *importReport) row(e *puzzles.RowError) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.rejected++
	if r.shown >= maxRowMessages {
		return
	}
	r.shown++
	r.clear()
	fmt.Fprintln(r.w, e)
}

// run starts redrawing the status line on a terminal; the function it
// returns stops it and writes the summary.
func (r *importReport) run() (stop func()) {
	done := make(chan struct{})
	var wg sync.WaitGroup
	if r.tty {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.NewTicker(250 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-done:
					return
				case <-t.C:
					r.mu.Lock()
					r.clear()
					fmt.Fprint(r.w, r.status(false))
					r.drawn = true
					r.mu.Unlock()
				}
			}
		}()
	}
	return func() {
		close(done)
		wg.Wait()
		r.mu.Lock()
		defer r.mu.Unlock()
		r.clear()
		if n := r.rejected - r.shown; n > 0 {
			fmt.Fprintf(r.w, "… and %d more\n", n)
		}
		fmt.Fprintln(r.w, r.status(true))
	}
}

// clear erases the status line, if one is drawn.
func (r *importReport) clear() {
	if r.drawn {
		fmt.Fprint(r.w, "\r\x1b[K")
		r.drawn = false
	}
}

// status says how far the import is. While the file is read: rows read,
// converted and rejected, the rate and the time left by the bytes read;
// then the conversions left (a sample is converted after reading). The
// live line fits one line of a terminal; the final one says more.
func (r *importReport) status(final bool) string {
	p := &r.prog
	now := time.Now()
	read, conv, rej := p.Read.Load(), p.Converted.Load(), p.Malformed.Load()+p.Unproven.Load()
	readEnd := now
	if end := p.ReadEnd.Load(); end > 0 {
		readEnd = time.Unix(0, end)
	}
	readTime := readEnd.Sub(r.start)
	rate := count3(int64(float64(read) / max(readTime.Seconds(), 1e-3)))
	if final {
		return fmt.Sprintf("%s rows read in %.1f s (%s rows/s): %s converted, %s malformed, %s disproved or undecided, %s without a mate theme, %s filtered out; %.1f s in all",
			count3(read), readTime.Seconds(), rate, count3(conv), count3(p.Malformed.Load()), count3(p.Unproven.Load()),
			count3(p.Skipped.Load()), count3(p.Filtered.Load()), now.Sub(r.start).Seconds())
	}
	if p.ReadEnd.Load() == 0 {
		s := fmt.Sprintf("%s read, %s converted, %s rejected, %s rows/s", count3(read), count3(conv), count3(rej), rate)
		if b := r.bytes.Load(); r.size > 0 && b > 0 && b < r.size {
			left := time.Duration(float64(readTime) * float64(r.size-b) / float64(b))
			s += fmt.Sprintf(", %d%%, ETA %s", 100*b/r.size, left.Round(time.Second))
		}
		return s
	}
	// Converting what is left: the rate since reading ended.
	if r.convStart.IsZero() {
		r.convStart, r.convBase = now, conv+rej
	}
	queued := p.Queued.Load()
	s := fmt.Sprintf("%s read in %.0f s; %s of %s converted, %s rejected", count3(read), readTime.Seconds(), count3(conv), count3(queued), count3(rej))
	if done := conv + rej - r.convBase; done > 0 {
		el := now.Sub(r.convStart)
		left := time.Duration(float64(el) * float64(queued-conv-rej) / float64(done))
		s += fmt.Sprintf(", %.0f/s, ETA %s", float64(done)/el.Seconds(), left.Round(time.Second))
	}
	return s
}

// count3 writes n with thousands separators: 5,600,000.
func count3(n int64) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return s
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

var errInterrupted = errors.New("interrupted")

// countingReader counts the bytes read through it, for the ETA, and
// stops reading once ctx is done.
type countingReader struct {
	r   io.Reader
	n   atomic.Int64
	ctx context.Context
}

func (c *countingReader) Read(p []byte) (int, error) {
	if c.ctx.Err() != nil {
		return 0, errInterrupted
	}
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}
