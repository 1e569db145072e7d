package recruiting

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/application"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/candidatefile"
	"github.com/hiregraph/hiregraph/ent/conversation"
	"github.com/hiregraph/hiregraph/ent/idempotencykey"
	"github.com/hiregraph/hiregraph/ent/message"
	"github.com/hiregraph/hiregraph/ent/note"
	"github.com/hiregraph/hiregraph/ent/offerletter"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/predicate"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/ent/scorecard"
	"github.com/hiregraph/hiregraph/ent/scorecardrating"
	"github.com/hiregraph/hiregraph/ent/testsubmission"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// VerbPersonErased tells integrations that a person was erased, so they
// erase what they copied of them too.
const VerbPersonErased = "person.erased"

// ErasePerson erases a person's personal data (GraphQL erasePerson, REST
// POST /v1/people/{uid}/erase; docs/personal-data.md, "Erasing a person"):
// the person's fields, and on each of their candidates the address,
// rejection note, applications, notes' and messages' texts, scorecards'
// notes, files, offer letters' content and partners' results, including
// what the timeline and its events recorded of them. What reports count stays: the
// candidates (deleted), their position, steps, dates, status and source.
//
// It is one transaction, so a crash leaves either nothing or everything
// erased, and it can be run again: it erases whatever is there each time
// (anything added to the person since, too) and records person.erased
// only the first time. The files' content goes after the commit; should
// that fail or the process die first, the hourly sweep of files without a
// row (SweepFiles) deletes it.
func (s *PrivacyService) ErasePerson(ctx context.Context, personID string) (*ent.Person, error) {
	return s.erasePerson(ctx, personID, nil)
}

// eraseGuard decides, inside an erasure's transaction with the person's
// candidates locked, whether the erasure may go on; its error rolls the
// erasure back.
type eraseGuard func(ctx context.Context, client *ent.Client, locked []*ent.Candidate) error

// erasePerson is ErasePerson, asking guard (when not nil) once the
// person's candidates are locked.
func (s *PrivacyService) erasePerson(ctx context.Context, personID string, guard eraseGuard) (*ent.Person, error) {
	if err := Require(ctx, permission.ErasePeople); err != nil {
		return nil, err
	}
	// The caller must see the person; the erasure itself then writes
	// records of kinds the caller's other permissions may not cover, as
	// the service, in the caller's name.
	if err := s.personExists(ctx, personID); err != nil {
		return nil, err
	}
	actor := actorOf(ctx)
	ctx = viewer.NewContext(ctx, viewer.ForService(viewerCompany(ctx)))
	var (
		out  *ent.Person
		keys []string
	)
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		// Locked, candidates first (docs/concurrency.md), so an erasure
		// running at the same time reads this one's time_erased and
		// records no second person.erased.
		cands, err := s.lockCandidatesOf(ctx, client, personID)
		if err != nil {
			return err
		}
		if guard != nil {
			if err := guard(ctx, client, cands); err != nil {
				return err
			}
		}
		p, err := client.Person.Query().Where(person.ID(personID), lockedForWrite).Only(ctx)
		if err != nil {
			return fmt.Errorf("loading person: %w", err)
		}
		first := p.TimeErased == nil
		if out, err = erasePersonRow(ctx, client, p, s.now()); err != nil {
			return err
		}
		cids := make([]string, len(cands))
		for i, c := range cands {
			cids[i] = c.ID
		}
		if err := eraseRollup(ctx, client, live(cands)); err != nil {
			return err
		}
		if keys, err = eraseCandidates(ctx, client, cids); err != nil {
			return err
		}
		archives, err := deleteExports(ctx, client, p.ID)
		if err != nil {
			return err
		}
		keys = append(keys, archives...)
		if err := eraseTimeline(ctx, client, p.ID, cids); err != nil {
			return err
		}
		if !first {
			return nil
		}
		return s.recordOnPerson(ctx, client, cands, Activity{Verb: VerbPersonErased, ObjectType: "Person", ObjectID: p.ID, Actor: &actor, Object: out})
	})
	if err != nil {
		return nil, err
	}
	s.deleteContent(ctx, keys)
	// Edges the answer selects load after the commit, through the client.
	return out.Unwrap(), nil
}

// live is the candidates not deleted yet: the ones the reports count.
func live(cands []*ent.Candidate) []*ent.Candidate {
	var out []*ent.Candidate
	for _, c := range cands {
		if !c.Deleted {
			out = append(out, c)
		}
	}
	return out
}

// personExists refuses a person the caller cannot see, or no one has.
func (s *core) personExists(ctx context.Context, personID string) error {
	ok, err := s.Client.Person.Query().Where(person.ID(personID)).Exist(ctx)
	if err != nil {
		return fmt.Errorf("loading person: %w", err)
	}
	if !ok {
		return apierror.NotFound(CodePersonNotFound, "no person has the uid %q", personID)
	}
	return nil
}

// erasePersonRow blanks the person's fields. The e-mail's duplicate key
// goes with the address (rule.NormalizeEmail), so the person applying
// again is a new person.
func erasePersonRow(ctx context.Context, client *ent.Client, p *ent.Person, now time.Time) (*ent.Person, error) {
	upd := client.Person.UpdateOne(p).
		SetFirstName("").SetMiddleName("").SetLastName("").SetEmail("").
		SetPhone("").SetIDNumber("").SetResumeName("").SetResumeURL("")
	if p.TimeErased == nil {
		upd.SetTimeErased(now)
	}
	out, err := upd.Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("erasing person: %w", err)
	}
	return out, nil
}

// eraseCandidates erases what the candidates cids hold of their person
// and returns the storage keys of their files, whose rows it deletes.
func eraseCandidates(ctx context.Context, client *ent.Client, cids []string) ([]string, error) {
	if len(cids) == 0 {
		return nil, nil
	}
	if err := client.Candidate.Update().Where(candidate.IDIn(cids...)).
		SetDeleted(true).ClearAddress().ClearRejectionNote().Exec(ctx); err != nil {
		return nil, fmt.Errorf("erasing candidates: %w", err)
	}
	files, err := client.CandidateFile.Query().Where(candidatefile.CandidateIDIn(cids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading files: %w", err)
	}
	keys := make([]string, len(files))
	for i, f := range files {
		keys[i] = f.StorageKey
	}
	if _, err := client.CandidateFile.Delete().Where(candidatefile.CandidateIDIn(cids...)).Exec(ctx); err != nil {
		return nil, fmt.Errorf("deleting files: %w", err)
	}
	if err := client.OfferLetter.Update().Where(offerletter.CandidateIDIn(cids...)).
		SetFileName(erasedFileName).SetContent([]byte{}).Exec(ctx); err != nil {
		return nil, fmt.Errorf("erasing offer letters: %w", err)
	}
	if err := client.TestSubmission.Update().Where(testsubmission.CandidateIDIn(cids...)).
		ClearCandidateEvaluationID().SetDisplayMessage("").SetSummary("").SetResultUrls([]string{}).Exec(ctx); err != nil {
		return nil, fmt.Errorf("erasing test submissions: %w", err)
	}
	ofCandidates := conversation.HasCandidateWith(candidate.IDIn(cids...))
	if err := client.Conversation.Update().Where(ofCandidates).SetSubject("").Exec(ctx); err != nil {
		return nil, fmt.Errorf("erasing conversations: %w", err)
	}
	convs, err := client.Conversation.Query().Where(ofCandidates).IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading conversations: %w", err)
	}
	if err := forgetStoredAnswers(ctx, client, append(slices.Clone(cids), convs...)); err != nil {
		return nil, err
	}
	msgs, err := client.Message.Query().Where(message.HasConversationWith(ofCandidates)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading messages: %w", err)
	}
	for _, m := range msgs {
		if err := client.Message.UpdateOne(m).SetSubject("").SetBody("").
			SetFrom(eraseParty(m.From)).SetTo(eraseParties(m.To)).SetCc(eraseParties(m.Cc)).SetBcc(eraseParties(m.Bcc)).
			Exec(ctx); err != nil {
			return nil, fmt.Errorf("erasing message: %w", err)
		}
	}
	if err := eraseScorecardNotes(ctx, client, cids); err != nil {
		return nil, err
	}
	// Notes and applications are records nobody may rewrite, so ent has
	// no setters for them; the erasure is the one exception.
	if err := overwrite(ctx, client, note.Table, note.FieldCandidateID, cids,
		note.FieldText+" = '', "+note.FieldDetails+" = '[]'"); err != nil {
		return nil, fmt.Errorf("erasing notes: %w", err)
	}
	if err := overwrite(ctx, client, application.Table, application.FieldCandidateID, cids,
		application.FieldEmail+" = '', "+application.FieldLinkedinURL+" = '', "+application.FieldCoverLetter+" = '', "+
			application.FieldAnswers+" = '[]', "+application.FieldDemographicAnswers+" = '[]'"); err != nil {
		return nil, fmt.Errorf("erasing applications: %w", err)
	}
	return keys, nil
}

// erasedFileName names an offer letter whose content was erased: the row
// stays, as reports count offers made and signed.
const erasedFileName = "erased.pdf"

// overwrite runs UPDATE table SET set on the rows whose column is one of
// ids.
func overwrite(ctx context.Context, client *ent.Client, table, column string, ids []string, set string) error {
	marks, args := placeholders(1, ids)
	_, err := client.ExecContext(ctx, "UPDATE "+table+" SET "+set+" WHERE "+column+" IN ("+marks+")", args...)
	return err
}

// placeholders are the parameters $from, $from+1, … of ids, for an IN
// list, and their values.
func placeholders(from int, ids []string) (string, []any) {
	marks := make([]string, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		marks[i], args[i] = fmt.Sprintf("$%d", from+i), id
	}
	return strings.Join(marks, ", "), args
}

// eraseParty keeps who a party of a message is by kind and uid: a user
// stays named, anyone else (the candidate, an outside contact) loses name
// and address.
func eraseParty(p schematype.Party) schematype.Party {
	if p.Type == "user" {
		return p
	}
	return schematype.Party{Type: p.Type, UID: p.UID, Status: p.Status}
}

func eraseParties(ps []schematype.Party) []schematype.Party {
	out := make([]schematype.Party, len(ps))
	for i, p := range ps {
		out[i] = eraseParty(p)
	}
	return out
}

// eraseTimeline erases the person's data from the activities (and so the
// events and the webhook deliveries still to come, which read them) of
// the person and their candidates cids. They are read and written in SQL:
// ent's reads would hand back each activity as one reader may see it,
// and its changes are a record nobody may rewrite.
func eraseTimeline(ctx context.Context, client *ent.Client, personID string, cids []string) error {
	where, args := activity.FieldObjectType+" = 'Person' AND "+activity.FieldObjectID+" = $1", []any{personID}
	if len(cids) > 0 {
		marks, ids := placeholders(2, cids)
		where, args = where+" OR "+activity.FieldCandidateID+" IN ("+marks+")", append(args, ids...)
	}
	rows, err := client.QueryContext(ctx, "SELECT "+activity.FieldID+", "+activity.FieldObjectType+", "+activity.FieldChanges+", "+activity.FieldData+
		" FROM "+activity.Table+" WHERE "+where, args...)
	if err != nil {
		return fmt.Errorf("reading the timeline: %w", err)
	}
	type row struct {
		id, objectType string
		changes, data  []byte
	}
	var acts []row
	for rows.Next() {
		var r row
		if err := rows.Scan(&r.id, &r.objectType, &r.changes, &r.data); err != nil {
			rows.Close()
			return fmt.Errorf("reading the timeline: %w", err)
		}
		acts = append(acts, r)
	}
	if err := rows.Err(); err != nil {
		rows.Close()
		return fmt.Errorf("reading the timeline: %w", err)
	}
	if err := rows.Close(); err != nil {
		return err
	}
	for _, a := range acts {
		changes, err := eraseChanges(a.changes)
		if err != nil {
			return fmt.Errorf("activity %s: %w", a.id, err)
		}
		data, err := eraseEventData(a.objectType, a.data)
		if err != nil {
			return fmt.Errorf("activity %s: %w", a.id, err)
		}
		if slices.Equal(changes, a.changes) && slices.Equal(data, a.data) {
			continue
		}
		if _, err := client.ExecContext(ctx, "UPDATE "+activity.Table+" SET "+activity.FieldChanges+" = $1, "+activity.FieldData+" = $2 WHERE "+activity.FieldID+" = $3",
			string(changes), nullable(data), a.id); err != nil {
			return fmt.Errorf("erasing activity %s: %w", a.id, err)
		}
	}
	return nil
}

func nullable(data []byte) any {
	if data == nil {
		return nil
	}
	return string(data)
}

// skeletonFields are the changes whose values say where a hiring process
// went, not who it was about: an erasure keeps them. Any other change
// keeps its field's name (something changed, then) without its values.
var skeletonFields = []string{"status", "step", "steps", "opening", "person", "assignees", "source", "kind", "completed", "outcome", "score"}

func eraseChanges(raw []byte) ([]byte, error) {
	var changes []schematype.FieldChange
	if err := json.Unmarshal(raw, &changes); err != nil {
		return nil, fmt.Errorf("reading changes: %w", err)
	}
	for i, c := range changes {
		if !slices.Contains(skeletonFields, c.Field) {
			changes[i].Before, changes[i].After = nil, nil
		}
	}
	out, err := json.Marshal(changes)
	if err != nil {
		return nil, err
	}
	if string(out) == string(raw) {
		return raw, nil
	}
	return out, nil
}

// erasable is a payload type that can hold personal data.
type erasable interface {
	erase()
}

func (c *CandidateV1) erase() { c.RejectionNote, c.Address = nil, nil }
func (n *NoteV1) erase()      { n.Text, n.Details = "", nil }
func (m *MessageV1) erase() {
	m.Subject, m.Body = "", ""
	m.From, m.To, m.Cc, m.Bcc = eraseParty(m.From), eraseParties(m.To), eraseParties(m.Cc), eraseParties(m.Bcc)
}
func (t *TestSubmissionV1) erase() {
	t.CandidateEvaluationID, t.DisplayMessage, t.Summary, t.ResultUrls = nil, "", "", nil
}
func (f *CandidateFileV1) erase() { f.FileName = "" }
func (sc *ScorecardV1) erase() {
	if sc.Notes != nil {
		sc.Notes = new(string)
	}
	for i := range sc.Ratings {
		sc.Ratings[i].Note = ""
	}
}

// eraseScorecardNotes empties what interviewers wrote about the
// candidates: scorecards' notes and their ratings' notes. The
// recommendations and ratings stay, as reports count them; they say
// nothing about the person beyond the candidacy.
func eraseScorecardNotes(ctx context.Context, client *ent.Client, cids []string) error {
	if err := client.Scorecard.Update().Where(scorecard.CandidateIDIn(cids...)).SetNotes("").Exec(ctx); err != nil {
		return fmt.Errorf("erasing scorecard notes: %w", err)
	}
	if err := client.ScorecardRating.Update().Where(scorecardrating.CandidateIDIn(cids...)).SetNote("").Exec(ctx); err != nil {
		return fmt.Errorf("erasing rating notes: %w", err)
	}
	return nil
}

// eraseEventData is an event's stored object.data with the person's data
// taken out, in the current version; data of other records (a position,
// an opening) stays as it is.
func eraseEventData(objectType string, data []byte) ([]byte, error) {
	obj, ok := newEventObject(objectType).(erasable)
	if !ok || len(data) == 0 || string(data) == "null" {
		return data, nil
	}
	if err := json.Unmarshal(data, obj); err != nil {
		return nil, fmt.Errorf("reading the %s of an event: %w", objectType, err)
	}
	obj.erase()
	obj.(eventObject).markCurrent()
	return json.Marshal(obj)
}

// forgetStoredAnswers deletes the answers kept for idempotent REST retries
// (24 hours, internal/idempotency) of requests whose path names one of
// ids: a note's or a message's answer carries its text, which a retry
// would otherwise replay after the erasure. Such a retry runs again.
func forgetStoredAnswers(ctx context.Context, client *ent.Client, ids []string) error {
	if len(ids) == 0 {
		return nil
	}
	naming := make([]predicate.IdempotencyKey, 0, 2*len(ids))
	for _, id := range ids {
		naming = append(naming, idempotencykey.PathContains("/"+id+"/"), idempotencykey.PathHasSuffix("/"+id))
	}
	if _, err := client.IdempotencyKey.Delete().Where(idempotencykey.Or(naming...)).Exec(ctx); err != nil {
		return fmt.Errorf("forgetting stored answers: %w", err)
	}
	return nil
}
