package main

import (
	"net"
	"path/filepath"
	"testing"
)

// serve checks --addr and the port before building, prints a URL a
// browser opens, and says what it watches.
func TestServeAddress(t *testing.T) {
	src := writeSite(t, map[string]string{"modes/x/g.md": goodMode, "site.yaml": "title: T\n"})
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	for _, c := range []cliCase{
		{name: "no port", args: []string{"serve", "--src", src, "--addr", "localhost"}, code: 2,
			err: []string{`--addr "localhost": want HOST:PORT, such as 127.0.0.1:1313 or :8080`}},
		{name: "port out of range", args: []string{"serve", "--src", src, "--addr", ":70000"}, code: 2,
			err: []string{`--addr ":70000": port "70000": want a number from 0 to 65535`}},
		{name: "port taken", args: []string{"serve", "--src", src, "--addr", busy.Addr().String()}, code: 1,
			err: []string{"serve: cannot listen on " + busy.Addr().String()}, noOut: []string{"built"}},
		{name: "no site", args: []string{"serve", "--src", filepath.Join(src, "modes")}, code: 1,
			err: []string{"is not a site folder"}},
	} {
		c.check(t)
	}
}
