package memo

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// TestRuns plays runs against a memo: each run is the keys it puts
// (k=v) and then the lookups it expects after its Turn (k? → v, or k? → -
// for nothing).
func TestRuns(t *testing.T) {
	tests := []struct {
		name string
		runs []string // "puts | lookups after Turn"
	}{
		{"empty", []string{"| a?-"}},
		{"put is seen after the turn", []string{"a=1 | a?1 b?-"}},
		{"two runs back", []string{"a=1 | a?1", "b=2 | a?1 b?2", "c=3 | a?- b?2 c?3"}},
		{"the last run wins", []string{"a=1 | a?1", "a=2 | a?2", "| a?2", "| a?-"}},
		{"a run that puts again keeps a value", []string{"a=1 | a?1", "a=1 | a?1", "a=1 | a?1", "| a?1", "| a?-"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m Memo[string, string]
			for i, run := range tt.runs {
				puts, looks, _ := strings.Cut(run, "|")
				for _, p := range strings.Fields(puts) {
					k, v, _ := strings.Cut(p, "=")
					m.Put(k, v)
					if _, ok := m.Get(k); ok && !strings.Contains(strings.Join(tt.runs[:i], " "), k+"=") {
						t.Errorf("run %d: Get(%q) sees a value put in the same run", i+1, k)
					}
				}
				m.Turn()
				for _, l := range strings.Fields(looks) {
					k, want, _ := strings.Cut(l, "?")
					v, ok := m.Get(k)
					got := v
					if !ok {
						got = "-"
					}
					if got != want {
						t.Errorf("run %d: Get(%q) = %s, want %s", i+1, k, got, want)
					}
				}
			}
		})
	}
}

// TestNil checks that a nil memo remembers nothing and does not panic.
func TestNil(t *testing.T) {
	var m *Memo[string, int]
	m.Put("a", 1)
	m.Turn()
	if v, ok := m.Get("a"); ok || v != 0 {
		t.Errorf("nil memo: Get = %d, %v; want 0, false", v, ok)
	}
}

// TestConcurrent gets and puts from several goroutines (run with -race).
func TestConcurrent(t *testing.T) {
	var m Memo[int, string]
	for i := range 100 {
		m.Put(i, fmt.Sprint(i))
	}
	m.Turn()
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 100 {
				if v, ok := m.Get(i); !ok || v != fmt.Sprint(i) {
					t.Errorf("Get(%d) = %q, %v", i, v, ok)
				}
				m.Put(i+100*g, "x")
			}
		})
	}
	wg.Wait()
}
