package recruiting

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
)

// CreateMessageInput is the body of spec 4.3.
type CreateMessageInput struct {
	TimeSent string         `json:"time_sent"`
	Subject  string         `json:"subject"`
	Body     *string        `json:"body"`
	From     *ContactInput  `json:"from"`
	To       []ContactInput `json:"to"`
	Cc       []ContactInput `json:"cc"`
	Bcc      []ContactInput `json:"bcc"`
	// Status is the sample's top-level status: the delivery status of every
	// recipient that names none, and the status of the message itself.
	Status *string `json:"status"`
}

// Limits of one message: each recipient is looked up, so their number is
// bounded; the subject column holds 500 bytes.
const (
	maxRecipients   = 100
	maxSubjectBytes = 500
)

// CreateMessage adds a message to an existing conversation (spec 4.3). The
// body keeps <b>, <i>, <u> and safe links; a message about a candidate
// counts as activity of the candidate.
func (s *CandidateService) CreateMessage(ctx context.Context, conversationID string, in CreateMessageInput) (*ent.Message, error) {
	if err := Require(ctx, permission.Comment); err != nil {
		return nil, err
	}
	sent, err := s.parsePastTime("time_sent", in.TimeSent)
	if err != nil {
		return nil, err
	}
	body, err := requiredHTML("body", in.Body, sanitize.MessageBody)
	if err != nil {
		return nil, err
	}
	subject := sanitize.PlainText(in.Subject)
	if len(subject) > maxSubjectBytes {
		return nil, apierror.Invalid("subject", "subject must be at most %d bytes of UTF-8 (& < > and quotes count as escaped)", maxSubjectBytes)
	}
	// A message logged by a signed-in user without a sender is theirs.
	if in.From == nil {
		by, err := s.actingUser(ctx)
		if err != nil {
			return nil, err
		}
		in.From = by
	}
	if err := validateMessageParties(in); err != nil {
		return nil, err
	}
	var msg *ent.Message
	err = s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		conv, err := client.Conversation.Get(ctx, conversationID)
		if ent.IsNotFound(err) {
			return apierror.NotFound(apierror.CodeMessageNotFound, "no conversation has the uid %q", conversationID)
		}
		if err != nil {
			return err
		}
		about, err := conv.QueryCandidate().Only(ctx)
		if err != nil && !ent.IsNotFound(err) {
			return err
		}
		from, err := linkParty(ctx, client, *in.From, about)
		if err != nil {
			return err
		}
		var lists [3][]schematype.Party
		for i, list := range [][]ContactInput{in.To, in.Cc, in.Bcc} {
			if lists[i], err = linkRecipients(ctx, client, list, in.Status, about); err != nil {
				return err
			}
		}
		msg, err = client.Message.Create().
			SetConversation(conv).
			SetTimeSent(sent).
			SetStatus(messageStatus(in.Status, lists[:]...)).
			SetSubject(subject).
			SetBody(body).
			SetFrom(from).SetTo(lists[0]).SetCc(lists[1]).SetBcc(lists[2]).
			Save(ctx)
		if err != nil {
			return fmt.Errorf("saving message: %w", err)
		}
		return s.record(ctx, client, Activity{Verb: VerbMessageCreated, ObjectType: "Message", ObjectID: msg.ID, Candidate: about, Object: msg})
	})
	return msg, err
}

func validateMessageParties(in CreateMessageInput) error {
	if in.From == nil {
		return apierror.Invalid("from", "from is required")
	}
	if err := validateContact("from", *in.From); err != nil {
		return err
	}
	if in.From.Status != nil {
		return apierror.Invalid("from.status", "from.status does not apply: only recipients have a delivery status")
	}
	if in.Status != nil && !slices.Contains(recipientStatuses, *in.Status) {
		return apierror.Invalid("status", "status must be one of %s, got %q", strings.Join(recipientStatuses, ", "), *in.Status)
	}
	if len(in.To) == 0 {
		return apierror.Invalid("to", "to needs at least one recipient")
	}
	if n := len(in.To) + len(in.Cc) + len(in.Bcc); n > maxRecipients {
		return apierror.Invalid("to", "a message may have at most %d recipients in to, cc and bcc together, got %d", maxRecipients, n)
	}
	for _, l := range []struct {
		name string
		list []ContactInput
	}{{"to", in.To}, {"cc", in.Cc}, {"bcc", in.Bcc}} {
		for i, c := range l.list {
			if err := validateRecipient(fmt.Sprintf("%s[%d]", l.name, i), c, in.Status != nil); err != nil {
				return err
			}
		}
	}
	return nil
}

// validateContact checks a message party per spec 2.10: an e-mail is
// required unless the party is the candidate.
func validateContact(field string, c ContactInput) error {
	if err := validateParty(field, c, messagePartyTypes); err != nil {
		return err
	}
	if c.Type != "candidate" && c.Email == "" {
		return apierror.Invalid(field+".email", "%s.email is required for a %s", field, c.Type)
	}
	return nil
}

func validateRecipient(field string, c ContactInput, hasDefault bool) error {
	if err := validateContact(field, c); err != nil {
		return err
	}
	switch {
	case c.Status == nil && !hasDefault:
		return apierror.Invalid(field+".status", "%s.status is required (one of %s)", field, strings.Join(recipientStatuses, ", "))
	case c.Status != nil && !slices.Contains(recipientStatuses, *c.Status):
		return apierror.Invalid(field+".status", "%s.status must be one of %s, got %q", field, strings.Join(recipientStatuses, ", "), *c.Status)
	}
	return nil
}

func linkRecipients(ctx context.Context, client *ent.Client, list []ContactInput, defaultStatus *string, about *ent.Candidate) ([]schematype.Party, error) {
	out := make([]schematype.Party, 0, len(list))
	for _, c := range list {
		if c.Status == nil {
			c.Status = defaultStatus
		}
		p, err := linkParty(ctx, client, c, about)
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// deliveryProgress orders recipient statuses by how far a message got.
var deliveryProgress = map[string]int{"Failed": 0, "Sent": 1, "Open": 2, "Clicked": 3}

// messageStatus is the status the caller gave, or else the furthest any
// recipient got: Clicked, then Open, then Sent, and Failed only when every
// recipient failed. A message one recipient opened reads as opened, as in
// every mail client's sent folder.
func messageStatus(given *string, recipients ...[]schematype.Party) string {
	if given != nil {
		return *given
	}
	status := "Failed"
	for _, list := range recipients {
		for _, r := range list {
			if deliveryProgress[r.Status] > deliveryProgress[status] {
				status = r.Status
			}
		}
	}
	return status
}
