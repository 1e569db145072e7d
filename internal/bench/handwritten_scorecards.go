package bench

import (
	"context"
	"database/sql"
)

type (
	// hwScorecardSummary is a card's scorecards summed up: how many, and
	// how many make each recommendation, zeros included.
	hwScorecardSummary struct {
		Submitted       int                 `json:"submitted"`
		Recommendations []*hwRecommendation `json:"recommendations"`
	}
	hwRecommendation struct {
		Recommendation string `json:"recommendation"`
		Count          int    `json:"count"`
	}
)

// hwRecommendations are the recommendations in the order summaries list
// them.
var hwRecommendations = []string{"STRONG_NO", "NO", "YES", "STRONG_YES"}

func newScorecardSummary() *hwScorecardSummary {
	sum := &hwScorecardSummary{Recommendations: make([]*hwRecommendation, len(hwRecommendations))}
	for i, r := range hwRecommendations {
		sum.Recommendations[i] = &hwRecommendation{Recommendation: r}
	}
	return sum
}

// recommendationCountsStatement counts the scorecards of each candidate
// in the second parameter by recommendation, on the (company, candidate)
// index: all a card's summary shows. (Ours also averages the ratings and
// reads the templates' attributes, which the board does not ask for.)
func (h *handWritten) recommendationCountsStatement() string {
	return h.ofParents(`SELECT candidate_id, overall_recommendation, COUNT(*)`, "scorecards", "candidate_id",
		` GROUP BY candidate_id, overall_recommendation`)
}

// boardScorecards puts on every card of steps its scorecard summary, in
// one statement for all of them. The floor's reader, an API key, reads
// every scorecard.
func (h *handWritten) boardScorecards(ctx context.Context, company string, steps []*hwBoardStep) error {
	cards := map[string]*hwScorecardSummary{}
	var ids []string
	for _, s := range steps {
		for i := range s.Candidates.Edges {
			c := &s.Candidates.Edges[i].Node
			c.ScorecardSummary = newScorecardSummary()
			cards[c.ID] = c.ScorecardSummary
			ids = append(ids, c.ID)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	return h.eachChild(ctx, h.sql.recommendationCounts, company, ids, func(rows *sql.Rows) error {
		var candidate, recommendation string
		var n int
		if err := rows.Scan(&candidate, &recommendation, &n); err != nil {
			return err
		}
		sum := cards[candidate]
		sum.Submitted += n
		for _, r := range sum.Recommendations {
			if r.Recommendation == recommendation {
				r.Count = n
			}
		}
		return nil
	})
}
