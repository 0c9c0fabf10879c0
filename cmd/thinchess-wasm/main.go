//go:build js && wasm

// Command thinchess-wasm is the browser's engine: the same engine and
// solver packages the build verifies with, compiled with GOOS=js
// GOARCH=wasm. It installs one global object, thinchess, whose functions
// take plain JavaScript values and return a JSON string: the answer, or
// {"error": "…"} with the engine's own message. A function never throws
// and never crashes the instance; a panic becomes an error answer.
//
// Games live in the instance and are named by the id load returns:
//
//	const {id, state} = JSON.parse(thinchess.load("1d", {}, "bk,bn,br,x,x,wr,wn,wk:w"))
//	JSON.parse(thinchess.play(id, "Na3"))   // → the new state
//
// The page runs the instance in a Web Worker (templates/static/worker.js)
// so long searches never freeze it. The long calls, reply and analyse,
// answer with a Promise of the JSON string instead: they run in a
// goroutine that lets the worker's event loop run now and then, post
// their progress through the worker's thinchessProgress, and end with
// what they found so far when stop() is called (live.go). This command is only the syscall/js
// glue: what each function does is package bridge, tested natively.
package main

import (
	"fmt"
	"syscall/js"
	"time"

	"github.com/thinchess/thinchess/bridge"
)

var sessions = map[int]*bridge.Session{}
var nextID = 1

// call is one function of the global thinchess object.
type call func(args []js.Value) (any, error)

func main() {
	api := map[string]call{
		"load":  load,
		"parse": func(a []js.Value) (any, error) { return bridge.Parse(str(a, 0), rules(arg(a, 1)), str(a, 2)) },
		"free":  free,
		"state": withSession(func(s *bridge.Session, _ []js.Value) (any, error) { return s.State(), nil }),
		"play":  withSession(func(s *bridge.Session, a []js.Value) (any, error) { return s.Play(str(a, 0)) }),
		"move": withSession(func(s *bridge.Session, a []js.Value) (any, error) {
			return s.Move(str(a, 0), str(a, 1), str(a, 2))
		}),
		"undo":  withSession(func(s *bridge.Session, _ []js.Value) (any, error) { return s.Undo() }),
		"goto":  withSession(func(s *bridge.Session, a []js.Value) (any, error) { return s.Goto(int(num(a, 0, 0))), nil }),
		"reset": withSession(func(s *bridge.Session, _ []js.Value) (any, error) { return s.Reset(), nil }),
		"pgn":   withSession(func(s *bridge.Session, a []js.Value) (any, error) { return s.PGN(tags(arg(a, 0))), nil }),
		"line":  withSession(func(s *bridge.Session, a []js.Value) (any, error) { return s.Line(str(a, 0)) }),
		"loadTable": withSession(func(s *bridge.Session, a []js.Value) (any, error) {
			v := arg(a, 0)
			if v.Type() != js.TypeObject || v.Get("length").Type() != js.TypeNumber {
				return nil, fmt.Errorf("loadTable: want the table's bytes as a Uint8Array")
			}
			data := make([]byte, v.Get("length").Int())
			js.CopyBytesToGo(data, v)
			return s.LoadTable(data)
		}),
		"choose": withSession(func(s *bridge.Session, a []js.Value) (any, error) {
			return s.Choose(str(a, 0), int64(num(a, 1, 1)))
		}),
		"judge": withSession(func(s *bridge.Session, a []js.Value) (any, error) { return s.Judge(str(a, 0)) }),
		"resolve": withSession(func(s *bridge.Session, a []js.Value) (any, error) {
			return s.Resolve(str(a, 0), arg(a, 1).Truthy())
		}),
	}
	solveAPI(api)
	obj := js.Global().Get("Object").New()
	for name, fn := range api {
		obj.Set(name, js.FuncOf(wrap(name, fn)))
	}
	// The long calls answer with a Promise and can be stopped.
	obj.Set("reply", js.FuncOf(liveCall("reply", func(s *bridge.Session, live bridge.Live, a []js.Value) (any, error) {
		return s.ReplyLive(str(a, 0), millis(a, 1), int64(num(a, 2, 1)), live)
	})))
	obj.Set("analyse", js.FuncOf(liveCall("analyse", func(s *bridge.Session, live bridge.Live, a []js.Value) (any, error) {
		an, err := s.AnalyseLive(millis(a, 0), live)
		if err != nil {
			return nil, err
		}
		return an.Obj(), nil
	})))
	obj.Set("stop", js.FuncOf(wrap("stop", stopCall)))
	obj.Set("version", "1")
	js.Global().Set("thinchess", obj)
	if ready := js.Global().Get("thinchessReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}

// wrap turns a Go function into a JavaScript one returning JSON; errors
// and panics become {"error": "…"}.
func wrap(name string, fn call) func(js.Value, []js.Value) any {
	return func(_ js.Value, args []js.Value) (out any) {
		defer func() {
			if r := recover(); r != nil {
				out = errorJSON(fmt.Errorf("%s: internal error: %v", name, r))
			}
		}()
		v, err := fn(args)
		if err != nil {
			return errorJSON(err)
		}
		return bridge.JSON(v)
	}
}

func errorJSON(err error) string {
	return bridge.JSON(bridge.Obj{{K: "error", V: err.Error()}})
}

// load starts a game and plays the moves given, in coordinates:
// load(variant, rules, position, moves) → {id, state}.
func load(args []js.Value) (any, error) {
	s, err := bridge.Load(str(args, 0), rules(arg(args, 1)), str(args, 2))
	if err != nil {
		return nil, err
	}
	if v := arg(args, 3); v.Type() == js.TypeObject {
		for i := range v.Length() {
			if err := s.Game().PlayText(v.Index(i).String()); err != nil {
				return nil, err
			}
		}
	}
	id := nextID
	nextID++
	sessions[id] = s
	return bridge.Obj{{K: "id", V: id}, {K: "state", V: s.State()}}, nil
}

// free forgets a game: free(id).
func free(args []js.Value) (any, error) {
	if len(args) > 0 && args[0].Type() == js.TypeNumber {
		delete(sessions, args[0].Int())
	}
	return bridge.Obj{{K: "ok", V: true}}, nil
}

// withSession looks up the game named by the first argument.
func withSession(fn func(s *bridge.Session, args []js.Value) (any, error)) call {
	return func(args []js.Value) (any, error) {
		if len(args) == 0 || args[0].Type() != js.TypeNumber {
			return nil, fmt.Errorf("missing game id")
		}
		s := sessions[args[0].Int()]
		if s == nil {
			return nil, fmt.Errorf("no game with id %d", args[0].Int())
		}
		return fn(s, args[1:])
	}
}

// arg returns argument i, undefined when missing.
func arg(args []js.Value, i int) js.Value {
	if i >= len(args) {
		return js.Undefined()
	}
	return args[i]
}

// str returns argument i as a string, "" when missing.
func str(args []js.Value, i int) string {
	if v := arg(args, i); v.Type() == js.TypeString {
		return v.String()
	}
	return ""
}

// num returns argument i as a number, def when missing.
func num(args []js.Value, i int, def float64) float64 {
	if v := arg(args, i); v.Type() == js.TypeNumber {
		return v.Float()
	}
	return def
}

// millis reads a time budget in milliseconds; 0 (the default) lets the
// bridge choose.
func millis(args []js.Value, i int) time.Duration {
	return time.Duration(num(args, i, 0)) * time.Millisecond
}

// keys lists the own keys of a JavaScript object.
func keys(v js.Value) []string {
	ks := js.Global().Get("Object").Call("keys", v)
	out := make([]string, ks.Length())
	for i := range out {
		out[i] = ks.Index(i).String()
	}
	return out
}

// rules reads rule overrides from a JavaScript object ({castling: false,
// promotion: ["q", "n"], goal: "race"}); undefined or null is none.
func rules(v js.Value) bridge.Rules {
	r := bridge.Rules{}
	if v.Type() != js.TypeObject {
		return r
	}
	for _, k := range keys(v) {
		x := v.Get(k)
		switch {
		case x.Type() == js.TypeBoolean:
			r[k] = x.Bool()
		case x.Type() == js.TypeString:
			r[k] = x.String()
		case js.Global().Get("Array").Call("isArray", x).Bool():
			letters := make([]string, x.Length())
			for i := range letters {
				letters[i] = x.Index(i).String()
			}
			r[k] = letters
		default:
			r[k] = nil // the bridge names the rule in its error
		}
	}
	return r
}

// tags reads PGN tags from an object of strings.
func tags(v js.Value) map[string]string {
	out := map[string]string{}
	if v.Type() == js.TypeObject {
		for _, k := range keys(v) {
			out[k] = v.Get(k).String()
		}
	}
	return out
}
