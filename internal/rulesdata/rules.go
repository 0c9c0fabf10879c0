package main

import (
	"bytes"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/thinchess/thinchess/engine"
)

// jsFieldNames names the fields of engine.Rules whose name in the twins'
// RuleSet (templates/static/types/rules.d.ts) is not the Go name with a
// lower-case first letter.
var jsFieldNames = map[string]string{"InitialMaterial": "initial"}

// jsField is the name of a field of engine.Rules in RuleSet.
func jsField(goName string) string {
	if n, ok := jsFieldNames[goName]; ok {
		return n
	}
	return strings.ToLower(goName[:1]) + goName[1:]
}

// writeRules writes the goal RACE, the preset and rule names, the
// boolean rules' fields, and the presets.
func writeRules(b *bytes.Buffer) error {
	writeConst(b, "RACE is engine.GoalRace: reaching the far rank first wins (0 is checkmate).", "", "RACE", strconv.Itoa(int(engine.GoalRace)))
	writeConst(b, "PRESETS lists the names of the rule presets (engine.Presets).", "", "PRESETS", jsStrings(engine.Presets))
	writeConst(b, "RULE_NAMES lists the rules a mode may override, in sorted order (engine.RuleNames).", "", "RULE_NAMES", jsStrings(engine.RuleNames))
	bools, err := boolRules()
	if err != nil {
		return err
	}
	writeConst(b, "BOOL_RULES maps the name of each rule Rules.SetBool sets to its field of RuleSet.", "Record<string, string>", "BOOL_RULES", jsObject(bools, ""))
	defaults, presets, err := presetTables()
	if err != nil {
		return err
	}
	writeConst(b, "RULE_DEFAULTS holds each field of RuleSet at the value most presets give it (the preset's name aside).", "RuleSet", "RULE_DEFAULTS", jsObject(defaults, ""))
	var kv [][2]string
	for i, name := range engine.Presets {
		kv = append(kv, [2]string{name, jsObject(presets[i], "  ")})
	}
	writeConst(b, "PRESET_RULES holds, by preset, the fields of engine.Preset's rules that differ from RULE_DEFAULTS.", "Record<string, Partial<RuleSet>>", "PRESET_RULES", jsObject(kv, ""))
	return nil
}

// boolRules maps each rule name that Rules.SetBool accepts with true to
// the one field of Rules it sets, named as in RuleSet.
func boolRules() ([][2]string, error) {
	var kv [][2]string
	for _, name := range engine.RuleNames {
		var r engine.Rules
		if r.SetBool(name, true) != nil {
			continue // promotion (true is an error) and goal
		}
		v := reflect.ValueOf(r)
		var set []string
		for i := 0; i < v.NumField(); i++ {
			if !v.Field(i).IsZero() {
				set = append(set, v.Type().Field(i).Name)
			}
		}
		if len(set) != 1 || v.FieldByName(set[0]).Kind() != reflect.Bool {
			return nil, fmt.Errorf("rule %q: SetBool(true) set the fields %v, want one boolean", name, set)
		}
		kv = append(kv, [2]string{name, jsString(jsField(set[0]))})
	}
	return kv, nil
}

// presetTables returns RULE_DEFAULTS (for each field of Rules but
// Preset, the value most presets give it; of values as common, the zero
// value or else the first preset's) and, by preset in the order of
// engine.Presets, the fields that differ from it.
func presetTables() (defaults [][2]string, presets [][][2]string, err error) {
	var rules []reflect.Value
	for _, name := range engine.Presets {
		r, err := engine.Preset(name)
		if err != nil {
			return nil, nil, err
		}
		rules = append(rules, reflect.ValueOf(*r))
	}
	t := reflect.TypeOf(engine.Rules{})
	presets = make([][][2]string, len(rules))
	defaults = [][2]string{{"preset", "''"}}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Name == "Preset" {
			continue
		}
		vals := make([]string, len(rules))
		for j, r := range rules {
			if vals[j], err = jsValue(r.Field(i)); err != nil {
				return nil, nil, fmt.Errorf("preset %s: Rules.%s: %v", engine.Presets[j], f.Name, err)
			}
		}
		zero, _ := jsValue(reflect.Zero(f.Type))
		d := commonest(vals, zero)
		defaults = append(defaults, [2]string{jsField(f.Name), d})
		for j, v := range vals {
			if v != d {
				presets[j] = append(presets[j], [2]string{jsField(f.Name), v})
			}
		}
	}
	return defaults, presets, nil
}

// commonest returns the value that occurs most often in vals; of values
// as frequent, zero if it is one, else the first to occur.
func commonest(vals []string, zero string) string {
	n := map[string]int{}
	for _, v := range vals {
		n[v]++
	}
	best := vals[0]
	for _, v := range vals {
		if n[v] > n[best] || (n[v] == n[best] && v == zero) {
			best = v
		}
	}
	return best
}

// jsValue writes a field of Rules as RuleSet holds it: a boolean, a
// number, or null for initial material never set.
func jsValue(v reflect.Value) (string, error) {
	switch v.Kind() {
	case reflect.Bool:
		return strconv.FormatBool(v.Bool()), nil
	case reflect.Uint8, reflect.Int:
		if v.Kind() == reflect.Int {
			return strconv.FormatInt(v.Int(), 10), nil
		}
		return strconv.FormatUint(v.Uint(), 10), nil
	case reflect.Array:
		if v.IsZero() {
			return "null", nil
		}
	}
	return "", fmt.Errorf("no RuleSet value for %v", v.Interface())
}
