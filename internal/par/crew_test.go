package par

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestPhaseRunsEveryShareOnce runs phases of Phase from several
// goroutines at once (one holds the crew, the others spawn), with
// different numbers of workers, shares of different lengths and pauses
// long enough for the crew to park, and checks that every phase runs
// each share exactly once and is over when Phase returns.
func TestPhaseRunsEveryShareOnce(t *testing.T) {
	var callers sync.WaitGroup
	for caller := range 4 {
		callers.Add(1)
		go func() {
			defer callers.Done()
			for phase := range 300 {
				workers := 1 + (phase+caller)%4
				counts := make([]atomic.Int32, workers)
				var busy atomic.Int64
				Phase(workers, func(w int) {
					counts[w].Add(1)
					if w == phase%workers {
						// One long share, so that the others run while
						// the crew is busy.
						for i := range 2000 * (phase % 3) {
							busy.Add(int64(i))
						}
					}
				})
				for w := range counts {
					if n := counts[w].Load(); n != 1 {
						t.Errorf("caller %d, phase %d: share %d of %d ran %d times", caller, phase, w, workers, n)
						return
					}
				}
				if phase%50 == 49 {
					time.Sleep(2 * crewSpin) // let the crew park
				}
			}
		}()
	}
	callers.Wait()
}
