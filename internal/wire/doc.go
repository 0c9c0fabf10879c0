// Package wire is the contract between the build and the page: the data
// the site sends to the browser's scripts, as Go structs whose JSON tags
// are the keys the scripts read. The build makes these from its domain
// types (mode.Mode, verify.Verification, …) in one place each and
// marshals them; it never ships a domain type as it is.
//
// It also declares the engine protocol (protocol.go): Calls, every call
// a page makes of the engine, with its arguments and the shape of its
// answer.
//
// The page's side of the contract, templates/static/types/wire.d.ts (and
// wire-protocol.d.ts, from protocol.go), is generated from this
// package's source: every type here becomes a declaration in the
// ambient namespace wire (wire.Mode, wire.Index, …), a field's name is
// its JSON key, optional when the field is omitempty, and a
// json.RawMessage field says its TypeScript type in a ts tag; Calls
// becomes the typed client of the engine (wire.Caller). A test fails
// when a file is stale; regenerate them with
//
//	go generate ./internal/wire
//
// A module types what it reads with JSDoc:
//
//	/** @type {wire.Index} */
//	const index = await (await fetch(url)).json();
//
// The package imports nothing of the module, so every layer may use it.
package wire

//go:generate go run ./dts -out ../../templates/static/types
