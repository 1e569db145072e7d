package rest_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// applicant applies with a new e-mail address and returns the uids of the
// person and the candidate the application made.
func applicant(t *testing.T, env *hiregraphtest.Env, email string) (personID, candidateID string) {
	t.Helper()
	app := validApplication(t, env)
	app["email"] = email
	r := env.DoWith(http.MethodPost, applyPath(env, env.Demo.PublishedPositionUID), app, nil)
	if r.Status != http.StatusCreated {
		t.Fatalf("apply: %s", r)
	}
	var applied struct {
		ApplicationUID string `json:"application_uid"`
	}
	r.JSON(t, &applied)
	var out struct {
		Node struct {
			Candidate struct {
				ID     string
				Person struct{ ID string }
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Application { candidate { id person { id } } } } }`,
		map[string]any{"id": applied.ApplicationUID}).Decode(t, &out)
	return out.Node.Candidate.Person.ID, out.Node.Candidate.ID
}

// retentionRun runs retention through REST and returns the people listed.
func retentionRun(t *testing.T, env *hiregraphtest.Env, dryRun bool) []string {
	t.Helper()
	path := "/v1/retention/run"
	if dryRun {
		path += "?dry_run=true"
	}
	r := env.Do(http.MethodPost, path, nil)
	var out struct {
		DryRun bool `json:"dry_run"`
		People []struct {
			PersonUID string `json:"person_uid"`
			Reason    string
		}
	}
	r.JSON(t, &out)
	if r.Status != http.StatusOK || out.DryRun != dryRun {
		t.Fatalf("retention run: %s", r)
	}
	ids := make([]string, len(out.People))
	for i, p := range out.People {
		ids[i] = p.PersonUID
	}
	return ids
}

func candidateDeleted(t *testing.T, env *hiregraphtest.Env, uid string) bool {
	t.Helper()
	return candidatesByUID(t, env, []string{uid})[uid]["deleted"] == true
}

// Retention erases a rejected candidate's person once nothing happened for
// the company's days: a dry run lists them and erases nothing, activity
// resets the clock, a run erases them and a second run finds nobody.
func TestRetention(t *testing.T) {
	env := hiregraphtest.New(t)
	personID, candidateID := applicant(t, env, "grace@example.com")
	env.GraphQL(`mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r}) { id } }`,
		map[string]any{"id": candidateID, "r": rejectionReason(t, env)}).Decode(t, &struct{}{})
	if due := retentionRun(t, env, true); slices.Contains(due, personID) {
		t.Fatalf("retention off, yet due: %v", due)
	}
	var set struct{ SetRetention struct{ RetentionDays *int } }
	env.GraphQL(`mutation { setRetention(days: 30) { retentionDays } }`, nil).Decode(t, &set)
	if set.SetRetention.RetentionDays == nil || *set.SetRetention.RetentionDays != 30 {
		t.Fatalf("setRetention answered %+v", set)
	}
	// The setting is audited in the company's feed, before and after.
	audit := hiregraphtest.Settled(t, func() string {
		return string(env.Do(http.MethodGet, "/v1/events?types=company.retention_changed", nil).Body)
	}, func(feed string) bool { return strings.Contains(feed, "company.retention_changed") })
	var feed struct{ Events []struct{ ID string } }
	if err := json.Unmarshal([]byte(audit), &feed); err != nil || len(feed.Events) != 1 {
		t.Fatalf("retention events: %s", audit)
	}
	var act struct {
		Node struct {
			Activity struct {
				Changes []struct {
					Field         string
					Before, After any
				}
			}
		}
	}
	env.GraphQL(`query($id: ID!) { node(id: $id) { ... on Event { activity { changes { field before after } } } } }`,
		map[string]any{"id": feed.Events[0].ID}).Decode(t, &act)
	if c := act.Node.Activity.Changes; len(c) != 1 || c[0].Field != "retention_days" || c[0].Before != nil || c[0].After != 30.0 {
		t.Errorf("the retention event's changes: %+v", c)
	}
	if due := retentionRun(t, env, true); slices.Contains(due, personID) {
		t.Errorf("due the day of the rejection: %v", due)
	}

	start := time.Now()
	env.Clock.Set(start.Add(31 * 24 * time.Hour))
	if due := retentionRun(t, env, true); !slices.Contains(due, personID) {
		t.Errorf("31 days idle, not due: %v", due)
	}
	if candidateDeleted(t, env, candidateID) {
		t.Fatal("the dry run erased the candidate")
	}
	// A note is activity: the 30 days start again.
	if r := env.Do(http.MethodPost, notePath(candidateID), validNote(env)); r.Status != http.StatusCreated {
		t.Fatalf("note: %s", r)
	}
	if due := retentionRun(t, env, true); slices.Contains(due, personID) {
		t.Errorf("due right after a note: %v", due)
	}

	env.Clock.Set(start.Add(62 * 24 * time.Hour))
	if due := retentionRun(t, env, false); !slices.Contains(due, personID) {
		t.Errorf("the run erased %v, not the person", due)
	}
	if !candidateDeleted(t, env, candidateID) {
		t.Error("after the run the candidate is not deleted")
	}
	if due := retentionRun(t, env, false); slices.Contains(due, personID) {
		t.Errorf("a second run erased the person again: %v", due)
	}
}

// A closed candidacy whose consent ran out is due however recent its
// activity; one still in progress never is. Retention needs people:erase.
func TestRetentionConsentExpired(t *testing.T) {
	env := hiregraphtest.New(t)
	env.DoAs(env.Demo.UserToken, http.MethodPost, "/v1/retention/run?dry_run=true", nil).AssertError(t, http.StatusForbidden, "forbidden", "people:erase")
	env.GraphQL(`mutation { setRetention(days: 3650) { retentionDays } }`, nil).Decode(t, &struct{}{})
	closedID, closedCandidate := applicant(t, env, "closed@example.com")
	openID, _ := applicant(t, env, "open@example.com")
	env.Clock.Set(time.Now().Add(2*365*24*time.Hour + 48*time.Hour))
	env.GraphQL(`mutation($id: ID!, $r: ID!) { rejectCandidate(id: $id, input: {reasonID: $r}) { id } }`,
		map[string]any{"id": closedCandidate, "r": rejectionReason(t, env)}).Decode(t, &struct{}{})
	due := retentionRun(t, env, true)
	if !slices.Contains(due, closedID) || slices.Contains(due, openID) {
		t.Errorf("due %v; want %s (consent expired) and not %s (in progress)", due, closedID, openID)
	}
}
