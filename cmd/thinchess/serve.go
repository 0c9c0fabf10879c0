package main

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"

	"github.com/thinchess/thinchess/devserver"
	"github.com/thinchess/thinchess/mode"
	"github.com/thinchess/thinchess/site"
)

func init() {
	register("serve", "build in memory, serve, rebuild and live-reload on change", runServe)
}

const serveHelp = `usage: thinchess serve [--src DIR] [--addr HOST:PORT]

Builds the site in --src in memory and serves it on --addr, then watches
site.yaml and the folders modes/, content/, packs/, certificates/ (made
by thinchess prove) and templates/ (a site's own templates, which replace
the built-in ones) and rebuilds on
every change: one build at a time, and the changes made during a build
cause one more build after it. Open pages reload by themselves after a
good build. It answers at once: until the first build is done every page
shows the build's progress (load, verify N/M, certificates, wasm,
render, write), printed in the terminal too once a build takes more than
a second, and reloads when the site is built. When a build fails, the errors are shown
in the terminal and over the page, and the last good build is still
served; before the first good build every page is an error page that
reloads once the site builds.
--addr 0.0.0.0:1313 serves on every network interface.

flags:
`

func runServe(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("serve", serveHelp, stdout, stderr)
	var sf siteFlags
	sf.register(fs)
	addr := fs.String("addr", "127.0.0.1:1313", "`address` to listen on, HOST:PORT")
	rest, err := fs.parse(args)
	if err == nil {
		err = fs.noArgs(rest)
	}
	if err == nil {
		err = checkAddr(*addr)
	}
	if err != nil {
		return fs.usageExit(err)
	}
	if err := sf.checkCache(); err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 2
	}
	isSite, err := siteFolder(sf.src)
	if err == nil && !isSite {
		err = notSiteError(sf.src)
	}
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 1
	}
	// Listen first: a busy port is reported at once, and the page
	// answers while the first build runs.
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "serve: cannot listen on %s: %v (another server on that port? choose another with --addr)\n", *addr, err)
		return 1
	}
	defer ln.Close()
	opt := sf.options()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	ui := devserver.UI{
		Progress: func(w io.Writer) (func(site.Progress), func()) {
			prog := newBuildProgress("serve", w)
			return prog.report, prog.stopTicking
		},
		Errors: func(errs mode.ErrorList) mode.ErrorList { return withPaths(errs, opt.Src, localPath) },
	}
	return devserver.Serve(ctx, ln, opt, ui, stdout, stderr)
}

// checkAddr reports an --addr that is not HOST:PORT with a port number.
func checkAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: want HOST:PORT, such as 127.0.0.1:1313 or :8080", addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 {
		return fmt.Errorf("--addr %q: port %q: want a number from 0 to 65535", addr, port)
	}
	return nil
}
