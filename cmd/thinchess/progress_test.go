package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/thinchess/thinchess/site"
)

// TestBuildProgress: nothing within the first second, then a line at
// each phase and step and at most one a second within one, on a fake clock.
func TestBuildProgress(t *testing.T) {
	var out bytes.Buffer
	clock := time.Unix(0, 0)
	p := &buildProgress{cmd: "build", w: &out, quiet: time.Second, tick: time.Second, now: func() time.Time { return clock }}
	p.start = clock
	steps := []struct {
		at time.Duration // since the start
		pr site.Progress
	}{
		{0, site.Progress{Phase: "process", Step: "load"}},
		{100 * time.Millisecond, site.Progress{Phase: "process", Step: "verify", Total: 4}},
		{900 * time.Millisecond, site.Progress{Phase: "process", Step: "verify", Done: 1, Total: 4}},
		{1100 * time.Millisecond, site.Progress{Phase: "process", Step: "verify", Done: 2, Total: 4}},
		{1500 * time.Millisecond, site.Progress{Phase: "process", Step: "verify", Done: 3, Total: 4}},
		{2200 * time.Millisecond, site.Progress{Phase: "process", Step: "verify", Done: 4, Total: 4}},
		{2260 * time.Millisecond, site.Progress{Phase: "process", Step: "certificates"}},
		{2300 * time.Millisecond, site.Progress{Phase: "assemble", Step: "wasm"}},
		{2400 * time.Millisecond, site.Progress{Phase: "render", Step: "pages"}},
		{2460 * time.Millisecond, site.Progress{Phase: "render", Step: "minify"}},
		{2500 * time.Millisecond, site.Progress{Phase: "write", Total: 300}},
	}
	for _, s := range steps {
		clock = time.Unix(0, 0).Add(s.at)
		p.report(s.pr)
	}
	// A tick in a long phase with nothing new: a line after ten ticks.
	for _, at := range []time.Duration{5 * time.Second, 12500 * time.Millisecond} {
		clock = time.Unix(0, 0).Add(at)
		p.maybePrint(false)
	}
	want := `thinchess build:   1.1 s  process: verify 2/4
thinchess build:   2.2 s  process: verify 4/4
thinchess build:   2.3 s  process: certificates
thinchess build:   2.3 s  assemble: wasm
thinchess build:   2.4 s  render: pages
thinchess build:   2.5 s  render: minify
thinchess build:   2.5 s  write
thinchess build:  12.5 s  write
`
	if got := out.String(); got != want {
		t.Errorf("progress:\n%s\nwant:\n%s", got, want)
	}
	p.stopTicking() // a reporter without a ticker stops quietly
}

// build -q prints no progress.
func TestBuildQuietHasNoProgress(t *testing.T) {
	src := writeSite(t, map[string]string{"modes/x/g.md": goodMode, "site.yaml": "title: T\n"})
	code, _, errs := runCLI("build", "--src", src, "--out", t.TempDir()+"/public", "--no-cache", "-q")
	if code != 0 || strings.Contains(errs, "thinchess build:") {
		t.Errorf("build -q: exit %d, stderr:\n%s", code, errs)
	}
}
