package solver

import (
	"sync"
	"sync/atomic"
	"time"
)

// parallel runs fn(w) for w in [0, workers) at once, fn(0) on the calling
// goroutine, and waits for them all.
//
// A solve runs a hundred or more short phases one after the other (two a
// level of the enumeration, two a distance of the propagation), each
// split between the workers. Starting goroutines for each phase would
// wake a parked thread every time, tens of microseconds on a virtual
// machine; so the other workers are the members of a crew of goroutines
// that stay, and spin for a while after a phase waiting for the next one
// before they park. A second solve running at the same time finds the
// crew busy and starts goroutines of its own instead.
func parallel(workers int, fn func(w int)) {
	if workers == 1 {
		fn(0)
		return
	}
	if !theCrew.busy.TryLock() {
		spawn(workers, fn)
		return
	}
	defer theCrew.busy.Unlock()
	theCrew.run(workers, fn)
}

// spawn is parallel on goroutines of its own.
func spawn(workers int, fn func(w int)) {
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			fn(w)
		}()
	}
	wg.Wait()
}

// crewSpin is how long a member of the crew, or the caller waiting for
// them, spins before it parks.
const crewSpin = 100 * time.Microsecond

// crew holds the goroutines of parallel. A phase is announced by bumping
// phase, which holds a sequence number above 8 bits that hold the number
// of workers of the phase: member w takes part when w is below it, and
// reads fn only then, while the caller waits for it.
type crew struct {
	busy    sync.Mutex // held by the caller of a phase
	members int        // goroutines started; member w is worker w
	fn      func(w int)
	phase   atomic.Uint64
	left    atomic.Int64 // members still running the phase

	mu      sync.Mutex // guards the parking below
	wake    sync.Cond  // members park on it, waiting for a phase
	done    sync.Cond  // the caller parks on it, waiting for the members
	waiting bool       // the caller is parked
}

var theCrew = func() *crew {
	c := &crew{}
	c.wake.L, c.done.L = &c.mu, &c.mu
	return c
}()

// maxCrew is the most workers a phase can have (the phase word's low
// 8 bits).
const maxCrew = 255

// run runs a phase: fn(0) here, fn(w) on member w.
func (c *crew) run(workers int, fn func(w int)) {
	if workers > maxCrew {
		spawn(workers, fn)
		return
	}
	seq := c.phase.Load() >> 8
	for c.members < workers-1 {
		c.members++
		go c.serve(c.members, seq)
	}
	c.fn = fn
	c.left.Store(int64(workers - 1))
	c.phase.Store((seq+1)<<8 | uint64(workers))
	c.mu.Lock()
	c.wake.Broadcast()
	c.mu.Unlock()
	fn(0)
	if !spinUntil(func() bool { return c.left.Load() == 0 }) {
		c.mu.Lock()
		c.waiting = true
		for c.left.Load() != 0 {
			c.done.Wait()
		}
		c.waiting = false
		c.mu.Unlock()
	}
	c.fn = nil
}

// serve is member w's loop; seq is the last phase before it started.
func (c *crew) serve(w int, seq uint64) {
	for {
		var p uint64
		if !spinUntil(func() bool { p = c.phase.Load(); return p>>8 != seq }) {
			c.mu.Lock()
			for p = c.phase.Load(); p>>8 == seq; p = c.phase.Load() {
				c.wake.Wait()
			}
			c.mu.Unlock()
		}
		seq = p >> 8
		if uint64(w) >= p&0xff {
			continue
		}
		c.fn(w)
		if c.left.Add(-1) == 0 {
			c.mu.Lock()
			if c.waiting {
				c.done.Broadcast()
			}
			c.mu.Unlock()
		}
	}
}

// spinUntil calls cond until it reports true, for up to crewSpin, and
// reports whether it did.
func spinUntil(cond func() bool) bool {
	var start time.Time
	for i := 0; ; i++ {
		if cond() {
			return true
		}
		if i&255 == 0 {
			if i == 0 {
				start = time.Now()
			} else if time.Since(start) > crewSpin {
				return false
			}
		}
	}
}
