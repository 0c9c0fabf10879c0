package par

import (
	"iter"
	"runtime"
	"sync"
)

// Stream calls f on every item of items on runtime.GOMAXPROCS(0)
// goroutines and yields the results in the order of items. items is
// read on a goroutine of its own, at most window items ahead of the
// result being yielded, so memory stays bounded however many items
// there are. When the loop over the results stops early, reading stops,
// items not yet started are not computed, and Stream returns once every
// goroutine has finished.
func Stream[T, R any](items iter.Seq[T], window int, f func(T) R) iter.Seq[R] {
	return func(yield func(R) bool) {
		workers := runtime.GOMAXPROCS(0)
		window = max(window, workers)
		type job struct {
			item T
			out  chan R
		}
		jobs := make(chan job)
		order := make(chan chan R, window)
		done := make(chan struct{})
		var wg sync.WaitGroup
		wg.Add(1)
		go func() { // the reader
			defer wg.Done()
			defer close(order)
			defer close(jobs)
			for item := range items {
				out := make(chan R, 1)
				select {
				case order <- out:
				case <-done:
					return
				}
				select {
				case jobs <- job{item, out}:
				case <-done:
					return
				}
			}
		}()
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range jobs {
					select {
					case <-done:
						continue // drain without computing
					default:
					}
					j.out <- f(j.item)
				}
			}()
		}
		defer wg.Wait()
		defer close(done)
		for out := range order {
			if !yield(<-out) {
				return
			}
		}
	}
}
