package recruiting

import (
	"context"
	"fmt"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/permission"
	"github.com/hiregraph/hiregraph/internal/sanitize"
)

// CreateConversationInput starts a conversation with a candidate.
type CreateConversationInput struct {
	CandidateID string
	Subject     *string
}

// CreateConversation starts a conversation with a candidate the viewer
// sees, to which SendMessage sends e-mail.
func (s *CandidateService) CreateConversation(ctx context.Context, in CreateConversationInput) (*ent.Conversation, error) {
	if err := Require(ctx, permission.Comment); err != nil {
		return nil, err
	}
	subject := ""
	if in.Subject != nil {
		subject = sanitize.PlainText(*in.Subject)
	}
	if len(subject) > maxSubjectBytes {
		return nil, apierror.Invalid("subject", "subject must be at most %d bytes of UTF-8 (& < > and quotes count as escaped)", maxSubjectBytes)
	}
	var conv *ent.Conversation
	err := s.WithTx(ctx, func(ctx context.Context, client *ent.Client) error {
		c, err := client.Candidate.Get(ctx, in.CandidateID)
		if ent.IsNotFound(err) {
			return apierror.NotFound(apierror.CodeCandidateNotFound, "no candidate has the uid %q", in.CandidateID)
		}
		if err != nil {
			return err
		}
		conv, err = s.startConversation(ctx, client, c, subject)
		return err
	})
	return conv, err
}

// startConversation writes a conversation with c and its activity.
func (s *CandidateService) startConversation(ctx context.Context, client *ent.Client, c *ent.Candidate, subject string) (*ent.Conversation, error) {
	conv, err := client.Conversation.Create().SetCandidate(c).SetSubject(subject).SetTimeCreated(s.now()).Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("saving conversation: %w", err)
	}
	conv.Edges.Candidate = c
	err = s.record(ctx, client, Activity{Verb: VerbConversationCreated, ObjectType: "Conversation", ObjectID: conv.ID, Candidate: c, Object: conv})
	return conv, err
}
