package rule

import (
	"context"
	"fmt"
	"strings"

	"entgo.io/ent"
)

// NormalizeEmail keeps a person's email_normalized, the key of the unique
// (company_id, email_normalized) index, in step with the e-mail address on
// every write that sets or clears it: the address trimmed and in lower
// case, or null when there is none.
func NormalizeEmail(next ent.Mutator) ent.Mutator {
	return ent.MutateFunc(func(ctx context.Context, m ent.Mutation) (ent.Value, error) {
		if v, ok := m.Field("email"); ok {
			key := NormalEmail(fmt.Sprint(v))
			var err error
			if key == "" {
				err = m.ClearField("email_normalized")
			} else {
				err = m.SetField("email_normalized", key)
			}
			if err != nil {
				return nil, fmt.Errorf("normalizing e-mail: %w", err)
			}
		}
		if m.FieldCleared("email") {
			if err := m.ClearField("email_normalized"); err != nil {
				return nil, fmt.Errorf("normalizing e-mail: %w", err)
			}
		}
		return next.Mutate(ctx, m)
	})
}

// NormalEmail is the duplicate key of an e-mail address: trimmed and in
// lower case; "" when nothing is left.
func NormalEmail(email string) string {
	return strings.ToLower(strings.TrimSpace(email))
}
