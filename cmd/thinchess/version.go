package main

import (
	"fmt"
	"io"
	"runtime"
	"runtime/debug"
	"strings"
)

func init() {
	register("version", "print the version, VCS revision and Go version of this binary", runVersion)
}

const versionHelp = `usage: thinchess version

Prints the module version of this binary, the version-control revision
and time it was built from (with "modified" when the working tree had
uncommitted changes), and the Go version and platform, all read from the
build information the Go toolchain records in the binary.

flags:
`

func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("version", versionHelp, stdout, stderr)
	rest, err := fs.parse(args)
	if err == nil {
		err = fs.noArgs(rest)
	}
	if err != nil {
		return fs.usageExit(err)
	}
	info, _ := debug.ReadBuildInfo()
	fmt.Fprint(stdout, versionText(info, runtime.Version(), runtime.GOOS+"/"+runtime.GOARCH))
	return 0
}

// versionText describes a build: info (nil when the binary has none),
// the Go version and the platform that run it.
//
//	thinchess v1.2.0
//	revision: 0f3c…e1 (modified)
//	time:     2026-01-02T03:04:05Z
//	go:       go1.26.0 linux/amd64
func versionText(info *debug.BuildInfo, goVersion, platform string) string {
	var sb strings.Builder
	version := "(unknown)"
	if info != nil {
		if v := info.Main.Version; v != "" {
			version = v
		}
		if info.GoVersion != "" {
			goVersion = info.GoVersion
		}
	}
	fmt.Fprintf(&sb, "thinchess %s\n", version)
	settings := map[string]string{}
	if info != nil {
		for _, s := range info.Settings {
			settings[s.Key] = s.Value
		}
	}
	if rev := settings["vcs.revision"]; rev != "" {
		if settings["vcs.modified"] == "true" {
			rev += " (modified)"
		}
		fmt.Fprintf(&sb, "revision: %s\n", rev)
		if t := settings["vcs.time"]; t != "" {
			fmt.Fprintf(&sb, "time:     %s\n", t)
		}
	} else {
		fmt.Fprintf(&sb, "revision: unknown (the build recorded no version-control information)\n")
	}
	fmt.Fprintf(&sb, "go:       %s %s\n", goVersion, platform)
	return sb.String()
}
