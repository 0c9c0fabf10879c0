package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls f(i) for every i in [0, n) on up to runtime.NumCPU()
// goroutines and returns when every call has. Indices are handed out one
// at a time, so slow items do not hold up a worker's share of fast ones.
func Each(n int, f func(i int)) {
	workers := min(runtime.NumCPU(), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}

// Map returns f of every item, in the order of items, computed in
// parallel as Each does.
func Map[T, R any](items []T, f func(T) R) []R {
	out := make([]R, len(items))
	Each(len(items), func(i int) { out[i] = f(items[i]) })
	return out
}

// Try calls f(i) for every i in [0, n) in parallel as Each does, and
// returns the error of the smallest i that failed, so the error does not
// depend on scheduling. Every call runs, failed or not.
func Try(n int, f func(i int) error) error {
	errs := make([]error, n)
	Each(n, func(i int) { errs[i] = f(i) })
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
