package recruiting

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/user"
	"github.com/hiregraph/hiregraph/internal/apierror"
)

// submission is the payload of spec 4.9. test_ids holds exactly one value
// (spec 8).
type submission struct {
	TestIDs   []string            `json:"test_ids"`
	Candidate submittedCandidate  `json:"candidate"`
	Position  submittedPosition   `json:"position"`
	Assignees []submittedAssignee `json:"assignees"`
}

type submittedCandidate struct {
	UID        string           `json:"uid"`
	FirstName  string           `json:"first_name"`
	MiddleName string           `json:"middle_name,omitempty"`
	LastName   string           `json:"last_name,omitempty"`
	Phone      string           `json:"phone,omitempty"`
	Email      string           `json:"email,omitempty"`
	Resume     *submittedResume `json:"resume,omitempty"`
	IDNumber   string           `json:"id_number,omitempty"`
	Offers     []submittedOffer `json:"offers,omitempty"`
}

type submittedResume struct {
	Name string `json:"name,omitempty"`
	URL  string `json:"url,omitempty"`
}

type submittedOffer struct {
	URL string `json:"url"`
}

type submittedPosition struct {
	UID  string `json:"uid"`
	Name string `json:"name"`
}

type submittedAssignee struct {
	FirstName  string `json:"first_name"`
	MiddleName string `json:"middle_name,omitempty"`
	LastName   string `json:"last_name,omitempty"`
	Email      string `json:"email"`
}

// submissionPayload builds the payload and checks the candidate fields the
// partner requires. Optional fields the candidate lacks are left out.
func (s *PartnerService) submissionPayload(ctx context.Context, c *ent.Candidate, p *ent.EvaluationPartner, testID string) (*submission, error) {
	per, pos := c.Edges.Person, c.Edges.Position
	out := &submission{
		TestIDs: []string{testID},
		Candidate: submittedCandidate{
			UID:        c.ID,
			FirstName:  per.FirstName,
			MiddleName: per.MiddleName,
			LastName:   per.LastName,
			Phone:      per.Phone,
			Email:      per.Email,
			IDNumber:   per.IDNumber,
		},
		Position: submittedPosition{UID: pos.ID, Name: pos.Name},
	}
	if err := checkRequiredFields(p, out.Candidate); err != nil {
		return nil, err
	}
	if per.ResumeName != "" || per.ResumeURL != "" {
		out.Candidate.Resume = &submittedResume{Name: per.ResumeName, URL: per.ResumeURL}
	}
	if p.CanSeeOffers {
		for _, letter := range c.Edges.OfferLetters {
			out.Candidate.Offers = append(out.Candidate.Offers, submittedOffer{URL: s.offerLetterURL(ctx, letter.ID, p.ID)})
		}
	}
	assignees, err := stepAssignees(ctx, s.Client, c, pos)
	if err != nil {
		return nil, err
	}
	out.Assignees = make([]submittedAssignee, 0, len(assignees))
	for _, u := range assignees {
		out.Assignees = append(out.Assignees, submittedAssignee{FirstName: u.FirstName, MiddleName: u.MiddleName, LastName: u.LastName, Email: u.Email})
	}
	return out, nil
}

// checkRequiredFields fails, naming the fields, when the candidate lacks
// one the partner requires: first_name always, e-mail, last name and phone
// as configured (spec 4.9).
func checkRequiredFields(p *ent.EvaluationPartner, c submittedCandidate) error {
	var missing []string
	for _, f := range []struct {
		name     string
		required bool
		value    string
	}{
		{"candidate.first_name", true, c.FirstName},
		{"candidate.email", p.RequiredFields.Email, c.Email},
		{"candidate.last_name", p.RequiredFields.LastName, c.LastName},
		{"candidate.phone", p.RequiredFields.Phone, c.Phone},
	} {
		if f.required && strings.TrimSpace(f.value) == "" {
			missing = append(missing, f.name)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return apierror.Invalid(missing[0], "the evaluation partner %q requires %s, which the candidate does not have; add it to the candidate, or have an admin make it optional for the partner",
		p.Name, strings.Join(missing, " and "))
}

// stepAssignees are the users responsible for the candidate's current step:
// the assignees of the position's workflow steps named like the candidate's
// current steps. When none can be resolved (no current step, a step the
// workflow does not know, a step without assignees), they are the
// position's lead recruiter and hiring manager.
func stepAssignees(ctx context.Context, client *ent.Client, c *ent.Candidate, pos *ent.Position) ([]*ent.User, error) {
	var ids []string
	for _, current := range c.CurrentSteps {
		for _, step := range pos.Workflow {
			if strings.EqualFold(step.Name, current.Name) {
				ids = appendNew(ids, step.AssigneeIDs...)
			}
		}
	}
	users, err := usersInOrder(ctx, client, ids)
	if err != nil || len(users) > 0 {
		return users, err
	}
	var team []string
	for _, id := range []*string{pos.LeadRecruiterID, pos.HiringManagerID} {
		if id != nil {
			team = appendNew(team, *id)
		}
	}
	return usersInOrder(ctx, client, team)
}

// usersInOrder loads the users with the given ids, in that order, skipping
// ids that name no user of the company.
func usersInOrder(ctx context.Context, client *ent.Client, ids []string) ([]*ent.User, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	found, err := client.User.Query().Where(user.IDIn(ids...)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("loading assignees: %w", err)
	}
	byID := make(map[string]*ent.User, len(found))
	for _, u := range found {
		byID[u.ID] = u
	}
	users := make([]*ent.User, 0, len(found))
	for _, id := range ids {
		if u := byID[id]; u != nil {
			users = append(users, u)
		}
	}
	return users, nil
}

func appendNew(list []string, values ...string) []string {
	for _, v := range values {
		if !slices.Contains(list, v) {
			list = append(list, v)
		}
	}
	return list
}
