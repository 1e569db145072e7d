package recruiting

import (
	"context"
	"fmt"

	"github.com/hiregraph/hiregraph/ent"
)

// RejectionReasonSeed is one of the rejection reasons a company starts with.
type RejectionReasonSeed struct {
	Name        string
	ByCandidate bool
}

// DefaultRejectionReasons are the reasons a company starts with; it may
// edit the list later.
var DefaultRejectionReasons = []RejectionReasonSeed{
	{Name: "Not enough experience"},
	{Name: "Skills do not match"},
	{Name: "Salary expectations too high"},
	{Name: "Not a culture add"},
	{Name: "Position filled"},
	{Name: "No response from candidate"},
	{Name: "Candidate declined the offer", ByCandidate: true},
	{Name: "Candidate accepted another offer", ByCandidate: true},
}

// ensureRejectionReasons gives a company without rejection reasons the
// default list, so rejectCandidate always has reasons to pick from.
func ensureRejectionReasons(ctx context.Context, client *ent.Client) error {
	n, err := client.RejectionReason.Query().Count(ctx)
	if err != nil || n > 0 {
		return err
	}
	for i, r := range DefaultRejectionReasons {
		if err := client.RejectionReason.Create().SetName(r.Name).SetByCandidate(r.ByCandidate).SetRank(i).Exec(ctx); err != nil {
			return fmt.Errorf("creating rejection reason %q: %w", r.Name, err)
		}
	}
	return nil
}
