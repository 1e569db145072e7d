package rest_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// activityOf reads, through the graph, when the demo candidate's hiring
// process was last updated, when its person was last active, and the
// update times of the person's other candidates.
func activityOf(t *testing.T, env *hiregraphtest.Env) (process, person time.Time, others []time.Time) {
	t.Helper()
	var out struct {
		Node struct {
			TimeHiringProcessUpdated time.Time
			Person                   struct {
				TimeLastActivity time.Time
				Candidates       struct {
					Edges []struct {
						Node struct {
							ID                       string
							TimeHiringProcessUpdated time.Time
						}
					}
				}
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Candidate { timeHiringProcessUpdated
		person { timeLastActivity candidates { edges { node { id timeHiringProcessUpdated } } } } } } }`,
		map[string]any{"id": env.Demo.CandidateUID}).Decode(t, &out)
	for _, e := range out.Node.Person.Candidates.Edges {
		if e.Node.ID != env.Demo.CandidateUID {
			others = append(others, e.Node.TimeHiringProcessUpdated)
		}
	}
	return out.Node.TimeHiringProcessUpdated, out.Node.Person.TimeLastActivity, others
}

// TestNotesAndMessagesCountAsActivity pins the decision: a note or a
// message about a candidate moves the candidate's time_hiring_process_updated
// and its person's time_last_activity to the server's time of the request
// (not the client's time_created or time_sent), and never back.
func TestNotesAndMessagesCountAsActivity(t *testing.T) {
	env := hiregraphtest.New(t)
	_, _, othersBefore := activityOf(t, env)
	if len(othersBefore) != 1 {
		t.Fatalf("the demo candidate's person has %d other candidates, want Ada's 1", len(othersBefore))
	}
	expect := func(step string, want time.Time) {
		t.Helper()
		process, person, others := activityOf(t, env)
		if !process.Equal(want) || !person.Equal(want) {
			t.Errorf("%s: hiring process updated %v, person active %v; want both %v", step, process, person, want)
		}
		if !others[0].Equal(othersBefore[0]) {
			t.Errorf("%s: the person's other candidate moved from %v to %v", step, othersBefore[0], others[0])
		}
	}

	noted := time.Now().UTC().Add(time.Hour).Truncate(time.Second)
	env.Clock.Set(noted)
	if r := env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), validNote(env)); r.Status != http.StatusCreated {
		t.Fatalf("note: %s", r)
	}
	expect("after a note", noted)

	messaged := noted.Add(time.Hour)
	env.Clock.Set(messaged)
	if r := env.Do(http.MethodPost, messagePath(env.Demo.ConversationUID), validMessage()); r.Status != http.StatusCreated {
		t.Fatalf("message: %s", r)
	}
	expect("after a message", messaged)

	env.Clock.Set(noted.Add(-48 * time.Hour))
	if r := env.Do(http.MethodPost, notePath(env.Demo.CandidateUID), validNote(env)); r.Status != http.StatusCreated {
		t.Fatalf("note with the clock behind: %s", r)
	}
	expect("after a note with an earlier clock", messaged)

	// The list filters of spec 4.5 see it: only this candidate was updated,
	// and both of the person's candidates belong to someone active.
	after := "=" + noted.Format(time.RFC3339)
	updated := list(t, env, "/v1/candidates?time_hiring_process_updated:after"+after).Candidates
	if len(updated) != 1 || updated[0]["uid"] != env.Demo.CandidateUID {
		t.Errorf("candidates updated after %s: %v", noted, updated)
	}
	if n := len(list(t, env, "/v1/candidates?time_person_last_activity:after"+after).Candidates); n != 2 {
		t.Errorf("candidates of people active after %s: %d, want Ada's 2", noted, n)
	}
}

// TestMessageInAConversationAboutNoOne checks a conversation with no
// candidate takes messages: a candidate party without e-mail then gets a
// contact of its own, and no candidate's activity moves.
func TestMessageInAConversationAboutNoOne(t *testing.T) {
	env := hiregraphtest.New(t)
	conv := env.DB.Client.Conversation.Create().SetSubject("Referral program").SaveX(asCompany(env))
	before, _, _ := activityOf(t, env)
	r := env.Do(http.MethodPost, messagePath(conv.ID), validMessage())
	if r.Status != http.StatusCreated {
		t.Fatalf("message: %s", r)
	}
	to := r.Map(t)["to"].([]any)[0].(map[string]any)
	if to["type"] != "candidate" || !strings.HasPrefix(to["uid"].(string), "ctc_") {
		t.Errorf("to[0] = %v, want a contact for a candidate of no conversation", to)
	}
	if after, _, _ := activityOf(t, env); !after.Equal(before) {
		t.Errorf("a message about no one moved the demo candidate from %v to %v", before, after)
	}
}
