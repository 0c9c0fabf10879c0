//go:build js && wasm

package main

import (
	"syscall/js"
	"time"

	"github.com/thinchess/thinchess/bridge"
)

// solveAPI adds the editor's solve, solve(variant, rules, position,
// maxStates, budgetMs).
func solveAPI(api map[string]call) {
	api["solve"] = func(a []js.Value) (any, error) {
		an, err := bridge.Solve(str(a, 0), rules(arg(a, 1)), str(a, 2), int(num(a, 3, 0)), millis(a, 4), progress())
		if err != nil {
			return nil, err
		}
		return an.Obj(), nil
	}
}

// progress returns a function posting progress to the page through the
// worker's thinchessProgress at most every 100 ms, or nil when there is
// none.
func progress() bridge.Progress {
	f := js.Global().Get("thinchessProgress")
	if f.Type() != js.TypeFunction {
		return nil
	}
	last := time.Time{}
	return func(done, total int, text string) {
		if time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		f.Invoke(bridge.JSON(bridge.Obj{{K: "done", V: done}, {K: "total", V: total}, {K: "text", V: text}}))
	}
}
