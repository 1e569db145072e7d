package bench

import (
	"context"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/scorecard"
)

// benchTemplate is every bench position's scorecard template, rated 1 to
// benchRatingScale.
var benchTemplate = []struct{ focus, name string }{{"Skills", "Go"}, {"Skills", "SQL"}, {"Culture", "Communication"}}

const benchRatingScale = 4

// seedTemplates gives every bench position the scorecard template and
// returns its attribute ids by position.
func seedTemplates(ctx context.Context, client *ent.Client, company string) (map[string][]string, error) {
	out := map[string][]string{}
	err := inTx(ctx, client, func(ctx context.Context, tx *ent.Client) error {
		positions, err := tx.Position.Query().Where(position.CompanyID(company), position.NameHasPrefix(benchPositionPrefix)).IDs(ctx)
		if err != nil {
			return err
		}
		if err := tx.Position.Update().Where(position.IDIn(positions...)).SetScorecardRatingScale(benchRatingScale).Exec(ctx); err != nil {
			return err
		}
		var builders []*ent.ScorecardAttributeCreate
		for _, p := range positions {
			for i, a := range benchTemplate {
				builders = append(builders, tx.ScorecardAttribute.Create().SetCompanyID(company).SetPositionID(p).SetFocus(a.focus).SetName(a.name).SetOrdinal(i))
			}
		}
		for from := 0; from < len(builders); from += batchSize {
			saved, err := tx.ScorecardAttribute.CreateBulk(builders[from:min(from+batchSize, len(builders))]...).Save(ctx)
			if err != nil {
				return err
			}
			for _, a := range saved {
				out[a.PositionID] = append(out[a.PositionID], a.ID)
			}
		}
		return nil
	})
	return out, err
}

// recommendationsInTurn are the recommendations seeded scorecards make,
// one after the other.
var recommendationsInTurn = []scorecard.OverallRecommendation{
	scorecard.OverallRecommendationStrongYes, scorecard.OverallRecommendationYes,
	scorecard.OverallRecommendationNo, scorecard.OverallRecommendationYes, scorecard.OverallRecommendationStrongNo,
}

// seedScorecards writes a scorecard by each interviewer of the interviews
// of interviews that have ended (interviewers[i] are those of
// interviews[i]), rating every attribute of its position's template.
func seedScorecards(ctx context.Context, tx *ent.Client, company string, interviews []*ent.Interview, interviewers [][]string, templates map[string][]string, now time.Time) error {
	var cards []*ent.ScorecardCreate
	var positions []string
	for i, iv := range interviews {
		if iv.TimeEnd.After(now) {
			continue
		}
		for _, u := range interviewers[i] {
			cards = append(cards, tx.Scorecard.Create().SetCompanyID(company).SetInterviewID(iv.ID).SetUserID(u).SetCandidateID(iv.CandidateID).
				SetNillableStepID(iv.StepID).SetOverallRecommendation(recommendationsInTurn[len(cards)%len(recommendationsInTurn)]).
				SetNotes("Seeded feedback.").SetTimeSubmitted(iv.TimeEnd).SetTimeUpdated(iv.TimeEnd))
			positions = append(positions, iv.PositionID)
		}
	}
	if len(cards) == 0 {
		return nil
	}
	saved, err := tx.Scorecard.CreateBulk(cards...).Save(ctx)
	if err != nil {
		return err
	}
	var ratings []*ent.ScorecardRatingCreate
	for i, sc := range saved {
		for j, attribute := range templates[positions[i]] {
			ratings = append(ratings, tx.ScorecardRating.Create().SetCompanyID(company).SetScorecardID(sc.ID).SetAttributeID(attribute).
				SetCandidateID(sc.CandidateID).SetRating(1+(i+j)%benchRatingScale))
		}
	}
	for from := 0; from < len(ratings); from += batchSize {
		if err := tx.ScorecardRating.CreateBulk(ratings[from:min(from+batchSize, len(ratings))]...).Exec(ctx); err != nil {
			return err
		}
	}
	return nil
}
