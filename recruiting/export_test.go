package recruiting

import (
	"context"

	"github.com/hiregraph/hiregraph/ent"
)

// InsertPerson exposes the insert createCandidate falls back to, so a test
// can run it as the loser of a race: after another request created the
// person.
func (s *Service) InsertPerson(ctx context.Context, client *ent.Client, in PersonInput, email string) (*ent.Person, error) {
	return s.insertPerson(ctx, client, in, email)
}
