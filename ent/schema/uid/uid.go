// Package uid defines the opaque identifiers every record carries: a short
// type prefix and a ULID, e.g. "pos_01JD3ZB1G0W8Q6J8C2R7Y0V5KT". The prefix lets
// the graph resolve a global Node ID to its table without a lookup, and the
// ULID keeps identifiers roughly time-ordered, which suits keyset pagination.
package uid

import (
	"crypto/rand"
	"strings"
	"sync"
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/mixin"
	"github.com/oklog/ulid/v2"
)

var (
	entropyMu sync.Mutex
	entropy   = ulid.Monotonic(rand.Reader, 0)
)

// New returns a fresh identifier with the given type prefix.
func New(prefix string) string {
	entropyMu.Lock()
	defer entropyMu.Unlock()
	return prefix + "_" + ulid.MustNew(ulid.Timestamp(time.Now()), entropy).String()
}

// Prefix returns the type prefix of id, or "" when id has none.
func Prefix(id string) string {
	p, _, ok := strings.Cut(id, "_")
	if !ok {
		return ""
	}
	return p
}

// Mixin gives a schema a string primary key with the given prefix.
func Mixin(prefix string) ent.Mixin { return idMixin{prefix: prefix} }

type idMixin struct {
	mixin.Schema
	prefix string
}

func (m idMixin) Fields() []ent.Field {
	return []ent.Field{
		field.String("id").
			MaxLen(40).
			NotEmpty().
			Immutable().
			DefaultFunc(func() string { return New(m.prefix) }),
	}
}

// Annotation records the prefix so the code generator can map prefixes to tables.
type Annotation struct {
	Prefix string
}

// Name implements schema.Annotation.
func (Annotation) Name() string { return "UID" }

func (m idMixin) Annotations() []schema.Annotation {
	return []schema.Annotation{Annotation{Prefix: m.prefix}}
}
