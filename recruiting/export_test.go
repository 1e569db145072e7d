package recruiting

import (
	"context"
	"time"

	"github.com/hiregraph/hiregraph/ent"
)

// InsertPerson exposes the insert createCandidate falls back to, so a test
// can run it as the loser of a race: after another request created the
// person.
func (s *Service) InsertPerson(ctx context.Context, client *ent.Client, in PersonInput, email string) (*ent.Person, error) {
	return s.insertPerson(ctx, client, in, email)
}

// EraseIfStillDue exposes retention's guarded erasure, so a test can run
// it after the person applied again, as a run that listed them before
// would.
func (s *Service) EraseIfStillDue(ctx context.Context, personID string, cutoff time.Time) (bool, error) {
	return s.eraseIfStillDue(ctx, personID, cutoff)
}
