package ent

import "github.com/hiregraph/hiregraph/ent/candidate"

// candidateResolverColumns are the GraphQL fields of Candidate that
// resolvers compute (graph/*.resolvers.go) rather than read off a column,
// with the columns of the record each one needs besides its id. The field collection
// (gql_collection.go, internal/codegen ProjectPastResolverFields) selects
// them and keeps its projection; a field not named here makes it read
// whole rows, which is always correct, so name a field only with every
// column its resolver reads.
var candidateResolverColumns = map[string][]string{
	// recruiting.InterviewService.NextInterview: the id.
	"nextInterview": nil,
	// recruiting.ScorecardService.ScorecardSummary: the position's
	// template gives the attributes.
	"scorecardSummary": {candidate.FieldPositionID},
}

// selectResolverColumns adds to selected (and seen) the columns the
// resolver of field needs of q's records, and reports whether it knows
// the field.
func selectResolverColumns(q any, field string, seen map[string]struct{}, selected *[]string) bool {
	var fields map[string][]string
	switch q.(type) {
	case *CandidateQuery:
		fields = candidateResolverColumns
	}
	columns, ok := fields[field]
	if !ok {
		return false
	}
	for _, c := range columns {
		if _, dup := seen[c]; !dup {
			*selected = append(*selected, c)
			seen[c] = struct{}{}
		}
	}
	return true
}
