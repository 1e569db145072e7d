package permission

import (
	"fmt"
	"slices"
)

// API key scopes. The five coarse scopes predate permissions and stand for
// sets of them; a key may also be given single permissions by name.
const (
	ScopeRead              = "read"
	ScopeWrite             = "write"
	ScopeSalaryRangesWrite = "salary_ranges:write"
	ScopeEvaluationsWrite  = "evaluations:write"
	ScopeAdmin             = "admin"
)

// CoarseScopes lists the coarse scopes, in the order they are documented.
var CoarseScopes = []string{ScopeRead, ScopeWrite, ScopeSalaryRangesWrite, ScopeEvaluationsWrite, ScopeAdmin}

// ofScope keeps what keys could do before permissions existed: read sees
// every position (a company-wide integration has no hiring team) and
// salary ranges, but not demographic answers or private notes, which
// need the admin scope or the permission by name.
var ofScope = map[string][]string{
	ScopeRead:              {ViewAllPositions, ViewDiscreetPositions, ViewCandidates, ViewSalary, ViewEvents, ViewReports, ViewAllFeedback},
	ScopeWrite:             {EditPositions, ManageHiringTeam, PublishPositions, ChangePositionStatus, RequestApproval, ApproveOpenings, SourceCandidates, EditCandidates, MoveCandidates, RejectCandidates, HireCandidates, Comment, SubmitFeedback, ScheduleInterviews, EditSettings, ManageOffers, ApproveOffers},
	ScopeSalaryRangesWrite: {ViewSalary, EditSalary},
	ScopeEvaluationsWrite:  {ReportEvaluation},
	ScopeAdmin:             {EditPipelines, EditSettings, ManageUsers, ManageAPIKeys, ManageWebhooks, ManagePartners, ViewDemographics, ViewPrivateNotes, ErasePeople, ExportPeople},
}

// KnownScope reports whether s may be given to an API key: a coarse scope
// or a permission name.
func KnownScope(s string) bool { return slices.Contains(CoarseScopes, s) || Known(s) }

// OfScopes returns the permissions an API key with scopes holds.
func OfScopes(scopes []string) []string {
	sets := make([][]string, 0, len(scopes))
	for _, s := range scopes {
		if set, ok := ofScope[s]; ok {
			sets = append(sets, set)
		} else {
			sets = append(sets, []string{s})
		}
	}
	return Union(sets...)
}

// Describe names permission p for an error: the permission, and the coarse
// scope that grants it to API keys, which older clients know it by.
func Describe(p string) string {
	for _, s := range CoarseScopes {
		if slices.Contains(ofScope[s], p) {
			return fmt.Sprintf("the permission %q (API keys: the scope %q)", p, s)
		}
	}
	return fmt.Sprintf("the permission %q", p)
}
