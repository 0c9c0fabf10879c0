package memo

import "sync"

// A Memo maps keys to the values of the last two runs. Its zero value is
// empty and ready, and a nil *Memo remembers nothing (Get finds nothing,
// Put and Turn do nothing), so that code can take an optional memo. Its
// methods are safe to call from several goroutines.
type Memo[K comparable, V any] struct {
	mu sync.RWMutex
	// last and before are what the last two runs put, next what this run
	// has put so far.
	last, before, next map[K]V
}

// Get returns the value the last run put under k, else the value the run
// before put, and whether there was one.
func (m *Memo[K, V]) Get(k K) (V, bool) {
	if m == nil {
		var zero V
		return zero, false
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	if v, ok := m.last[k]; ok {
		return v, true
	}
	v, ok := m.before[k]
	return v, ok
}

// Put records v under k for the next runs. Get does not see it until
// Turn.
func (m *Memo[K, V]) Put(k K, v V) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.next == nil {
		m.next = map[K]V{}
	}
	m.next[k] = v
}

// Turn ends a run: what it put becomes the last run's values, the last
// run's the values of the run before, and the older values are dropped.
func (m *Memo[K, V]) Turn() {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.before, m.last, m.next = m.last, m.next, nil
}
