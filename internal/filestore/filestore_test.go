package filestore_test

import (
	"archive/zip"
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/filestore"
)

// samples are small files of every accepted type, as editors write them.
func samples(t *testing.T) map[string][]byte {
	t.Helper()
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	return map[string][]byte{
		"application/pdf":    []byte("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n"),
		"application/msword": read("doc.doc"),
		"application/vnd.openxmlformats-officedocument.wordprocessingml.document": read("docx.docx"),
		"text/rtf":   []byte(`{\rtf1\ansi\deff0 {\fonttbl {\f0 Times;}} Ada Lovelace, engineer.}`),
		"text/plain": []byte("Ada Lovelace\nEngineer\n"),
		"application/vnd.oasis.opendocument.text": ODT(t),
	}
}

// ODT builds an OpenDocument text file: a zip whose first entry, stored
// uncompressed, is its mimetype.
func ODT(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	w, err := z.CreateHeader(&zip.FileHeader{Name: "mimetype", Method: zip.Store})
	if err != nil {
		t.Fatal(err)
	}
	io.WriteString(w, "application/vnd.oasis.opendocument.text")
	w, _ = z.Create("content.xml")
	io.WriteString(w, `<?xml version="1.0"?><office:document-content/>`)
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestSniffAcceptsDocumentsByTheirBytes(t *testing.T) {
	for want, content := range samples(t) {
		got, ok := filestore.Sniff(content)
		if !ok || got.MIME != want {
			t.Errorf("%s sniffed as %+v, %v", want, got, ok)
		}
	}
	refused := map[string][]byte{
		"png":  {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n', 0, 0, 0, 13, 'I', 'H', 'D', 'R'},
		"zip":  zipOf(t, "a.exe"),
		"html": []byte("<!doctype html><html><script>alert(1)</script></html>"),
		"elf":  {0x7f, 'E', 'L', 'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		"svg":  []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`),
	}
	for name, content := range refused {
		if got, ok := filestore.Sniff(content); ok {
			t.Errorf("%s accepted as %+v", name, got)
		}
	}
}

func zipOf(t *testing.T, name string) []byte {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	w, _ := z.Create(name)
	io.WriteString(w, "MZ")
	z.Close()
	return buf.Bytes()
}

func TestCheckRefusesWhatIsNotADocument(t *testing.T) {
	s, err := filestore.Open("mem://", 64)
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Check("resume", "big.txt", strings.NewReader(strings.Repeat("a", 65)))
	assertAPIError(t, err, http.StatusRequestEntityTooLarge, filestore.CodeFileTooLarge, "64 bytes")
	_, err = s.Check("resume", "pic.pdf", bytes.NewReader([]byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}))
	assertAPIError(t, err, http.StatusUnsupportedMediaType, filestore.CodeUnsupportedFileType, "PDF, DOC, DOCX, RTF, ODT, TXT")
	_, err = s.Check("resume", "empty.pdf", strings.NewReader(""))
	assertAPIError(t, err, http.StatusUnprocessableEntity, apierror.CodeValidation, "empty")
	f, err := s.Check("resume", "exactly.txt", strings.NewReader(strings.Repeat("a", 64)))
	if err != nil || len(f.Content) != 64 {
		t.Fatalf("a file of exactly the limit: %v", err)
	}
}

func assertAPIError(t *testing.T, err error, status int, code, mentions string) {
	t.Helper()
	e, ok := apierror.As(err)
	if !ok || e.Status != status || e.Code != code || !strings.Contains(e.Message, mentions) || e.Field != "resume" {
		t.Fatalf("error %v (%+v), want %d %s mentioning %q on field resume", err, e, status, code, mentions)
	}
}

func TestSanitizeName(t *testing.T) {
	for in, want := range map[string]string{
		"cv.pdf":                          "cv.pdf",
		"../../etc/passwd":                "passwd.pdf",
		`C:\Users\ada\My CV (2026).pdf`:   "My CV (2026).pdf",
		".bashrc":                         "bashrc.pdf",
		"":                                "file.pdf",
		"<script>x</script>.pdf":          "script.pdf",
		"Lebenslauf Müller.pdf":           "Lebenslauf Müller.pdf",
		"a\r\nContent-Type: x.pdf":        "a Content-Type x.pdf",
		"résumé":                          "résumé.pdf",
		"evil\u202efdp.exe":               "evilfdp.pdf",
		"resume.bat":                      "resume.pdf",
		"cv.PDF":                          "cv.pdf",
		"cv.html":                         "cv.pdf",
		"..":                              "file.pdf",
		strings.Repeat("é", 150) + ".pdf": strings.Repeat("é", 98) + ".pdf",
	} {
		if got := filestore.SanitizeName(in, ".pdf"); got != want {
			t.Errorf("SanitizeName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestDrivers stores, reads and deletes a file on the local directory and
// memory drivers: what was checked is what is read back, under a key that
// does not carry the file's name.
func TestDrivers(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "not", "yet")
	fileURL, err := filestore.DirURL(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{fileURL, "mem://"} {
		t.Run(strings.SplitN(u, ":", 2)[0], func(t *testing.T) {
			ctx := context.Background()
			s, err := filestore.Open(u, 0)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			if s.MaxBytes() != filestore.DefaultMaxBytes {
				t.Errorf("MaxBytes = %d", s.MaxBytes())
			}
			pdf := samples(t)["application/pdf"]
			f, err := s.Check("resume", "Ada CV.pdf", bytes.NewReader(pdf))
			if err != nil {
				t.Fatal(err)
			}
			key, err := s.Put(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(key, "Ada") || len(key) < 32 {
				t.Errorf("key %q", key)
			}
			r, err := s.Read(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(r)
			r.Close()
			if !bytes.Equal(got, pdf) {
				t.Errorf("read %q", got)
			}
			if err := s.Delete(ctx, key); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Read(ctx, key); !errors.Is(err, filestore.ErrNotFound) {
				t.Errorf("after delete: %v", err)
			}
		})
	}
	if _, err := os.Stat(dir); err != nil {
		t.Errorf("the directory was not created on first use: %v", err)
	}
}

func TestOpenRefusesUnknownSchemes(t *testing.T) {
	if _, err := filestore.Open("ftp://host/dir", 0); err == nil {
		t.Error("ftp:// accepted")
	}
}

// builtWith names the build tags of this test binary that compile in an
// object-storage driver (set by s3blob_test.go, gcsblob_test.go).
var builtWith = map[string]bool{}

// TestOpenNeedsTheDriversBuildTag: a binary built with a driver's tag opens
// its URLs; one built without says which tag it lacks instead of failing at
// the first upload.
func TestOpenNeedsTheDriversBuildTag(t *testing.T) {
	for _, c := range []struct{ url, tag string }{{"s3://bucket?region=eu-central-1", "s3"}, {"gs://bucket", "gcs"}} {
		s, err := filestore.Open(c.url, 0)
		if builtWith[c.tag] {
			if err != nil {
				t.Errorf("built with -tags %s: Open(%s): %v", c.tag, c.url, err)
				continue
			}
			s.Close()
			continue
		}
		if err == nil || !strings.Contains(err.Error(), "go build -tags "+c.tag+" ./cmd/hiregraph") {
			t.Errorf("built without -tags %s: Open(%s) = %v, want an error naming the tag", c.tag, c.url, err)
		}
	}
}

func TestLocalDirectoryIsMadeOnFirstUse(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "files")
	u, _ := filestore.DirURL(dir)
	if _, err := filestore.Open(u, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("Open made the directory before any file: %v", err)
	}
}
