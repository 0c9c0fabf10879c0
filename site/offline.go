package site

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/thinchess/thinchess/internal/wire"
)

// The offline page (offline/) and the list of the site's files it reads.
//
// The list, an asset named by its content, holds every page with its
// title and every file a reader may need, with its size: the offline
// page shows from it what this device keeps and what "Save everything
// for offline" would fetch, and the service worker keeps the files it
// names when a new deploy prunes its cache. The page is part of the app
// shell: the service worker answers it, at the address asked for, to a
// navigation it can neither fetch nor find in its caches.

// offlinePath is where the offline page is written.
const offlinePath = "offline/index.html"

// pageGroups are the headings of the offline page's list, in order, by
// page kind; a kind not named here goes under the first.
var pageGroups = []struct{ title, kinds string }{
	{"The site", "home train dashboard editor"},
	{"Modes", "mode"},
	{"Puzzle packs", "pack"},
	{"State graphs", "explore"},
	{"Rules and help", "doc"},
}

func groupOf(kind string) int {
	for i, g := range pageGroups {
		if strings.Contains(" "+g.kinds+" ", " "+kind+" ") {
			return i
		}
	}
	return 0
}

// forReaders reports whether a file is something a reader's browser
// fetches (not a file for crawlers, feed readers or link previews, nor
// the service worker or the 404 page, which it never keeps).
func forReaders(name string) bool {
	switch {
	case strings.HasPrefix(name, "assets/og/"), name == "sitemap.xml", name == "robots.txt", name == feedPath:
		return false
	case name == "sw.js", name == "404.html", name == offlinePath:
		return false
	}
	return true
}

// fileURL is the address of an output file relative to the site root:
// a page by its folder ("modes/x/", "./" for the home page).
func fileURL(name string) string {
	switch {
	case name == "index.html":
		return "./"
	case strings.HasSuffix(name, "/index.html"):
		return strings.TrimSuffix(name, "index.html")
	}
	return name
}

// renderSaveList writes the list of the site's files (every file
// rendered so far; the offline page, rendered after it, is not in it)
// as an asset.
func (r *renderer) renderSaveList() error {
	var l wire.SaveList
	for _, g := range pageGroups {
		l.Groups = append(l.Groups, g.title)
	}
	for _, n := range r.fileNames() {
		if forReaders(n) {
			l.Files = append(l.Files, wire.SavedFile{URL: fileURL(n), Bytes: r.fileSize(n)})
		}
	}
	type listed struct {
		group int
		page  wire.SavedPage
	}
	var pages []listed
	for _, p := range r.rendered {
		if forReaders(p.Path) {
			g, title := groupOf(p.Kind), p.name
			if p.Kind == "home" {
				title = "Home page"
			}
			pages = append(pages, listed{g, wire.SavedPage{URL: fileURL(p.Path), Title: title, Group: pageGroups[g].title}})
		}
	}
	sort.Slice(pages, func(i, j int) bool {
		a, b := pages[i], pages[j]
		if a.group != b.group {
			return a.group < b.group
		}
		if a.page.Title != b.page.Title {
			return a.page.Title < b.page.Title
		}
		return a.page.URL < b.page.URL
	})
	for _, p := range pages {
		l.Pages = append(l.Pages, p.page)
	}
	b, err := json.Marshal(l)
	if err != nil {
		return fmt.Errorf("render: the offline list: %v", err)
	}
	r.addAsset("offline.json", b)
	return nil
}

// renderOfflinePage writes the offline page, after the list.
func (r *renderer) renderOfflinePage() error {
	p := r.newPage("offline", offlinePath, "Saved for offline")
	p.Description = "What this device keeps of " + r.site.Config.Title + " for offline use, and saving the whole site."
	var err error
	if p.Data, err = scriptJSON(wire.Offline{Root: p.Root, List: p.Root + r.assets["offline.json"], Index: p.PuzzleIndex()}); err != nil {
		return err
	}
	return r.execute(p, "offline.html")
}
