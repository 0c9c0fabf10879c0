package site

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/engine/game"
	"github.com/thinchess/thinchess/internal/wire"
)

// TestWireData checks the data a build sends to the page against the
// wire types it is declared by (and templates/static/types/wire.d.ts
// with them): every key it writes is a field of its type, every field
// the declarations call required is there, and none the declarations do
// not let be null is null.
func TestWireData(t *testing.T) {
	s := loadRenderSite(t)
	files, err := Render(s, mateVerifications(t, s), nil, goldenOptions)
	if err != nil {
		t.Fatal(err)
	}
	script := regexp.MustCompile(`<script type="application/json" id="([a-z]+)-data">([^<]*)</script>`)
	kinds := map[string]reflect.Type{
		"mode":    reflect.TypeFor[wire.Mode](),
		"train":   reflect.TypeFor[wire.Train](),
		"explore": reflect.TypeFor[wire.Explore](),
		"offline": reflect.TypeFor[wire.Offline](),
	}
	seen := map[string]int{}
	for name, data := range files {
		var typ reflect.Type
		switch {
		case strings.HasSuffix(name, ".html"):
			for _, m := range script.FindAllSubmatch(data, -1) {
				if typ = kinds[string(m[1])]; typ == nil {
					t.Errorf("%s: script data %q has no wire type", name, m[1])
					continue
				}
				seen[string(m[1])]++
				checkWire(t, name, m[2], typ)
			}
			continue
		case strings.HasPrefix(name, "assets/offline.") && strings.HasSuffix(name, ".json"):
			typ = reflect.TypeFor[wire.SaveList]()
		case strings.HasPrefix(name, "assets/puzzles/index."):
			typ = reflect.TypeFor[wire.Index]()
		case strings.HasPrefix(name, "assets/puzzles/ids-"):
			typ = reflect.TypeFor[wire.IDBucket]()
		case strings.HasPrefix(name, "assets/puzzles/"):
			typ = reflect.TypeFor[wire.Chunk]()
		default:
			continue
		}
		seen[typ.Name()]++
		checkWire(t, name, data, typ)
	}
	for _, k := range []string{"mode", "train", "offline", "Index", "IDBucket", "Chunk", "SaveList"} {
		if seen[k] == 0 {
			t.Errorf("the test site has no %s data", k)
		}
	}
}

// TestWireGame checks that a saved game, as game.Game writes it into
// wire.Mode's game, is a wire.Game.
func TestWireGame(t *testing.T) {
	bans, _ := engine.Preset("chess")
	bans.Bans, bans.FiftyMove = true, false
	chess, _ := engine.Preset("chess")
	for _, tt := range []struct {
		start string
		rules *engine.Rules
		moves []string
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", chess, []string{"e2e4", "e7e5"}},
		{"k7/8/8/8/8/8/8/K6R w - - 0 1", bans, nil},
	} {
		p, err := engine.ParseFEN(tt.start, tt.rules)
		if err != nil {
			t.Fatal(err)
		}
		g := game.New(p)
		for _, mv := range tt.moves {
			if err := g.PlayText(mv); err != nil {
				t.Fatal(err)
			}
		}
		data, err := json.Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		if tt.rules.Bans && !bytes.Contains(data, []byte(`"rules":{`)) {
			t.Errorf("%s: no rules in %s", tt.start, data)
		}
		checkWire(t, tt.start, data, reflect.TypeFor[wire.Game]())
	}
}

// checkWire decodes data as a typ, refusing keys typ does not have, and
// checks its values against what the declarations say (checkValue).
func checkWire(t *testing.T, name string, data []byte, typ reflect.Type) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(reflect.New(typ).Interface()); err != nil {
		t.Errorf("%s: not a wire.%s: %v", name, typ.Name(), err)
		return
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for _, p := range checkValue(v, typ, typ.Name(), nil) {
		t.Errorf("%s: %s", name, p)
	}
}

// checkValue returns what is wrong with the decoded JSON value v as a
// typ: a field the declarations call required that is missing, or null
// where they do not allow it (only a pointer outside a list or an object
// may be null).
func checkValue(v any, typ reflect.Type, path string, problems []string) []string {
	if typ == reflect.TypeFor[json.RawMessage]() {
		return problems
	}
	if typ.Kind() == reflect.Pointer {
		if v == nil {
			return problems
		}
		typ = typ.Elem()
	}
	switch typ.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return append(problems, path+": not an object")
		}
		for f := range typ.Fields() {
			key, opts, _ := strings.Cut(f.Tag.Get("json"), ",")
			if f.Anonymous && key == "" {
				problems = checkValue(v, f.Type, path, problems)
				continue
			}
			val, there := obj[key]
			switch {
			case !there && !strings.Contains(opts, "omitempty"):
				problems = append(problems, path+"."+key+": missing")
			case there:
				problems = checkValue(val, f.Type, path+"."+key, problems)
			}
		}
	case reflect.Slice:
		list, ok := v.([]any)
		if !ok {
			return append(problems, path+": not a list")
		}
		for _, e := range list {
			problems = checkElem(e, typ.Elem(), path+"[]", problems)
		}
	case reflect.Map:
		obj, ok := v.(map[string]any)
		if !ok {
			return append(problems, path+": not an object")
		}
		for k, e := range obj {
			problems = checkElem(e, typ.Elem(), path+"."+k, problems)
		}
	}
	return problems
}

// checkElem checks an element of a list or a value of an object, which
// is never null.
func checkElem(v any, typ reflect.Type, path string, problems []string) []string {
	if v == nil {
		return append(problems, path+": null")
	}
	return checkValue(v, typ, path, problems)
}
