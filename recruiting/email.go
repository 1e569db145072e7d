package recruiting

import (
	"context"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"entgo.io/ent/privacy"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/conversation"
	"github.com/hiregraph/hiregraph/ent/message"
	"github.com/hiregraph/hiregraph/ent/schema/schematype"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/mail"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// CodeNoEmailAddress: the candidate of a conversation has no e-mail
// address to send to.
const CodeNoEmailAddress = "candidate_has_no_email"

// MailQueue queues the e-mail of a message in the transaction that wrote
// it (internal/maildelivery), so a message is sent exactly when it commits.
type MailQueue interface {
	EnqueueMail(ctx context.Context, client *ent.Client, messageID string) error
	// EnqueueInvitation queues one invitation e-mail of an interview's
	// change, in the change's transaction.
	EnqueueInvitation(ctx context.Context, client *ent.Client, m InterviewMail) error
}

// SendMessageInput is a message a user sends to a candidate: a template,
// or a subject and body of its own.
type SendMessageInput struct {
	TemplateID    *string
	Subject       *string
	Body          *string
	InterviewTime *time.Time
}

// SendMessage writes a message from the signed-in user to the
// conversation's candidate and queues its e-mail, in one transaction.
func (s *CandidateService) SendMessage(ctx context.Context, conversationID string, in SendMessageInput) (*ent.Message, error) {
	if err := Require(ctx, permission.Comment); err != nil {
		return nil, err
	}
	if err := validSendInput(in); err != nil {
		return nil, err
	}
	var msg *ent.Message
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		conv, err := client.Conversation.Get(ctx, conversationID)
		if ent.IsNotFound(err) {
			return apierror.NotFound(apierror.CodeMessageNotFound, "no conversation has the uid %q", conversationID)
		}
		if err != nil {
			return err
		}
		c, err := conv.QueryCandidate().Only(ctx)
		if ent.IsNotFound(err) {
			return apierror.Invalid("conversationID", "conversation %s is not with a candidate: start one with createConversation", conv.ID)
		}
		if err != nil {
			return err
		}
		var tpl *ent.MessageTemplate
		if in.TemplateID != nil {
			if tpl, err = messageTemplate(ctx, client, *in.TemplateID); err != nil {
				return err
			}
		}
		// Every id is checked before the sender, so an id the viewer
		// cannot see answers alike for users and keys.
		from, err := s.sender(ctx)
		if err != nil {
			return err
		}
		text := renderedMessage{subject: conv.Subject, body: deref(in.Body)}
		if in.Subject != nil {
			text.subject = *in.Subject
		}
		if tpl != nil {
			if text, err = s.render(ctx, client, tpl, c, from, in.InterviewTime); err != nil {
				return err
			}
		}
		msg, err = s.queueEmail(ctx, client, conv, c, from, text)
		return err
	})
	return msg, err
}

// messageTemplate reads a template of the viewer's company.
func messageTemplate(ctx context.Context, client *ent.Client, id string) (*ent.MessageTemplate, error) {
	tpl, err := client.MessageTemplate.Get(ctx, id)
	if ent.IsNotFound(err) {
		return nil, templateNotFound(id)
	}
	return tpl, err
}

func validSendInput(in SendMessageInput) error {
	switch {
	case in.TemplateID != nil && (in.Subject != nil || in.Body != nil):
		return apierror.Invalid("templateID", "give either templateID or a subject and body, not both")
	case in.TemplateID == nil && (in.Body == nil || strings.TrimSpace(*in.Body) == ""):
		return apierror.Invalid("body", "body is required without a template")
	case in.Subject != nil && len(*in.Subject) > maxSubjectBytes:
		return apierror.Invalid("subject", "subject may be at most %d bytes", maxSubjectBytes)
	case in.Body != nil && len(*in.Body) > maxTemplateBodyBytes:
		return apierror.Invalid("body", "body may be at most %d bytes", maxTemplateBodyBytes)
	}
	return nil
}

// sender is the signed-in user as a message's sender: mail goes out in a
// person's name, so an API key must act for a user.
func (s *CandidateService) sender(ctx context.Context) (*ContactInput, error) {
	from, err := s.actingUser(ctx)
	if err != nil {
		return nil, err
	}
	if from == nil {
		return nil, apierror.New(http.StatusForbidden, apierror.CodeForbidden, "e-mail to candidates is sent by a user: sign in, or act On-Behalf-Of one")
	}
	return from, nil
}

// queueEmail writes a message from a user to candidate c in conv, QUEUED,
// with its activity, and queues its e-mail in the same transaction.
func (s *CandidateService) queueEmail(ctx context.Context, client *ent.Client, conv *ent.Conversation, c *ent.Candidate, from *ContactInput, text renderedMessage) (*ent.Message, error) {
	if s.Mail == nil {
		return nil, apierror.New(http.StatusServiceUnavailable, apierror.CodeServiceUnavailable, "this server sends no e-mail")
	}
	p, err := c.QueryPerson().Only(ctx)
	if err != nil {
		return nil, fmt.Errorf("reading the candidate's person: %w", err)
	}
	if !mail.ValidAddress(p.Email) {
		return nil, apierror.New(http.StatusUnprocessableEntity, CodeNoEmailAddress, "candidate %s has no e-mail address to send to", c.ID)
	}
	sender, err := linkParty(ctx, client, *from, c)
	if err != nil {
		return nil, err
	}
	to, err := linkParty(ctx, client, ContactInput{Type: "candidate", FirstName: p.FirstName, LastName: strings.TrimSpace(p.LastName), Email: p.Email}, c)
	if err != nil {
		return nil, err
	}
	msg, err := client.Message.Create().
		SetConversation(conv).
		SetTimeSent(s.now()).
		SetSubject(sanitize.PlainText(text.subject)).
		SetBody(html.EscapeString(text.body)).
		SetFrom(sender).SetTo([]schematype.Party{to}).
		SetDeliveryStatus(message.DeliveryStatusQueued).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("saving message: %w", err)
	}
	if err := s.record(ctx, client, Activity{Verb: VerbMessageCreated, ObjectType: "Message", ObjectID: msg.ID, Candidate: c, Object: msg}); err != nil {
		return nil, err
	}
	if err := s.Mail.EnqueueMail(ctx, client, msg.ID); err != nil {
		return nil, err
	}
	return msg, nil
}

// DeliverMessage sends the e-mail of a QUEUED message through send and
// records the outcome: SENT; FAILED when the refusal is permanent or this
// was the last attempt; otherwise still QUEUED with the reason, and the
// error is returned so the job is tried again. A message no longer queued
// (sent already, or erased) is skipped.
func (s *CandidateService) DeliverMessage(ctx context.Context, messageID string, lastAttempt bool, send func(context.Context, mail.Message) error) error {
	msg, err := s.Client.Message.Get(privacy.DecisionContext(ctx, privacy.Allow), messageID)
	if ent.IsNotFound(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("loading message %s: %w", messageID, err)
	}
	if msg.DeliveryStatus == nil || *msg.DeliveryStatus != message.DeliveryStatusQueued || len(msg.To) == 0 {
		return nil
	}
	ctx = viewer.NewContext(ctx, viewer.ForService(msg.CompanyID))
	sendErr := send(ctx, emailOf(msg))
	if sendErr == nil {
		return s.finishDelivery(ctx, msg, message.DeliveryStatusSent, nil)
	}
	reason := sendErr.Error()
	if mail.IsPermanent(sendErr) || lastAttempt {
		slog.WarnContext(ctx, "e-mail not delivered", "message", msg.ID, "error", sendErr)
		return s.finishDelivery(ctx, msg, message.DeliveryStatusFailed, &reason)
	}
	if err := s.finishDelivery(ctx, msg, message.DeliveryStatusQueued, &reason); err != nil {
		return errors.Join(sendErr, err)
	}
	return sendErr
}

// emailOf is the e-mail of a message to its first recipient, in its
// sender's name; the caller sets From and the Message-ID's domain.
func emailOf(msg *ent.Message) mail.Message {
	to := msg.To[0]
	return mail.Message{
		ID:       msg.ID,
		FromName: partyName(msg.From),
		ReplyTo:  msg.From.Email,
		To:       to.Email,
		ToName:   partyName(to),
		Subject:  html.UnescapeString(msg.Subject),
		Text:     html.UnescapeString(msg.Body),
		Date:     msg.TimeSent,
	}
}

func partyName(p schematype.Party) string {
	return strings.Join(strings.Fields(p.FirstName+" "+p.MiddleName+" "+p.LastName), " ")
}

// finishDelivery records an attempt's outcome, guarded on the message
// still being QUEUED so that two workers never both record one. SENT and
// FAILED are events (message.sent, message.delivery_failed); an attempt
// to be retried only updates the message.
func (s *CandidateService) finishDelivery(ctx context.Context, msg *ent.Message, status message.DeliveryStatus, reason *string) error {
	if reason != nil && len(*reason) > 1000 {
		*reason = (*reason)[:1000]
	}
	return s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		upd := client.Message.Update().
			Where(message.ID(msg.ID), message.DeliveryStatusEQ(message.DeliveryStatusQueued)).
			SetDeliveryStatus(status).SetNillableDeliveryError(reason).AddDeliveryAttempts(1)
		verb := ""
		switch status {
		case message.DeliveryStatusSent:
			upd.SetTimeDelivered(s.now()).SetStatus("Sent").ClearDeliveryError()
			verb = VerbMessageSent
		case message.DeliveryStatusFailed:
			upd.SetStatus("Failed")
			verb = VerbMessageDeliveryFailed
		}
		n, err := upd.Save(ctx)
		if err != nil || n == 0 || verb == "" {
			return err
		}
		updated, err := client.Message.Get(ctx, msg.ID)
		if err != nil {
			return err
		}
		c, err := client.Conversation.Query().Where(conversation.ID(msg.ConversationID)).QueryCandidate().Only(ctx)
		if err != nil && !ent.IsNotFound(err) {
			return err
		}
		changes := Change("deliveryStatus", string(message.DeliveryStatusQueued), string(status))
		return s.record(ctx, client, Activity{Verb: verb, ObjectType: "Message", ObjectID: msg.ID, Candidate: c, Object: updated, Changes: changes})
	})
}

// emailRejection queues the rejection e-mail of template templateID (when
// set) to c in a new conversation, in the rejection's transaction.
func (s *CandidateService) emailRejection(ctx context.Context, client *ent.Client, c *ent.Candidate, templateID *string) error {
	if templateID == nil {
		return nil
	}
	tpl, err := messageTemplate(ctx, client, *templateID)
	if err != nil {
		return err
	}
	from, err := s.sender(ctx)
	if err != nil {
		return err
	}
	text, err := s.render(ctx, client, tpl, c, from, nil)
	if err != nil {
		return err
	}
	conv, err := s.startConversation(ctx, client, c, sanitize.PlainText(text.subject))
	if err != nil {
		return err
	}
	_, err = s.queueEmail(ctx, client, conv, c, from, text)
	return err
}
