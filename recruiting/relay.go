package recruiting

import (
	"context"

	"github.com/hiregraph/hiregraph/ent"
)

// RelayPage is the Relay spelling of a page (GraphQL connections): first
// and after, or last and before. It reads the same lists as the REST
// spelling, under the same read scope and page sizes; entgql's Paginate
// walks the keyset of the order the caller picks.
type RelayPage struct {
	After  *ent.Cursor
	First  *int
	Before *ent.Cursor
	Last   *int
}

// open is the entry of a Relay list, as readPage is of a REST one: the
// read scope, then the page size.
func (p *RelayPage) open(ctx context.Context) error {
	if err := openList(ctx); err != nil {
		return err
	}
	var err error
	p.First, p.Last, err = RelayPageSize(p.First, p.Last)
	return err
}

// CandidateConnection is the candidates list of spec 4.5 as a connection:
// the REST filters, and entgql's orderBy and where.
func (s *CandidateService) CandidateConnection(ctx context.Context, page RelayPage, orderBy []*ent.CandidateOrder, where *ent.CandidateWhereInput, f *CandidateFilter) (*ent.CandidateConnection, error) {
	if err := page.open(ctx); err != nil {
		return nil, err
	}
	q, err := f.ApplyTo(s.Client.Candidate.Query())
	if err != nil {
		return nil, err
	}
	return q.Paginate(ctx, page.After, page.First, page.Before, page.Last,
		ent.WithCandidateOrder(orderBy), ent.WithCandidateFilter(where.Filter))
}

// OpeningConnection is the openings list of spec 4.4 as a connection.
func (s *PositionService) OpeningConnection(ctx context.Context, page RelayPage, orderBy []*ent.OpeningOrder, where *ent.OpeningWhereInput, f *OpeningFilter) (*ent.OpeningConnection, error) {
	if err := page.open(ctx); err != nil {
		return nil, err
	}
	q, err := f.ApplyTo(s.Client.Opening.Query())
	if err != nil {
		return nil, err
	}
	return q.Paginate(ctx, page.After, page.First, page.Before, page.Last,
		ent.WithOpeningOrder(orderBy), ent.WithOpeningFilter(where.Filter))
}

// QuestionnaireConnection is the questionnaires list of spec 4.6 as a
// connection.
func (s *PositionService) QuestionnaireConnection(ctx context.Context, page RelayPage, orderBy *ent.QuestionnaireOrder, where *ent.QuestionnaireWhereInput) (*ent.QuestionnaireConnection, error) {
	if err := page.open(ctx); err != nil {
		return nil, err
	}
	return s.Client.Questionnaire.Query().Paginate(ctx, page.After, page.First, page.Before, page.Last,
		ent.WithQuestionnaireOrder(orderBy), ent.WithQuestionnaireFilter(where.Filter))
}

// DuplicateConnection is findDuplicates as a connection: the people of
// the company with email's address, in any case.
func (s *CandidateService) DuplicateConnection(ctx context.Context, email string, page RelayPage, where *ent.PersonWhereInput) (*ent.PersonConnection, error) {
	if err := page.open(ctx); err != nil {
		return nil, err
	}
	q, err := duplicatesOf(ctx, s.Client, email)
	if err != nil {
		return nil, err
	}
	return q.Paginate(ctx, page.After, page.First, page.Before, page.Last, ent.WithPersonFilter(where.Filter))
}
