// Package markdown renders the pages' Markdown (goldmark, raw HTML off,
// heading ids) with fenced code highlighted by chroma as CSS classes,
// including thinchess's own lexers for move lines and positions, and
// writes the stylesheet of those classes for the light and dark themes.
package markdown

import (
	"bytes"
	"embed"
	"fmt"
	"html"
	"strings"
	"sync"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gmrenderer "github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"
)

// lineLexer highlights move lines: move numbers, SAN or coordinate moves,
// check and mate signs, annotations, comments and results. Fenced blocks
// whose info string is "line" use it.
var lineLexer = lexers.Register(chroma.MustNewLexer(
	&chroma.Config{Name: "line", Aliases: []string{"moves", "san"}, MimeTypes: []string{"text/x-thinchess-line"}},
	func() chroma.Rules {
		return chroma.Rules{
			"root": {
				{Pattern: `\s+`, Type: chroma.TextWhitespace},
				{Pattern: `\{[^}]*\}`, Type: chroma.CommentMultiline},
				{Pattern: `;[^\n]*`, Type: chroma.CommentSingle},
				{Pattern: `(?:1-0|0-1|1/2-1/2|½-½|\*)(?=\s|$)`, Type: chroma.GenericStrong},
				{Pattern: `\d+\.(?:\.\.|…)?`, Type: chroma.LiteralNumber},
				{Pattern: `(O-O-O|O-O|0-0-0|0-0)([+#]?)`, Type: chroma.ByGroups(chroma.Keyword, chroma.GenericHeading)},
				{Pattern: `([KQRBN]?)([a-p]?\d{0,2})(x?)([a-p]\d{1,2})(=?[QRBNK]?)([+#]?)`,
					Type: chroma.ByGroups(chroma.NameClass, chroma.NameVariable, chroma.Operator, chroma.NameVariable, chroma.NameClass, chroma.GenericHeading)},
				{Pattern: `[!?]{1,2}|\$\d+`, Type: chroma.GenericEmph},
				{Pattern: `.`, Type: chroma.Text},
			},
		}
	},
))

// positionLexer highlights position codes ("bk,bn,br,x,x,wr,wn,wk:w"):
// white and black cells, empty cells, separators and the side to move.
// Fenced blocks whose info string is "position" use it, or fenLexer when
// the text is a FEN.
var positionLexer = lexers.Register(chroma.MustNewLexer(
	&chroma.Config{Name: "position", Aliases: []string{"poscode"}, MimeTypes: []string{"text/x-thinchess-position"}},
	func() chroma.Rules {
		return chroma.Rules{
			"root": {
				{Pattern: `\s+`, Type: chroma.TextWhitespace},
				{Pattern: `w[kqrbnp]`, Type: chroma.NameClass},
				{Pattern: `b[kqrbnp]`, Type: chroma.NameFunction},
				{Pattern: `x`, Type: chroma.Comment},
				{Pattern: `[,/]`, Type: chroma.Punctuation},
				{Pattern: `(:)([wb])`, Type: chroma.ByGroups(chroma.Punctuation, chroma.Keyword)},
				{Pattern: `.`, Type: chroma.Error},
			},
		}
	},
))

// fenLexer highlights generalised FEN: white and black piece letters,
// empty-run counts, rank separators, then side, castling, en passant and
// the move counters.
var fenLexer = lexers.Register(chroma.MustNewLexer(
	&chroma.Config{Name: "fen", Aliases: []string{"x-fen"}, MimeTypes: []string{"text/x-fen"}},
	func() chroma.Rules {
		return chroma.Rules{
			"root": {
				{Pattern: `[KQRBNP]`, Type: chroma.NameClass},
				{Pattern: `[kqrbnp]`, Type: chroma.NameFunction},
				{Pattern: `\d+`, Type: chroma.Comment},
				{Pattern: `/`, Type: chroma.Punctuation},
				{Pattern: `[ \t]+`, Type: chroma.TextWhitespace, Mutator: chroma.Push("tail")},
				{Pattern: `\n`, Type: chroma.TextWhitespace},
				{Pattern: `.`, Type: chroma.Error},
			},
			"tail": {
				{Pattern: `\n`, Type: chroma.TextWhitespace, Mutator: chroma.Pop(1)},
				{Pattern: `[ \t]+`, Type: chroma.TextWhitespace},
				{Pattern: `[wb](?=\s|$)`, Type: chroma.Keyword},
				{Pattern: `[KQkq]+|[A-Pa-p]+(?=\s)`, Type: chroma.LiteralString},
				{Pattern: `[a-p]\d{1,2}`, Type: chroma.NameVariable},
				{Pattern: `-`, Type: chroma.Punctuation},
				{Pattern: `\d+`, Type: chroma.LiteralNumber},
				{Pattern: `.`, Type: chroma.Error},
			},
		}
	},
))

// lexerFor returns the lexer for a fenced block's info string and text.
// A "position" block holding a FEN gets fenLexer.
func lexerFor(lang, text string) chroma.Lexer {
	switch strings.ToLower(lang) {
	case "":
		return nil
	case "position", "poscode":
		if !strings.ContainsAny(text, ",:") {
			return fenLexer
		}
		return positionLexer
	}
	return lexers.Get(lang)
}

// chromaLight and chromaDark are the styles of the generated stylesheet.
const (
	chromaLight = "github"
	chromaDark  = "github-dark"
)

// chromaStyles holds the two styles, copied unchanged from chroma
// v2.27.0's styles directory (MIT licence, Copyright (C) 2017 Alec
// Thomas). Importing chroma's styles package would parse all of its
// seventy styles when any thinchess command starts: 7 ms of every run,
// for a stylesheet that only a build writes.
//
//go:embed chromastyle/*.xml
var chromaStyles embed.FS

// chromaStyle parses the embedded style name.
func chromaStyle(name string) (*chroma.Style, error) {
	f, err := chromaStyles.Open("chromastyle/" + name + ".xml")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return chroma.NewXMLStyle(f)
}

// CSS returns the one stylesheet for highlighted code: the light
// style for the light and high-contrast themes and the dark style under
// [data-theme="dark"].
func CSS() ([]byte, error) {
	light, err := lightStyle()
	if err != nil {
		return nil, err
	}
	dark, err := chromaStyle(chromaDark)
	if err != nil {
		return nil, err
	}
	f := chromahtml.New(chromahtml.WithClasses(true))
	var lightCSS, darkCSS bytes.Buffer
	if err := f.WriteCSS(&lightCSS, light); err != nil {
		return nil, err
	}
	if err := f.WriteCSS(&darkCSS, dark); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	out.WriteString("/* Generated by thinchess from the chroma styles " + chromaLight + " and " + chromaDark + ". */\n")
	out.Write(lightCSS.Bytes())
	for _, line := range strings.SplitAfter(darkCSS.String(), "\n") {
		if strings.HasPrefix(line, "/*") {
			out.WriteString(strings.Replace(line, "/*", `[data-theme="dark"] /*`, 1))
			continue
		}
		out.WriteString(strings.ReplaceAll(line, ".chroma", `[data-theme="dark"] .chroma`))
	}
	return out.Bytes(), nil
}

// newMarkdown returns the Markdown converter of the site: GFM, typographer,
// footnotes and heading ids; raw HTML is not rendered; fenced code is
// highlighted by chroma with CSS classes.
func newMarkdown() goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(extension.GFM, extension.Typographer, extension.Footnote),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(
			gmrenderer.WithNodeRenderers(util.Prioritized(codeRenderer{}, 100)),
		),
	)
}

// Render converts a Markdown body to HTML.
func Render(src []byte) ([]byte, error) {
	var out bytes.Buffer
	if err := newMarkdown().Convert(src, &out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// codeRenderer renders fenced and indented code blocks through chroma.
type codeRenderer struct{}

// RegisterFuncs implements gmrenderer.NodeRenderer.
func (codeRenderer) RegisterFuncs(reg gmrenderer.NodeRendererFuncRegisterer) {
	reg.Register(ast.KindFencedCodeBlock, renderCode)
	reg.Register(ast.KindCodeBlock, renderCode)
}

// codeFormatter and lightStyle are made once: the formatter caches the
// style's CSS classes, which is most of the cost of a small block.
var (
	codeFormatter = chromahtml.New(chromahtml.WithClasses(true))
	lightStyle    = sync.OnceValues(func() (*chroma.Style, error) { return chromaStyle(chromaLight) })
)

func renderCode(w util.BufWriter, src []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	var lang string
	if f, ok := n.(*ast.FencedCodeBlock); ok && f.Info != nil {
		lang = string(f.Language(src))
	}
	var text strings.Builder
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		text.Write(seg.Value(src))
	}
	code := text.String()
	lexer := lexerFor(lang, code)
	if lexer == nil {
		fmt.Fprintf(w, "<pre class=\"chroma\"><code>%s</code></pre>\n", html.EscapeString(code))
		return ast.WalkSkipChildren, nil
	}
	it, err := chroma.Coalesce(lexer).Tokenise(nil, code)
	if err != nil {
		return ast.WalkStop, err
	}
	style, err := lightStyle()
	if err != nil {
		return ast.WalkStop, err
	}
	name := lexer.Config().Name
	fmt.Fprintf(w, "<div class=\"code\" data-lang=\"%s\">", html.EscapeString(name))
	if err := codeFormatter.Format(w, style, it); err != nil {
		return ast.WalkStop, err
	}
	w.WriteString("</div>\n")
	return ast.WalkSkipChildren, nil
}
