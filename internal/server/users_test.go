package server_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/demo"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/server"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

const (
	ownerEmail       = "olivia.owner@acme.example"
	coordinatorEmail = "cody.coordinator@acme.example"
	managerEmail     = "hank.manager@acme.example"
)

func userIDOf(t *testing.T, env *hiregraphtest.Env, token string) string {
	t.Helper()
	var data struct {
		Viewer struct {
			Name       string
			ViewerUser *struct {
				ID, Email string
				Roles     []string
			}
		}
	}
	env.GraphQLAs(token, `{ viewer { name viewerUser { id email roles } } }`, nil).Decode(t, &data)
	if data.Viewer.ViewerUser == nil {
		t.Fatalf("viewerUser is null for a user's request")
	}
	return data.Viewer.ViewerUser.ID
}

func TestViewerAnswersTheUser(t *testing.T) {
	env := hiregraphtest.New(t)
	var data struct {
		Viewer struct {
			Name       string
			ViewerUser *struct {
				Email string
				Roles []string
			}
		}
	}
	env.GraphQLAs(env.Demo.UserToken, `{ viewer { name viewerUser { email roles } } }`, nil).Decode(t, &data)
	if data.Viewer.Name != demo.DefaultCompany || data.Viewer.ViewerUser == nil ||
		data.Viewer.ViewerUser.Email != demo.RecruiterEmail || len(data.Viewer.ViewerUser.Roles) != 1 || data.Viewer.ViewerUser.Roles[0] != "recruiter" {
		t.Fatalf("viewer = %+v, want Acme with Rita, recruiter", data.Viewer)
	}
	env.GraphQL(`{ viewer { viewerUser { email } } }`, nil).Decode(t, &data)
	if data.Viewer.ViewerUser != nil {
		t.Errorf("an API key acting for no one has viewerUser %+v, want null", data.Viewer.ViewerUser)
	}
}

// noteBy writes a note on the demo candidate with headers and returns
// created_by and the candidate's newest activity's actor.
func noteBy(t *testing.T, env *hiregraphtest.Env, headers map[string]string) (createdBy map[string]any, actorType, actorID string) {
	t.Helper()
	body := map[string]any{"time_created": "2026-03-01T10:00:00Z", "text": "Strong <b>systems</b> background",
		"created_by": map[string]any{"type": "other", "first_name": "Someone"}}
	r := env.DoWith(http.MethodPost, "/v1/candidates/"+env.Demo.CandidateUID+"/notes", body, headers)
	if r.Status != http.StatusCreated {
		t.Fatalf("note: %s", r)
	}
	note := r.Map(t)
	var data struct {
		Node struct {
			Activities struct {
				Edges []struct {
					Node struct{ Verb, ObjectID, ActorType, ActorID string }
				}
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { activities(first: 100) { edges { node { verb objectID actorType actorID } } } } } }`,
		map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &data)
	for _, e := range data.Node.Activities.Edges {
		if e.Node.ObjectID == note["uid"] && e.Node.Verb == "note.created" {
			return note["created_by"].(map[string]any), e.Node.ActorType, e.Node.ActorID
		}
	}
	t.Fatalf("no note.created activity for note %v", note["uid"])
	return nil, "", ""
}

func TestUserIsTheActor(t *testing.T) {
	env := hiregraphtest.New(t)
	rita := userIDOf(t, env, env.Demo.UserToken)
	by, actorType, actorID := noteBy(t, env, map[string]string{"Authorization": "Bearer " + env.Demo.UserToken})
	if by["type"] != "user" || by["uid"] != rita || actorType != "USER" || actorID != rita {
		t.Errorf("note by a user token: created_by %v, actor %s %s; want user %s", by, actorType, actorID, rita)
	}

	cody := userIDOf(t, env, env.UserToken(coordinatorEmail))
	by, actorType, actorID = noteBy(t, env, map[string]string{"Authorization": "Bearer " + env.Demo.APIKey, server.OnBehalfOfHeader: coordinatorEmail})
	if by["type"] != "user" || by["uid"] != cody || actorType != "USER" || actorID != cody {
		t.Errorf("note On-Behalf-Of: created_by %v, actor %s %s; want user %s", by, actorType, actorID, cody)
	}

	by, actorType, actorID = noteBy(t, env, map[string]string{"Authorization": "Bearer " + env.Demo.APIKey})
	if by["type"] != "other" || actorType != "API_KEY" || actorID != env.Demo.APIKeyID {
		t.Errorf("note by a key acting for no one: created_by %v, actor %s %s; want the body's author and the key", by, actorType, actorID)
	}
}

func TestPartnerKeyActsAsThePartner(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.DoAs(env.UserToken(ownerEmail), http.MethodPost, "/v1/api_keys", map[string]any{"name": "partner", "scopes": []string{"read", "write"}, "partner_uid": env.Demo.EvaluationPartnerUID})
	if r.Status != http.StatusCreated {
		t.Fatalf("create key: %s", r)
	}
	var created struct {
		APIKey struct {
			PartnerUID string `json:"partner_uid"`
		} `json:"api_key"`
		Secret string `json:"secret"`
	}
	r.JSON(t, &created)
	if created.APIKey.PartnerUID != env.Demo.EvaluationPartnerUID {
		t.Fatalf("key = %+v", created.APIKey)
	}
	_, actorType, actorID := noteBy(t, env, map[string]string{"Authorization": "Bearer " + created.Secret})
	if actorType != "EVALUATION_PARTNER" || actorID != env.Demo.EvaluationPartnerUID {
		t.Errorf("a partner key's note has actor %s %s, want the partner", actorType, actorID)
	}
}

func TestAdminsManageUsers(t *testing.T) {
	env := hiregraphtest.New(t)
	owner := env.UserToken(ownerEmail)

	var created struct{ CreateUser struct{ ID, Email string } }
	env.GraphQLAs(owner, `mutation { createUser(input: {email: "nina.new@acme.example", firstName: "Nina", roles: ["interviewer"]}) { id email } }`, nil).Decode(t, &created)
	nina := created.CreateUser.ID
	again := env.DoAs(owner, http.MethodPost, "/v1/users", map[string]any{"email": "NINA.new@acme.example", "first_name": "Nina", "roles": []string{"recruiter"}})
	again.AssertError(t, http.StatusConflict, "conflict", "already")
	env.DoAs(owner, http.MethodPost, "/v1/users/"+nina+"/roles", map[string]any{"roles": []string{"boss"}}).AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "roles[0]")

	token := env.UserToken("nina.new@acme.example")
	// An interviewer may not manage keys; once a recruiter, still not.
	env.DoAs(token, http.MethodGet, "/v1/api_keys", nil).AssertError(t, http.StatusForbidden, "forbidden", "")
	r := env.DoAs(owner, http.MethodPost, "/v1/users/"+nina+"/roles", map[string]any{"roles": []string{"recruiter"}})
	if r.Status != http.StatusOK || r.Map(t)["roles"].([]any)[0] != "recruiter" {
		t.Fatalf("set roles: %s", r)
	}
	var roles struct {
		Viewer struct{ ViewerUser struct{ Roles []string } }
	}
	env.GraphQLAs(token, `{ viewer { viewerUser { roles } } }`, nil).Decode(t, &roles)
	if len(roles.Viewer.ViewerUser.Roles) != 1 || roles.Viewer.ViewerUser.Roles[0] != "recruiter" {
		t.Errorf("the same token after the change has roles %v, want [recruiter]", roles.Viewer.ViewerUser.Roles)
	}

	// Deactivating takes effect on the very next request of the user.
	if gr := env.GraphQLAs(owner, `mutation($id: ID!) { deactivateUser(id: $id) { active } }`, map[string]any{"id": nina}); gr.Code() != "" {
		t.Fatalf("deactivate: %+v", gr.Errors)
	}
	env.DoAs(token, http.MethodGet, "/v1/openings", nil).AssertError(t, http.StatusUnauthorized, auth.CodeUserDeactivated, "")

	olivia := userIDOf(t, env, owner)
	// Sam, the other owner, steps down; Olivia, the last one, cannot.
	sam := userIDOf(t, env, env.UserToken("sam.founder@acme.example"))
	if r := env.DoAs(owner, http.MethodPost, "/v1/users/"+sam+"/roles", map[string]any{"roles": []string{"recruiter"}}); r.Status != http.StatusOK {
		t.Fatalf("the second owner steps down: %s", r)
	}
	env.DoAs(owner, http.MethodPost, "/v1/users/"+olivia+"/roles", map[string]any{"roles": []string{"recruiter"}}).
		AssertError(t, http.StatusConflict, "last_admin", "owner or admin")
	env.DoAs(owner, http.MethodPost, "/v1/users/"+olivia+"/deactivate", nil).AssertError(t, http.StatusUnprocessableEntity, "validation_failed", "yourself")
	if gr := env.GraphQLAs(env.Demo.UserToken, `mutation($id: ID!) { deactivateUser(id: $id) { active } }`, map[string]any{"id": olivia}); gr.Code() != "forbidden" {
		t.Errorf("a recruiter deactivating the owner: code %q, want forbidden", gr.Code())
	}
}

func TestAdminsManageAPIKeys(t *testing.T) {
	env := hiregraphtest.New(t)
	owner := env.UserToken(ownerEmail)
	hank := userIDOf(t, env, env.UserToken(managerEmail))

	r := env.DoAs(owner, http.MethodPost, "/v1/api_keys", map[string]any{"name": "Hank's scheduler", "scopes": []string{"read", "write", "admin"}, "user_uid": hank})
	if r.Status != http.StatusCreated {
		t.Fatalf("create key: %s", r)
	}
	var created struct {
		APIKey struct {
			ID           string  `json:"id"`
			UserUID      string  `json:"user_uid"`
			TimeLastUsed *string `json:"time_last_used"`
		} `json:"api_key"`
		Secret string `json:"secret"`
	}
	r.JSON(t, &created)
	if created.APIKey.UserUID != hank || created.Secret == "" || created.APIKey.TimeLastUsed != nil {
		t.Fatalf("created key = %+v", created)
	}

	// The key acts for Hank, with no more than his roles: no admin.
	if got := userIDOf(t, env, created.Secret); got != hank {
		t.Errorf("a key bound to Hank acts for %s", got)
	}
	env.DoAs(created.Secret, http.MethodGet, "/v1/api_keys", nil).AssertError(t, http.StatusForbidden, "forbidden", "")
	env.DoWith(http.MethodGet, "/v1/openings", nil, map[string]string{"Authorization": "Bearer " + created.Secret, server.OnBehalfOfHeader: ownerEmail}).
		AssertError(t, http.StatusForbidden, "forbidden", "bound")

	var list struct {
		APIKeys []struct {
			ID           string  `json:"id"`
			TimeLastUsed *string `json:"time_last_used"`
		} `json:"api_keys"`
	}
	env.DoAs(owner, http.MethodGet, "/v1/api_keys", nil).JSON(t, &list)
	found := false
	for _, k := range list.APIKeys {
		if k.ID == created.APIKey.ID {
			found = k.TimeLastUsed != nil
		}
	}
	if !found {
		t.Errorf("the used key is not listed with a last-used time: %+v", list.APIKeys)
	}

	var revoked struct{ RevokeAPIKey struct{ Revoked bool } }
	env.GraphQLAs(owner, `mutation($id: ID!) { revokeAPIKey(id: $id) { revoked } }`, map[string]any{"id": created.APIKey.ID}).Decode(t, &revoked)
	if !revoked.RevokeAPIKey.Revoked {
		t.Fatal("revokeAPIKey did not revoke")
	}
	env.DoAs(created.Secret, http.MethodGet, "/v1/openings", nil).AssertError(t, http.StatusUnauthorized, "unauthorized", "")
}

func TestSalaryRangesNeedTheSalaryPermission(t *testing.T) {
	env := hiregraphtest.New(t)
	clone := func(token string, body map[string]any) *hiregraphtest.Response {
		return env.DoAs(token, http.MethodPost, "/v1/positions/"+env.Demo.TemplatePositionUID+"/clone", body)
	}
	body := func(name string) map[string]any {
		return map[string]any{"name": name, "status": "open", "is_discreet": false, "copy_assignees": true,
			"users": map[string]any{"lead_recruiter": map[string]any{"email": demo.RecruiterEmail}, "hiring_manager": map[string]any{"email": managerEmail}}}
	}
	r := clone(env.Demo.UserToken, body("By Rita"))
	if r.Status != http.StatusCreated || r.Map(t)["salary_range"] == nil {
		t.Errorf("a recruiter's clone shows no salary range: %s", r)
	}
	// A key that may write positions but not salaries (scopes are
	// permission sets: write holds positions:edit, not salary:edit).
	writer := env.WithKey(viewer.ScopeWrite)
	r = writer.Do(http.MethodPost, "/v1/positions/"+env.Demo.TemplatePositionUID+"/clone", body("By the sync"))
	if r.Status != http.StatusCreated || r.Map(t)["salary_range"] != nil {
		t.Errorf("a clone by a key without the salary permission shows the salary range: %s", r)
	}
	withSalary := body("By the sync, paid")
	withSalary["salary_range"] = map[string]any{"min": 1, "max": 2, "currency_code": "EUR", "period": "annually"}
	writer.Do(http.MethodPost, "/v1/positions/"+env.Demo.TemplatePositionUID+"/clone", withSalary).AssertError(t, http.StatusForbidden, "forbidden", "salary_ranges:write")
	// A coordinator does not create positions at all.
	clone(env.UserToken(coordinatorEmail), body("By Cody")).AssertError(t, http.StatusForbidden, "forbidden", "positions:edit")

	// The clone kept the template's range: Rita reads it.
	var data struct {
		Node struct{ SalaryRange *struct{ Min int } }
	}
	env.GraphQLAs(env.Demo.UserToken, `query($id: ID!) { node(id: $id) { ... on Position { salaryRange { min } } } }`, map[string]any{"id": r.Map(t)["uid"]}).Decode(t, &data)
	if data.Node.SalaryRange == nil {
		t.Errorf("a clone without the salary permission lost the template's salary range")
	}
}

func TestCORSOrigins(t *testing.T) {
	preflight := func(env *hiregraphtest.Env, origin string) http.Header {
		return env.DoWith(http.MethodOptions, "/graphql", nil, map[string]string{
			"Origin": origin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization,content-type",
		}).Header
	}
	open := hiregraphtest.New(t)
	h := preflight(open, "https://anywhere.example")
	if h.Get("Access-Control-Allow-Origin") != "*" || h.Get("Access-Control-Allow-Credentials") != "" {
		t.Errorf("default CORS: %v, want any origin without credentials", h)
	}
	listed := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) { cfg.CORSOrigins = []string{"https://app.acme.example"} })
	h = preflight(listed, "https://app.acme.example")
	if h.Get("Access-Control-Allow-Origin") != "https://app.acme.example" || h.Get("Access-Control-Allow-Credentials") != "true" {
		t.Errorf("listed origin: %v, want it allowed with credentials", h)
	}
	if h = preflight(listed, "https://evil.example"); h.Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("unlisted origin allowed: %v", h)
	}
	star := hiregraphtest.NewWithConfig(t, func(cfg *server.Config) { cfg.CORSOrigins = []string{"*"} })
	if h = preflight(star, "https://anywhere.example"); h.Get("Access-Control-Allow-Credentials") != "" {
		t.Errorf("* allowed credentials: %v", h)
	}
}

// A key's last use is written at most once a minute: every request uses a
// key, and a write per request would cost more than the request.
func TestAPIKeyLastUseIsRecordedOnceAMinute(t *testing.T) {
	env := hiregraphtest.New(t)
	start := time.Date(2026, 5, 4, 10, 0, 0, 0, time.UTC)
	env.Clock.Set(start)
	owner := env.UserToken(ownerEmail)
	lastUsed := func() string {
		t.Helper()
		var list struct {
			APIKeys []struct {
				ID           string  `json:"id"`
				TimeLastUsed *string `json:"time_last_used"`
			} `json:"api_keys"`
		}
		env.DoAs(owner, http.MethodGet, "/v1/api_keys", nil).JSON(t, &list)
		for _, k := range list.APIKeys {
			if k.ID == env.Demo.APIKeyID && k.TimeLastUsed != nil {
				return *k.TimeLastUsed
			}
		}
		return ""
	}
	use := func() {
		t.Helper()
		if r := env.Do(http.MethodGet, "/v1/questionnaires", nil); r.Status != http.StatusOK {
			t.Fatal(r)
		}
	}
	if got := lastUsed(); got != "" {
		t.Fatalf("an unused key has a last use: %s", got)
	}
	use()
	if got := lastUsed(); got != "2026-05-04T10:00:00Z" {
		t.Fatalf("last use %q, want 2026-05-04T10:00:00Z", got)
	}
	env.Clock.Set(start.Add(30 * time.Second))
	use()
	if got := lastUsed(); got != "2026-05-04T10:00:00Z" {
		t.Errorf("a use 30 s later wrote %q; the write is once a minute", got)
	}
	env.Clock.Set(start.Add(2 * time.Minute))
	use()
	if got := lastUsed(); got != "2026-05-04T10:02:00Z" {
		t.Errorf("a use 2 minutes later: last use %q, want 2026-05-04T10:02:00Z", got)
	}
}

func TestMessageWithoutSenderIsTheUsers(t *testing.T) {
	env := hiregraphtest.New(t)
	rita := userIDOf(t, env, env.Demo.UserToken)
	r := env.DoAs(env.Demo.UserToken, http.MethodPost, "/v1/conversations/"+env.Demo.ConversationUID+"/messages", map[string]any{
		"time_sent": "2026-03-02T09:00:00Z", "status": "Open", "subject": "Next steps", "body": "Hi",
		"to": []any{map[string]any{"type": "candidate", "first_name": "Ada", "email": "ada@example.com"}},
	})
	if r.Status != http.StatusCreated {
		t.Fatalf("message: %s", r)
	}
	from, _ := r.Map(t)["from"].(map[string]any)
	if from["type"] != "user" || from["uid"] != rita {
		t.Errorf("from = %v, want user %s", from, rita)
	}
}
