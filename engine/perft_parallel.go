package engine

import (
	"sync"
	"sync/atomic"
)

// PerftParallel is Perft spread over the given number of goroutines. The
// tree is cut into subtrees below the root moves — or below the first two
// plies when there are too few root moves to keep every worker busy — and
// each worker counts subtrees on its own copy of the position. The result
// is always the same as Perft's. workers below 1 counts as 1.
func (p *Position) PerftParallel(depth, workers int) uint64 {
	if workers < 1 {
		workers = 1
	}
	if depth <= 2 || workers == 1 {
		return p.Perft(depth)
	}
	jobs := p.perftJobs(depth, workers)
	if len(jobs) == 0 {
		return 0
	}
	workers = min(workers, len(jobs))

	var next atomic.Int64
	var total atomic.Uint64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := *p
			var buf [MaxMoves]Move
			var n uint64
			for {
				i := int(next.Add(1) - 1)
				if i >= len(jobs) {
					break
				}
				n += q.perftJob(jobs[i], depth, buf[:0])
			}
			total.Add(n)
		}()
	}
	wg.Wait()
	return total.Load()
}

// perftJob is one unit of parallel perft work: the subtree after one root
// move, or after a root move and one reply (second is NoMove for the former).
type perftJob struct {
	first, second Move
}

// jobsPerWorker is how many subtrees each worker should have to choose
// from, so that one deep subtree does not leave the others idle.
const jobsPerWorker = 8

// perftJobs cuts the tree of the given depth (at least 3) into subtrees.
func (p *Position) perftJobs(depth, workers int) []perftJob {
	var buf [MaxMoves]Move
	roots := p.LegalMoves(buf[:0])
	var jobs []perftJob
	if len(roots) >= jobsPerWorker*workers {
		for _, m := range roots {
			jobs = append(jobs, perftJob{first: m})
		}
		return jobs
	}
	var replies [MaxMoves]Move
	for _, m := range roots {
		u := p.Make(m)
		for _, r := range p.LegalMoves(replies[:0]) {
			jobs = append(jobs, perftJob{first: m, second: r})
		}
		p.Unmake(u)
	}
	return jobs
}

// perftJob counts the leaves of job's subtree in a tree of the given depth
// rooted at p, leaving p as it found it.
func (p *Position) perftJob(job perftJob, depth int, buf []Move) uint64 {
	u1 := p.Make(job.first)
	defer p.Unmake(u1)
	if job.second == NoMove {
		return p.perft(depth-1, buf)
	}
	u2 := p.Make(job.second)
	defer p.Unmake(u2)
	return p.perft(depth-2, buf)
}
