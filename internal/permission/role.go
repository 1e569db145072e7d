package permission

import "slices"

// The built-in roles. A company may define more (custom roles), each a
// set of permissions.
const (
	RoleOwner         = "owner"
	RoleAdmin         = "admin"
	RoleRecruiter     = "recruiter"
	RoleCoordinator   = "coordinator"
	RoleHiringManager = "hiring_manager"
	RoleInterviewer   = "interviewer"
)

// BuiltInRoles lists the built-in roles, in the order they are documented.
var BuiltInRoles = []string{RoleOwner, RoleAdmin, RoleRecruiter, RoleCoordinator, RoleHiringManager, RoleInterviewer}

// recruiter runs positions end to end, but configures nothing of the
// company's and sees no demographic answers: those are for reports.
var recruiter = []string{
	ViewAllPositions, EditPositions, ManageHiringTeam, PublishPositions, ChangePositionStatus,
	RequestApproval, ApproveOpenings, ViewSalary, EditSalary, ViewPrivateNotes,
	ViewCandidates, SourceCandidates, EditCandidates, MoveCandidates, RejectCandidates, HireCandidates,
	Comment, SubmitFeedback, ScheduleInterviews, ViewEvents, ManageOffers, ApproveOffers, ViewReports,
}

// builtIn is the table README.md "Permissions" documents: least privilege
// below the admins.
var builtIn = map[string][]string{
	RoleOwner:     Names(),
	RoleAdmin:     Names(),
	RoleRecruiter: recruiter,
	// Coordinators schedule and move; they decide nothing.
	RoleCoordinator: {ViewAllPositions, ViewCandidates, SourceCandidates, MoveCandidates, Comment, SubmitFeedback, ScheduleInterviews, ViewEvents, ViewReports},
	// Hiring managers see their team's positions, add referrals, move
	// candidates, schedule their interviews and ask for approvals; hiring,
	// rejecting, publishing and closing are the recruiters'.
	RoleHiringManager: {ViewCandidates, SourceCandidates, MoveCandidates, Comment, SubmitFeedback, ScheduleInterviews, RequestApproval, ViewReports},
	// Interviewers comment and give feedback on the candidates assigned to
	// them or whom they interview, and nothing else.
	RoleInterviewer: {Comment, SubmitFeedback},
}

// builtInPurpose says what each built-in role is for, for the API's list
// of roles.
var builtInPurpose = map[string]string{
	RoleOwner:         "Configures the company and does everything; the company always keeps an active owner or admin.",
	RoleAdmin:         "Configures the company and does everything, like an owner.",
	RoleRecruiter:     "Runs positions end to end: hiring teams, publishing, approvals, candidates from sourcing to hire.",
	RoleCoordinator:   "Schedules interviews and moves candidates of every position; decides nothing.",
	RoleHiringManager: "Sees the positions whose hiring team they are on, moves their candidates and asks for approvals.",
	RoleInterviewer:   "Comments and gives feedback on the candidates assigned to them or whom they interview.",
}

// DescribeBuiltIn says what a built-in role is for; empty for another name.
func DescribeBuiltIn(role string) string { return builtInPurpose[role] }

// IsBuiltIn reports whether role is a built-in role.
func IsBuiltIn(role string) bool { return slices.Contains(BuiltInRoles, role) }

// OfBuiltIn returns the permissions of a built-in role; nil for another name.
func OfBuiltIn(role string) []string { return slices.Clone(builtIn[role]) }

// IsAdminRole reports whether role configures the company: the company must
// always keep an active user holding one.
func IsAdminRole(role string) bool { return role == RoleOwner || role == RoleAdmin }

// Union returns the permissions held by any of sets, in documented order.
func Union(sets ...[]string) []string {
	var out []string
	for _, p := range All {
		for _, set := range sets {
			if slices.Contains(set, p.Name) {
				out = append(out, p.Name)
				break
			}
		}
	}
	return out
}

// Intersect returns the permissions in both a and b, in documented order.
func Intersect(a, b []string) []string {
	return slices.DeleteFunc(Union(a), func(p string) bool { return !slices.Contains(b, p) })
}

// OfRoles returns the permissions of a user holding roles; custom returns
// the permissions of a role that is not built in (nil when it is unknown).
func OfRoles(roles []string, custom func(role string) []string) []string {
	sets := make([][]string, 0, len(roles))
	for _, r := range roles {
		if IsBuiltIn(r) {
			sets = append(sets, builtIn[r])
		} else if custom != nil {
			sets = append(sets, custom(r))
		}
	}
	return Union(sets...)
}
