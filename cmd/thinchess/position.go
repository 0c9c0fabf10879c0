package main

import (
	"fmt"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/printable"
	"github.com/thinchess/thinchess/mode"
)

// readPosition reads the POSITION argument every position command takes:
// a mode file (modes/x/y.md, whose variant and rule overrides apply), a
// FEN or a position code under --variant (by default 1d on one-file
// boards and chess otherwise). With bans, or a FEN with the seventh
// field ply[:banned], the position is under Ban Chess. Errors start with
// "thinchess CMD:".
func readPosition(cmd, variant string, bans bool, text string) (*engine.Position, error) {
	if strings.HasSuffix(text, ".md") && !strings.ContainsAny(text, " ,") {
		if variant != "" {
			return nil, fmt.Errorf("thinchess %s: --variant cannot be used with a mode file: its front matter sets the rules", cmd)
		}
		m, errs := mode.LoadModeFile(text)
		if err := errs.Err(); err != nil {
			return nil, fmt.Errorf("thinchess %s: %v", cmd, err)
		}
		p := *m.Start
		if bans && !p.R.Bans {
			return nil, fmt.Errorf("thinchess %s: --bans: the mode %s is not Ban Chess (rules: {bans: true})", cmd, printable.Quote(text))
		}
		return &p, nil
	}
	if bans || hasBanField(text) {
		return parseBanPosition(cmd, variant, text)
	}
	p, err := parseVariantPosition(variant, text)
	if err != nil {
		return nil, fmt.Errorf("thinchess %s: %v", cmd, err)
	}
	return p, nil
}
