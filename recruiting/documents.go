package recruiting

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/hiregraph/hiregraph/ent/candidatefile"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/filestore"
)

// documents keeps the content of candidates' files in the file store,
// for the services that write or delete files.
type documents struct {
	// Files is nil on a server that stores no files.
	Files *filestore.Store
	// FileText reads the text of PDF and DOCX files in the background;
	// nil reads none.
	FileText FileTextQueue
}

// storedFile is a file checked and written to the store, waiting for its
// row; forget removes it when the row is not written after all.
type storedFile struct {
	kind candidatefile.Kind
	file *filestore.File
	key  string
}

// storeUpload checks an upload and writes it to the file store, outside
// any transaction: a slow store holds no database connection.
func (s *documents) storeUpload(ctx context.Context, field string, kind candidatefile.Kind, up Upload) (*storedFile, error) {
	if s.Files == nil {
		return nil, apierror.New(http.StatusServiceUnavailable, "files_unavailable", "this server stores no files")
	}
	f, err := s.Files.Check(field, up.Name, up.Content)
	if err != nil {
		return nil, err
	}
	key, err := s.Files.Put(ctx, f)
	if err != nil {
		return nil, err
	}
	return &storedFile{kind: kind, file: f, key: key}, nil
}

// forget deletes stored files whose rows were not written. It runs detached
// from the request, which may have been cancelled.
func (s *documents) forget(ctx context.Context, files ...*storedFile) {
	ctx = context.WithoutCancel(ctx)
	for _, f := range files {
		if f == nil {
			continue
		}
		if err := s.Files.Delete(ctx, f.key); err != nil {
			slog.WarnContext(ctx, "deleting an orphaned stored file", "error", err)
		}
	}
}

// deleteContent deletes the content of files whose rows a committed
// transaction deleted; what it cannot delete the sweep does.
func (s *documents) deleteContent(ctx context.Context, keys []string) {
	if s.Files == nil {
		return
	}
	ctx = context.WithoutCancel(ctx)
	for _, key := range keys {
		if err := s.Files.Delete(ctx, key); err != nil {
			slog.WarnContext(ctx, "deleting a deleted file's content; the sweep will", "error", err)
		}
	}
}
