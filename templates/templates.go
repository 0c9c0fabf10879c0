// Package templates holds the site's html/template layouts and the browser
// front end (JavaScript, CSS, the service worker) as files embedded in the
// binary, so an installed thinchess builds a site without this folder.
//
// Layouts are *.html at the top; static/ holds the files the build copies
// (with a content hash in their names) into the site's assets. The
// browser code in static/js is native ES modules, which the build links
// from each page's entry module (site/modules.go, linked by site/jslink). The Node unit tests
// beside them (*.test.js, run by TestNodeUnitTests) and their
// package.json are embedded too, but never shipped. static/js/rules-data.js
// holds package engine's tables for the JavaScript rules, written by
// internal/rulesdata:
//
//go:generate go run ../internal/rulesdata -out static/js/rules-data.js
package templates

import "embed"

// FS holds the layouts and static files.
//
//go:embed *.html static
var FS embed.FS
