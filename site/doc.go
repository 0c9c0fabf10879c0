// Package site is the last stages of the build: it renders a loaded and
// verified site into pages and hashed assets (html/template, goldmark and
// chroma, inline SVG boards, the compiled wasm engines, the exact tables,
// the explorer pages) and writes them atomically. Build runs the whole
// pipeline, mode.Load → verify.Verify → Render → write:
//
//	sum, errs, err := site.Build(site.BuildOptions{Src: ".", Out: "public"})
//	if errs.Err() != nil { // problems in the sources, file:line:col
//		fmt.Print(errs)
//	}
//	sum.Print(os.Stdout)
package site

// The embedded browser engine (package wasmengine) is generated here,
// so that the command stays `go generate ./site`.
//
//go:generate go run ../internal/wasmbuild/generate -out wasmengine
