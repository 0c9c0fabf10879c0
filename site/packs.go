package site

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"html/template"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/par"
	"github.com/thinchess/thinchess/internal/wire"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site/picture"
	"github.com/thinchess/thinchess/site/themes"
	"github.com/thinchess/thinchess/verify"
)

// The trainer plays puzzles from data, not pages: the build writes every
// puzzle (of the modes and of the packs) into content-hashed chunks of at
// most chunkSize puzzles, grouped by pack and sorted by rating, plus a
// small index of packs and chunks and a map from puzzle id to chunk
// split into buckets by a hash of the id (for permalinks). The trainer
// reads the index, fetches the chunks it needs and caches them as it
// goes; "make available offline" fetches every chunk of a pack.
const chunkSize = 250

// idsPerBucket sets the number of id buckets: about this many ids each.
const idsPerBucket = 2000

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

// Family names the kind of board: 1d (one file), thin (two or three
// files or ranks), standard (8×8) or minichess (the rest).
func Family(b *engine.Board) string {
	switch {
	case b.W == 1 || b.H == 1:
		return "1d"
	case min(b.W, b.H) <= 3:
		return "thin"
	case b.W == 8 && b.H == 8:
		return "standard"
	}
	return "minichess"
}

// familyTitles are the families' names for people, in the order the
// trainer offers them.
var familyTitles = []wire.Count{{ID: "1d", Title: "1-D"}, {ID: "thin", Title: "Thin"}, {ID: "minichess", Title: "Minichess"}, {ID: "standard", Title: "Standard chess"}}

// kindTitles name what puzzles ask, in the order pages list them.
var kindTitles = []wire.Count{{ID: "mate", Title: "Mate"}, {ID: "race", Title: "Win the race"}, {ID: "hold", Title: "Hold the draw"}, {ID: "ban", Title: "Ban Chess"}}

// puzzleKind says what a puzzle asks: "ban" under Ban Chess, "hold" for
// a draw to hold, "race" under the race goal, else "mate".
func puzzleKind(m *mode.Mode) string {
	switch {
	case m.Rules != nil && m.Rules.Bans:
		return "ban"
	case m.Claim != nil && m.Claim.Result == engine.Drawn:
		return "hold"
	case m.Rules != nil && m.Rules.Goal == engine.GoalRace:
		return "race"
	}
	return "mate"
}

// countCorpus counts the puzzles of groups by family and kind, in the
// orders of familyTitles and kindTitles, leaving out what has none.
func countCorpus(groups []*puzzleGroup) (families, kinds []wire.Count) {
	families, kinds = []wire.Count{}, []wire.Count{}
	fam, kind := make([]int, len(familyTitles)), make([]int, len(kindTitles))
	for _, g := range groups {
		for i := range g.recs {
			fam[g.recs[i].family]++
			kind[g.recs[i].kind]++
		}
	}
	for i, f := range familyTitles {
		if f.Count = fam[i]; f.Count > 0 {
			families = append(families, f)
		}
	}
	for i, k := range kindTitles {
		if k.Count = kind[i]; k.Count > 0 {
			kinds = append(kinds, k)
		}
	}
	return families, kinds
}

// estimatedRating turns a difficulty grade (1 to 5) into a rating, the
// middle of the band mode.RatingDifficulty gives it.
func estimatedRating(difficulty int) int { return 600 + 400*difficulty }

// puzzleRating is a puzzle's rating and whether the build estimated it
// rather than read it: its own rating, else the rating verification
// estimated from its proof (v may be nil), else the rating of its
// difficulty.
func puzzleRating(m *mode.Mode, v *verify.Verification) (int, bool) {
	if m.Info.Rating > 0 {
		return m.Info.Rating, false
	}
	if v != nil && v.EstimatedRating > 0 {
		return v.EstimatedRating, true
	}
	return estimatedRating(m.Difficulty), true
}

// chunk is one chunk of puzzles: its bytes (nil once written into the
// build's output), its size, its entry in the index (with its URL) and
// the tables its puzzles load.
type chunk struct {
	data   []byte
	size   int
	index  wire.ChunkIndex
	tables []string
}

// makeChunk writes the chunk number n (from 0) of a pack's puzzles,
// given by their views.
func (r *renderer) makeChunk(pack string, n int, part []*modeView) (*chunk, error) {
	entries := make(wire.Chunk, len(part))
	for i, mv := range part {
		entries[i] = r.puzzleEntry(mv, pack)
	}
	c := &chunk{index: wire.ChunkIndex{Pack: pack, N: len(part), Lo: entries[0].Rating, Hi: entries[len(part)-1].Rating, Themes: map[string]int{}, Kinds: map[string]int{}}}
	fam, tables := map[string]bool{}, map[string]bool{}
	for i := range entries {
		e := &entries[i]
		fam[e.Family] = true
		c.index.Kinds[e.Kind]++
		for _, t := range e.Themes {
			c.index.Themes[t]++
		}
		if e.Table != "" {
			tables[e.Table] = true
		}
	}
	c.index.Families, c.tables = sortedKeys(fam), sortedKeys(tables)
	data, err := json.Marshal(entries)
	if err != nil {
		return nil, fmt.Errorf("render: puzzles of %s: %v", pack, err)
	}
	c.data, c.size = data, len(data)
	c.index.URL = hashedName(fmt.Sprintf("assets/puzzles/%s-%d.json", pack, n+1), data)
	return c, nil
}

// chunkKey identifies what chunk n of a pack is made from: the pack's
// header and each puzzle's verification key (which covers its line, the
// limits and the binary). It is empty when a puzzle has no verification.
func chunkKey(p *mode.Pack, n int, part []puzzleRecord) string {
	if p == nil {
		return ""
	}
	parts := []string{"chunk", verify.BinaryHash(), p.Path, p.HeaderText(), strconv.Itoa(n)}
	for i := range part {
		k := part[i].keyText()
		if k == "" {
			return ""
		}
		parts = append(parts, k)
	}
	return verify.Key(parts...)
}

// cachedChunk is a chunk an earlier build wrote into the cache, by its
// key (chunkKey), or nil: a warm build reads a pack's chunks instead of
// making them again (the trees, tables and ratings of a pack's puzzles
// take about a millisecond a puzzle).
func (r *renderer) cachedChunk(key string) *chunk {
	if key == "" {
		return nil
	}
	data, ok := r.opt.Cache.Get("chunks", key)
	if !ok {
		return nil
	}
	var cc cachedChunkJSON
	if json.Unmarshal(data, &cc) != nil || len(cc.Data) == 0 {
		return nil
	}
	return &chunk{data: cc.Data, size: len(cc.Data), index: cc.Index, tables: cc.Tables}
}

// saveChunk keeps a chunk in the cache under its key.
func (r *renderer) saveChunk(key string, c *chunk) {
	if key == "" || c == nil {
		return
	}
	if data, err := json.Marshal(cachedChunkJSON{Data: c.data, Index: c.index, Tables: c.tables}); err == nil {
		r.opt.Cache.Put("chunks", key, data)
	}
}

// cachedChunkJSON is a chunk as the cache keeps it.
type cachedChunkJSON struct {
	Data   []byte          `json:"data"` // as written, byte for byte
	Index  wire.ChunkIndex `json:"index"`
	Tables []string        `json:"tables"`
}

// renderPuzzles writes the chunks, the id buckets and the index, and the
// page of every pack: the records of the puzzles in groups
// (puzzleGroups), each sorted by rating and cut into chunks (makeChunks)
// that the index lists (indexGroup), then the id buckets
// (writeIDBuckets), the index, and the packs' pages (renderPacks).
func (r *renderer) renderPuzzles() error {
	groups := r.puzzleGroups()
	idx := &wire.Index{Packs: []wire.PackIndex{}, Chunks: []wire.ChunkIndex{}, ThemeNames: map[string]string{}}
	idx.Families, idx.Kinds = countCorpus(groups)
	r.corpus = corpusView{Families: idx.Families, Kinds: idx.Kinds}
	var made map[string]*chunk
	if r.opt.Memo != nil {
		made = map[string]*chunk{}
	}
	for _, g := range groups {
		sortRecords(g.recs)
		chunks, err := r.makeChunks(g, made)
		if err != nil {
			return err
		}
		r.indexGroup(idx, g, chunks)
	}
	r.corpus.Total = idx.Total
	r.names = corpusNames{packs: map[string]string{}, themes: idx.ThemeNames}
	for _, p := range idx.Packs {
		r.names.packs[p.ID] = p.Title
	}
	r.opt.Memo.keepChunks(made)
	if err := r.writeIDBuckets(idx, groups); err != nil {
		return err
	}
	data, err := json.Marshal(idx)
	if err != nil {
		return err
	}
	r.puzzleIndex = hashedName("assets/puzzles/index.json", data)
	r.files[r.puzzleIndex] = data
	return r.renderPacks(idx, groups)
}

// puzzleGroup is the puzzles of one pack, or the authored puzzles (pack
// nil), under the id the index gives them: their records, and the
// puzzles themselves unless the pack was streamed (streamed).
type puzzleGroup struct {
	id       string
	pack     *mode.Pack
	puzzles  []*mode.Mode
	streamed *streamedPack
	recs     []puzzleRecord
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
		if sp := r.opt.streamed; sp != nil && sp.packs[p] != nil {
			g.streamed = sp.packs[p]
			g.recs = g.streamed.recs
		}
		groups = append(groups, g)
	}
	for _, g := range groups {
		if g.streamed != nil {
			continue
		}
		g.recs = make([]puzzleRecord, len(g.puzzles))
		for i, m := range g.puzzles {
			g.recs[i] = newRecord(m, r.results[m.ID])
			g.recs[i].line = int32(i)
		}
	}
	return groups
}

// views returns the views of the puzzles of the records part of g,
// read back from the pack's data file when g was streamed.
func (r *renderer) views(g *puzzleGroup, part []puzzleRecord) ([]*modeView, error) {
	if g.streamed != nil {
		return r.opt.streamed.views(r, g.pack, part)
	}
	views := make([]*modeView, len(part))
	for i := range part {
		mv, err := r.dataView(g.puzzles[part[i].line])
		if err != nil {
			return nil, err
		}
		views[i] = mv
	}
	return views, nil
}

// makeChunks returns the chunks of a group's sorted records, made in
// parallel, and adds those with a key (chunkKey) to made when it is not
// nil. A chunk the memo (a server's last builds) or the cache has under
// its key is taken from there. With a stage (RenderOptions.stage), each
// chunk is written into it as it is made and kept without its bytes.
func (r *renderer) makeChunks(g *puzzleGroup, made map[string]*chunk) ([]*chunk, error) {
	chunks := make([]*chunk, chunkCount(len(g.recs)))
	keys := make([]string, len(chunks))
	err := par.Try(len(chunks), func(n int) error {
		part := recordPart(g.recs, n)
		keys[n] = chunkKey(g.pack, n, part)
		c := r.opt.Memo.chunk(keys[n])
		if c == nil {
			c = r.cachedChunk(keys[n])
		}
		if c == nil {
			views, err := r.views(g, part)
			if err != nil {
				return err
			}
			if c, err = r.makeChunk(g.id, n, views); err != nil {
				return err
			}
			r.saveChunk(keys[n], c)
		}
		chunks[n] = c
		if r.opt.stage == nil {
			return nil
		}
		if err := r.opt.stage.WriteFile(c.index.URL, c.data); err != nil {
			return fmt.Errorf("writing %s: %w", c.index.URL, err)
		}
		chunks[n] = &chunk{size: c.size, index: c.index, tables: c.tables}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for n, c := range chunks {
		if made != nil && keys[n] != "" {
			made[keys[n]] = c
		}
	}
	return chunks, nil
}

// indexGroup puts a group's chunks into the site's files (or, when they
// were written into the stage, records their sizes) and lists them and
// the group's pack in idx.
func (r *renderer) indexGroup(idx *wire.Index, g *puzzleGroup, chunks []*chunk) {
	pi := wire.PackIndex{ID: g.id, Title: "Hand-made puzzles", Count: len(g.recs), Families: []string{}, Chunks: []int{}}
	if p := g.pack; p != nil {
		pi.Title, pi.Summary, pi.Source, pi.Licence, pi.Page = p.Title, p.Summary, p.Source, p.Licence, "packs/"+p.ID+"/"
	}
	g.firstChunk = len(idx.Chunks)
	for i := range g.recs {
		if rec := &g.recs[i]; rec.proven && !rec.verified {
			pi.Unverified++
		}
	}
	tables := map[string]bool{}
	families := map[string]bool{}
	for _, c := range chunks {
		for _, f := range c.index.Families {
			families[f] = true
		}
		for _, t := range c.tables {
			tables[t] = true
		}
		if c.data != nil {
			r.files[c.index.URL] = c.data
		} else {
			r.staged[c.index.URL] = c.size
		}
		for t := range c.index.Themes {
			idx.ThemeNames[t] = themes.Title(t)
		}
		pi.Chunks = append(pi.Chunks, len(idx.Chunks))
		pi.Bytes += c.size
		idx.Chunks = append(idx.Chunks, c.index)
	}
	if n := len(chunks); n > 0 {
		pi.Lo, pi.Hi = chunks[0].index.Lo, chunks[n-1].index.Hi
	}
	pi.Families = sortedKeys(families)
	pi.Tables = sortedKeys(tables)
	for _, t := range pi.Tables {
		pi.Bytes += len(r.files[t])
	}
	idx.Total += pi.Count
	idx.Packs = append(idx.Packs, pi)
}

// idChunk is a puzzle id and the number of its chunk in the index.
type idChunk struct {
	id    string
	chunk int
}

// writeIDBuckets writes the id buckets, about idsPerBucket ids each (a
// power of two of them), from the groups' sorted records, and lists
// their URLs in idx. Each bucket's map is made only while it is written.
func (r *renderer) writeIDBuckets(idx *wire.Index, groups []*puzzleGroup) error {
	buckets := make([][]idChunk, max(1, ceilPow2(idx.Total/idsPerBucket)))
	for _, g := range groups {
		for i := range g.recs {
			id := g.recs[i].id
			b := IDBucket(id, len(buckets))
			buckets[b] = append(buckets[b], idChunk{id, g.firstChunk + i/chunkSize})
		}
	}
	for i, ids := range buckets {
		b := make(wire.IDBucket, len(ids))
		for _, ic := range ids {
			b[ic.id] = ic.chunk
		}
		buckets[i] = nil
		data, err := json.Marshal(b)
		if err != nil {
			return err
		}
		name := hashedName(fmt.Sprintf("assets/puzzles/ids-%d.json", i), data)
		r.files[name] = data
		idx.IDs = append(idx.IDs, name)
	}
	return nil
}

// renderPacks makes the view of every pack, with its entry in idx, and
// writes the packs' pages in parallel.
func (r *renderer) renderPacks(idx *wire.Index, groups []*puzzleGroup) error {
	for _, g := range groups {
		if g.pack == nil {
			continue
		}
		pv, err := r.packView(g, idx)
		if err != nil {
			return err
		}
		r.packs = append(r.packs, pv)
	}
	return par.Try(len(r.packs), func(i int) error {
		pv := r.packs[i]
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
		if !g.recs[i].verified {
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
		return g.streamed.first
	case len(g.puzzles) > 0:
		return g.puzzles[0]
	}
	return nil
}

// IDBucket is the id bucket of a puzzle id among n: FNV-1a (32 bits) of
// its bytes modulo n. The trainer computes the same over the id's
// characters, which are ASCII.
func IDBucket(id string, n int) int {
	h := fnv.New32a()
	h.Write([]byte(id))
	return int(h.Sum32() % uint32(n))
}

func ceilPow2(n int) int {
	p := 1
	for p < n {
		p *= 2
	}
	return p
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
	for _, f := range familyTitles {
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
