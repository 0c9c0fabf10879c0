package bad

import "encoding/json"

type Bad struct {
	Raw   json.RawMessage `json:"raw"`
	Ch    chan int        `json:"ch"`
	Keyed map[int]string  `json:"keyed"`
	Any   any             `json:"any"`
}

type Inner struct{}

type Named struct {
	Inner `json:"inner"`
}

//wire:calls
type Proto interface {
	Two() (int, error)
	Gap(a *int, b int) int
	//wire:by moon
	Where() int
}

//wire:calls
type Again interface{}
