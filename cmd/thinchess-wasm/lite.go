//go:build js && wasm && lite

package main

// fullAPI adds nothing to the light build: it has no solver for the
// editor (mode pages that load it have their table).
func fullAPI(map[string]call) {}
