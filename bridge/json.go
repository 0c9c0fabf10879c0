package bridge

import (
	"maps"
	"slices"
	"strconv"
	"unicode/utf8"
)

// The bridge writes its answers with this small encoder instead of
// encoding/json: leaving reflection-based encoding out of the binary
// keeps the engine that every play page downloads about 100 KB
// (gzipped) smaller.

// Obj is a JSON object whose keys keep their order.
type Obj []KV

// KV is one member of an Obj.
type KV struct {
	K string
	V any
}

// JSON encodes the value kinds the bridge uses: Obj, map[string]any
// and map[string][]Obj (written in key order), slices of those, strings,
// integers, floats, booleans and nil.
func JSON(v any) string {
	var b []byte
	b = appendJSON(b, v)
	return string(b)
}

func appendJSON(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case Obj:
		b = append(b, '{')
		for i, m := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, m.K)
			b = append(b, ':')
			b = appendJSON(b, m.V)
		}
		return append(b, '}')
	case map[string]any:
		return appendJSON(b, sortedObj(x))
	case map[string][]Obj:
		return appendJSON(b, sortedObj(x))
	case []Obj:
		return appendArray(b, x)
	case []any:
		return appendArray(b, x)
	case []string:
		return appendArray(b, x)
	case string:
		return appendString(b, x)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case float64:
		return strconv.AppendFloat(b, x, 'g', -1, 64)
	case bool:
		return strconv.AppendBool(b, x)
	}
	panic("JSON: unsupported type")
}

// appendArray writes xs as a JSON array.
func appendArray[E any](b []byte, xs []E) []byte {
	b = append(b, '[')
	for i, e := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSON(b, e)
	}
	return append(b, ']')
}

// sortedObj returns m as an Obj in key order.
func sortedObj[V any](m map[string]V) Obj {
	keys := slices.Sorted(maps.Keys(m))
	o := make(Obj, 0, len(keys))
	for _, k := range keys {
		o = append(o, KV{k, m[k]})
	}
	return o
}

// appendString writes s as a JSON string; <, > and & are escaped so the
// text is also safe inside HTML.
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20 || c == '<' || c == '>' || c == '&':
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, `\ufffd`...)
		} else if r == '\u2028' || r == '\u2029' {
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&15])
		} else {
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
