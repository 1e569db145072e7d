package recruiting

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/personexport"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/filestore"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// VerbPersonExported records who exported a person's data, on each of
// their candidates.
const VerbPersonExported = "person.exported"

// Export settings and codes.
const (
	// ExportURLLifetime is how long an export's link works: long enough
	// to hand to the person, who may open it a day later.
	ExportURLLifetime = 24 * time.Hour
	// CodeExportNotFound answers an unknown export id.
	CodeExportNotFound = "export_not_found"
	// CodeExportNotReady answers a download of an export not yet DONE.
	CodeExportNotReady = "export_not_ready"
)

// ExportQueue runs exports: it queues one in the transaction that created
// its record, so a failed request queues nothing.
type ExportQueue interface {
	EnqueueExport(ctx context.Context, client *ent.Client, exportID string) error
}

// ExportPerson starts an export of everything the company holds about a
// person (GraphQL exportPerson, REST POST /v1/people/{uid}/export;
// docs/personal-data.md, "Exporting a person"). The export is for the
// person, not the caller, so it needs people:export rather than the
// caller's read permissions. It records person.exported on each of the
// person's candidates and returns the export, QUEUED.
func (s *PrivacyService) ExportPerson(ctx context.Context, personID string) (*ent.PersonExport, error) {
	if err := Require(ctx, permission.ExportPeople); err != nil {
		return nil, err
	}
	if s.Exports == nil {
		return nil, apierror.New(http.StatusServiceUnavailable, "exports_unavailable", "this server runs no exports")
	}
	if err := s.personExists(ctx, personID); err != nil {
		return nil, err
	}
	actor := actorOf(ctx)
	var out *ent.PersonExport
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		var err error
		out, err = client.PersonExport.Create().SetPersonID(personID).SetRequestedBy(actor.ID).SetTimeCreated(s.now()).Save(ctx)
		if err != nil {
			return fmt.Errorf("recording export: %w", err)
		}
		// The audit goes on every candidate, whichever the caller sees.
		cands, err := client.Candidate.Query().Where(candidate.PersonID(personID)).
			All(viewer.NewContext(ctx, viewer.ForService(viewerCompany(ctx))))
		if err != nil {
			return fmt.Errorf("loading candidates: %w", err)
		}
		if err := s.recordOnPerson(ctx, client, cands, Activity{Verb: VerbPersonExported, ObjectType: "Person", ObjectID: personID, Actor: &actor}); err != nil {
			return err
		}
		return s.Exports.EnqueueExport(ctx, client, out.ID)
	})
	if err != nil {
		return nil, err
	}
	return out.Unwrap(), nil
}

// PersonExport reads an export (people:export).
func (s *PrivacyService) PersonExport(ctx context.Context, id string) (*ent.PersonExport, error) {
	if err := Require(ctx, permission.ExportPeople); err != nil {
		return nil, err
	}
	e, err := s.Client.PersonExport.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, apierror.NotFound(CodeExportNotFound, "no export has the uid %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("loading export: %w", err)
	}
	return e, nil
}

// ExportURL is the download link of a DONE export, valid for
// ExportURLLifetime, absolute as every link of a response is; ok is false
// while there is nothing to download.
func (s *PrivacyService) ExportURL(ctx context.Context, e *ent.PersonExport) (link string, expires time.Time, ok bool) {
	if e.Status != personexport.StatusDone {
		return "", time.Time{}, false
	}
	q, expires := s.signLink(exportMessage, e.ID, ExportURLLifetime)
	return s.Links.PersonExport(ctx, e.ID, q), expires, true
}

func exportMessage(id, expires string) string { return "person-export\n" + id + "\n" + expires }

// SignedExport opens the archive a signed link points at, when the link
// is authentic and unexpired. The caller closes the reader.
func (s *PrivacyService) SignedExport(ctx context.Context, id, expires, signature string) (*ent.PersonExport, io.ReadCloser, error) {
	if err := s.checkSignedLink("export", exportMessage(id, expires), expires, signature, ExportURLLifetime); err != nil {
		return nil, nil, err
	}
	// The signature names the export: no API key is involved, so the row
	// is read outside any tenant.
	e, err := s.Client.PersonExport.Get(privacy.DecisionContext(ctx, privacy.Allow), id)
	if ent.IsNotFound(err) {
		return nil, nil, apierror.NotFound(CodeExportNotFound, "the export no longer exists")
	}
	if err != nil {
		return nil, nil, fmt.Errorf("loading export: %w", err)
	}
	if e.Status != personexport.StatusDone || e.StorageKey == "" {
		return nil, nil, apierror.New(http.StatusConflict, CodeExportNotReady, "the export is %s", e.Status)
	}
	if s.Files == nil {
		return nil, nil, apierror.New(http.StatusServiceUnavailable, "files_unavailable", "this server stores no files")
	}
	r, err := s.Files.Read(ctx, e.StorageKey)
	if errors.Is(err, filestore.ErrNotFound) {
		return nil, nil, apierror.NotFound(CodeExportNotFound, "the export's archive is missing from the file store")
	}
	if err != nil {
		return nil, nil, err
	}
	return e, r, nil
}

// RunExport writes the archive of a queued export (the export job): it
// marks the export RUNNING, then DONE with the archive stored, or FAILED
// with why. A RUNNING one is written again (its process died); a DONE or
// FAILED one is left as it is. It runs as the service, in the export's
// company.
func (s *PrivacyService) RunExport(ctx context.Context, exportID string) error {
	e, err := s.Client.PersonExport.Get(privacy.DecisionContext(ctx, privacy.Allow), exportID)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("loading export %s: %w", exportID, err)
	}
	ctx = viewer.NewContext(ctx, viewer.ForService(e.CompanyID))
	n, err := s.Client.PersonExport.Update().
		Where(personexport.ID(e.ID), personexport.StatusIn(personexport.StatusQueued, personexport.StatusRunning)).
		SetStatus(personexport.StatusRunning).Save(ctx)
	if err != nil {
		return fmt.Errorf("starting export %s: %w", e.ID, err)
	}
	if n == 0 {
		return nil
	}
	key, size, err := s.storeArchive(ctx, e)
	if err != nil {
		slog.ErrorContext(ctx, "exporting a person", "export", e.ID, "error", err)
		return s.finishExport(ctx, e.ID, func(u *ent.PersonExportUpdateOne) {
			u.SetStatus(personexport.StatusFailed).SetFailure("the archive could not be written; start another export")
		})
	}
	return s.finishExport(ctx, e.ID, func(u *ent.PersonExportUpdateOne) {
		u.SetStatus(personexport.StatusDone).SetStorageKey(key).SetSize(size)
	})
}

// finishExport records how an export ended.
func (s *PrivacyService) finishExport(ctx context.Context, id string, set func(*ent.PersonExportUpdateOne)) error {
	u := s.Client.PersonExport.UpdateOneID(id).SetTimeCompleted(s.now())
	set(u)
	if err := u.Exec(ctx); err != nil {
		return fmt.Errorf("finishing export %s: %w", id, err)
	}
	return nil
}

// storeArchive writes the export's archive to the file store and returns
// its key and size. Should the process die before the export's row names
// the key, the sweep of files without a row deletes it.
func (s *PrivacyService) storeArchive(ctx context.Context, e *ent.PersonExport) (string, int64, error) {
	if s.Files == nil {
		return "", 0, errors.New("this server stores no files")
	}
	content, err := s.personArchive(ctx, e.PersonID)
	if err != nil {
		return "", 0, err
	}
	key, err := s.Files.Put(ctx, &filestore.File{Name: "person-" + e.PersonID + ".zip", ContentType: "application/zip", Content: content})
	if err != nil {
		return "", 0, err
	}
	return key, int64(len(content)), nil
}

// deleteExports deletes the person's exports (an erasure: an archive
// holds everything erased) and returns their archives' storage keys, for
// deleting after the commit.
func deleteExports(ctx context.Context, client *ent.Client, personID string) ([]string, error) {
	keys, err := client.PersonExport.Query().
		Where(personexport.PersonID(personID), personexport.StorageKeyNEQ("")).
		Select(personexport.FieldStorageKey).Strings(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading exports: %w", err)
	}
	if _, err := client.PersonExport.Delete().Where(personexport.PersonID(personID)).Exec(ctx); err != nil {
		return nil, fmt.Errorf("deleting exports: %w", err)
	}
	return keys, nil
}
