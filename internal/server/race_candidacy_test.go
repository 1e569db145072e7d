package server_test

import (
	"encoding/base64"
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/ent/application"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

const raceCreateCandidate = `mutation($in: CreateCandidateInput!) { createCandidate(input: $in) { id } }`

// createCandidateInput is a createCandidate input for the person with the
// e-mail address at the position.
func createCandidateInput(positionID, email string) map[string]any {
	return map[string]any{"in": map[string]any{"positionID": positionID, "person": map[string]any{"firstName": "Hedy", "email": email}}}
}

// TestRaceCreateCandidateMakesOneCandidacy sends identical createCandidate
// requests at once, for a person the company has and for a new one: one
// makes the candidacy (and the person), every other answers what a later
// repeat answers, 409 candidate_exists, and none fails otherwise.
func TestRaceCreateCandidateMakesOneCandidacy(t *testing.T) {
	for name, existing := range map[string]bool{"existing person": true, "new person": false} {
		t.Run(name, func(t *testing.T) {
			env := raceEnv(t)
			const email = "hedy@example.com"
			if existing {
				env.GraphQL(raceCreateCandidate, createCandidateInput(env.Demo.NonTemplatePositionUID, email)).Decode(t, &struct{}{})
			}
			results := hiregraphtest.Race(racers, func(int) *hiregraphtest.GraphQLResponse {
				return env.GraphQL(raceCreateCandidate, createCandidateInput(env.Demo.PublishedPositionUID, email))
			})
			created := 0
			for i, r := range results {
				switch {
				case len(r.Errors) == 0:
					created++
				case r.Code() != "candidate_exists" || r.Errors[0].Extensions["status"] != float64(http.StatusConflict):
					t.Errorf("request %d: %d %+v", i, r.Status, r.Errors)
				}
			}
			if created != 1 {
				t.Errorf("%d of %d creates succeeded, want 1", created, racers)
			}
			assertOneCandidacy(t, env, email)
		})
	}
}

// TestRaceApplyMakesOneApplication sends identical careers applications
// with a resume at once: for a new person, for a person the company has,
// and for a person already a candidate of the position. One application
// is recorded, with one candidacy, one person and one stored resume; every
// request answers it, as a repeat within the day does, and the resumes
// the repeats stored are deleted again.
func TestRaceApplyMakesOneApplication(t *testing.T) {
	for name, setup := range map[string]func(t *testing.T, env *hiregraphtest.Env, email string){
		"new person": func(*testing.T, *hiregraphtest.Env, string) {},
		"existing person": func(t *testing.T, env *hiregraphtest.Env, email string) {
			env.GraphQL(raceCreateCandidate, createCandidateInput(env.Demo.NonTemplatePositionUID, email)).Decode(t, &struct{}{})
		},
		"existing candidate": func(t *testing.T, env *hiregraphtest.Env, email string) {
			env.GraphQL(raceCreateCandidate, createCandidateInput(env.Demo.PublishedPositionUID, email)).Decode(t, &struct{}{})
		},
	} {
		t.Run(name, func(t *testing.T) {
			env := raceEnv(t)
			const email = "ada.byron@example.com"
			setup(t, env, email)
			app := raceApplication(t, env, email)
			path := "/careers-api/2.0/company/" + env.Demo.CompanyUID + "/positions/" + env.Demo.PublishedPositionUID + "/apply?token=" + env.Demo.CareersToken
			results := hiregraphtest.Race(racers, func(int) *hiregraphtest.Response {
				return env.DoWith(http.MethodPost, path, app, nil)
			})
			uids := map[string]int{}
			for i, r := range results {
				if r.Status != http.StatusCreated {
					t.Errorf("application %d: %s", i, r)
					continue
				}
				uids[r.Map(t)["application_uid"].(string)]++
			}
			if len(uids) != 1 {
				t.Errorf("the answers name %d applications, want 1: %v", len(uids), uids)
			}
			ctx := hiregraphtest.System()
			if n := env.DB.Client.Application.Query().Where(application.Email(email)).CountX(ctx); n != 1 {
				t.Errorf("%d applications recorded, want 1", n)
			}
			assertOneCandidacy(t, env, email)
			rows := env.DB.Client.CandidateFile.Query().CountX(ctx)
			if stored := env.StoredFiles(); rows != 1 || stored != rows {
				t.Errorf("%d file rows and %d stored files, want 1 of each", rows, stored)
			}
		})
	}
}

// raceApplication is an application of email to the demo's published
// position, with a resume, that passes every rule of its form.
func raceApplication(t *testing.T, env *hiregraphtest.Env, email string) map[string]any {
	t.Helper()
	var form struct {
		Questions   []struct{ ID string }
		ConsentText string `json:"consent_text"`
	}
	path := "/careers-api/2.0/company/" + env.Demo.CompanyUID + "/positions/" + env.Demo.PublishedPositionUID + "/apply?token=" + env.Demo.CareersToken
	env.DoWith(http.MethodGet, path, nil, nil).JSON(t, &form)
	return map[string]any{
		"first_name": "Ada", "last_name": "Byron", "email": email, "consent": true, "consent_text": form.ConsentText,
		"answers": map[string]string{form.Questions[0].ID: "Yes"},
		"resume":  map[string]string{"file_name": "cv.pdf", "content_base64": base64.StdEncoding.EncodeToString(hiregraphtest.SamplePDF)},
	}
}

// assertOneCandidacy checks that the company has one person with email and
// one live candidacy of that person for the published position.
func assertOneCandidacy(t *testing.T, env *hiregraphtest.Env, email string) {
	t.Helper()
	ctx := hiregraphtest.System()
	if n := env.DB.Client.Person.Query().Where(person.EmailNormalized(email)).CountX(ctx); n != 1 {
		t.Errorf("%d people with %s, want 1", n, email)
	}
	n := env.DB.Client.Candidate.Query().
		Where(candidate.PositionID(env.Demo.PublishedPositionUID), candidate.Deleted(false), candidate.HasPersonWith(person.EmailNormalized(email))).
		CountX(ctx)
	if n != 1 {
		t.Errorf("%d candidacies of %s for the position, want 1", n, email)
	}
}
