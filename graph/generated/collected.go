package generated

import (
	"sync"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/ast"
)

// collectedFields remembers, for one operation, the fields collected from
// each selection set for each object type; internal/codegen puts it in
// front of graphql.CollectFields, which the generated code calls for
// every object it writes: for every row of a list. gqlgen caches the
// result too, but builds its key with a new hash of the type's names each
// time. Here the key is the identity of the two slices, which both
// outlive the operation: the selection set belongs to the operation's
// document, and the type's names to a package variable.
type collectedFields struct {
	mu     sync.RWMutex
	fields map[collectedKey][]graphql.CollectedField
	plans  map[*graphql.CollectedField]any
}

type collectedKey struct {
	sel       *ast.Selection
	n         int
	satisfies *string
}

// of answers graphql.CollectFields(oc, sel, satisfies), once per
// operation for each selection set and type.
func (c *collectedFields) of(oc *graphql.OperationContext, sel ast.SelectionSet, satisfies []string) []graphql.CollectedField {
	if len(sel) == 0 || len(satisfies) == 0 {
		return graphql.CollectFields(oc, sel, satisfies)
	}
	key := collectedKey{sel: &sel[0], n: len(sel), satisfies: &satisfies[0]}
	c.mu.RLock()
	fields, ok := c.fields[key]
	c.mu.RUnlock()
	if ok {
		return fields
	}
	fields = graphql.CollectFields(oc, sel, satisfies)
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fields == nil {
		c.fields = map[collectedKey][]graphql.CollectedField{}
	}
	c.fields[key] = fields
	return fields
}

// plan answers what remember kept for fields: how an object with these
// fields is written through its plain fields (graph/generated/plainobject.go).
// The key is the list's identity: of answers the same list for a selection
// set and type throughout the operation.
func (c *collectedFields) plan(fields []graphql.CollectedField) (any, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	plan, ok := c.plans[&fields[0]]
	return plan, ok
}

// remember keeps plan as the plan for fields.
func (c *collectedFields) remember(fields []graphql.CollectedField, plan any) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.plans == nil {
		c.plans = map[*graphql.CollectedField]any{}
	}
	c.plans[&fields[0]] = plan
}
