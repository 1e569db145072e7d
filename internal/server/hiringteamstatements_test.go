package server_test

import (
	"testing"
)

// TestHiringTeamsLoadInConstantStatements reads positions with their hiring
// teams: four positions send as many statements as two, so the teams load
// at once, not one query per position.
func TestHiringTeamsLoadInConstantStatements(t *testing.T) {
	env, rec := newRecordingEnv(t)
	statements := func(first int) int {
		rec.take()
		var out struct {
			Positions struct {
				Edges []struct {
					Node struct {
						ID                string
						HiringTeamMembers []struct {
							Role string
							User struct{ Email string }
						}
					}
				}
			}
		}
		env.GraphQL(`query($n: Int) { positions(first: $n) { edges { node { id hiringTeamMembers { role user { email } } } } } }`,
			map[string]any{"n": first}).Decode(t, &out)
		if len(out.Positions.Edges) != first {
			t.Fatalf("positions(first: %d) read %d; the demo should have more", first, len(out.Positions.Edges))
		}
		members := 0
		for _, e := range out.Positions.Edges {
			for _, m := range e.Node.HiringTeamMembers {
				if m.User.Email == "" || m.Role == "" {
					t.Fatalf("position %s: member %+v", e.Node.ID, m)
				}
				members++
			}
		}
		if members == 0 {
			t.Fatalf("no position of %d has a hiring team: the test shows nothing", first)
		}
		return len(rec.take())
	}
	if two, four := statements(2), statements(4); two != four {
		t.Errorf("%d statements for 2 positions and %d for 4, want as many", two, four)
	}
}
