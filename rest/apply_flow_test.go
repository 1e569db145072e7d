package rest_test

import (
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/application"
	"github.com/hiregraph/hiregraph/ent/candidate"
	"github.com/hiregraph/hiregraph/ent/person"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/ratelimit"
	"github.com/hiregraph/hiregraph/internal/server"
)

// TestApplyMakesACandidate sends a multipart application with a resume:
// the applicant becomes a candidate of the position at its first step,
// with the application, the resume and the timeline's activities.
func TestApplyMakesACandidate(t *testing.T) {
	env := hiregraphtest.New(t)
	form := applicationForm(t, env)
	body, ct := hiregraphtest.Multipart(t,
		hiregraphtest.Part{Name: "first_name", Content: []byte("Ada")},
		hiregraphtest.Part{Name: "last_name", Content: []byte("Byron")},
		hiregraphtest.Part{Name: "email", Content: []byte("Ada.Byron@Example.com")},
		hiregraphtest.Part{Name: "linkedin_url", Content: []byte("linkedin.com/in/ada")},
		hiregraphtest.Part{Name: "cover_letter", Content: []byte("I like <b>engines</b>.")},
		hiregraphtest.Part{Name: "answers[" + form.Questions[0].ID + "]", Content: []byte("Yes")},
		hiregraphtest.Part{Name: "consent", Content: []byte("on")},
		hiregraphtest.Part{Name: "consent_text", Content: []byte(form.ConsentText)},
		hiregraphtest.Part{Name: "resume", FileName: "C:\\Users\\ada\\CV.pdf", ContentType: "application/pdf", Content: hiregraphtest.SamplePDF},
	)
	r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), body, map[string]string{"Content-Type": ct})
	if r.Status != http.StatusCreated {
		t.Fatalf("apply: %s", r)
	}
	out := r.Map(t)
	if !strings.HasPrefix(out["application_uid"].(string), "app_") || !strings.Contains(out["message"].(string), "Thank you, Ada") {
		t.Errorf("answer %v", out)
	}
	ctx := hiregraphtest.System()
	a := env.DB.Client.Application.Query().Where(application.ID(out["application_uid"].(string))).
		WithCandidate(func(q *ent.CandidateQuery) { q.WithPerson().WithFiles().WithActivities() }).OnlyX(ctx)
	c := a.Edges.Candidate
	if c.PositionID != env.Demo.PublishedPositionUID || c.Edges.Person.Email != "ada.byron@example.com" || c.Edges.Person.LastName != "Byron" {
		t.Errorf("candidate %+v person %+v", c, c.Edges.Person)
	}
	if a.Source != "careers site" || a.ConsentText != form.ConsentText || a.CoverLetter != "I like engines." ||
		a.LinkedinURL != "https://linkedin.com/in/ada" || len(a.Answers) != 1 || a.Answers[0].Value != "Yes" {
		t.Errorf("application %+v", a)
	}
	if len(c.Edges.Files) != 1 || c.Edges.Files[0].FileName != "CV.pdf" || c.Edges.Files[0].Kind != "RESUME" {
		t.Errorf("files %+v", c.Edges.Files)
	}
	verbs := map[string]bool{}
	for _, act := range c.Edges.Activities {
		verbs[act.Verb] = true
		if act.ActorType != "CAREERS_SITE" {
			t.Errorf("activity %s by %s", act.Verb, act.ActorType)
		}
	}
	if !verbs["candidate.created"] || !verbs["candidate.applied"] {
		t.Errorf("activities %v", verbs)
	}
}

// TestApplyTwice: the same e-mail on the same position within 24 hours is
// the same application; later it joins the same candidate; on another
// position it is a new candidate of the same person.
func TestApplyTwice(t *testing.T) {
	env := hiregraphtest.NewWithConfig(t, func(c *server.Config) { c.ApplyAddressRate = ratelimit.Rate{PerMinute: 600, Burst: 100} })
	app := validApplication(t, env)
	app["resume"] = map[string]string{"file_name": "cv.pdf", "content_base64": base64.StdEncoding.EncodeToString(hiregraphtest.SamplePDF)}
	apply := func(position string, app map[string]any) string {
		t.Helper()
		r := env.DoWith(http.MethodPost, applyPath(env, position), app, nil)
		if r.Status != http.StatusCreated {
			t.Fatalf("apply: %s", r)
		}
		return r.Map(t)["application_uid"].(string)
	}
	ctx := hiregraphtest.System()
	first := apply(env.Demo.PublishedPositionUID, app)
	app["email"] = "ADA.byron@example.com"
	if again := apply(env.Demo.PublishedPositionUID, app); again != first {
		t.Errorf("a repeat within a day is %s, not %s", again, first)
	}
	count := func() (candidates, people, applications, files int) {
		return env.DB.Client.Candidate.Query().Where(candidate.HasPersonWith(person.EmailNormalized("ada.byron@example.com"))).CountX(ctx),
			env.DB.Client.Person.Query().Where(person.EmailNormalized("ada.byron@example.com")).CountX(ctx),
			env.DB.Client.Application.Query().CountX(ctx), env.DB.Client.CandidateFile.Query().CountX(ctx)
	}
	if c, p, a, f := count(); c != 1 || p != 1 || a != 1 || f != 1 {
		t.Errorf("after a repeat: %d candidates, %d people, %d applications, %d files", c, p, a, f)
	}
	env.Clock.Set(time.Now().Add(25 * time.Hour))
	if later := apply(env.Demo.PublishedPositionUID, app); later == first {
		t.Error("an application a day later is the first one")
	}
	if c, p, a, _ := count(); c != 1 || p != 1 || a != 2 {
		t.Errorf("a day later: %d candidates, %d people, %d applications", c, p, a)
	}
	otherPosition, question := anotherPublishedPosition(t, env)
	app["answers"] = map[string]string{question: "Yes"}
	apply(otherPosition, app)
	if c, p, _, _ := count(); c != 2 || p != 1 {
		t.Errorf("another position: %d candidates, %d people", c, p)
	}
}

// anotherPublishedPosition returns a published position besides the
// demo's, and the id of its first question.
func anotherPublishedPosition(t *testing.T, env *hiregraphtest.Env) (uid, question string) {
	t.Helper()
	var list []struct{ UID string }
	env.DoWith(http.MethodGet, "/careers-api/2.0/company/"+env.Demo.CompanyUID+"/positions?token="+env.Demo.CareersToken, nil, nil).JSON(t, &list)
	for _, p := range list {
		if p.UID == env.Demo.PublishedPositionUID {
			continue
		}
		var form struct{ Questions []struct{ ID string } }
		r := env.DoWith(http.MethodGet, applyPath(env, p.UID), nil, nil)
		if r.Status != http.StatusOK {
			continue
		}
		r.JSON(t, &form)
		return p.UID, form.Questions[0].ID
	}
	t.Fatal("the demo has no other published, open position")
	return "", ""
}
