package graph_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/hiregraph/hiregraph/ent/note"
	"github.com/hiregraph/hiregraph/ent/privacy"
	"github.com/hiregraph/hiregraph/internal/auth"
	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
	"github.com/hiregraph/hiregraph/internal/viewer"
)

// keyWith issues a key of the demo company holding exactly scopes.
func keyWith(t *testing.T, env *hiregraphtest.Env, scopes ...string) map[string]string {
	t.Helper()
	ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
	key, err := auth.CreateKey(ctx, env.DB.Client, env.Sealer, env.Demo.CompanyUID, "scoped", scopes)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]string{"Authorization": "Bearer " + key.Secret, "Content-Type": "application/json"}
}

const createNote = `mutation($id: ID!) { createNote(candidateID: $id, input: {
	timeCreated: "2026-03-01T10:00:00Z", createdBy: {type: "app", firstName: "Sync"}, text: "<b>hi</b>"}) `

func notesOf(env *hiregraphtest.Env) int {
	ctx := privacy.DecisionContext(context.Background(), privacy.Allow)
	return env.DB.Client.Note.Query().Where(note.HasCandidateWith()).CountX(ctx)
}

// A key with write and not read can do in GraphQL what it can do in REST:
// write, and see what it wrote; reading other records needs read.
func TestMutationsNeedTheScopeOfWhatTheyDo(t *testing.T) {
	env := hiregraphtest.New(t)
	writeOnly := keyWith(t, env, viewer.ScopeWrite)
	vars := map[string]any{"id": env.Demo.CandidateUID}

	var ok hiregraphtest.GraphQLResponse
	r := env.DoWith(http.MethodPost, "/graphql", map[string]any{"query": createNote + `{ id text createdBy { type uid } details { title } } }`, "variables": vars}, writeOnly)
	r.JSON(t, &ok)
	var created struct{ CreateNote struct{ ID, Text string } }
	ok.Decode(t, &created)
	if created.CreateNote.ID == "" || created.CreateNote.Text != "<b>hi</b>" {
		t.Fatalf("write-only createNote answered %s", r)
	}

	before := notesOf(env)
	for name, selection := range map[string]string{
		"an edge to the candidate":      `{ id candidate { id } }`,
		"a record inside a fragment":    `{ ... on Note { candidate { person { id } } } }`,
		"the candidate's other records": `{ id candidate { notes { totalCount } } }`,
	} {
		t.Run(name, func(t *testing.T) {
			r := env.DoWith(http.MethodPost, "/graphql", map[string]any{"query": createNote + selection + " }", "variables": vars}, writeOnly)
			r.AssertGraphQLError(t, http.StatusForbidden, "forbidden")
		})
	}
	if after := notesOf(env); after != before {
		t.Errorf("refused mutations wrote %d notes", after-before)
	}

	// Queries read; a key without read runs none.
	r = env.DoWith(http.MethodPost, "/graphql", map[string]any{"query": "{ viewer { id } }"}, writeOnly)
	r.AssertGraphQLError(t, http.StatusForbidden, "forbidden")

	// Read alone writes nothing, and reading after a write is fine with both.
	readOnly := keyWith(t, env, viewer.ScopeRead)
	var denied hiregraphtest.GraphQLResponse
	env.DoWith(http.MethodPost, "/graphql", map[string]any{"query": createNote + "{ id } }", "variables": vars}, readOnly).JSON(t, &denied)
	if denied.Code() != "forbidden" {
		t.Errorf("read-only createNote: %+v", denied.Errors)
	}
	both := keyWith(t, env, viewer.ScopeRead, viewer.ScopeWrite)
	var full hiregraphtest.GraphQLResponse
	env.DoWith(http.MethodPost, "/graphql", map[string]any{"query": createNote + "{ id candidate { id } } }", "variables": vars}, both).JSON(t, &full)
	var withCandidate struct {
		CreateNote struct{ Candidate struct{ ID string } }
	}
	full.Decode(t, &withCandidate)
	if withCandidate.CreateNote.Candidate.ID != env.Demo.CandidateUID {
		t.Errorf("read+write createNote: %+v", withCandidate)
	}
}

// An admin key configures partners without holding read or write.
func TestAdminMutationWithoutRead(t *testing.T) {
	env := hiregraphtest.New(t)
	r := env.DoWith(http.MethodPost, "/graphql", map[string]any{"query": `mutation { createEvaluationPartner(input: {
		name: "Vendor", submitURL: "https://vendor.example/submit", authMode: STATIC_TOKEN, accessToken: "t"}) { id name hasAccessToken } }`},
		keyWith(t, env, viewer.ScopeAdmin))
	var out hiregraphtest.GraphQLResponse
	r.JSON(t, &out)
	var got struct{ CreateEvaluationPartner struct{ ID, Name string } }
	out.Decode(t, &got)
	if got.CreateEvaluationPartner.Name != "Vendor" {
		t.Errorf("admin createEvaluationPartner answered %s", r)
	}
}
