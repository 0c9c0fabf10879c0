package par

import (
	"sync"
	"sync/atomic"
	"time"
)

// Phase calls fn(w) for every w in [0, workers), the shares of one phase
// of a loop of many short phases, at once, some on the calling goroutine,
// and returns when every call has. Unlike Each, which starts goroutines
// for each call and suits a few long loops (the build's pages and
// modes), Phase keeps its goroutines between calls.
//
// The retrograde solver runs a hundred or more short phases one after
// the other (two a level of the enumeration, two a distance of the
// propagation), each split between its workers, which each own a range
// of keys. Starting goroutines for each phase would wake a parked thread
// every time, tens of microseconds on a virtual machine; so the other
// workers are the members of a crew of goroutines that stay, and spin
// for a while after a phase waiting for the next one before they park.
// A second caller running at the same time finds the crew busy and
// starts goroutines of its own instead.
//
// Measured on the project's 2-core machine (docs/performance.md): on
// 2026-11-25, fairly quiet, the crew took the 1×12 solve from 74.6 to
// 71.5 ms and Gardner's 1×8 from 0.51 to 0.47 ms against goroutines
// started for each phase. On 2026-11-26, under a load average of 11 to
// 18 from other work, the solver on Each instead was no slower (the 1×12
// through the CLI: median 311 against 349 ms, alternated): the crew's
// spinning pays only when cores are free. It stays, as the machine a
// build runs on is usually quiet.
func Phase(workers int, fn func(w int)) {
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

// spawn is Phase on goroutines of its own.
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

// stealBelow is how short the caller's own share of a phase must have
// been for it to run the shares no member has started yet itself: a
// parked member takes tens of microseconds to wake, longer than such a
// share takes to run.
const stealBelow = 20 * time.Microsecond

// crew holds the goroutines of Phase. A phase's shares are tasks that
// the caller and the members claim from the phase word: a sequence number
// in its top 32 bits, the number of tasks (workers) in the next 16 and
// the next task to claim in the low 16. A claim is a compare-and-swap of
// the whole word, so it fails once the phase is over, and fn is read
// only after a claim, while the caller waits for the task.
type crew struct {
	busy    sync.Mutex // held by the caller of a phase
	members int        // goroutines started
	fn      func(w int)
	phase   atomic.Uint64
	left    atomic.Int64 // tasks not yet done

	mu       sync.Mutex // guards the parking below
	wake     sync.Cond  // members park on it, waiting for a phase
	done     sync.Cond  // the caller parks on it, waiting for the tasks
	sleepers int        // members parked
	waiting  bool       // the caller is parked
}

var theCrew = func() *crew {
	c := &crew{}
	c.wake.L, c.done.L = &c.mu, &c.mu
	return c
}()

// maxCrew is the most workers a phase can have.
const maxCrew = 1<<16 - 1

// run runs a phase: the tasks 0 to workers-1 of fn, on the calling
// goroutine and the members.
func (c *crew) run(workers int, fn func(w int)) {
	if workers > maxCrew {
		spawn(workers, fn)
		return
	}
	seq := c.phase.Load() >> 32
	for c.members < workers-1 {
		c.members++
		go c.serve(seq)
	}
	seq++
	c.fn = fn
	c.left.Store(int64(workers))
	c.phase.Store(seq<<32 | uint64(workers)<<16)
	c.mu.Lock()
	if c.sleepers > 0 {
		c.wake.Broadcast()
	}
	c.mu.Unlock()
	began := time.Now()
	c.claim(seq, 1)
	if time.Since(began) < stealBelow {
		c.claim(seq, workers)
	}
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

// claim claims and runs up to n tasks of phase seq, while there are any.
func (c *crew) claim(seq uint64, n int) {
	for n > 0 {
		p := c.phase.Load()
		if p>>32 != seq || p&0xffff >= p>>16&0xffff {
			return
		}
		if !c.phase.CompareAndSwap(p, p+1) {
			continue
		}
		n--
		c.fn(int(p & 0xffff))
		if c.left.Add(-1) == 0 {
			c.mu.Lock()
			if c.waiting {
				c.done.Broadcast()
			}
			c.mu.Unlock()
		}
	}
}

// serve is a member's loop; seq is the last phase before it started.
func (c *crew) serve(seq uint64) {
	for {
		var p uint64
		if !spinUntil(func() bool { p = c.phase.Load(); return p>>32 != seq }) {
			c.mu.Lock()
			c.sleepers++
			for p = c.phase.Load(); p>>32 == seq; p = c.phase.Load() {
				c.wake.Wait()
			}
			c.sleepers--
			c.mu.Unlock()
		}
		seq = p >> 32
		c.claim(seq, 1<<16)
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
