package recruiting

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/apitime"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// CreateNoteInput is the body of spec 4.2.
type CreateNoteInput struct {
	TimeCreated string            `json:"time_created"`
	CreatedBy   *ContactInput     `json:"created_by"`
	Text        *string           `json:"text"`
	Details     []NoteDetailInput `json:"details"`
	// Private shows the note only to its author and to users allowed to
	// read private notes. An extension of spec 4.2, whose bodies may carry
	// fields it does not name.
	Private bool `json:"private"`
}

// NoteDetailInput is one titled block of a note.
type NoteDetailInput struct {
	Title *string `json:"title"`
	Text  string  `json:"text"`
}

// maxNoteDetails bounds the details of one note; each is stored inline.
const maxNoteDetails = 100

// futureSkew is how far ahead of the server's clock a client's timestamp may
// be: clocks drift, but a note written tomorrow is a client bug.
const futureSkew = 5 * time.Minute

// CreateNote adds a note to a candidate (spec 4.2). The text keeps only
// <b>, <i> and <u>; the note counts as activity of the candidate.
func (s *CandidateService) CreateNote(ctx context.Context, candidateID string, in CreateNoteInput) (*ent.Note, error) {
	if err := Require(ctx, permission.Comment); err != nil {
		return nil, err
	}
	// A person signed in (or named by On-Behalf-Of) wrote the note,
	// whatever the body says, and now unless the body says when.
	by, err := s.actingUser(ctx)
	if err != nil {
		return nil, err
	}
	if by != nil {
		in.CreatedBy = by
	}
	var timeErr error
	created := s.now().Truncate(time.Microsecond)
	if by == nil || in.TimeCreated != "" {
		created, timeErr = s.parsePastTime("time_created", in.TimeCreated)
	}
	text, textErr := requiredHTML("text", in.Text, sanitize.NoteText)
	details, detailsErr := noteDetails(in.Details)
	if err := apierror.Join(timeErr, validateNoteAuthor(in.CreatedBy), textErr, detailsErr); err != nil {
		return nil, err
	}
	var note *ent.Note
	err = s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		// Locked first (docs/concurrency.md): the note's activity
		// re-indexes the candidate, as the next note's waits to.
		c, err := client.Candidate.Query().Where(candidate.ID(candidateID), lockedForWrite).Only(ctx)
		if ent.IsNotFound(err) {
			return apierror.NotFound(apierror.CodeCandidateNotFound, "no candidate has the uid %q", candidateID)
		}
		if err != nil {
			return err
		}
		author, err := linkParty(ctx, client, *in.CreatedBy, c)
		if err != nil {
			return err
		}
		create := client.Note.Create().
			SetCandidate(c).
			SetTimeCreated(created).
			SetCreatedBy(author).
			SetText(text).
			SetDetails(details).
			SetPrivate(in.Private)
		if v, _ := viewer.FromContext(ctx); v.UserID != "" {
			create.SetAuthorID(v.UserID)
		}
		note, err = create.Save(ctx)
		if err != nil {
			return fmt.Errorf("saving note: %w", err)
		}
		return s.record(ctx, client, Activity{Verb: VerbNoteCreated, ObjectType: "Note", ObjectID: note.ID, Candidate: c, Object: note})
	})
	return note, err
}

func validateNoteAuthor(by *ContactInput) error {
	if by == nil {
		return apierror.Invalid("created_by", "created_by is required")
	}
	if err := validateParty("created_by", *by, noteAuthorTypes); err != nil {
		return err
	}
	if by.Status != nil {
		return apierror.Invalid("created_by.status", "created_by.status does not apply to a note author")
	}
	return nil
}

// noteDetails checks the details and keeps their titles and texts as plain
// text: the spec allows HTML only in the note's own text.
func noteDetails(in []NoteDetailInput) ([]schematype.NoteDetail, error) {
	if len(in) > maxNoteDetails {
		return nil, apierror.Invalid("details", "details may hold at most %d entries, got %d", maxNoteDetails, len(in))
	}
	out := make([]schematype.NoteDetail, len(in))
	for i, d := range in {
		field := fmt.Sprintf("details[%d].title", i)
		if d.Title == nil {
			return nil, apierror.Invalid(field, "%s is required", field)
		}
		title := sanitize.PlainText(*d.Title)
		if strings.TrimSpace(title) == "" {
			return nil, apierror.Invalid(field, "%s is required and must hold text, not only HTML tags", field)
		}
		out[i] = schematype.NoteDetail{Title: title, Text: sanitize.PlainText(d.Text)}
	}
	return out, nil
}

// requiredHTML sanitizes a required HTML field with clean and refuses it
// when no text is left: a note of nothing but <script> would otherwise be
// stored empty, and the caller would never learn why.
func requiredHTML(field string, value *string, clean func(string) string) (string, error) {
	if value == nil || strings.TrimSpace(*value) == "" {
		return "", apierror.Invalid(field, "%s is required", field)
	}
	out := clean(*value)
	if strings.TrimSpace(sanitize.PlainText(out)) == "" {
		return "", apierror.Invalid(field, "%s has no text left once unsupported HTML is removed", field)
	}
	return out, nil
}

// parsePastTime reads a required timestamp that must not lie in the future.
func (s *CandidateService) parsePastTime(field, value string) (time.Time, error) {
	if value == "" {
		return time.Time{}, apierror.Invalid(field, "%s is required", field)
	}
	t, err := apitime.Parse(field, value)
	if err != nil {
		return time.Time{}, err
	}
	if t.After(s.now().Add(futureSkew)) {
		return time.Time{}, apierror.Invalid(field, "%s lies in the future: %s (the server's time is %s)", field, value, apitime.Format(s.now()))
	}
	return t.Truncate(time.Microsecond), nil
}
