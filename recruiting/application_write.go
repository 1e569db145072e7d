package recruiting

import (
	"context"
	"errors"

	"github.com/hiregraph/hiregraph/ent"
)

// writeApplication is built on createCandidate (issue 15), once merged.
func (s *Service) writeApplication(ctx context.Context, client *ent.Client, p *ent.Position, app *checkedApplication, files []*storedFile) (*Applied, error) {
	return nil, errors.New("applications need createCandidate")
}
