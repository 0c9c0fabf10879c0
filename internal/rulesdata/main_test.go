package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/thinchess/thinchess/engine"
)

// rulesData is the generated module, from this folder.
var rulesData = filepath.Join("..", "..", "templates", "static", "js", "rules-data.js")

// TestRulesDataFresh fails when templates/static/js/rules-data.js is not
// what engine's tables generate: after a change to a preset, a rule, a
// piece or a status's words, run go generate ./templates.
func TestRulesDataFresh(t *testing.T) {
	want, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(rulesData)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("%s is stale: run go generate ./templates", rulesData)
	}
}

// TestPresetTablesRebuildPresets merges RULE_DEFAULTS with each preset's
// differences and compares every field with engine.Preset's rules.
func TestPresetTablesRebuildPresets(t *testing.T) {
	defaults, presets, err := presetTables()
	if err != nil {
		t.Fatal(err)
	}
	rt := reflect.TypeOf(engine.Rules{})
	if len(defaults) != rt.NumField() {
		t.Fatalf("RULE_DEFAULTS has %d fields, engine.Rules %d", len(defaults), rt.NumField())
	}
	for i, name := range engine.Presets {
		merged := map[string]string{}
		for _, kv := range defaults {
			merged[kv[0]] = kv[1]
		}
		for _, kv := range presets[i] {
			merged[kv[0]] = kv[1]
		}
		rv := reflect.ValueOf(*engine.MustPreset(name))
		for f := 0; f < rt.NumField(); f++ {
			if rt.Field(f).Name == "Preset" {
				continue
			}
			want, err := jsValue(rv.Field(f))
			if err != nil {
				t.Fatal(err)
			}
			if got := merged[jsField(rt.Field(f).Name)]; got != want {
				t.Errorf("preset %s: %s is %s in the tables, %s in engine.Preset", name, rt.Field(f).Name, got, want)
			}
		}
	}
}

// TestBoolRulesSetTheirField checks that every rule the tables call
// boolean sets the named field and that the others are promotion and goal.
func TestBoolRulesSetTheirField(t *testing.T) {
	bools, err := boolRules()
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{}
	for _, kv := range bools {
		named[kv[0]] = true
		var r engine.Rules
		if err := r.SetBool(kv[0], true); err != nil {
			t.Fatal(err)
		}
		field := strings.Trim(kv[1], "'")
		v := reflect.ValueOf(r)
		found := false
		for i := 0; i < v.NumField(); i++ {
			if jsField(v.Type().Field(i).Name) == field {
				found = v.Field(i).Bool()
			}
		}
		if !found {
			t.Errorf("rule %s: field %s of RuleSet is not what SetBool sets", kv[0], field)
		}
	}
	for _, n := range engine.RuleNames {
		if !named[n] && n != "promotion" && n != "goal" {
			t.Errorf("rule %s is neither boolean nor promotion or goal", n)
		}
	}
}

func TestCommonest(t *testing.T) {
	for _, c := range []struct {
		vals []string
		zero string
		want string
	}{
		{[]string{"true", "false", "true"}, "false", "true"},
		{[]string{"0", "60", "60", "52", "0"}, "0", "0"},
		{[]string{"60", "0", "0", "60"}, "0", "0"},
		{[]string{"60", "52", "52", "60"}, "0", "60"},
	} {
		if got := commonest(c.vals, c.zero); got != c.want {
			t.Errorf("commonest(%v, %s) = %s, want %s", c.vals, c.zero, got, c.want)
		}
	}
}

func TestJSLiterals(t *testing.T) {
	for in, want := range map[string]string{
		"":          "''",
		"pawn":      "'pawn'",
		`it's "so"`: `'it\'s "so"'`,
		"a\\b\n":    `'a\\b\n'`,
		"×":         "'×'",
	} {
		if got := jsString(in); got != want {
			t.Errorf("jsString(%q) = %s, want %s", in, got, want)
		}
	}
	for in, want := range map[string]string{"chess": "chess", "1d": "'1d'", "no-moves": "'no-moves'", "double_step": "double_step"} {
		if got := jsKey(in); got != want {
			t.Errorf("jsKey(%q) = %s, want %s", in, got, want)
		}
	}
}
