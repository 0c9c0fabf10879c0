package site

import (
	"github.com/thinchess/thinchess/internal/memo"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site/chunks"
	"github.com/thinchess/thinchess/verify"
)

// Memo keeps what one build made for the next build in the same process,
// as Hugo's server does: the parsed pack lines, the verifications and
// the chunks of puzzles. `thinchess serve` passes one to every rebuild,
// so that after an edit to one puzzle of a pack of 100,000 the rebuild
// parses, verifies and renders that puzzle's line and chunk only. Each
// part keeps what the last two builds used, no more (two, because a
// build may have seen a file half-written by an editor).
type Memo struct {
	modes  *mode.Memo
	verify *verify.Memo
	// chunks are the chunks of puzzles by their key (chunks.Key).
	chunks memo.Memo[string, *chunks.Chunk]
}

// NewMemo returns an empty memo.
func NewMemo() *Memo {
	return &Memo{modes: mode.NewMemo(), verify: &verify.Memo{}}
}

// chunk returns the chunk one of the last two builds made under key, or
// nil.
func (m *Memo) chunk(key string) *chunks.Chunk {
	if m == nil || key == "" {
		return nil
	}
	c, _ := m.chunks.Get(key)
	return c
}

// keepChunks records the chunks of this build.
func (m *Memo) keepChunks(made map[string]*chunks.Chunk) {
	if m == nil {
		return
	}
	for k, c := range made {
		m.chunks.Put(k, c)
	}
	m.chunks.Turn()
}
