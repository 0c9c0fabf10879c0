package site

import (
	"encoding/json"
	"fmt"
	"html/template"
	"maps"
	"slices"
	"strings"

	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site/chunks"
	"github.com/thinchess/thinchess/site/picture"
	"github.com/thinchess/thinchess/site/publish"
	"github.com/thinchess/thinchess/site/themes"
)

// authoredPack is the pack id of the puzzles written as mode files; no
// pack file can have it (pack ids start with a letter or digit).
const authoredPack = "_authored"

// corpusView is what the home page says of the puzzles: how many, by
// board family and by kind.
type corpusView struct {
	Total           int
	Families, Kinds []wire.Count
}

// packView is a pack as the home page and its own page show it.
type packView struct {
	*mode.Pack
	Index    *wire.PackIndex
	Thumb    template.HTML
	Wide     bool
	Body     template.HTML
	Families string
	// Proven is true when the build proved every puzzle of the pack.
	Proven bool
	// first is the pack's first puzzle, nil when it has none.
	first *mode.Mode
}

// puzzlePlan is what the pages say of the site's puzzles: made from the
// records before any page is rendered (planPuzzles), never changed
// after.
type puzzlePlan struct {
	// corpus counts the puzzles for the home page and the trainer's
	// picker, and names are the titles the index gives packs and themes.
	corpus corpusView
	names  corpusNames
	// index is the output path of the trainer's index of puzzles.
	index string
	// packs are the packs' views, in the order of the site's packs.
	packs []*packView
	// first is the trainer's first puzzle (firstPuzzle), nil when there
	// is none, and firstPack the id of its pack in the index.
	first     *modeView
	firstPack string
}

// planPuzzles writes the chunks, the id buckets and the index, and
// returns what the pages say of the puzzles: the records of the puzzles
// in groups (puzzleGroups), each sorted by rating and cut into chunks
// (makeChunks) that the index lists (indexGroup), then the id buckets
// (writeIDBuckets), the index, and the packs' views (packView). The
// play tables must be among the files already: the index counts their
// bytes.
func (r *renderer) planPuzzles() (*puzzlePlan, error) {
	groups := r.puzzleGroups()
	idx := &wire.Index{Packs: []wire.PackIndex{}, Chunks: []wire.ChunkIndex{}, ThemeNames: map[string]string{}}
	recs := make([][]chunks.Record, len(groups))
	for i, g := range groups {
		recs[i] = g.recs
	}
	idx.Families, idx.Kinds = chunks.Tally(recs)
	var made map[string]*chunks.Chunk
	if r.opt.Memo != nil {
		made = map[string]*chunks.Chunk{}
	}
	for _, g := range groups {
		chunks.Sort(g.recs)
		cs, err := r.makeChunks(g, made)
		if err != nil {
			return nil, err
		}
		r.indexGroup(idx, g, cs)
	}
	r.opt.Memo.keepChunks(made)
	if err := r.writeIDBuckets(idx, groups); err != nil {
		return nil, err
	}
	data, err := json.Marshal(idx)
	if err != nil {
		return nil, err
	}
	pp := &puzzlePlan{corpus: corpusView{Total: idx.Total, Families: idx.Families, Kinds: idx.Kinds},
		names: corpusNames{packs: map[string]string{}, themes: idx.ThemeNames},
		index: publish.HashedName("assets/puzzles/index.json", data)}
	r.files[pp.index] = data
	for _, p := range idx.Packs {
		pp.names.packs[p.ID] = p.Title
	}
	for _, g := range groups {
		if g.pack == nil {
			continue
		}
		pv, err := r.packView(g, idx)
		if err != nil {
			return nil, err
		}
		pp.packs = append(pp.packs, pv)
	}
	pp.first, pp.firstPack = r.firstPuzzle()
	return pp, nil
}

// puzzleGroup is the puzzles of one pack, or the authored puzzles (pack
// nil), under the id the index gives them: their records, and the
// puzzles themselves unless the pack was streamed (streamed).
type puzzleGroup struct {
	id       string
	pack     *mode.Pack
	puzzles  []*mode.Mode
	streamed *chunks.Streamed
	recs     []chunks.Record
	// firstChunk is the number of the group's first chunk in the index.
	firstChunk int
}

// puzzleGroups returns the authored puzzles, when there are any, then
// the puzzles of each pack, in the order of the site's packs.
func (r *renderer) puzzleGroups() []*puzzleGroup {
	var groups []*puzzleGroup
	authored := &puzzleGroup{id: authoredPack}
	for _, mv := range r.modes {
		if mv.Puzzle != nil {
			authored.puzzles = append(authored.puzzles, mv.Mode)
		}
	}
	if len(authored.puzzles) > 0 {
		groups = append(groups, authored)
	}
	for _, p := range r.site.Packs {
		g := &puzzleGroup{id: p.ID, pack: p, puzzles: p.Puzzles}
		if sp := r.opt.streamed.Pack(p); sp != nil {
			g.streamed, g.recs = sp, sp.Records
		}
		groups = append(groups, g)
	}
	for _, g := range groups {
		if g.streamed != nil {
			continue
		}
		g.recs = make([]chunks.Record, len(g.puzzles))
		for i, m := range g.puzzles {
			g.recs[i] = chunks.NewRecord(m, r.results[m.ID], i)
		}
	}
	return groups
}

// entries returns the chunk entries of the puzzles of the records part
// of g, read back from the pack's data file when g was streamed.
func (r *renderer) entries(g *puzzleGroup, part []chunks.Record) (wire.Chunk, error) {
	entries := make(wire.Chunk, len(part))
	if g.streamed != nil {
		puzzles, err := r.opt.streamed.Read(g.pack, part)
		if err != nil {
			return nil, err
		}
		for i, pz := range puzzles {
			mv, err := r.viewOf(pz.Mode, pz.V, nil, pz.Table)
			if err != nil {
				return nil, err
			}
			entries[i] = r.puzzleEntry(mv, g.id)
		}
		return entries, nil
	}
	for i := range part {
		mv, err := r.dataView(g.puzzles[part[i].Line])
		if err != nil {
			return nil, err
		}
		entries[i] = r.puzzleEntry(mv, g.id)
	}
	return entries, nil
}

// makeChunks returns the chunks of a group's sorted records, made in
// parallel, and adds those with a key (chunks.Key) to made when it is
// not nil. A chunk the memo (a server's last builds) or the cache has
// under its key is taken from there. With a stage
// (RenderOptions.stage), each chunk is written into it as it is made
// and kept without its bytes.
func (r *renderer) makeChunks(g *puzzleGroup, made map[string]*chunks.Chunk) ([]*chunks.Chunk, error) {
	cs := make([]*chunks.Chunk, chunks.Count(len(g.recs)))
	keys := make([]string, len(cs))
	err := par.Try(len(cs), func(n int) error {
		part := chunks.Part(g.recs, n)
		keys[n] = chunks.Key(g.pack, n, part)
		c := r.opt.Memo.chunk(keys[n])
		if c == nil {
			c = chunks.Cached(r.opt.Cache, keys[n])
		}
		if c == nil {
			entries, err := r.entries(g, part)
			if err != nil {
				return err
			}
			if c, err = chunks.Make(g.id, n, entries); err != nil {
				return err
			}
			chunks.Save(r.opt.Cache, keys[n], c)
		}
		cs[n] = c
		if r.opt.stage == nil {
			return nil
		}
		if err := r.opt.stage.WriteFile(c.Index.URL, c.Data); err != nil {
			return fmt.Errorf("writing %s: %w", c.Index.URL, err)
		}
		cs[n] = &chunks.Chunk{Size: c.Size, Index: c.Index, Tables: c.Tables}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for n, c := range cs {
		if made != nil && keys[n] != "" {
			made[keys[n]] = c
		}
	}
	return cs, nil
}

// indexGroup puts a group's chunks into the site's files (or, when they
// were written into the stage, records their sizes) and lists them and
// the group's pack in idx.
func (r *renderer) indexGroup(idx *wire.Index, g *puzzleGroup, cs []*chunks.Chunk) {
	pi := wire.PackIndex{ID: g.id, Title: "Hand-made puzzles", Count: len(g.recs), Families: []string{}, Chunks: []int{}}
	if p := g.pack; p != nil {
		pi.Title, pi.Summary, pi.Source, pi.Licence, pi.Page = p.Title, p.Summary, p.Source, p.Licence, "packs/"+p.ID+"/"
	}
	g.firstChunk = len(idx.Chunks)
	for i := range g.recs {
		if rec := &g.recs[i]; rec.Proven && !rec.Verified {
			pi.Unverified++
		}
	}
	tables := map[string]bool{}
	families := map[string]bool{}
	for _, c := range cs {
		for _, f := range c.Index.Families {
			families[f] = true
		}
		for _, t := range c.Tables {
			tables[t] = true
		}
		if c.Data != nil {
			r.files[c.Index.URL] = c.Data
		} else {
			r.staged[c.Index.URL] = c.Size
		}
		for t := range c.Index.Themes {
			idx.ThemeNames[t] = themes.Title(t)
		}
		pi.Chunks = append(pi.Chunks, len(idx.Chunks))
		pi.Bytes += c.Size
		idx.Chunks = append(idx.Chunks, c.Index)
	}
	if n := len(cs); n > 0 {
		pi.Lo, pi.Hi = cs[0].Index.Lo, cs[n-1].Index.Hi
	}
	pi.Families = sortedKeys(families)
	pi.Tables = sortedKeys(tables)
	for _, t := range pi.Tables {
		pi.Bytes += len(r.files[t])
	}
	idx.Total += pi.Count
	idx.Packs = append(idx.Packs, pi)
}

// writeIDBuckets writes the id buckets (chunks.Buckets) from the
// groups' sorted records and lists their URLs in idx.
func (r *renderer) writeIDBuckets(idx *wire.Index, groups []*puzzleGroup) error {
	files, err := chunks.Buckets(idx.Total, func(yield func(string, int) bool) {
		for _, g := range groups {
			for i := range g.recs {
				if !yield(g.recs[i].ID, g.firstChunk+i/chunks.Size) {
					return
				}
			}
		}
	})
	if err != nil {
		return err
	}
	for _, f := range files {
		r.files[f.Name] = f.Data
		idx.IDs = append(idx.IDs, f.Name)
	}
	return nil
}

// renderPacks writes the packs' pages, in parallel.
func (r *renderer) renderPacks() error {
	packs := r.puzzles.packs
	return par.Try(len(packs), func(i int) error {
		pv := packs[i]
		pg := r.newPage("pack", "packs/"+pv.ID+"/index.html", pv.Title)
		if pv.Summary != "" {
			pg.Description = pv.Summary
		}
		pg.Pack = pv
		if pv.first != nil {
			if err := r.preview(pg, pv.first.Start, pv.Title+": a puzzle of the pack"); err != nil {
				return err
			}
		}
		return r.execute(pg, "pack.html")
	})
}

// packView returns what the home page and its own page show of the pack
// of group g.
func (r *renderer) packView(g *puzzleGroup, idx *wire.Index) (*packView, error) {
	p := g.pack
	pv := &packView{Pack: p, first: firstOf(g)}
	for i := range idx.Packs {
		if idx.Packs[i].ID == p.ID {
			pv.Index = &idx.Packs[i]
		}
	}
	pv.Families = familyList(pv.Index.Families)
	pv.Proven = len(g.recs) > 0
	for i := range g.recs {
		if !g.recs[i].Verified {
			pv.Proven = false
		}
	}
	if pv.first != nil {
		start := pv.first.Start
		pv.Thumb = template.HTML(picture.Thumbnail(start, p.Title+": a puzzle of the pack"))
		pv.Wide = picture.WideBoard(start.B)
	}
	body, err := r.markdown(p.Body)
	if err != nil {
		return nil, fmt.Errorf("render: %s: %v", p.Path, err)
	}
	pv.Body = template.HTML(body)
	return pv, nil
}

// firstOf is the first puzzle of g's pack in its file, nil when it has
// none.
func firstOf(g *puzzleGroup) *mode.Mode {
	switch {
	case g.streamed != nil:
		return g.streamed.First
	case len(g.puzzles) > 0:
		return g.puzzles[0]
	}
	return nil
}

// sortedKeys returns the keys of m in order, an empty list (not nil)
// when there are none: the wire types' lists are never null.
func sortedKeys[V any](m map[string]V) []string {
	keys := slices.AppendSeq(make([]string, 0, len(m)), maps.Keys(m))
	slices.Sort(keys)
	return keys
}

// familyList names families for people: "1-D, Thin".
func familyList(fams []string) string {
	var names []string
	for _, f := range chunks.FamilyTitles {
		if slices.Contains(fams, f.ID) {
			names = append(names, f.Title)
		}
	}
	return strings.Join(names, ", ")
}

// Count is the number of puzzles with thousands separated.
func (pv *packView) Count() string { return thousands(pv.Index.Count) }

// RatingRange is the pack's rating range in words.
func (pv *packView) RatingRange() string {
	if pv.Index.Lo == pv.Index.Hi {
		return fmt.Sprint(pv.Index.Lo)
	}
	return fmt.Sprintf("%d–%d", pv.Index.Lo, pv.Index.Hi)
}

// Size is the download size of the pack for offline use.
func (pv *packView) Size() string {
	b := float64(pv.Index.Bytes)
	switch {
	case b >= 1<<20:
		return fmt.Sprintf("%.1f MB", b/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.0f KB", b/(1<<10))
	}
	return fmt.Sprintf("%.0f bytes", b)
}
