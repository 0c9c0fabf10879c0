// Package publish writes a built site: it minifies pages, styles and
// scripts (Minify, MinifyBytes) and writes the files into a fresh sibling
// folder of the output (a Stage) that it swaps in whole, so that a killed
// build leaves the old site or the new one, never half of each. It
// replaces only a folder a build made (OutputMarker, CheckOutput): any
// other folder with files in it may be an author's.
package publish
