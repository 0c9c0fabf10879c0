package site

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/internal/wire"
)

// playDrawSeed is the seed of the draw docs/puzzles.md's "Twenty puzzles
// of each family, played" was played from.
const playDrawSeed = 32

// playDrawGroups are the groups of that section, in its order: the
// trainer's four board families (chunks.Family; Ban Chess puzzles left
// out of them) and the Ban Chess kind, whatever its board.
var playDrawGroups = []string{"1d", "thin", "minichess", "standard", "ban"}

// playDrawGroup is the group of the play-test a chunk entry belongs to.
func playDrawGroup(e wire.PuzzleEntry) string {
	if e.Kind == "ban" {
		return "ban"
	}
	return e.Family
}

// drawForPlay draws n puzzles of each group from chunks: each group's
// puzzles sorted by id, shuffled by a PCG seeded with seed (math/rand/v2
// keeps PCG's sequence fixed across Go versions), the first n kept.
func drawForPlay(chunks []wire.Chunk, seed uint64, n int) map[string][]wire.PuzzleEntry {
	by := map[string][]wire.PuzzleEntry{}
	for _, c := range chunks {
		for _, e := range c {
			g := playDrawGroup(e)
			by[g] = append(by[g], e)
		}
	}
	for g, es := range by {
		slices.SortFunc(es, func(a, b wire.PuzzleEntry) int { return strings.Compare(a.ID, b.ID) })
		rng := rand.New(rand.NewPCG(seed, 0))
		rng.Shuffle(len(es), func(i, j int) { es[i], es[j] = es[j], es[i] })
		by[g] = es[:min(n, len(es))]
	}
	return by
}

// readBuiltChunks reads the puzzle chunks of a site built into dir
// (assets/puzzles/*.json, but the index and the id buckets).
func readBuiltChunks(t *testing.T, dir string) []wire.Chunk {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "assets", "puzzles", "*.json"))
	if err != nil || len(names) == 0 {
		t.Fatalf("%s: no puzzle chunks in assets/puzzles/ (%v): build the site there first", dir, err)
	}
	var chunks []wire.Chunk
	for _, name := range names {
		base := filepath.Base(name)
		if strings.HasPrefix(base, "index.") || strings.HasPrefix(base, "ids-") {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		var c wire.Chunk
		if err := json.Unmarshal(data, &c); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		chunks = append(chunks, c)
	}
	return chunks
}

// TestPlayDraw lists the puzzles drawn for docs/puzzles.md's "Twenty
// puzzles of each family, played": 20 of each group, from the chunks of
// the site built into $THINCHESS_PLAY_DRAW (skipped when it is not set):
//
//	go run ./cmd/thinchess build --out /tmp/play-site
//	THINCHESS_PLAY_DRAW=/tmp/play-site go test ./site -run TestPlayDraw -v
//
// It prints each puzzle's group, id, kind, rating and start (no
// solution: the player decides before looking).
func TestPlayDraw(t *testing.T) {
	dir := os.Getenv("THINCHESS_PLAY_DRAW")
	if dir == "" {
		t.Skip("THINCHESS_PLAY_DRAW names no built site")
	}
	drawn := drawForPlay(readBuiltChunks(t, dir), playDrawSeed, 20)
	for _, g := range playDrawGroups {
		if len(drawn[g]) < 20 {
			t.Errorf("group %s: %d puzzles drawn, want 20", g, len(drawn[g]))
		}
		for i, e := range drawn[g] {
			t.Logf("%s %2d %s %s %d %s", g, i+1, e.ID, e.Kind, e.Rating, e.Start)
		}
	}
}

// TestPlayDrawIsFixed checks that the draw depends on the puzzles and the
// seed only: the chunks' order does not change it, another seed does.
func TestPlayDrawIsFixed(t *testing.T) {
	var a, b wire.Chunk
	for i := range 60 {
		e := wire.PuzzleEntry{Family: []string{"1d", "thin", "minichess"}[i%3], Kind: "mate"}
		e.ID = strings.Repeat("p", 1+i)
		if i%7 == 0 {
			e.Kind = "ban"
		}
		a = append(a, e)
		b = append(wire.Chunk{e}, b...)
	}
	ids := func(m map[string][]wire.PuzzleEntry) string {
		var s []string
		for _, g := range playDrawGroups {
			for _, e := range m[g] {
				s = append(s, g+":"+e.ID)
			}
		}
		return strings.Join(s, " ")
	}
	one := ids(drawForPlay([]wire.Chunk{a}, playDrawSeed, 5))
	if two := ids(drawForPlay([]wire.Chunk{b[:30], b[30:]}, playDrawSeed, 5)); one != two {
		t.Errorf("the draw depends on the chunks' order:\n%s\n%s", one, two)
	}
	if other := ids(drawForPlay([]wire.Chunk{a}, playDrawSeed+1, 5)); other == one {
		t.Errorf("seeds %d and %d draw the same: %s", playDrawSeed, playDrawSeed+1, one)
	}
	for _, e := range drawForPlay([]wire.Chunk{a}, playDrawSeed, 5)["1d"] {
		if e.Kind == "ban" {
			t.Errorf("%s: a Ban puzzle drawn as 1-D", e.ID)
		}
	}
}
