package recruiting

import (
	"strings"

	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/opening"
	"github.com/hiregraph/hiregraph/ent/position"
	"github.com/hiregraph/hiregraph/ent/testsubmission"
)

// Vocabulary is the one two-way table between the stored values of an enum
// and their spellings on the wire (spec 2, 3). Responses spell values with
// Spell; requests read them with Read (the exact spelling, as the spec's
// request tables demand) and filters with Match (any case, spaces or
// underscores), so every value a response carries is a value its filter
// accepts, and the other way round.
type Vocabulary[E ~string] struct {
	values    []E
	spellings []string
}

// spelled is one row of a vocabulary.
type spelled[E ~string] struct {
	value    E
	spelling string
}

// newVocabulary takes the rows in the order errors list them.
func newVocabulary[E ~string](rows []spelled[E]) *Vocabulary[E] {
	v := &Vocabulary[E]{}
	for _, r := range rows {
		v.values = append(v.values, r.value)
		v.spellings = append(v.spellings, r.spelling)
	}
	return v
}

// Spell returns the wire spelling of e, or "" for a value the table lacks
// (TestVocabulariesSpellEveryValue keeps that from happening).
func (v *Vocabulary[E]) Spell(e E) string {
	for i, x := range v.values {
		if x == e {
			return v.spellings[i]
		}
	}
	return ""
}

// Read returns the value spelled exactly s.
func (v *Vocabulary[E]) Read(s string) (E, bool) {
	for i, sp := range v.spellings {
		if sp == s {
			return v.values[i], true
		}
	}
	return "", false
}

// Knows reports whether s is exactly a spelling of the table.
func (v *Vocabulary[E]) Knows(s string) bool {
	_, ok := v.Read(s)
	return ok
}

// Match returns the value s names in a filter: the spelling or the stored
// value, in any case, with spaces or underscores ("In progress",
// "in_progress" and "IN_PROGRESS" are one status).
func (v *Vocabulary[E]) Match(s string) (E, bool) {
	key := matchKey(s)
	for i, sp := range v.spellings {
		if matchKey(sp) == key || matchKey(string(v.values[i])) == key {
			return v.values[i], true
		}
	}
	return "", false
}

// Spellings lists the spellings, for error messages and documentation.
func (v *Vocabulary[E]) Spellings() []string { return v.spellings }

// Values lists the stored values the table spells.
func (v *Vocabulary[E]) Values() []E { return v.values }

func matchKey(s string) string {
	return strings.ReplaceAll(strings.ToUpper(strings.TrimSpace(s)), " ", "_")
}

// The vocabularies of the spec. REST and GraphQL both take their
// spellings from here.
var (
	// PositionStatuses: spec 2.1 and 4.1.
	PositionStatuses = newVocabulary([]spelled[position.Status]{
		{position.StatusOpen, "open"}, {position.StatusOnHold, "on hold"}, {position.StatusClosed, "closed"},
	})
	// OpeningStates: the opening status of responses (spec 3 shows the
	// title case Open and Pending). Clone requests take the stored form
	// OPEN instead (spec 4.1).
	OpeningStates = newVocabulary([]spelled[opening.Status]{
		{opening.StatusOpen, "Open"}, {opening.StatusPending, "Pending"}, {opening.StatusFilled, "Filled"}, {opening.StatusClosed, "Closed"},
	})
	// ApprovalStatuses: an opening's approval status, which the openings
	// filter matches (spec 4.4) and approval_process.status shows (spec
	// 2.6); NA is an opening without an approval process.
	ApprovalStatuses = newVocabulary([]spelled[opening.ApprovalStatus]{
		{opening.ApprovalStatusNA, "NA"}, {opening.ApprovalStatusApproved, "APPROVED"}, {opening.ApprovalStatusRejected, "REJECTED"},
		{opening.ApprovalStatusStarted, "STARTED"}, {opening.ApprovalStatusPaused, "PAUSED"},
	})
	// OpeningReasons: spec 2.5 and 4.1.
	OpeningReasons = newVocabulary([]spelled[opening.Reason]{
		{opening.ReasonNew, "New"}, {opening.ReasonReplacementHire, "Replacement hire"}, {opening.ReasonTemporaryReplacement, "Temporary replacement"},
	})
	// CandidateStatuses: spec 2.7 shows In progress and Rejected.
	CandidateStatuses = newVocabulary([]spelled[candidate.Status]{
		{candidate.StatusInProgress, "In progress"}, {candidate.StatusRejected, "Rejected"},
		{candidate.StatusHired, "Hired"}, {candidate.StatusWithdrawn, "Withdrawn"},
	})
	// Outcomes: the outcome of an evaluation a partner reports.
	Outcomes = newVocabulary([]spelled[testsubmission.Outcome]{
		{testsubmission.OutcomePassed, "passed"}, {testsubmission.OutcomeReview, "review"}, {testsubmission.OutcomeFailed, "failed"},
	})
)
