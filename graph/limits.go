package graph

import (
	"cmp"
	"context"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/complexity"
	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/vektah/gqlparser/v2/ast"
	"github.com/vektah/gqlparser/v2/gqlerror"
	"github.com/vektah/gqlparser/v2/validator/core"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/filestore"
)

// CodeResponseTooLarge answers an operation whose answer would pass
// Limits.MaxResponseBytes.
const CodeResponseTooLarge = "response_too_large"

// Limits are the limits of a GraphQL request an operator may change; a
// zero field takes its default.
type Limits struct {
	// MaxResponseBytes caps the data of one answer (default
	// DefaultMaxResponseBytes).
	MaxResponseBytes int
	// MaxFileBytes is the largest file an upload may carry (default
	// filestore.DefaultMaxBytes); a multipart request may hold it and 1 MiB
	// of operations beside it.
	MaxFileBytes int64
}

// maxUploadBytes caps a whole multipart request.
func (l Limits) maxUploadBytes() int64 {
	return cmp.Or(l.MaxFileBytes, filestore.DefaultMaxBytes) + 1<<20
}

// limitResponse replaces an answer whose data is larger than maxBytes with
// an error, so a client gets a clear refusal rather than a body cut short.
// The data is built before it can be measured; the shape and cost limits
// keep it from growing far past maxBytes.
func limitResponse(maxBytes int) graphql.ResponseMiddleware {
	return func(ctx context.Context, next graphql.ResponseHandler) *graphql.Response {
		resp := next(ctx)
		if resp == nil || len(resp.Data) <= maxBytes {
			return resp
		}
		err := apierror.New(http.StatusUnprocessableEntity, CodeResponseTooLarge,
			"the answer would hold %d bytes, more than the limit of %d; ask for fewer fields, smaller pages or fewer aliases", len(resp.Data), maxBytes)
		setStatus(ctx, err)
		return &graphql.Response{Errors: gqlerror.List{presentError(ctx, err)}}
	}
}

// connectionCost prices what an operation makes the server read and build,
// in tenths of the cost MaxComplexity counts (costUnit): an object (a
// nested object, a list's element, a connection's edge and node) costs 1;
// a leaf (a scalar or enum field) a tenth, as it comes with the row already
// read; a connection its page size times the cost of one element, so
// `first: 100` nested three deep costs what it reads. A 500-row page with
// dozens of fields and a board of 20 positions by 20 openings pass; nested
// pages and thousands of leaves under one page do not. The plain gqlgen
// default counts every field as 1 whatever its fan-out.
type connectionCost struct {
	graphql.ExecutableSchema
}

// costUnit is the cost of an object, in connectionCost's tenths.
const costUnit = 10

func (c connectionCost) Complexity(ctx context.Context, typeName, field string, child int, args map[string]any) (int, bool) {
	if n, ok := c.ExecutableSchema.Complexity(ctx, typeName, field, child, args); ok {
		return n, true
	}
	_, isConnection := args["first"]
	switch {
	case !isConnection && child == 0:
		return 1, true // a leaf: it selects nothing
	case !isConnection:
		return costUnit + child, true
	}
	page := DefaultPage
	for _, name := range []string{"first", "last"} {
		// The complexity walker hands over raw argument values: int64 for
		// a literal, whatever the variables decoded to otherwise.
		switch n := args[name].(type) {
		case int64:
			page = int(n)
		case int:
			page = n
		case float64:
			page = int(n)
		case json.Number:
			if v, err := n.Int64(); err == nil {
				page = int(v)
			}
		case *int:
			if n != nil {
				page = *n
			}
		}
	}
	return costUnit + page*max(child, 1), true
}

func depth(doc *ast.QueryDocument, set ast.SelectionSet, visiting map[string]bool) int {
	deepest := 0
	for _, sel := range set {
		d := 0
		switch s := sel.(type) {
		case *ast.Field:
			// Introspection nests ofType a dozen levels deep by design and
			// reads only the schema, so it does not count.
			if strings.HasPrefix(s.Name, "__") {
				continue
			}
			if len(s.SelectionSet) > 0 {
				d = 1 + depth(doc, s.SelectionSet, visiting)
			}
		case *ast.InlineFragment:
			d = depth(doc, s.SelectionSet, visiting)
		case *ast.FragmentSpread:
			frag := doc.Fragments.ForName(s.Name)
			if frag == nil || visiting[s.Name] {
				continue // unknown or cyclic fragments are reported by other rules
			}
			visiting[s.Name] = true
			d = depth(doc, frag.SelectionSet, visiting)
			delete(visiting, s.Name)
		}
		deepest = max(deepest, d)
	}
	return deepest
}

// errComplexityLimit keeps the code gqlgen's own complexity limit used, so
// clients that look for it still find it.
const errComplexityLimit = "COMPLEXITY_LIMIT_EXCEEDED"

// An operation over the limits is refused before it runs, as a request
// error (422), like a validation error.
func init() { errcode.RegisterErrorType(errComplexityLimit, errcode.KindProtocol) }

// complexityLimit refuses operations that cost more than limit. It adds
// what gqlgen's calculation leaves out: gqlgen prices __schema at nothing,
// yet one __schema selection can answer half a megabyte, and aliases repeat
// it at will. Here __schema costs 1 plus 1 for each field below it,
// leaves included: its whole answer is built before it is measured.
type complexityLimit struct {
	limit  int
	schema graphql.ExecutableSchema
}

var _ interface {
	graphql.HandlerExtension
	graphql.OperationContextMutator
} = &complexityLimit{}

func (*complexityLimit) ExtensionName() string { return "ComplexityLimit" }

func (c *complexityLimit) Validate(schema graphql.ExecutableSchema) error {
	c.schema = schema
	return nil
}

func (c *complexityLimit) MutateOperationContext(ctx context.Context, oc *graphql.OperationContext) *gqlerror.Error {
	cost := complexity.Calculate(ctx, c.schema, oc.Operation, oc.Variables)
	cost += costUnit * schemaFieldsCost(oc.Doc, oc.Operation.SelectionSet, c.limit+1)
	if cost <= c.limit*costUnit {
		return nil
	}
	err := gqlerror.Errorf("the operation costs %d, more than the limit of %d; ask for fewer or smaller pages, fields or aliases", (cost+costUnit-1)/costUnit, c.limit)
	errcode.Set(err, errComplexityLimit)
	return err
}

// schemaFieldsCost prices the __schema fields among the root fields of set,
// each at 1 plus the fields below it, counting up to budget.
func schemaFieldsCost(doc *ast.QueryDocument, set ast.SelectionSet, budget int) int {
	cost := 0
	forEachField(doc, set, false, map[string]bool{}, func(f *ast.Field) bool {
		if f.Name == "__schema" {
			cost += 1 + countFields(doc, f.SelectionSet, true, budget-cost, func(*ast.Field) bool { return true })
		}
		return cost <= budget
	})
	return cost
}

// operationShape bounds the shape of one operation (shapeRule).
type operationShape struct {
	maxFields, maxRoot, maxAliases, maxDepth int
	// maxSchemas bounds the __schema selections: each answers the whole
	// schema (about 430 KB), and gqlgen builds all of it before the
	// answer's size can be measured, so their number is what bounds an
	// introspection answer's memory.
	maxSchemas int
}

// shapeRule refuses operations that are too large in shape, before
// anything runs: more than maxFields fields in all, counted through
// fragments (each spread again, as execution would), more than maxRoot root
// fields, more than maxAliases aliased fields, more than maxSchemas
// __schema fields, or nested deeper than maxDepth. Aliases are what lets
// one document ask for the same costly field hundreds of times; a real
// client needs a few, and asks for the schema once. The total is checked
// first, so the other counts never walk a document that expands without
// bound.
func shapeRule(limits operationShape) core.RuleFunc {
	return func(observers *core.Events, addError core.AddErrFunc) {
		observers.OnOperation(func(walker *core.Walker, op *ast.OperationDefinition) {
			doc := walker.Document
			fail := func(format string, args ...any) { addError(core.Message(format, args...), core.At(op.Position)) }
			all := func(*ast.Field) bool { return true }
			aliased := func(f *ast.Field) bool { return f.Alias != f.Name }
			schema := func(f *ast.Field) bool { return f.Name == "__schema" }
			switch {
			case countFields(doc, op.SelectionSet, true, limits.maxFields, all) > limits.maxFields:
				fail("the operation selects more than %d fields, counting each fragment spread; ask for less", limits.maxFields)
			case countFields(doc, op.SelectionSet, false, limits.maxRoot, all) > limits.maxRoot:
				fail("the operation has more than %d root fields; send several requests", limits.maxRoot)
			case countFields(doc, op.SelectionSet, true, limits.maxAliases, aliased) > limits.maxAliases:
				fail("the operation has more than %d aliased fields; send several requests", limits.maxAliases)
			case countFields(doc, op.SelectionSet, false, limits.maxSchemas, schema) > limits.maxSchemas:
				fail("the operation selects __schema more than %d time(s); one selection answers the whole schema", limits.maxSchemas)
			default:
				if d := depth(doc, op.SelectionSet, map[string]bool{}); d > limits.maxDepth {
					fail("the query is nested %d levels deep; the limit is %d", d, limits.maxDepth)
				}
			}
		})
	}
}

// countFields counts the fields of set that match, through fragments, and
// below them too when deep. It stops once the count passes limit, so a
// document whose fragments spread each other many times over costs no
// more than limit steps of counting.
func countFields(doc *ast.QueryDocument, set ast.SelectionSet, deep bool, limit int, match func(*ast.Field) bool) int {
	n := 0
	forEachField(doc, set, deep, map[string]bool{}, func(f *ast.Field) bool {
		if match(f) {
			n++
		}
		return n <= limit
	})
	return n
}

// forEachField calls visit for each field of set, through inline fragments
// and fragment spreads (each spread again), and below each field when deep,
// until visit returns false. It reports whether the walk went to the end.
func forEachField(doc *ast.QueryDocument, set ast.SelectionSet, deep bool, visiting map[string]bool, visit func(*ast.Field) bool) bool {
	for _, sel := range set {
		switch s := sel.(type) {
		case *ast.Field:
			if !visit(s) {
				return false
			}
			if deep && !forEachField(doc, s.SelectionSet, deep, visiting, visit) {
				return false
			}
		case *ast.InlineFragment:
			if !forEachField(doc, s.SelectionSet, deep, visiting, visit) {
				return false
			}
		case *ast.FragmentSpread:
			frag := doc.Fragments.ForName(s.Name)
			if frag == nil || visiting[s.Name] {
				continue // unknown or cyclic fragments are reported by other rules
			}
			visiting[s.Name] = true
			ok := forEachField(doc, frag.SelectionSet, deep, visiting, visit)
			delete(visiting, s.Name)
			if !ok {
				return false
			}
		}
	}
	return true
}
