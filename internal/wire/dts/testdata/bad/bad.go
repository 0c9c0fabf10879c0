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
