package recruiting

import (
	"context"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// ViewerUser returns the user the request acts for, or nil for an API key
// acting for no one.
func (s *core) ViewerUser(ctx context.Context) (*ent.User, error) {
	v, _ := viewer.FromContext(ctx)
	if v.UserID == "" {
		return nil, nil
	}
	return s.Client.User.Get(ctx, v.UserID)
}

// actingUser returns the party of the user the request acts for, as the
// spec's created_by spells a user, or nil when it acts for no one.
func (s *core) actingUser(ctx context.Context) (*ContactInput, error) {
	u, err := s.ViewerUser(ctx)
	if err != nil || u == nil {
		return nil, err
	}
	return &ContactInput{Type: "user", FirstName: u.FirstName, MiddleName: u.MiddleName, LastName: u.LastName, Email: u.Email}, nil
}
