// Package filestore keeps uploaded files (resumes, attachments) in one
// place behind gocloud.dev/blob: a directory on the local disk by default
// (file://), or object storage (s3://, gs://) for deployments that run on
// more than one machine; the object-storage drivers are compiled in only
// with the build tags s3 and gcs (see s3blob.go, gcsblob.go). It checks every file before storing it: its size,
// its type sniffed from its bytes (never from its name or the client's
// Content-Type), and its name, and stores it under a random key.
package filestore

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/gabriel-vasile/mimetype"
	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	// The local drivers; the object-storage ones are behind build tags.
	_ "gocloud.dev/blob/fileblob"
	_ "gocloud.dev/blob/memblob"

	"github.com/hiregraph/hiregraph/internal/apierror"
)

// DefaultMaxBytes is the largest file accepted unless configured otherwise:
// a resume of several pages with pictures fits.
const DefaultMaxBytes = 5 << 20

// Error codes of refused files.
const (
	CodeFileTooLarge        = "file_too_large"
	CodeUnsupportedFileType = "unsupported_file_type"
)

// Type is a kind of document the store accepts.
type Type struct {
	MIME      string // the content type files of this kind are served with
	Extension string // the extension a stored name gets when it has none
	Name      string // how people call it, for messages
}

// Accepted are the document types a candidate may upload: what resumes and
// cover letters come as. Anything else (images, archives, executables) is
// refused with 415.
var Accepted = []Type{
	{"application/pdf", ".pdf", "PDF"},
	{"application/msword", ".doc", "DOC"},
	{"application/vnd.openxmlformats-officedocument.wordprocessingml.document", ".docx", "DOCX"},
	{"text/rtf", ".rtf", "RTF"},
	{"application/vnd.oasis.opendocument.text", ".odt", "ODT"},
	{"text/plain", ".txt", "TXT"},
}

// AcceptedNames lists the accepted types for people: "PDF, DOC, …".
func AcceptedNames() string {
	names := make([]string, len(Accepted))
	for i, t := range Accepted {
		names[i] = t.Name
	}
	return strings.Join(names, ", ")
}

// Store is a bucket of files with the rules every file passes.
type Store struct {
	url      string
	maxBytes int64

	mu     sync.Mutex
	bucket *blob.Bucket
}

// Open returns the store at rawURL (file:///dir, mem://, s3://bucket?region=…
// with -tags s3, gs://bucket with -tags gcs), accepting files of up to
// maxBytes (0: DefaultMaxBytes). A
// local directory is created when the first file is written, so a server
// that never receives a file leaves nothing on disk.
func Open(rawURL string, maxBytes int64) (*Store, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("file storage URL %q: %w", rawURL, err)
	}
	switch u.Scheme {
	case "file":
		// The directory is made on first use; temporary files go beside
		// the final ones, so a rename never crosses file systems.
		q := u.Query()
		q.Set("create_dir", "true")
		q.Set("no_tmp_dir", "true")
		u.RawQuery = q.Encode()
	case "mem", "s3", "gs":
	default:
		return nil, fmt.Errorf("file storage URL %q: the scheme must be file, s3, gs or mem", rawURL)
	}
	if !blob.DefaultURLMux().ValidBucketScheme(u.Scheme) {
		return nil, fmt.Errorf("file storage URL %q: this binary was built without the %s:// driver; "+
			"build it with `go build -tags %s ./cmd/hiregraph` (docs/building.md)", rawURL, u.Scheme, driverTags[u.Scheme])
	}
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBytes
	}
	return &Store{url: u.String(), maxBytes: maxBytes}, nil
}

// driverTags are the build tags that compile in the driver of each
// object-storage scheme. The default build has none: the cloud SDKs would
// more than double a first build's downloads and the binary.
var driverTags = map[string]string{"s3": "s3", "gs": "gcs"}

// DirURL is the file:// URL of a local directory.
func DirURL(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("file storage directory %s: %w", dir, err)
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String(), nil
}

// MaxBytes is the largest file the store accepts.
func (s *Store) MaxBytes() int64 { return s.maxBytes }

// open opens the bucket on first use. A failure is not remembered: the
// next file tries again (a directory made writable, say).
func (s *Store) open(ctx context.Context) (*blob.Bucket, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.bucket != nil {
		return s.bucket, nil
	}
	b, err := blob.OpenBucket(ctx, s.url)
	if err != nil {
		return nil, fmt.Errorf("opening file storage: %w", err)
	}
	s.bucket = b
	return b, nil
}

// Close releases the bucket.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.bucket == nil {
		return nil
	}
	err := s.bucket.Close()
	s.bucket = nil
	return err
}

// File is a checked file, ready to store.
type File struct {
	Name        string // sanitized file name
	ContentType string // sniffed from the bytes
	Content     []byte
}

// Check reads a file of up to MaxBytes from r and checks it: not empty, not
// larger than the limit (413), one of the Accepted types judged by its bytes
// (415). The name is sanitized and, when it lacks one, given the type's
// extension. field names the input the file came in, for messages.
func (s *Store) Check(field, name string, r io.Reader) (*File, error) {
	content, err := io.ReadAll(io.LimitReader(r, s.maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", field, err)
	}
	if int64(len(content)) > s.maxBytes {
		e := apierror.New(http.StatusRequestEntityTooLarge, CodeFileTooLarge, "%s is larger than %s; send a smaller file", field, HumanSize(s.maxBytes))
		e.Field = field
		return nil, e
	}
	if len(content) == 0 {
		return nil, apierror.Invalid(field, "%s is empty", field)
	}
	t, ok := Sniff(content)
	if !ok {
		e := apierror.New(http.StatusUnsupportedMediaType, CodeUnsupportedFileType, "%s must be a %s file", field, AcceptedNames())
		e.Field = field
		return nil, e
	}
	return &File{Name: SanitizeName(name, t.Extension), ContentType: t.MIME, Content: content}, nil
}

// Sniff tells the type of content from its bytes.
func Sniff(content []byte) (Type, bool) {
	m := mimetype.Detect(content)
	for _, t := range Accepted {
		if m.Is(t.MIME) {
			return t, true
		}
	}
	// mimetype names RTF application/rtf; both spellings are in use.
	if m.Is("application/rtf") {
		return Accepted[3], true
	}
	return Type{}, false
}

// Put stores a checked file under a new random key and returns the key.
// The key tells nothing about the file or its owner.
func (s *Store) Put(ctx context.Context, f *File) (string, error) {
	b, err := s.open(ctx)
	if err != nil {
		return "", err
	}
	key := newKey()
	err = b.WriteAll(ctx, key, f.Content, &blob.WriterOptions{
		ContentType:        f.ContentType,
		ContentDisposition: ContentDisposition(f.Name),
	})
	if err != nil {
		return "", fmt.Errorf("storing file: %w", err)
	}
	return key, nil
}

// ErrNotFound is returned for a key the store does not hold.
var ErrNotFound = errors.New("filestore: no such file")

// Read opens the file stored under key.
func (s *Store) Read(ctx context.Context, key string) (io.ReadCloser, error) {
	b, err := s.open(ctx)
	if err != nil {
		return nil, err
	}
	r, err := b.NewReader(ctx, key, nil)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("reading stored file: %w", err)
	}
	return r, nil
}

// Delete removes the file stored under key; a missing file is not an error.
func (s *Store) Delete(ctx context.Context, key string) error {
	b, err := s.open(ctx)
	if err != nil {
		return err
	}
	if err := b.Delete(ctx, key); err != nil && gcerrors.Code(err) != gcerrors.NotFound {
		return fmt.Errorf("deleting stored file: %w", err)
	}
	return nil
}

// listBatch is how many keys StoredBefore hands over at once: few enough
// for one IN list of a query.
const listBatch = 500

// StoredBefore calls fn with the keys of the files last written before
// before, listBatch at a time, until the listing ends or fn fails. The keys
// include what an interrupted write left (a local store's temporary files).
func (s *Store) StoredBefore(ctx context.Context, before time.Time, fn func(keys []string) error) error {
	b, err := s.open(ctx)
	if err != nil {
		return err
	}
	it := b.List(&blob.ListOptions{Prefix: keyPrefix})
	var keys []string
	for {
		obj, err := it.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("listing stored files: %w", err)
		}
		if obj.IsDir || !obj.ModTime.Before(before) {
			continue
		}
		if keys = append(keys, obj.Key); len(keys) == listBatch {
			if err := fn(keys); err != nil {
				return err
			}
			keys = nil
		}
	}
	if len(keys) == 0 {
		return nil
	}
	return fn(keys)
}

// CopyTo copies every file stored before the call into dst, under the same
// keys, with the type and name they are served with, for a backup. It
// returns how many it copied.
func (s *Store) CopyTo(ctx context.Context, dst *Store) (int, error) {
	src, err := s.open(ctx)
	if err != nil {
		return 0, err
	}
	to, err := dst.open(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	err = s.StoredBefore(ctx, time.Now(), func(keys []string) error {
		for _, key := range keys {
			attrs, err := src.Attributes(ctx, key)
			var content []byte
			if err == nil {
				content, err = src.ReadAll(ctx, key)
			}
			if gcerrors.Code(err) == gcerrors.NotFound {
				continue // deleted since it was listed
			}
			if err != nil {
				return fmt.Errorf("reading stored file %s: %w", key, err)
			}
			opts := &blob.WriterOptions{ContentType: attrs.ContentType, ContentDisposition: attrs.ContentDisposition}
			if err := to.WriteAll(ctx, key, content, opts); err != nil {
				return fmt.Errorf("copying stored file %s: %w", key, err)
			}
			n++
		}
		return nil
	})
	return n, err
}

// keyPrefix starts every key the store makes.
const keyPrefix = "files/"

// newKey is 128 random bits, spread over 256 directories so that a local
// directory does not hold every file in one listing.
func newKey() string {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("reading random bytes: %v", err)) // crypto/rand does not fail on supported systems
	}
	h := hex.EncodeToString(b)
	return keyPrefix + h[:2] + "/" + h
}

// maxNameBytes bounds a stored file name; names come from the client.
const maxNameBytes = 200

// SanitizeName keeps a name fit to show and to send in a
// Content-Disposition header: the last element of any path, letters, digits,
// spaces and . - _ ( ) only, at most 200 bytes, not hidden (no leading dot),
// ending in ext, the extension of the type the bytes are, in place of the
// one the sender gave: a PDF sent as resume.bat opens as a PDF, never as a
// script. An empty result becomes "file" + ext.
func SanitizeName(name, ext string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	var b strings.Builder
	space := false
	for _, r := range name {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune(".-_()", r):
			b.WriteRune(r)
			space = false
		case unicode.IsSpace(r) || r == '+' || r == ',':
			if !space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = true
		}
	}
	stem := strings.TrimLeft(strings.TrimSpace(b.String()), ".")
	stem = strings.TrimSpace(strings.TrimSuffix(stem, filepath.Ext(stem)))
	if stem == "" {
		stem = "file"
	}
	if len(stem) > maxNameBytes-len(ext) {
		stem = stem[:maxNameBytes-len(ext)]
		for !utf8.ValidString(stem) {
			stem = stem[:len(stem)-1]
		}
	}
	return stem + ext
}

// ContentDisposition is the header that makes a browser download the file
// under its name (RFC 6266, with the UTF-8 form for names beyond ASCII).
func ContentDisposition(name string) string {
	ascii := strings.Map(func(r rune) rune {
		if r > 126 || r < 32 || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, ascii, url.PathEscape(name))
}

// HumanSize writes a byte count the way a form states its limit: 5 MB.
func HumanSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
