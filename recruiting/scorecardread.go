package recruiting

import (
	"context"
	stdsql "database/sql"
	"fmt"

	"entgo.io/ent/dialect/sql"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/interview"
	"github.com/hiregraph/hiregraph/ent/interviewinterviewer"
	"github.com/hiregraph/hiregraph/ent/schema/rule"
	"github.com/hiregraph/hiregraph/ent/scorecard"
	"github.com/hiregraph/hiregraph/ent/scorecardattribute"
	"github.com/hiregraph/hiregraph/ent/scorecardrating"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// ScorecardSummary sums up the scorecards on a candidate.
type ScorecardSummary struct {
	// Submitted is the number of scorecards.
	Submitted int
	// Recommendations counts each recommendation, in the enum's order,
	// zeros included.
	Recommendations []*ScorecardRecommendationCount
	// Attributes are the position's template attributes, in order, then
	// attributes taken out of it that were rated.
	Attributes []*ScorecardAttributeSummary
}

// ScorecardRecommendationCount is how many scorecards recommend one way.
type ScorecardRecommendationCount struct {
	Recommendation scorecard.OverallRecommendation
	Count          int
}

// ScorecardAttributeSummary sums up the ratings of one attribute.
type ScorecardAttributeSummary struct {
	Attribute *ent.ScorecardAttribute
	// Ratings is the number of scorecards that rated the attribute.
	Ratings int
	// Average is the mean rating; nil when none rated it.
	Average *float64
}

// recommendations are the recommendations in the order summaries list
// them.
var recommendations = []scorecard.OverallRecommendation{
	scorecard.OverallRecommendationStrongNo, scorecard.OverallRecommendationNo,
	scorecard.OverallRecommendationYes, scorecard.OverallRecommendationStrongYes,
}

// ScorecardSummaries sums up the scorecards on each of cands the viewer
// may read others' feedback on (rule.OthersFeedbackReadable); the others
// are left out of the map. At most four queries for any number of
// candidates, counted and averaged by the database; the attributes are
// averaged only withAttributes, since a reader that shows only the counts
// (the board) should not pay for them.
func (s *ScorecardService) ScorecardSummaries(ctx context.Context, cands []*ent.Candidate, withAttributes bool) (map[string]*ScorecardSummary, error) {
	open, err := s.feedbackOpenOn(ctx, cands)
	if err != nil || len(open) == 0 {
		return nil, err
	}
	ids := make([]string, 0, len(open))
	positions := make([]string, 0, len(open))
	out := make(map[string]*ScorecardSummary, len(open))
	for i, sum := range emptySummaries(len(open)) {
		ids = append(ids, open[i].ID)
		positions = append(positions, open[i].PositionID)
		out[open[i].ID] = sum
	}
	if err := s.countRecommendations(ctx, ids, out); err != nil || !withAttributes {
		return out, err
	}
	return out, s.averageRatings(ctx, open, ids, positions, out)
}

// emptySummaries returns n summaries with every recommendation counted
// zero, taken from three blocks: a board's 100 cards made 600 small
// allocations for them.
func emptySummaries(n int) []*ScorecardSummary {
	k := len(recommendations)
	sums := make([]ScorecardSummary, n)
	counts := make([]ScorecardRecommendationCount, n*k)
	ptrs := make([]*ScorecardRecommendationCount, n*k)
	out := make([]*ScorecardSummary, n)
	for i := range sums {
		sums[i].Recommendations = ptrs[i*k : (i+1)*k : (i+1)*k]
		for j, r := range recommendations {
			counts[i*k+j].Recommendation = r
			sums[i].Recommendations[j] = &counts[i*k+j]
		}
		out[i] = &sums[i]
	}
	return out
}

// feedbackOpenOn returns the candidates of cands on whom the viewer reads
// every scorecard.
func (s *ScorecardService) feedbackOpenOn(ctx context.Context, cands []*ent.Candidate) ([]*ent.Candidate, error) {
	all, readable := rule.OthersFeedbackReadable(ctx)
	if all || len(cands) == 0 {
		return cands, nil
	}
	ids := make([]string, len(cands))
	for i, c := range cands {
		ids[i] = c.ID
	}
	q := s.clientOf(ctx).Candidate.Query().Where(candidate.IDIn(ids...))
	q.Filter().Where(readable)
	open, err := q.IDs(ctx)
	if err != nil {
		return nil, fmt.Errorf("checking whose feedback is open: %w", err)
	}
	var out []*ent.Candidate
	for _, c := range cands {
		for _, id := range open {
			if c.ID == id {
				out = append(out, c)
			}
		}
	}
	return out, nil
}

func (s *ScorecardService) countRecommendations(ctx context.Context, ids []string, out map[string]*ScorecardSummary) error {
	err := s.clientOf(ctx).Scorecard.Query().Where(scorecard.CandidateIDIn(ids...)).
		GroupBy(scorecard.FieldCandidateID, scorecard.FieldOverallRecommendation).
		Aggregate(ent.Count()).
		Scan(ctx, recommendationCounts(out))
	if err != nil {
		return fmt.Errorf("counting recommendations: %w", err)
	}
	return nil
}

// recommendationCounts adds the rows of countRecommendations' group-by
// (candidate, recommendation, count) to the summaries of the candidates,
// straight from the rows (ent.RowsScanner): the ids and recommendations
// are compared as the driver's bytes, so a row allocates nothing.
type recommendationCounts map[string]*ScorecardSummary

// ScanRows implements ent.RowsScanner.
func (out recommendationCounts) ScanRows(rows *sql.Rows) error {
	var candidateID, recommendation stdsql.RawBytes
	var count int
	for rows.Next() {
		if err := rows.Scan(&candidateID, &recommendation, &count); err != nil {
			return err
		}
		sum, ok := out[string(candidateID)]
		if !ok {
			return fmt.Errorf("counted the scorecards of candidate %s, not asked for", candidateID)
		}
		sum.Submitted += count
		for _, rc := range sum.Recommendations {
			if string(rc.Recommendation) == string(recommendation) {
				rc.Count = count
			}
		}
	}
	return rows.Err()
}

// averageRatings fills in the attributes of each summary: the template of
// the candidate's position with the count and mean of its ratings.
func (s *ScorecardService) averageRatings(ctx context.Context, cands []*ent.Candidate, ids, positions []string, out map[string]*ScorecardSummary) error {
	rated := ratingAverages{}
	err := s.clientOf(ctx).ScorecardRating.Query().Where(scorecardrating.CandidateIDIn(ids...)).
		GroupBy(scorecardrating.FieldCandidateID, scorecardrating.FieldAttributeID).
		Aggregate(
			func(sel *sql.Selector) string {
				return sql.As(sql.Count(sel.C(scorecardrating.FieldRating)), "ratings")
			},
			func(sel *sql.Selector) string { return sql.As(sql.Avg(sel.C(scorecardrating.FieldRating)), "average") },
		).
		Scan(ctx, rated)
	if err != nil {
		return fmt.Errorf("averaging ratings: %w", err)
	}
	attrs, err := s.clientOf(ctx).ScorecardAttribute.Query().Where(scorecardattribute.PositionIDIn(positions...)).
		Order(ent.Asc(scorecardattribute.FieldPositionID), ent.Asc(scorecardattribute.FieldOrdinal)).All(ctx)
	if err != nil {
		return fmt.Errorf("loading scorecard attributes: %w", err)
	}
	for _, c := range cands {
		for _, a := range attrs {
			if a.PositionID != c.PositionID {
				continue
			}
			sum, ok := rated[ratingKey{c.ID, a.ID}]
			if !ok && a.TimeRemoved != nil {
				continue
			}
			if !ok {
				sum = &ScorecardAttributeSummary{}
			}
			sum.Attribute = a
			out[c.ID].Attributes = append(out[c.ID].Attributes, sum)
		}
	}
	return nil
}

// ratingAverages holds the rows of averageRatings' group-by (candidate,
// attribute, count, mean), scanned straight from the rows
// (ent.RowsScanner) as recommendationCounts' are.
type ratingAverages map[ratingKey]*ScorecardAttributeSummary

type ratingKey struct{ candidate, attribute string }

// ScanRows implements ent.RowsScanner.
func (out ratingAverages) ScanRows(rows *sql.Rows) error {
	for rows.Next() {
		var k ratingKey
		sum := &ScorecardAttributeSummary{}
		if err := rows.Scan(&k.candidate, &k.attribute, &sum.Ratings, &sum.Average); err != nil {
			return err
		}
		out[k] = sum
	}
	return rows.Err()
}

// ScorecardSummary is c's summary (ScorecardSummaries), its attributes
// filled in only withAttributes; nil while the viewer may not read
// others' feedback on c. Within a GraphQL operation it is loaded for
// every candidate the operation read, at once.
func (s *ScorecardService) ScorecardSummary(ctx context.Context, c *ent.Candidate, withAttributes bool) (*ScorecardSummary, error) {
	reads := readsOf(ctx)
	if reads == nil {
		sums, err := s.ScorecardSummaries(ctx, []*ent.Candidate{c}, withAttributes)
		return sums[c.ID], err
	}
	summaries := &reads.summaries
	if withAttributes {
		summaries = &reads.summariesWithAttributes
	}
	// A candidate read without its position (a projection) is left for
	// its own resolution.
	read := wholeReads(reads, &reads.candidates, candidateID, wholeCandidate)
	return get(summaries, c.ID, read, func(ids []string) (map[string]*ScorecardSummary, error) {
		byID := read()
		byID[c.ID] = c
		cands := make([]*ent.Candidate, len(ids))
		for i, id := range ids {
			cands[i] = byID[id]
		}
		return s.ScorecardSummaries(ctx, cands, withAttributes)
	})
}

// MyScorecard is the acting user's scorecard on iv; nil when they have
// none. Within a GraphQL operation it is loaded for every interview the
// operation read, at once.
func (s *ScorecardService) MyScorecard(ctx context.Context, iv *ent.Interview) (*ent.Scorecard, error) {
	v, _ := viewer.FromContext(ctx)
	if v.UserID == "" {
		return nil, nil
	}
	load := func(ids []string) (map[string]*ent.Scorecard, error) {
		mine, err := s.clientOf(ctx).Scorecard.Query().Where(scorecard.InterviewIDIn(ids...), scorecard.UserID(v.UserID)).All(ctx)
		if err != nil {
			return nil, fmt.Errorf("loading scorecards: %w", err)
		}
		out := make(map[string]*ent.Scorecard, len(mine))
		for _, sc := range mine {
			out[sc.InterviewID] = sc
		}
		return out, nil
	}
	reads := readsOf(ctx)
	if reads == nil {
		mine, err := load([]string{iv.ID})
		return mine[iv.ID], err
	}
	return get(&reads.myScorecards, iv.ID, wholeReads(reads, &reads.interviews, interviewID, wholeInterview), load)
}

// ScorecardEditable reports whether the viewer may still change sc: it is
// theirs and its candidate is in progress at the interview's step. Within
// a GraphQL operation it is loaded for every scorecard the operation
// read, at once.
func (s *ScorecardService) ScorecardEditable(ctx context.Context, sc *ent.Scorecard) (bool, error) {
	v, _ := viewer.FromContext(ctx)
	if v.UserID == "" || sc.UserID != v.UserID || sc.StepID == nil {
		return false, nil
	}
	reads := readsOf(ctx)
	if reads == nil {
		ok, err := s.editable(ctx, map[string]*ent.Scorecard{sc.ID: sc}, []string{sc.ID})
		return ok[sc.ID], err
	}
	read := wholeReads(reads, &reads.scorecards, scorecardID, wholeScorecard)
	return get(&reads.editable, sc.ID, read, func(ids []string) (map[string]bool, error) {
		byID := read()
		byID[sc.ID] = sc
		return s.editable(ctx, byID, ids)
	})
}

// editable reports, for each of ids (scorecards of byID), whether the
// viewer may still change it, in one query.
func (s *ScorecardService) editable(ctx context.Context, byID map[string]*ent.Scorecard, ids []string) (map[string]bool, error) {
	v, _ := viewer.FromContext(ctx)
	var cands []string
	for _, id := range ids {
		if sc := byID[id]; sc.UserID == v.UserID && sc.StepID != nil {
			cands = append(cands, sc.CandidateID)
		}
	}
	at, err := s.clientOf(ctx).Candidate.Query().
		Where(candidate.IDIn(cands...), candidate.StatusEQ(candidate.StatusInProgress)).
		All(ctx)
	if err != nil {
		return nil, fmt.Errorf("checking the candidates' steps: %w", err)
	}
	out := make(map[string]bool, len(ids))
	for _, id := range ids {
		sc := byID[id]
		for _, c := range at {
			if c.ID == sc.CandidateID && sc.UserID == v.UserID && atStep(c, sc) {
				out[id] = true
			}
		}
	}
	return out, nil
}

// FeedbackDue is the query of the interviews the acting user owes
// feedback on: scheduled interviews they interviewed at that have ended,
// of candidates not erased, without a scorecard of theirs. None for an API
// key acting for no one.
func (s *ScorecardService) FeedbackDue(ctx context.Context) *ent.InterviewQuery {
	v, _ := viewer.FromContext(ctx)
	return s.clientOf(ctx).Interview.Query().Where(
		interview.HasInterviewerRowsWith(interviewinterviewer.UserID(v.UserID)),
		interview.StatusEQ(interview.StatusScheduled),
		interview.TimeEndLTE(s.now()),
		interview.HasCandidateWith(candidate.Deleted(false)),
		interview.Not(interview.HasScorecardsWith(scorecard.UserID(v.UserID))),
	)
}
