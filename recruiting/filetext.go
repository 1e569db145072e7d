package recruiting

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidatefile"
	"github.com/hiregraph/hiregraph/ent/privacy"
)

// Content types whose text is read for search.
const (
	ContentTypePDF  = "application/pdf"
	ContentTypeDOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
)

// TextReadable reports whether the text of files of contentType is read.
func TextReadable(contentType string) bool {
	return contentType == ContentTypePDF || contentType == ContentTypeDOCX
}

// FileTextQueue reads files' text in the background: it queues the
// reading of one file in the transaction that records the file, so a
// rolled-back upload queues nothing.
type FileTextQueue interface {
	EnqueueFileText(ctx context.Context, client *ent.Client, fileID string) error
}

// TextReader reads the text of a file's content of contentType, within
// its own limits of size, pages and time.
type TextReader func(ctx context.Context, contentType string, content []byte) (string, error)

// ReadFileText reads the text of the file fileID with read, stores it on
// the file and re-indexes the file's candidate for search, in one
// transaction. A file deleted since it was queued is skipped. A file read
// refuses (broken, or over the reader's limits) keeps an empty text and
// is not retried: the same bytes would fail again. Errors returned are
// the file store's or the database's, which River retries.
func (s *CandidateService) ReadFileText(ctx context.Context, fileID string, read TextReader) error {
	ctx = privacy.DecisionContext(ctx, privacy.Allow)
	f, err := s.Client.CandidateFile.Query().Where(candidatefile.ID(fileID)).Only(ctx)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("loading file %s: %w", fileID, err)
	}
	content, err := s.readContent(ctx, f.StorageKey)
	if err != nil {
		return err
	}
	text, err := read(ctx, f.ContentType, content)
	if err != nil {
		slog.WarnContext(ctx, "file text not read", "file", fileID, "error", err)
		return nil
	}
	return s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		n, err := client.CandidateFile.Update().Where(candidatefile.ID(fileID)).SetText(text).Save(ctx)
		if err != nil {
			return fmt.Errorf("storing the text of file %s: %w", fileID, err)
		}
		if n == 0 {
			return nil // deleted while it was read
		}
		return indexCandidate(ctx, client, f.CandidateID)
	})
}

// readContent reads a stored file's bytes.
func (s *CandidateService) readContent(ctx context.Context, key string) ([]byte, error) {
	if s.Files == nil {
		return nil, fmt.Errorf("reading file text: this process has no file store")
	}
	r, err := s.Files.Read(ctx, key)
	if err != nil {
		return nil, fmt.Errorf("reading stored file: %w", err)
	}
	defer r.Close()
	// The store holds files up to its limit; read no more than that.
	content, err := io.ReadAll(io.LimitReader(r, s.Files.MaxBytes()+1))
	if err != nil {
		return nil, fmt.Errorf("reading stored file: %w", err)
	}
	return content, nil
}
