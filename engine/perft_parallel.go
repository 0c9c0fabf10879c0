package engine

import "runtime"

// PerftParallel is Perft with the subtrees counted in parallel. The tree
// is cut into subtrees below the root moves — or below the first two
// plies when there are too few root moves to keep every core busy — and
// each subtree is counted on a copy of the position. each runs the
// counts: it must call f(i) once for every i in [0, n), at once or not,
// and return when every call has; par.Each (internal/par) is the one the
// CLI passes. The engine imports nothing of the module, so the caller
// brings the loop. The result is always the same as Perft's.
func (p *Position) PerftParallel(depth int, each func(n int, f func(i int))) uint64 {
	workers := runtime.GOMAXPROCS(0)
	if depth <= 2 || workers == 1 {
		return p.Perft(depth)
	}
	jobs := p.perftJobs(depth, workers)
	counts := make([]uint64, len(jobs))
	each(len(jobs), func(i int) {
		q := *p
		var buf [MaxMoves]Move
		counts[i] = q.perftJob(jobs[i], depth, buf[:0])
	})
	var total uint64
	for _, n := range counts {
		total += n
	}
	return total
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
