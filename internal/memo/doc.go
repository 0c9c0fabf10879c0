// Package memo keeps what one run made for the next run in the same
// process: a map that remembers the values of the last two runs, no more.
// Two, because a run may have seen a file half-written by an editor, and
// the run after it should still find what the run before made.
//
// A run looks values up with Get, records what it made or used with Put,
// and ends with Turn:
//
//	var m memo.Memo[string, *Chunk]
//	c, ok := m.Get(key) // made by one of the last two runs
//	if !ok {
//		c = make(key)
//	}
//	m.Put(key, c)
//	m.Turn() // this run's values are now the last run's
package memo
