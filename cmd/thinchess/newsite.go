package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"

	"github.com/thinchess/thinchess/engine"
	"github.com/thinchess/thinchess/internal/outpath"
	"github.com/thinchess/thinchess/internal/printable"
)

// starterStart is the first mode of a starter site: Gardner's one-file
// game, which White wins by mate in 6.
const starterStart = "bk,bn,br,x,x,wr,wn,wk:w"

// newSite writes a starter site into dir, which must be new or an empty
// folder; anything else is refused (exit status 2) before a file is
// written. Its workflow proves the puzzles on shards machines when
// shards > 1.
func newSite(dir string, shards int, stdout, stderr io.Writer) int {
	if err := checkNewSite(dir); err != nil {
		fmt.Fprintf(stderr, "new site: %v\n", err)
		return 2
	}
	pos, err := engine.Parse(starterStart, nil)
	if err != nil {
		fmt.Fprintf(stderr, "new site: %v\n", err)
		return 1
	}
	files := map[string][]byte{
		"site.yaml":                   []byte(starterConfig),
		"content/about.md":            []byte(starterAbout),
		"README.md":                   []byte(strings.ReplaceAll(starterReadme, "VERSION", installVersion())),
		".gitignore":                  []byte("public/\n"),
		".github/workflows/pages.yml": []byte(starterWorkflowFor(installVersion())),
		"modes/one-file/gardner-8.md": scaffold("Gardner's one-file game", "one-file", starterStart, pos, "",
			"Eight squares in a row, king, knight and rook a side: White to move wins."),
	}
	if shards > 1 {
		files[".github/workflows/pages.yml"] = []byte(starterShardWorkflowFor(installVersion(), shards))
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			fmt.Fprintf(stderr, "new site: %v\n", err)
			return 1
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			fmt.Fprintf(stderr, "new site: %v\n", err)
			return 1
		}
	}
	fmt.Fprintf(stdout, "wrote a starter site in %s\nserve it with: cd %s && thinchess serve\n", printable.Quote(dir), quoteArg(dir))
	return 0
}

// checkNewSite returns an error unless dir may take a starter site: a
// name (not empty: an unset "$DIR" in a script would write into the
// current folder), whose parent exists, that is missing or an empty
// folder, and not inside the sources of a site in the current folder.
func checkNewSite(dir string) error {
	if dir == "" {
		return errors.New(`no folder given ("" names none, as an unset "$DIR" does): give the new site's folder (new site DIR; "." for the current folder when it is empty)`)
	}
	if err := checkParent("DIR", dir); err != nil {
		return err
	}
	fi, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return checkNewSiteGuards(dir)
	case err != nil:
		return err
	case fi.Mode()&fs.ModeSymlink != 0:
		if fi, err = os.Stat(dir); err != nil {
			return fmt.Errorf("%s is a symbolic link to nothing (%v); not writing through it", printable.Quote(dir), err)
		}
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is a file, not a folder; not writing over it", printable.Quote(dir))
	}
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	if names, _ := f.Readdirnames(1); len(names) > 0 {
		return fmt.Errorf("%s is not empty (it holds %s); a starter site goes into a new or empty folder", printable.Quote(dir), printable.Quote(names[0]))
	}
	return checkNewSiteGuards(dir)
}

// checkNewSiteGuards refuses a new or empty dir that is or lies inside
// the sources of the site in the current folder, if it is one, or is the
// home folder.
func checkNewSiteGuards(dir string) error {
	return outpath.Check("DIR", dir, siteOutGuards("."))
}

// starterWorkflowFor is the starter's workflow installing version of
// thinchess.
func starterWorkflowFor(version string) string { return withVersion(version, starterWorkflow) }

// withVersion is workflow installing version of thinchess.
func withVersion(version, workflow string) string {
	which := "the thinchess that wrote it (" + version + ")"
	if version == "latest" {
		which = "the latest thinchess (the build that wrote it has no\n# version to pin)"
	}
	return strings.NewReplacer("INSTALLED", which, "VERSION", version).Replace(workflow)
}

// installVersion is the version of thinchess the starter's workflow
// installs: the one that wrote it (see installVersionOf).
func installVersion() string {
	bi, _ := debug.ReadBuildInfo()
	return installVersionOf(bi)
}

// installVersionOf is the version `go install …@VERSION` gives back the
// build bi: its module version when it is one the module proxy can serve
// (a release, or the pseudo-version go build stamps on a clean commit),
// else its commit when the working tree was clean, else "latest" (a
// binary of uncommitted changes has no version to pin).
func installVersionOf(bi *debug.BuildInfo) string {
	if bi == nil {
		return "latest"
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" && !strings.Contains(v, "+") {
		return v
	}
	settings := map[string]string{}
	for _, s := range bi.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" && settings["vcs.modified"] != "true" {
		return rev
	}
	return "latest"
}

const starterConfig = `title: "Small-board chess"
description: "Games and puzzles on small boards, every claim proven by thinchess."
language: en
# base_url: "https://USER.github.io/REPO/"   # the Pages workflow passes it to the build
`

const starterAbout = `---
title: "About this site"
weight: 100
summary: "What this site is and how it was made."
---
This site was made with [thinchess](https://github.com/thinchess/thinchess):
every claim, hint and solution line on it was proven by its solver when the
site was built. Write your own modes under ` + "`modes/`" + `; see the authoring guide
in the thinchess documentation.

The content of this site (its modes, pages and puzzles) is its author's.
thinchess, which built it, is free software under the MIT licence.
`

const starterReadme = `# A thinchess site

- ` + "`thinchess serve`" + ` builds the site, serves it on http://localhost:1313/
  and rebuilds when a file changes.
- ` + "`thinchess new mode <category>/<id>`" + ` writes a new mode that passes
  ` + "`thinchess check`" + `; ` + "`thinchess build`" + ` writes the site to ` + "`public/`" + `.

Install thinchess with ` + "`go install github.com/thinchess/thinchess/cmd/thinchess@VERSION`" + `
(Go 1.26 or later), or download a release binary from
https://github.com/thinchess/thinchess/releases. The binary carries the
browser engine: building a site needs neither Go nor the network.

## Deploying to GitHub Pages

` + "`.github/workflows/pages.yml`" + ` builds and deploys the site on every push to
` + "`main`" + `. In the repository's Settings → Pages, set Source to "GitHub Actions".

## Licence

The content of this site (` + "`modes/`" + `, ` + "`content/`" + `, ` + "`packs/`" + `, ` + "`site.yaml`" + `) is its
author's: choose a licence for it and say so here. thinchess, which builds it,
is under the MIT licence; the built pages carry its scripts and browser engine.
`

const starterWorkflow = `# Builds this thinchess site and deploys it to GitHub Pages on every push
# to main. In the repository's Settings → Pages, set Source to
# "GitHub Actions". It installs INSTALLED;
# change the version here to upgrade. The solver's results are kept
# between runs, so an unchanged site proves nothing again.
name: pages
on:
  push:
    branches: [main]
  workflow_dispatch:
permissions:
  contents: read
  pages: write
  id-token: write
concurrency:
  group: pages
  cancel-in-progress: false
jobs:
  build:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v5
        with:
          fetch-depth: 0 # the whole history: the feed dates modes and packs by their commits
      - uses: actions/setup-go@v6
        with:
          go-version: "1.26"
      - name: install thinchess
        run: go install github.com/thinchess/thinchess/cmd/thinchess@VERSION
      - uses: actions/cache@v4
        with:
          path: .thinchess-cache
          key: thinchess-${{ github.sha }}
          restore-keys: thinchess-
      - id: pages
        uses: actions/configure-pages@v6
      - name: build
        run: thinchess build --out public --cache-dir .thinchess-cache --base-url "${{ steps.pages.outputs.base_url }}/"
      - uses: actions/upload-pages-artifact@v5
        with:
          path: public
  deploy:
    needs: build
    runs-on: ubuntu-latest
    environment:
      name: github-pages
      url: ${{ steps.deployment.outputs.page_url }}
    steps:
      - id: deployment
        uses: actions/deploy-pages@v5
`
