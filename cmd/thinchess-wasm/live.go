//go:build js && wasm

package main

import (
	"fmt"
	"sync/atomic"
	"syscall/js"
	"time"

	"github.com/thinchess/thinchess/bridge"
)

// A long call (reply, analyse) runs in its own goroutine and answers
// with a Promise. While it runs it yields to the worker's event loop
// every yieldEvery, sleeping a millisecond, so that the page's stop()
// gets through; it posts its progress through the worker's
// thinchessProgress after every iteration of the search.

// yieldEvery is how often a long call lets the event loop run. Browsers
// clamp a timer nested this deep to at least 4 ms, so a yield costs
// about 4 ms: some 4 % of the call's time, and a stop waits at most
// yieldEvery.
const yieldEvery = 100 * time.Millisecond

// stopAsked is set by stop() and cleared when a long call starts.
var stopAsked atomic.Bool

// stopCall asks the long call running, if any, to stop: stop() → {ok}.
func stopCall([]js.Value) (any, error) {
	stopAsked.Store(true)
	return bridge.Obj{{K: "ok", V: true}}, nil
}

// liveCall wraps a long call: the returned function starts fn in a
// goroutine with a Live that yields and reports, and returns a Promise
// of fn's JSON answer (an error or a panic becomes {"error": "…"}).
func liveCall(name string, fn func(s *bridge.Session, live bridge.Live, args []js.Value) (any, error)) func(js.Value, []js.Value) any {
	return func(_ js.Value, args []js.Value) any {
		var executor js.Func
		executor = js.FuncOf(func(_ js.Value, p []js.Value) any {
			resolve := p[0]
			executor.Release()
			go func() {
				resolve.Invoke(runLive(name, fn, args))
			}()
			return nil
		})
		return js.Global().Get("Promise").New(executor)
	}
}

// runLive runs a long call and returns its JSON answer.
func runLive(name string, fn func(s *bridge.Session, live bridge.Live, args []js.Value) (any, error), args []js.Value) (out string) {
	defer func() {
		if r := recover(); r != nil {
			out = errorJSON(fmt.Errorf("%s: internal error: %v", name, r))
		}
	}()
	stopAsked.Store(false)
	live := bridge.Live{Stop: yieldingStop(), Progress: postProgress()}
	v, err := withSession(func(s *bridge.Session, a []js.Value) (any, error) { return fn(s, live, a) })(args)
	if err != nil {
		return errorJSON(err)
	}
	return bridge.JSON(v)
}

// yieldingStop returns the Stop of a long call: it sleeps a millisecond
// every yieldEvery, which hands the event loop the worker's messages,
// and reports whether stop() was called.
func yieldingStop() func() bool {
	last := time.Now()
	return func() bool {
		if time.Since(last) >= yieldEvery {
			time.Sleep(time.Millisecond)
			last = time.Now()
		}
		return stopAsked.Load()
	}
}

// postProgress returns the Progress of a long call: each report goes to
// the worker's thinchessProgress as JSON, or nowhere when it has none.
func postProgress() func(bridge.Obj) {
	f := js.Global().Get("thinchessProgress")
	if f.Type() != js.TypeFunction {
		return nil
	}
	return func(o bridge.Obj) { f.Invoke(bridge.JSON(o)) }
}
