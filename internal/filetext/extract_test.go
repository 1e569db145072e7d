package filetext_test

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/filetext"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/recruiting"
)

func TestReadsPDFAndDOCXText(t *testing.T) {
	pdf := hiregraphtest.PDFWithText(0, "Grace Hopper, COBOL (1959)", "Rear admiral")
	text, err := filetext.Read(context.Background(), recruiting.ContentTypePDF, pdf)
	if err != nil || !strings.Contains(text, "COBOL (1959)") || !strings.Contains(text, "Rear admiral") {
		t.Errorf("PDF text %q, %v", text, err)
	}
	docx := hiregraphtest.DOCXWithText("Ada Lovelace", "Notes on the Analytical Engine & <Bernoulli>")
	text, err = filetext.Read(context.Background(), recruiting.ContentTypeDOCX, docx)
	if err != nil || text != "Ada Lovelace\nNotes on the Analytical Engine & <Bernoulli>\n" {
		t.Errorf("DOCX text %q, %v", text, err)
	}
}

// Hostile files stop at a limit, never a panic or a worker held: a PDF
// claiming a million pages, a DOCX whose text part inflates to 64 MB from
// a few kilobytes, broken bytes and a text far over the kept size.
func TestHostileFilesStopAtTheLimits(t *testing.T) {
	for name, c := range map[string]struct {
		contentType string
		content     []byte
	}{
		"a million pages": {recruiting.ContentTypePDF, hiregraphtest.PDFWithText(1_000_000, "page one")},
		"a zip bomb":      {recruiting.ContentTypeDOCX, hiregraphtest.DOCXWithDocument(bytes.Repeat([]byte(" "), 64<<20))},
	} {
		if len(c.content) > 200<<10 {
			t.Fatalf("%s: the fixture is %d bytes, not a small file", name, len(c.content))
		}
		_, err := filetext.Read(context.Background(), c.contentType, c.content)
		if !errors.Is(err, filetext.ErrLimit) {
			t.Errorf("%s: error %v, want the limit's", name, err)
		}
	}
	for name, c := range map[string]struct {
		contentType string
		content     []byte
	}{
		"broken PDF":  {recruiting.ContentTypePDF, []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 9 0 R")},
		"broken DOCX": {recruiting.ContentTypeDOCX, []byte("PK\x03\x04garbage")},
	} {
		if _, err := filetext.Read(context.Background(), c.contentType, c.content); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	long := hiregraphtest.DOCXWithText(strings.Repeat("résumé ", 100_000))
	text, err := filetext.Read(context.Background(), recruiting.ContentTypeDOCX, long)
	if err != nil || len(text) > filetext.MaxTextBytes || !strings.HasPrefix(text, "résumé résumé") {
		t.Errorf("a long text: %d bytes, %v", len(text), err)
	}
}
