// Package sample is a wire package to generate declarations from.
package sample

import "encoding/json"

// Base is embedded.
type Base struct {
	ID string `json:"id"`
}

// Thing has every kind of field.
//
// It has two paragraphs.
type Thing struct {
	Base
	Name  string   `json:"name"`
	Count int      `json:"n,omitempty"` // Count counts.
	On    bool     `json:"on"`
	Tags  []string `json:"tags"`
	// Byname is keyed by name.
	Byname   map[string]*Base `json:"byName,omitempty"`
	Parent   *Thing           `json:"parent"`
	Child    *Thing           `json:"child,omitempty"`
	Raw      json.RawMessage  `json:"raw" ts:"Base[]"`
	Skipped  string           `json:"-"`
	Untagged float64
	hidden   int
}

// List is a named slice.
type List []Thing

//wire:ts [a: number, b: string]
type Pair []json.RawMessage

type unexported struct{}

// Watch watches a long call.
type Watch struct {
	Progress func(done int, text string) `json:"progress"`
}

// Proto is a protocol of calls.
//
//wire:calls
type Proto interface {
	// Open opens a thing.
	Open(name string, size int) Thing
	// PGNText has an initialism.
	//
	//wire:by worker
	PGNText(id int, tags map[string]string) []string
	Ping()
	// Long may be watched.
	//
	//wire:by wasm local worker
	Long(id int, watch *Watch) *Base
}
