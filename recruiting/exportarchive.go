package recruiting

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/candidate"
)

// personArchive is what an export holds: a JSON of everything the
// company holds about the person, as the API names it, and their files.
type personArchive struct {
	TimeExported time.Time         `json:"time_exported"`
	Person       *ent.Person       `json:"person"`
	Candidates   []*ent.Candidate  `json:"candidates"`
	Activities   []*ent.Activity   `json:"activities"`
	Consents     []exportedConsent `json:"consents"`
	Files        []exportedFile    `json:"files"`
}

// exportedConsent is a consent the person gave, with its application.
type exportedConsent struct {
	ApplicationID string    `json:"application_uid"`
	CandidateID   string    `json:"candidate_uid"`
	Text          string    `json:"text"`
	TimeConsented time.Time `json:"time_consented"`
	TimeExpires   time.Time `json:"time_expires"`
}

// exportedFile names a file of the archive: path is where it is in the zip.
type exportedFile struct {
	FileID      string `json:"file_uid"`
	CandidateID string `json:"candidate_uid"`
	Kind        string `json:"kind"`
	FileName    string `json:"file_name"`
	ContentType string `json:"content_type"`
	Path        string `json:"path"`
}

// archivePersonJSON is the archive's description of the person.
const archivePersonJSON = "person.json"

// personArchive reads everything held about a person (ctx is the
// service's, so nothing is hidden) and writes it as one zip.
func (s *PrivacyService) personArchive(ctx context.Context, personID string) ([]byte, error) {
	a, err := s.readPersonArchive(ctx, personID)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, c := range a.Candidates {
		for _, f := range c.Edges.Files {
			path := "files/" + f.ID + "-" + f.FileName
			if err := s.copyFile(ctx, zw, path, f.StorageKey); err != nil {
				return nil, fmt.Errorf("file %s: %w", f.ID, err)
			}
			a.Files = append(a.Files, exportedFile{FileID: f.ID, CandidateID: c.ID, Kind: string(f.Kind), FileName: f.FileName, ContentType: f.ContentType, Path: path})
		}
	}
	w, err := zw.Create(archivePersonJSON)
	if err != nil {
		return nil, err
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(a); err != nil {
		return nil, fmt.Errorf("writing %s: %w", archivePersonJSON, err)
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// readPersonArchive reads the person, their candidacies with what hangs
// off them, their timeline and their consents.
func (s *PrivacyService) readPersonArchive(ctx context.Context, personID string) (*personArchive, error) {
	p, err := s.Client.Person.Get(ctx, personID)
	if err != nil {
		return nil, fmt.Errorf("loading person: %w", err)
	}
	cands, err := s.Client.Candidate.Query().Where(candidate.PersonID(personID)).
		WithPosition().WithApplications().WithNotes().WithFiles().WithOfferLetters().WithTestSubmissions().
		WithStepHistory().WithConversations(func(q *ent.ConversationQuery) { q.WithMessages() }).
		WithScorecards(func(q *ent.ScorecardQuery) { q.WithRatings() }).
		Order(candidate.ByID()).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading candidates: %w", err)
	}
	cids := make([]string, len(cands))
	a := &personArchive{TimeExported: s.now(), Person: p, Candidates: cands, Consents: []exportedConsent{}, Files: []exportedFile{}}
	for i, c := range cands {
		cids[i] = c.ID
		for _, app := range c.Edges.Applications {
			a.Consents = append(a.Consents, exportedConsent{
				ApplicationID: app.ID, CandidateID: c.ID, Text: app.ConsentText,
				TimeConsented: app.TimeConsented, TimeExpires: consentExpiresOf(app),
			})
		}
	}
	a.Activities, err = s.Client.Activity.Query().
		Where(activity.Or(activity.CandidateIDIn(cids...), activity.And(activity.ObjectType("Person"), activity.ObjectID(personID)))).
		Order(activity.ByID()).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading activities: %w", err)
	}
	return a, nil
}

// copyFile copies a stored file into the archive at path.
func (s *PrivacyService) copyFile(ctx context.Context, zw *zip.Writer, path, key string) error {
	r, err := s.Files.Read(ctx, key)
	if err != nil {
		return err
	}
	defer r.Close()
	w, err := zw.Create(path)
	if err != nil {
		return err
	}
	_, err = io.Copy(w, r)
	return err
}
