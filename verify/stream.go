package verify

import (
	"bufio"
	"cmp"
	"encoding/binary"
	"os"
	"path/filepath"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/solver"
)

// Counts tally verifications: each mode or puzzle counts once, proven
// exactly, proven by mate search, or not verified (whatever was tried).
type Counts struct {
	Verified, Unverified, Exact, MateSearch int
}

// Add counts v.
func (c *Counts) Add(v *Verification) {
	switch {
	case !v.Verified:
		c.Unverified++
	case v.Method == solver.Exact:
		c.Exact++
	case v.Method == solver.ByMateSearch:
		c.MateSearch++
	}
	if v.Verified {
		c.Verified++
	}
}

// A PackStream verifies the puzzles of one pack a batch at a time, as
// mode.Pack.ReadPuzzles reads them, and keeps none of them: only their
// counts and, in the cache, their results, written to the pack's bundle
// as they come. Memory then does not grow with the pack. Verify the
// site's modes first (Verify), since a pack with a table key proves its
// puzzles against the table of a mode that run solved.
type PackStream struct {
	Counts
	pack    *mode.Pack
	opt     Options
	bundle  *packBundle
	table   *packTable
	out     *bundleWriter
	label   string
	changed bool // a result was not in the bundle as read
	// Each, when not nil, is told every puzzle of a batch once the batch
	// is verified, in the batch's order: its verification (with its Key),
	// the artifacts of its exact table or its pack's (nil when none, as
	// Verify gives them), and its result as the cache encodes it (nil
	// when it is not kept). A build keeps what it needs of each puzzle
	// this way, not the puzzle.
	Each func(m *mode.Mode, v *Verification, a *Artifacts, data []byte)
}

// NewPackStream starts verifying the puzzles of p. artifacts are those
// of the modes (from Verify), where the pack's table may be; problems
// with the table are added to errs.
func NewPackStream(p *mode.Pack, opt Options, artifacts map[string]*Artifacts, errs *mode.ErrorList) *PackStream {
	opt.certs = newCertIndex(opt.Certificates)
	ps := &PackStream{pack: p, opt: opt, label: cmp.Or(opt.BundleLabel, AllLabel),
		bundle: &packBundle{cache: opt.Cache, name: bundleName(p), lazy: true}}
	if p.TableMode != nil {
		run := &verifyRun{opt: opt, artifacts: artifacts, streaming: true}
		ps.table = run.packTables([]*mode.Pack{p})[p]
		*errs = append(*errs, run.errs...)
	}
	ps.out = ps.opt.Cache.newBundleWriter(ps.bundle.name, ps.label)
	return ps
}

// Verify verifies a batch of the pack's puzzles on every core, counts
// them, writes their results to the bundle and returns their problems.
func (ps *PackStream) Verify(batch []*mode.Mode) mode.ErrorList {
	done := par.Map(batch, func(m *mode.Mode) verified {
		var errs mode.ErrorList
		if pt := ps.table; pt != nil {
			if pt.err != "" {
				v := &Verification{Method: solver.Unverified, Value: engine.Unknown, DTM: -1, Note: pt.err}
				return verified{cacheResult{v: v}, errs}
			}
			o := ps.opt
			o.table = pt
			r := verifyCached(m, o, ps.bundle, &errs)
			if err := pt.failed(); err != nil && !r.hit {
				// The error at the pack's table key (Close) says why;
				// the puzzle is not proven, nor kept as if it were.
				v := &Verification{Method: solver.Unverified, Value: engine.Unknown, DTM: -1, Note: err.Error()}
				return verified{cacheResult{v: v}, errs}
			}
			return verified{r, errs}
		}
		return verified{verifyCached(m, ps.opt, ps.bundle, &errs), errs}
	})
	var errs mode.ErrorList
	for i, d := range done {
		ps.Counts.Add(d.v)
		errs = append(errs, d.errs...)
		if d.data != nil {
			ps.out.add(d.key, d.data)
			ps.changed = ps.changed || !d.hit
		}
		if ps.Each != nil {
			d.v.Key = d.key
			a := d.a
			if ps.table != nil && ps.table.a != nil {
				a = ps.table.a
			}
			ps.Each(batch[i], d.v, a, d.data)
		}
	}
	return errs
}

// Close writes the pack's bundle of results: the share of a shard, or
// the whole pack's, replacing the bundle's files, unless every result
// came from a bundle that is already that one file. It returns the error
// at the pack's table key when a puzzle asked for the table and it could
// not be had (no exact table, or over the packs' limit).
func (ps *PackStream) Close() mode.ErrorList {
	keep := ps.label == AllLabel && !ps.changed && ps.bundle.files == 1 && ps.bundle.entries() == ps.out.n
	ps.bundle.ix.close() // before the new file may replace one it reads
	if keep {
		ps.out.abort()
	} else {
		ps.out.close()
	}
	if ps.table == nil {
		return nil
	}
	run := &verifyRun{opt: ps.opt}
	run.tableErrors([]*mode.Pack{ps.pack}, map[*mode.Pack]*packTable{ps.pack: ps.table})
	return run.errs
}

// bundleWriter writes a bundle file entry by entry, through a temporary
// file renamed into place on close (see Cache.SaveBundle). Its entries
// are in the order they come, not sorted; readers do not mind.
type bundleWriter struct {
	c     *Cache
	dir   string
	label string
	f     *os.File
	w     *bufio.Writer
	n     int
	err   error
}

// newBundleWriter starts the file label of bundle name; without a cache
// folder it writes nothing.
func (c *Cache) newBundleWriter(name, label string) *bundleWriter {
	bw := &bundleWriter{c: c, label: label}
	if c == nil || c.Dir == "" {
		return bw
	}
	bw.dir = filepath.Join(c.Dir, "bundles", name)
	if bw.err = os.MkdirAll(bw.dir, 0o755); bw.err != nil {
		return bw
	}
	if bw.f, bw.err = os.CreateTemp(bw.dir, ".tmp-*"); bw.err != nil {
		return bw
	}
	bw.w = bufio.NewWriterSize(bw.f, 1<<20)
	_, bw.err = bw.w.WriteString(bundleMagic)
	return bw
}

// add writes one entry.
func (bw *bundleWriter) add(key string, data []byte) {
	bw.n++
	if bw.w == nil || bw.err != nil {
		return
	}
	var buf [binary.MaxVarintLen64]byte
	bw.w.Write(buf[:binary.PutUvarint(buf[:], uint64(len(key)))])
	bw.w.WriteString(key)
	bw.w.Write(buf[:binary.PutUvarint(buf[:], uint64(len(data)))])
	_, bw.err = bw.w.Write(data)
}

// close puts the file in place; writing AllLabel also removes the
// bundle's other files. Failures are ignored, as with Cache.Put.
func (bw *bundleWriter) close() {
	if bw.f == nil {
		return
	}
	if bw.err == nil {
		bw.err = bw.w.Flush()
	}
	if err := bw.f.Close(); bw.err == nil {
		bw.err = err
	}
	if bw.err != nil || os.Rename(bw.f.Name(), filepath.Join(bw.dir, bw.label)) != nil {
		os.Remove(bw.f.Name())
		return
	}
	if bw.label != AllLabel {
		return
	}
	for _, p := range bw.c.bundlePaths(filepath.Base(bw.dir)) {
		if filepath.Base(p) != AllLabel {
			os.Remove(p)
		}
	}
}

// abort drops the file.
func (bw *bundleWriter) abort() {
	if bw.f != nil {
		bw.f.Close()
		os.Remove(bw.f.Name())
	}
}
