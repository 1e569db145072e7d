// Package permission names what a caller may do, one permission per action,
// and the sets the built-in roles and API key scopes stand for. The data
// layer's privacy rules and the recruiting operations ask for these names;
// nothing checks a role or a scope directly, so a custom role made of
// permissions is obeyed everywhere a built-in one is.
package permission

import "slices"

// The permissions, by what they allow.
const (
	// ViewAllPositions reads every position of the company that is not
	// discreet; without it a user sees the positions whose hiring team
	// they are on.
	ViewAllPositions = "positions:view_all"
	// ViewDiscreetPositions reads discreet positions (and their
	// candidates) the user is not on the hiring team of.
	ViewDiscreetPositions = "positions:view_discreet"
	EditPositions         = "positions:edit"        // create, clone and update positions and openings
	ManageHiringTeam      = "positions:manage_team" // change a position's hiring team
	PublishPositions      = "positions:publish"     // publish and unpublish on the careers site
	ChangePositionStatus  = "positions:status"      // open, hold and close positions and openings
	RequestApproval       = "openings:request_approval"
	ApproveOpenings       = "openings:approve" // approve or reject an opening the user is an approver of
	ViewSalary            = "salary:view"
	EditSalary            = "salary:edit"
	ViewDemographics      = "demographics:view" // answers to questions marked demographic
	ViewPrivateNotes      = "notes:view_private"
	// ViewCandidates reads the candidates of the positions the user sees;
	// without it a user sees only the candidates assigned to them.
	ViewCandidates   = "candidates:view"
	SourceCandidates = "candidates:source" // add candidates
	EditCandidates   = "candidates:edit"   // change a candidate's or person's details, assign users
	MoveCandidates   = "candidates:move"
	RejectCandidates = "candidates:reject" // reject, revive and withdraw
	HireCandidates   = "candidates:hire"   // hire and unhire
	Comment          = "candidates:comment"
	SubmitFeedback   = "candidates:feedback" // submit tests and evaluations
	// ScheduleInterviews schedules, reschedules and cancels interviews of
	// the candidates the user sees.
	ScheduleInterviews = "interviews:schedule"
	EditPipelines      = "pipelines:edit"   // the company's default pipeline
	EditSettings       = "company:settings" // locations, custom fields, rejection reasons, questionnaires, message templates
	ManageUsers        = "users:manage"     // users, their roles and custom roles
	ManageAPIKeys      = "api_keys:manage"
	ManageWebhooks     = "webhooks:manage"
	ManagePartners     = "partners:manage"
	ViewEvents         = "events:view" // the company's event feed, of the positions the user sees
	// ErasePeople erases a person's personal data for good (README,
	// Personal data): only admins hold it, as it cannot be undone.
	ErasePeople = "people:erase"
	// ExportPeople exports everything held about a person (README,
	// Personal data): the export is for the person, so it holds what the
	// exporter may not otherwise see.
	ExportPeople     = "people:export"
	ReportEvaluation = "evaluations:report"
	// ManageOffers drafts offers, asks for their approval, sends them,
	// withdraws them and records the candidate's answer.
	ManageOffers = "offers:manage"
	// ApproveOffers decides an offer's approval when the user is the
	// approver whose turn it is.
	ApproveOffers = "offers:approve"
	// ViewReports reads hiring reports (funnel, time in step, time to
	// hire and fill, sources, position ages): aggregates over the
	// positions and candidates the viewer sees, which still show how a
	// team hires, so interviewers, who see single candidates, lack it.
	ViewReports = "reports:view"
	// ViewAllFeedback reads every scorecard on the candidates the user
	// sees without submitting one of their own: feedback is otherwise
	// blind (docs/permissions.md, Scorecards).
	ViewAllFeedback = "scorecards:view_all"
)

// Info describes one permission for the API's permission list.
type Info struct {
	Name        string
	Description string
}

// All lists every permission, in the order they are documented.
var All = []Info{
	{ViewAllPositions, "Read every position that is not discreet, not only those whose hiring team the user is on."},
	{ViewDiscreetPositions, "Read discreet positions and their candidates without being on their hiring team."},
	{EditPositions, "Create, clone and update positions and their openings."},
	{ManageHiringTeam, "Change a position's hiring team."},
	{PublishPositions, "Publish and unpublish positions on the careers site."},
	{ChangePositionStatus, "Open, hold and close positions and openings."},
	{RequestApproval, "Start and pause the approval of an opening."},
	{ApproveOpenings, "Approve or reject an opening the user is named an approver of."},
	{ViewSalary, "Read salary ranges."},
	{EditSalary, "Set salary ranges."},
	{ViewDemographics, "Read answers to demographic questions."},
	{ViewPrivateNotes, "Read private notes."},
	{ViewCandidates, "Read the candidates of the positions the user sees, not only those assigned to them."},
	{SourceCandidates, "Add candidates to positions."},
	{EditCandidates, "Change candidates' and people's details and assign users to candidates."},
	{MoveCandidates, "Move candidates between pipeline steps."},
	{RejectCandidates, "Reject, revive and withdraw candidates."},
	{HireCandidates, "Hire and unhire candidates."},
	{Comment, "Write notes and messages on candidates, and e-mail them."},
	{SubmitFeedback, "Submit candidates for tests and evaluations; submit scorecards of interviews the user sat."},
	{ScheduleInterviews, "Schedule, reschedule and cancel candidates' interviews."},
	{EditPipelines, "Edit the company's default pipeline."},
	{EditSettings, "Manage locations, custom fields, rejection reasons, questionnaires and message templates."},
	{ManageUsers, "Invite and deactivate users, change their roles, define custom roles."},
	{ManageAPIKeys, "Issue and revoke API keys."},
	{ManageWebhooks, "Manage webhook endpoints and redeliver events."},
	{ManagePartners, "Configure evaluation partners."},
	{ViewEvents, "Read the event feed and subscribe to it."},
	{ErasePeople, "Erase a person's personal data from every hiring process, for good."},
	{ExportPeople, "Export everything held about a person, for an access request."},
	{ReportEvaluation, "Report test results as an evaluation partner."},
	{ManageOffers, "Draft, version, send and withdraw offers, ask for their approval and record the candidate's answer."},
	{ApproveOffers, "Approve or reject an offer the user is named an approver of."},
	{ViewReports, "Read hiring reports over the positions and candidates the user sees."},
	{ViewAllFeedback, "Read every scorecard on the candidates the user sees without submitting one; others read colleagues' scorecards only after submitting their own, or as the hiring manager or a recruiter of the position."},
}

// Known reports whether name is a permission.
func Known(name string) bool {
	return slices.ContainsFunc(All, func(i Info) bool { return i.Name == name })
}

// Names lists every permission name, in documented order.
func Names() []string {
	out := make([]string, len(All))
	for i, p := range All {
		out[i] = p.Name
	}
	return out
}
