// Package filetext reads the text of candidates' PDF and DOCX files for
// search, within limits of pages, size and time so that a hostile file
// cannot hold a worker, and runs that reading as River jobs.
package filetext

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/ledongthuc/pdf"

	"github.com/hiregraph/hiregraph/recruiting"
)

// Limits of one file's reading.
const (
	// MaxPages is the most pages a PDF may have: a resume has a few; a
	// file of thousands of pages is no resume and would take long.
	MaxPages = 50
	// MaxDocumentXML is the most bytes the text part of a DOCX
	// (word/document.xml) may inflate to: a zip bomb stops here.
	MaxDocumentXML = 10 << 20
	// MaxTextBytes is the most text kept of a file.
	MaxTextBytes = 100 << 10
	// Timeout bounds the reading of one file.
	Timeout = 20 * time.Second
)

// ErrLimit is the error of a file over a limit.
var ErrLimit = errors.New("over the limits of text reading")

// Read returns the text of content, a file of contentType (a PDF or a
// DOCX), at most MaxTextBytes of it, within Timeout. It never panics on
// malformed files. A reading past the timeout is abandoned: its goroutine
// ends when its bounded work does (pages and sizes are capped).
func Read(ctx context.Context, contentType string, content []byte) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, Timeout)
	defer cancel()
	type result struct {
		text string
		err  error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result{err: fmt.Errorf("malformed file: %v", p)}
			}
		}()
		text, err := readFile(ctx, contentType, content)
		done <- result{text, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return "", r.err
		}
		return truncate(r.text, MaxTextBytes), nil
	case <-ctx.Done():
		return "", fmt.Errorf("reading took over %s: %w", Timeout, ErrLimit)
	}
}

func readFile(ctx context.Context, contentType string, content []byte) (string, error) {
	switch contentType {
	case recruiting.ContentTypePDF:
		return readPDF(ctx, content)
	case recruiting.ContentTypeDOCX:
		return readDOCX(content)
	}
	return "", fmt.Errorf("no text reader for %s", contentType)
}

// readPDF reads the text of each page in turn, stopping at the deadline
// or once MaxTextBytes are read.
func readPDF(ctx context.Context, content []byte) (string, error) {
	r, err := pdf.NewReader(bytes.NewReader(content), int64(len(content)))
	if err != nil {
		return "", fmt.Errorf("reading PDF: %w", err)
	}
	pages := r.NumPage()
	if pages > MaxPages {
		return "", fmt.Errorf("a PDF of %d pages, over %d: %w", pages, MaxPages, ErrLimit)
	}
	var b strings.Builder
	for i := 1; i <= pages && b.Len() < MaxTextBytes; i++ {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		p := r.Page(i)
		if p.V.IsNull() {
			continue
		}
		text, err := p.GetPlainText(nil)
		if err != nil {
			return "", fmt.Errorf("reading PDF page %d: %w", i, err)
		}
		b.WriteString(text)
		b.WriteString("\n")
	}
	return b.String(), nil
}

// readDOCX reads the paragraphs of word/document.xml, the body of a
// DOCX, with the standard library: runs of text (w:t) joined, a space
// for tabs and breaks, a line per paragraph.
func readDOCX(content []byte) (string, error) {
	zr, err := zip.NewReader(bytes.NewReader(content), int64(len(content)))
	if err != nil {
		return "", fmt.Errorf("reading DOCX: %w", err)
	}
	for _, f := range zr.File {
		if f.Name != "word/document.xml" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return "", fmt.Errorf("reading DOCX: %w", err)
		}
		defer rc.Close()
		// The zip's own sizes may lie: count what actually inflates.
		return documentText(&limitedReader{r: rc, left: MaxDocumentXML})
	}
	return "", errors.New("reading DOCX: no word/document.xml")
}

// documentText collects the text of a WordprocessingML body.
func documentText(r io.Reader) (string, error) {
	dec := xml.NewDecoder(r)
	var b strings.Builder
	inText := false
	for b.Len() < MaxTextBytes {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", fmt.Errorf("reading DOCX: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "t":
				inText = true
			case "tab", "br":
				b.WriteString(" ")
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "t":
				inText = false
			case "p":
				b.WriteString("\n")
			}
		case xml.CharData:
			if inText {
				b.Write(t)
			}
		}
	}
	return b.String(), nil
}

// limitedReader fails, rather than ending quietly, past its limit.
type limitedReader struct {
	r    io.Reader
	left int64
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		return 0, fmt.Errorf("word/document.xml inflates past %d bytes: %w", MaxDocumentXML, ErrLimit)
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

// truncate cuts s to at most n bytes, on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
