package recruiting

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/activity"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// Verbs of the timeline, spelled object.action. README's Timeline section
// lists them; events and webhooks use the same names.
const (
	VerbNoteCreated    = "note.created"
	VerbMessageCreated = "message.created"
	// A message sent by e-mail (sendMessage) was accepted by the mail
	// server, or refused for good.
	VerbMessageSent           = "message.sent"
	VerbMessageDeliveryFailed = "message.delivery_failed"
	VerbConversationCreated   = "conversation.created"
	VerbTestSubmitted         = "test.submitted"
	VerbEvaluationUpdated     = "evaluation.updated"
	VerbFileUploaded          = "file.uploaded"
	VerbFileDeleted           = "file.deleted"

	VerbPositionCreated       = "position.created"
	VerbPositionUpdated       = "position.updated"
	VerbPositionStatusChanged = "position.status_changed"
	VerbPositionPublished     = "position.published"
	VerbPositionUnpublished   = "position.unpublished"
	VerbPositionTeamChanged   = "position.team_changed"
	VerbOpeningCreated        = "opening.created"
	VerbOpeningUpdated        = "opening.updated"
	VerbOpeningStatusChanged  = "opening.status_changed"
	VerbOpeningReopened       = "opening.reopened"
	VerbApprovalStarted       = "approval.started"
	VerbApprovalPaused        = "approval.paused"
	VerbApprovalApproved      = "approval.approved"
	VerbApprovalRejected      = "approval.rejected"
	VerbApprovalEnded         = "approval.ended"

	VerbOfferCreated           = "offer.created"
	VerbOfferUpdated           = "offer.updated"
	VerbOfferApprovalRequested = "offer.approval_requested"
	VerbOfferApproved          = "offer.approved"
	VerbOfferSent              = "offer.sent"
	VerbOfferAccepted          = "offer.accepted"
	VerbOfferDeclined          = "offer.declined"
	VerbOfferWithdrawn         = "offer.withdrawn"
	VerbOfferRejected          = "offer.rejected"
)

// Activity is one change for the timeline. Every write of this package
// records one with record, in the transaction of the change.
type Activity struct {
	Verb       string
	ObjectType string
	ObjectID   string
	// Candidate, when set, puts the activity on the candidate's timeline
	// and its position's, and counts as activity of the candidate. The
	// transaction must hold its row (lockCandidate, or inserted by it):
	// the activity of a change search sees re-indexes it without locking
	// it again.
	Candidate *ent.Candidate
	// PositionID puts an activity without a candidate on a position's
	// timeline.
	PositionID string
	Changes    []schematype.FieldChange
	// Actor overrides the actor taken from the viewer, for callers that act
	// for someone else (a careers site for an applicant).
	Actor *Actor
	// Object is the record acted on, as it is after the change: its shape
	// goes into the activity's event. Callers pass what their Save
	// returned, so recording reads nothing back; a kind without a shape of
	// its own (a pipeline, an approval) passes nil and its event has null
	// data.
	Object any
}

// Actor is who did something.
type Actor struct {
	Type activity.ActorType
	ID   string
	Name string
}

// actorOf returns who is acting in ctx: the user of a user token or of
// On-Behalf-Of, else the API key of the viewer, or the service itself when
// no viewer is there (scheduled jobs).
func actorOf(ctx context.Context) Actor {
	v, ok := viewer.FromContext(ctx)
	if ok && v.UserID != "" {
		return Actor{Type: activity.ActorTypeUser, ID: v.UserID, Name: v.UserName}
	}
	if ok && v.PartnerID != "" {
		return Actor{Type: activity.ActorTypeEvaluationPartner, ID: v.PartnerID}
	}
	if !ok || v.KeyID == "" {
		return Actor{Type: activity.ActorTypeSystem}
	}
	return Actor{Type: activity.ActorTypeAPIKey, ID: v.KeyID}
}

// Change returns the change of one field, or nothing when the value stayed
// the same, so callers can append the result unconditionally. Values are
// compared as JSON spells them: a nil pointer is null.
func Change(field string, before, after any) []schematype.FieldChange {
	b, errB := json.Marshal(before)
	a, errA := json.Marshal(after)
	if errB == nil && errA == nil && bytes.Equal(a, b) {
		return nil
	}
	return []schematype.FieldChange{{Field: field, Before: before, After: after}}
}

// record writes a to the timeline through client, which must be the
// transaction's, so the activity commits or rolls back with its change. The
// activity is the change's event too (event.go).
func (s *core) record(ctx context.Context, client *ent.Client, a Activity) error {
	at := s.now()
	actor := actorOf(ctx)
	if a.Actor != nil {
		actor = *a.Actor
	}
	create := client.Activity.Create().
		SetVerb(a.Verb).
		SetActorType(actor.Type).
		SetActorID(actor.ID).
		SetActorName(actor.Name).
		SetObjectType(a.ObjectType).
		SetObjectID(a.ObjectID).
		SetChanges(append([]schematype.FieldChange{}, a.Changes...)).
		SetTimeCreated(at)
	switch {
	case a.Candidate != nil:
		create.SetCandidateID(a.Candidate.ID).SetPositionID(a.Candidate.PositionID)
	case a.PositionID != "":
		create.SetPositionID(a.PositionID)
	}
	if eventsOn {
		if err := s.makeEvent(ctx, client, create, a); err != nil {
			return err
		}
	}
	act, err := create.Save(ctx)
	if err != nil {
		return fmt.Errorf("recording activity %s: %w", a.Verb, err)
	}
	if eventsOn {
		if err := s.announce(ctx, client, announcementOf(act)); err != nil {
			return err
		}
	}
	if a.Candidate == nil {
		return nil
	}
	if err := touchCandidate(ctx, client, a.Candidate, at); err != nil {
		return err
	}
	if !searchVerbs[a.Verb] || indexesLater(ctx) {
		return nil
	}
	return indexHeldCandidate(ctx, client, a.Candidate)
}

// touchCandidate moves the candidate's time_hiring_process_updated and its
// person's time_last_activity (the "any activity" filters of spec 4.5) to
// at, never back. It moves c's own copy too, so a caller that returns c
// answers what was saved without reading it again.
func touchCandidate(ctx context.Context, client *ent.Client, c *ent.Candidate, at time.Time) error {
	if err := client.Candidate.Update().
		Where(candidate.ID(c.ID), candidate.TimeHiringProcessUpdatedLT(at)).
		SetTimeHiringProcessUpdated(at).
		Exec(ctx); err != nil {
		return fmt.Errorf("recording candidate activity: %w", err)
	}
	if err := client.Person.Update().
		Where(person.ID(c.PersonID), person.TimeLastActivityLT(at)).
		SetTimeLastActivity(at).
		Exec(ctx); err != nil {
		return fmt.Errorf("recording person activity: %w", err)
	}
	if c.TimeHiringProcessUpdated.Before(at) {
		c.TimeHiringProcessUpdated = at
	}
	return nil
}

// recordOnPerson records a, an activity of a person, on the timeline of
// each of the person's candidates, or on no timeline when the person has
// none.
func (s *core) recordOnPerson(ctx context.Context, client *ent.Client, cands []*ent.Candidate, a Activity) error {
	if len(cands) == 0 {
		return s.record(ctx, client, a)
	}
	for _, c := range cands {
		a.Candidate = c
		if err := s.record(ctx, client, a); err != nil {
			return err
		}
	}
	return nil
}
