package recruiting

import (
	"slices"
	"testing"

	"entgo.io/ent"

	"github.com/hiregraph/hiregraph/ent/schema"
)

// enumValues lists the stored values of an enum field of the data model.
func enumValues(t *testing.T, fields []ent.Field, name string) []string {
	t.Helper()
	for _, f := range fields {
		if d := f.Descriptor(); d.Name == name {
			var out []string
			for _, e := range d.Enums {
				out = append(out, e.V)
			}
			return out
		}
	}
	t.Fatalf("no enum field %s", name)
	return nil
}

// checkVocabulary requires a spelling for every value the data model can
// store, spellings that read back to their value, exactly and as filters
// match them, and no spelling twice.
func checkVocabulary[E ~string](t *testing.T, name string, stored []string, v *Vocabulary[E]) {
	t.Helper()
	for _, s := range stored {
		e := E(s)
		sp := v.Spell(e)
		if sp == "" {
			t.Errorf("%s: %s has no spelling", name, s)
			continue
		}
		if got, ok := v.Read(sp); !ok || got != e {
			t.Errorf("%s: Read(%q) = %q, %v; want %s", name, sp, got, ok, s)
		}
		for _, form := range []string{sp, s, " " + sp + " ", matchKey(sp)} {
			if got, ok := v.Match(form); !ok || got != e {
				t.Errorf("%s: Match(%q) = %q, %v; want %s", name, form, got, ok, s)
			}
		}
	}
	if len(v.Values()) != len(stored) {
		t.Errorf("%s spells %v; the data model stores %v", name, v.Values(), stored)
	}
	spellings := slices.Clone(v.Spellings())
	slices.Sort(spellings)
	if len(slices.Compact(spellings)) != len(v.Spellings()) {
		t.Errorf("%s spells two values alike: %v", name, v.Spellings())
	}
}

func TestVocabulariesSpellEveryValue(t *testing.T) {
	checkVocabulary(t, "position status", enumValues(t, schema.Position{}.Fields(), "status"), PositionStatuses)
	checkVocabulary(t, "opening status", enumValues(t, schema.Opening{}.Fields(), "status"), OpeningStates)
	checkVocabulary(t, "approval status", enumValues(t, schema.Opening{}.Fields(), "approval_status"), ApprovalStatuses)
	checkVocabulary(t, "opening reason", enumValues(t, schema.Opening{}.Fields(), "reason"), OpeningReasons)
	checkVocabulary(t, "candidate status", enumValues(t, schema.Candidate{}.Fields(), "status"), CandidateStatuses)
	checkVocabulary(t, "outcome", enumValues(t, schema.TestSubmission{}.Fields(), "outcome"), Outcomes)
}

func TestVocabularyReadIsExactAndMatchIsLenient(t *testing.T) {
	for _, c := range []struct {
		in          string
		read, match bool
	}{
		{"In progress", true, true},
		{"in progress", false, true},
		{"IN_PROGRESS", false, true},
		{"in_progress", false, true},
		{" In progress ", false, true},
		{"Inprogress", false, false},
		{"", false, false},
	} {
		if _, ok := CandidateStatuses.Read(c.in); ok != c.read {
			t.Errorf("Read(%q) ok = %v", c.in, ok)
		}
		if _, ok := CandidateStatuses.Match(c.in); ok != c.match {
			t.Errorf("Match(%q) ok = %v", c.in, ok)
		}
	}
}
