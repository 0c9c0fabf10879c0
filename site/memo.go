package site

import (
	"sync"

	"github.com/thinchess/thinchess/mode"
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
	mu     sync.Mutex
	// chunks and older are the chunks of the last two builds.
	chunks, older map[string]*chunk
}

// NewMemo returns an empty memo.
func NewMemo() *Memo {
	return &Memo{modes: mode.NewMemo(), verify: &verify.Memo{}}
}

// chunk returns the chunk the last build made under key, or nil.
func (m *Memo) chunk(key string) *chunk {
	if m == nil || key == "" {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if c := m.chunks[key]; c != nil {
		return c
	}
	return m.older[key]
}

// keepChunks records the chunks of this build.
func (m *Memo) keepChunks(made map[string]*chunk) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.older, m.chunks = m.chunks, made
}
