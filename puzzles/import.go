package puzzles

import (
	"container/heap"
	"errors"
	"io"
	"iter"
	"runtime"
	"slices"
	"sort"
	"sync/atomic"
	"time"

	"github.com/thinchess/thinchess/internal/par"
)

// ImportOptions choose and convert the rows of a lichess puzzle CSV for
// ImportLichess. The zero value converts every mate puzzle.
type ImportOptions struct {
	ConvertOptions
	// Themes, when not empty, keeps the rows with at least one of them.
	Themes []string
	// MinRating and MaxRating keep the rows rated within them; 0 is no
	// bound.
	MinRating, MaxRating int
	// MinPopularity, when not nil, keeps the rows at least as popular
	// (lichess's popularity runs from -100 to 100).
	MinPopularity *int
	// Limit, when positive, stops after converting that many rows.
	Limit int
	// Sample, when positive, converts only that many of the rows the
	// filters keep: those with the smallest hash of Seed and their
	// PuzzleId. The choice depends on the file and the seed alone.
	Sample int
	Seed   uint64
	// Report, when not nil, is called with each row left out for a reason
	// worth telling, in the order of the file: a row that cannot be read
	// (a bad field, FEN or move) or whose claim the mate search disproves
	// or cannot decide (errors.Is ErrDisproved or ErrUndecided). Rows
	// without a mate theme or left out by the filters are only counted.
	Report func(*RowError)
	// Progress, when not nil, is counted up as the import goes.
	Progress *Progress
}

// Progress counts what an import has done. Its counters may be read
// while the import runs, from another goroutine.
type Progress struct {
	// Read counts the data rows read.
	Read atomic.Int64
	// Converted counts the puzzles made, and Changed those among them
	// whose recorded line the import changed (see ConvertLichess).
	Converted, Changed atomic.Int64
	// Malformed counts the rows that cannot be read, and Unproven those
	// whose claim the mate search disproves or cannot decide.
	Malformed, Unproven atomic.Int64
	// Skipped counts the rows without a mate theme, Filtered those that
	// the filters or the sample leave out.
	Skipped, Filtered atomic.Int64
	// Queued counts the rows handed to conversion.
	Queued atomic.Int64
	// ReadEnd is when the file was read to its end, in Unix nanoseconds,
	// or 0 before.
	ReadEnd atomic.Int64
}

// rowItem is a row on its way to conversion, or a row that could not be
// read.
type rowItem struct {
	row *LichessRow
	err *RowError
}

// converted is what conversion made of a rowItem.
type converted struct {
	pz  *Puzzle
	err *RowError
}

// ImportLichess reads the rows of lr, keeps those the options choose and
// converts them (ConvertLichess) on every core, and yields the puzzles
// in the order of the file. The file is read on a goroutine of its own,
// a bounded number of rows ahead, so memory does not grow with the
// file; with Sample, the sampled rows are held until the end of the file
// and converted then. An error that ends the file (it cannot be read or
// decompressed) is yielded last, with a nil puzzle.
func ImportLichess(lr *LichessReader, opt ImportOptions) iter.Seq2[*Puzzle, error] {
	return func(yield func(*Puzzle, error) bool) {
		prog := opt.Progress
		if prog == nil {
			prog = &Progress{}
		}
		var fatal error
		rows := chosenRows(lr, &opt, prog, &fatal)
		if opt.Sample > 0 {
			rows = sample(rows, opt.Sample, opt.Seed, prog, &fatal)
		}
		convert := func(it rowItem) converted {
			if it.err != nil {
				return converted{err: it.err}
			}
			pz, err := ConvertLichess(it.row, opt.ConvertOptions)
			if err != nil {
				var re *RowError
				if !errors.As(err, &re) {
					re = &RowError{File: it.row.File, Line: it.row.Line, Row: it.row.Row, ID: it.row.ID, Err: err}
				}
				return converted{err: re}
			}
			return converted{pz: pz}
		}
		for c := range par.Stream(rows, 64*runtime.GOMAXPROCS(0), convert) {
			if c.err != nil {
				if errors.Is(c.err, ErrDisproved) || errors.Is(c.err, ErrUndecided) {
					prog.Unproven.Add(1)
				} else {
					prog.Malformed.Add(1)
				}
				if opt.Report != nil {
					opt.Report(c.err)
				}
				continue
			}
			n := prog.Converted.Add(1)
			if c.pz.Notes != "" {
				prog.Changed.Add(1)
			}
			if !yield(c.pz, nil) || opt.Limit > 0 && n >= int64(opt.Limit) {
				return
			}
		}
		if fatal != nil {
			yield(nil, fatal)
		}
	}
}

// chosenRows reads lr and yields the rows the filters keep that have a
// mate theme, and the rows that cannot be read. An error that ends the
// file is left in *fatal.
func chosenRows(lr *LichessReader, opt *ImportOptions, prog *Progress, fatal *error) iter.Seq[rowItem] {
	return func(yield func(rowItem) bool) {
		defer func() { prog.ReadEnd.Store(time.Now().UnixNano()) }()
		for {
			r, err := lr.Next()
			if err == io.EOF {
				return
			}
			var re *RowError
			if err != nil && !errors.As(err, &re) {
				*fatal = err
				return
			}
			prog.Read.Add(1)
			if re != nil {
				if !yield(rowItem{err: re}) {
					return
				}
				continue
			}
			if !opt.keep(r) {
				prog.Filtered.Add(1)
				continue
			}
			n, err := r.MateIn()
			if err != nil {
				re := &RowError{File: r.File, Line: r.Line, Row: r.Row, ID: r.ID, Field: "Themes", Err: err}
				if !yield(rowItem{err: re}) {
					return
				}
				continue
			}
			if n == 0 {
				prog.Skipped.Add(1)
				continue
			}
			if opt.Sample == 0 {
				prog.Queued.Add(1)
			}
			if !yield(rowItem{row: r}) {
				return
			}
		}
	}
}

// keep reports whether the filters keep row r.
func (opt *ImportOptions) keep(r *LichessRow) bool {
	if len(opt.Themes) > 0 && !slices.ContainsFunc(opt.Themes, r.HasTheme) {
		return false
	}
	if opt.MinRating > 0 && r.Rating < opt.MinRating || opt.MaxRating > 0 && r.Rating > opt.MaxRating {
		return false
	}
	return opt.MinPopularity == nil || r.Popularity >= *opt.MinPopularity
}

// sample passes on the rows that cannot be read as they come, and keeps
// the n rows with the smallest sampleKey; at the end of the file it
// yields those in the order of the file, unless reading ended in *fatal.
func sample(rows iter.Seq[rowItem], n int, seed uint64, prog *Progress, fatal *error) iter.Seq[rowItem] {
	return func(yield func(rowItem) bool) {
		var h sampleHeap
		for it := range rows {
			if it.err != nil {
				if !yield(it) {
					return
				}
				continue
			}
			s := sampled{sampleKey(seed, it.row.ID), it.row}
			switch {
			case len(h) < n:
				heap.Push(&h, s)
			case s.less(h[0]):
				prog.Filtered.Add(1)
				h[0] = s
				heap.Fix(&h, 0)
			default:
				prog.Filtered.Add(1)
			}
		}
		if *fatal != nil {
			return
		}
		sort.Slice(h, func(i, j int) bool { return h[i].row.Row < h[j].row.Row })
		prog.Queued.Add(int64(len(h)))
		for _, s := range h {
			if !yield(rowItem{row: s.row}) {
				return
			}
		}
	}
}

// sampleKey hashes a seed and a puzzle id: FNV-1a over the seed's bytes
// and the id, then SplitMix64's finaliser, so that every bit of the key
// depends on every byte.
func sampleKey(seed uint64, id string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < 8; i++ {
		h = (h ^ (seed >> (8 * i) & 0xff)) * 1099511628211
	}
	for i := 0; i < len(id); i++ {
		h = (h ^ uint64(id[i])) * 1099511628211
	}
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	return h ^ h>>31
}

// sampled is a row with its sample key.
type sampled struct {
	key uint64
	row *LichessRow
}

// less orders sampled rows by key, then by row: the earlier of two rows
// with one key (the same id twice) is kept.
func (s sampled) less(t sampled) bool {
	if s.key != t.key {
		return s.key < t.key
	}
	return s.row.Row < t.row.Row
}

// sampleHeap is a max-heap: its top is the row to drop first.
type sampleHeap []sampled

func (h sampleHeap) Len() int           { return len(h) }
func (h sampleHeap) Less(i, j int) bool { return h[j].less(h[i]) }
func (h sampleHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *sampleHeap) Push(x any)        { *h = append(*h, x.(sampled)) }
func (h *sampleHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
