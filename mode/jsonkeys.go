package mode

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
)

// packKeyNames are the keys of a pack line and of its hints, quoted as
// they appear in JSON: a line that holds none of them twice cannot
// repeat a key the decoder accepts.
var packKeyNames = func() [][]byte {
	var out [][]byte
	for _, t := range []reflect.Type{reflect.TypeFor[PackLine](), reflect.TypeFor[PackHint]()} {
		for _, name := range jsonKeys(t) {
			out = append(out, []byte(`"`+name+`"`))
		}
	}
	return out
}()

// duplicateKey returns the first key that appears twice in one object of
// the JSON value on line (valid JSON, as the decoder accepted it), and
// the column (from 1) of its second appearance, inside the quotes; "", 0
// when no key repeats. encoding/json keeps the last of two values
// silently; an author who wrote two means one of them.
func duplicateKey(line []byte) (string, int) {
	suspect := false
	for _, k := range packKeyNames {
		if bytes.Count(line, k) > 1 {
			suspect = true
			break
		}
	}
	if !suspect {
		return "", 0
	}
	key, col, _ := repeatedKey(json.NewDecoder(bytes.NewReader(line)), line)
	return key, col
}

// repeatedKey reads one JSON value from dec and returns the first key
// repeated in one of its objects, with its column in line.
func repeatedKey(dec *json.Decoder, line []byte) (string, int, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", 0, err
	}
	switch tok {
	case json.Delim('['):
		for dec.More() {
			if k, c, err := repeatedKey(dec, line); k != "" || err != nil {
				return k, c, err
			}
		}
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			at := int(dec.InputOffset())
			tok, err := dec.Token()
			if err != nil {
				return "", 0, err
			}
			key, _ := tok.(string)
			if seen[key] {
				for at < len(line) && line[at] != '"' {
					at++
				}
				return key, at + 2, nil
			}
			seen[key] = true
			if k, c, err := repeatedKey(dec, line); k != "" || err != nil {
				return k, c, err
			}
		}
	default:
		return "", 0, nil
	}
	_, err = dec.Token() // the closing ] or }
	return "", 0, err
}

// jsonKeys returns the JSON keys of struct type t in field order, with
// the keys of embedded structs in their place, as encoding/json writes
// them.
func jsonKeys(t reflect.Type) []string {
	var keys []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		switch {
		case name == "-" || !f.IsExported() && !f.Anonymous:
		case f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct:
			keys = append(keys, jsonKeys(f.Type)...)
		case name != "":
			keys = append(keys, name)
		default:
			keys = append(keys, f.Name)
		}
	}
	return keys
}
