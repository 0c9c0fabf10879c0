package main

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/thinchess/thinchess/site"
)

// buildProgress writes a build's progress to a terminal or log, like
// solve's: nothing for a build that ends within quiet, then a line each
// time the phase changes and at most one a tick in between, so a short
// build prints only its summary and a long one shows it is alive.
//
//	thinchess build:   1.0 s  process: verify 12/261
//	thinchess build:   2.0 s  process: verify 140/261
//	thinchess build:   2.4 s  assemble: wasm
type buildProgress struct {
	cmd   string
	w     io.Writer
	quiet time.Duration // nothing is printed before this much time
	tick  time.Duration // at most one line per tick within a phase
	// now is time.Now, replaced by tests.
	now func() time.Time

	mu      sync.Mutex
	start   time.Time
	cur     site.Progress
	printed site.Progress // the last line printed, zero before the first
	last    time.Time     // when it was printed
	// stop ends the ticker, which closes stopped as it returns.
	stop, stopped chan struct{}
}

// newBuildProgress reports to w, prefixed with "thinchess CMD:", once
// the build has run for a second, then at most once a second unless the
// phase changes. Call stopTicking when the build ends.
func newBuildProgress(cmd string, w io.Writer) *buildProgress {
	p := &buildProgress{cmd: cmd, w: w, quiet: time.Second, tick: time.Second, now: time.Now}
	p.start = p.now()
	p.stop, p.stopped = make(chan struct{}), make(chan struct{})
	// A phase with no progress of its own (one long mode, the render)
	// still gets a line a tick once the build is past quiet.
	go func() {
		t := time.NewTicker(p.tick)
		defer close(p.stopped)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
				p.mu.Lock()
				p.maybePrint(false)
				p.mu.Unlock()
			}
		}
	}()
	return p
}

// report records where the build is and prints it when due; it is a
// site.BuildOptions.Progress.
func (p *buildProgress) report(pr site.Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cur = pr
	p.maybePrint(true)
}

// maybePrint prints the current progress when the build is past quiet
// and either the phase or step changed (phaseChange allows it) or a tick has
// passed since the last line with something new, or ten ticks without.
// p.mu is held.
func (p *buildProgress) maybePrint(phaseChange bool) {
	now := p.now()
	if now.Sub(p.start) < p.quiet || p.cur.Phase == "" {
		return
	}
	since := now.Sub(p.last)
	switch {
	case p.printed.Phase == "":
	case phaseChange && !p.cur.SameStep(p.printed):
	case p.cur != p.printed && since >= p.tick:
	case since >= 10*p.tick:
	default:
		return
	}
	fmt.Fprintf(p.w, "thinchess %s: %5.1f s  %s\n", p.cmd, now.Sub(p.start).Seconds(), p.cur)
	p.printed, p.last = p.cur, now
}

// stopTicking ends the ticker and returns once it can print no more,
// so the caller's own lines come after; a nil p is allowed.
func (p *buildProgress) stopTicking() {
	if p != nil && p.stop != nil {
		close(p.stop)
		<-p.stopped
	}
}
