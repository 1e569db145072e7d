package recruiting

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatefile"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// FileURLLifetime is how long a download link of a candidate's file works:
// long enough to click, short enough that a link copied into a ticket or a
// log is soon useless.
const FileURLLifetime = 300 * time.Second

// Upload is a file as a request carries it.
type Upload struct {
	Name    string
	Content io.Reader
}

// createFileRow records a stored file of a candidate and, for a PDF or
// DOCX, queues the reading of its text in the same transaction.
func (s *documents) createFileRow(ctx context.Context, client *ent.Client, candidateID string, f *storedFile, now time.Time) (*ent.CandidateFile, error) {
	row, err := client.CandidateFile.Create().
		SetCandidateID(candidateID).SetKind(f.kind).
		SetFileName(f.file.Name).SetContentType(f.file.ContentType).SetSize(int64(len(f.file.Content))).
		SetStorageKey(f.key).SetTimeCreated(now).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("recording file: %w", err)
	}
	if s.FileText == nil || !TextReadable(row.ContentType) {
		return row, nil
	}
	return row, s.FileText.EnqueueFileText(ctx, client, row.ID)
}

// UploadCandidateFile adds a document to a candidate's files (GraphQL
// uploadCandidateFile). kind defaults to an attachment.
func (s *CandidateService) UploadCandidateFile(ctx context.Context, candidateID string, kind *candidatefile.Kind, up Upload) (*ent.CandidateFile, error) {
	if err := Require(ctx, permission.SourceCandidates, permission.EditCandidates, permission.Comment); err != nil {
		return nil, err
	}
	c, err := s.Client.Candidate.Query().Where(candidate.ID(candidateID)).Only(ctx)
	if err != nil {
		if ent.IsNotFound(err) {
			return nil, apierror.NotFound(apierror.CodeCandidateNotFound, "no candidate has the uid %q", candidateID)
		}
		return nil, fmt.Errorf("loading candidate: %w", err)
	}
	k := candidatefile.KindAttachment
	if kind != nil {
		k = *kind
	}
	stored, err := s.storeUpload(ctx, "file", k, up)
	if err != nil {
		return nil, err
	}
	var row *ent.CandidateFile
	err = s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		if row, err = s.createFileRow(ctx, client, candidateID, stored, s.now()); err != nil {
			return err
		}
		return s.record(ctx, client, Activity{Verb: VerbFileUploaded, ObjectType: "CandidateFile", ObjectID: row.ID, Candidate: c, Object: row})
	})
	if err != nil {
		s.forget(ctx, stored)
		return nil, err
	}
	// The upload runs outside any transaction of its caller (graph's
	// fileWrites): the row's edges, which the answer may select, load
	// after the commit, so through the client, not the finished
	// transaction.
	return row.Unwrap(), nil
}

// DeleteCandidateFile removes a file of a candidate (GraphQL
// deleteCandidateFile): its row, with a file.deleted activity on the
// candidate's timeline, then its bytes. The bytes go after the commit, so a
// failed transaction keeps a file whose row still points at it; should
// deleting them fail, the row is gone already and SweepFiles removes them.
func (s *CandidateService) DeleteCandidateFile(ctx context.Context, id string) (string, error) {
	if err := Require(ctx, permission.EditCandidates); err != nil {
		return "", err
	}
	var key string
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		// The candidate is locked: the deletion's activity re-indexes it.
		f, err := client.CandidateFile.Query().Where(candidatefile.ID(id)).
			WithCandidate(func(q *ent.CandidateQuery) { q.Where(lockedForWrite) }).Only(ctx)
		if ent.IsNotFound(err) {
			return apierror.NotFound(CodeFileNotFound, "no file has the id %q", id)
		}
		if err != nil {
			return fmt.Errorf("loading file: %w", err)
		}
		if err := client.CandidateFile.DeleteOne(f).Exec(ctx); err != nil {
			return fmt.Errorf("deleting file: %w", err)
		}
		key = f.StorageKey
		return s.record(ctx, client, Activity{
			Verb: VerbFileDeleted, ObjectType: "CandidateFile", ObjectID: f.ID, Candidate: f.Edges.Candidate, Object: f,
			Changes: Change("file_name", f.FileName, nil),
		})
	})
	if err != nil {
		return "", err
	}
	s.deleteContent(ctx, []string{key})
	return id, nil
}

// CodeFileNotFound: a file id names no file of the company.
const CodeFileNotFound = "file_not_found"

// CandidateFiles lists a candidate's files, oldest first.
func (s *CandidateService) CandidateFiles(ctx context.Context, candidateID string) ([]*ent.CandidateFile, error) {
	if err := RequireRead(ctx); err != nil {
		return nil, err
	}
	c, err := s.Client.Candidate.Query().Where(candidate.ID(candidateID)).
		WithFiles(func(q *ent.CandidateFileQuery) { q.Order(candidatefile.ByTimeCreated(), candidatefile.ByID()) }).
		Only(ctx)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(apierror.CodeCandidateNotFound, "no candidate has the uid %q", candidateID)
	}
	if err != nil {
		return nil, fmt.Errorf("loading candidate files: %w", err)
	}
	return c.Edges.Files, nil
}

// FileURL is a download link of a file, valid for FileURLLifetime: an
// absolute one, built as every link of a response is, so a
// front-end on another origin can open it.
func (s *CandidateService) FileURL(ctx context.Context, f *ent.CandidateFile) (link string, expires time.Time) {
	q, expires := s.signLink(fileMessage, f.ID, FileURLLifetime)
	return s.Links.CandidateFile(ctx, f.ID, q), expires
}

func fileMessage(id, expires string) string { return "candidate-file\n" + id + "\n" + expires }

// SignedFile opens the file a signed link points at, when the link is
// authentic and unexpired. The caller closes the reader.
func (s *CandidateService) SignedFile(ctx context.Context, id, expires, signature string) (*ent.CandidateFile, io.ReadCloser, error) {
	if err := s.checkSignedLink("file", fileMessage(id, expires), expires, signature, FileURLLifetime); err != nil {
		return nil, nil, err
	}
	// The signature names the file: no API key is involved, so the row is
	// read outside any tenant.
	f, err := s.Client.CandidateFile.Get(privacy.DecisionContext(ctx, privacy.Allow), id)
	if ent.IsNotFound(err) {
		return nil, nil, apierror.NotFound(apierror.CodeNotFound, "the file no longer exists")
	}
	if err != nil {
		return nil, nil, fmt.Errorf("loading file: %w", err)
	}
	if s.Files == nil {
		return nil, nil, apierror.New(http.StatusServiceUnavailable, "files_unavailable", "this server stores no files")
	}
	r, err := s.Files.Read(ctx, f.StorageKey)
	if errors.Is(err, filestore.ErrNotFound) {
		return nil, nil, apierror.NotFound(apierror.CodeNotFound, "the file's content is missing from the file store")
	}
	if err != nil {
		return nil, nil, err
	}
	return f, r, nil
}
