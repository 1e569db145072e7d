package generated

import (
	"context"

	"github.com/99designs/gqlgen/graphql"
)

// fieldCtx is a context holding a field's FieldContext, which
// graphql.WithFieldContext would put in a context of its own: one
// allocation where gqlgen made two (three with a list element's index),
// for every plain scalar and every list element of a read.
type fieldCtx struct {
	context.Context
	fc    graphql.FieldContext
	index int
}

// withFieldCtx answers a context below ctx for a field's context, whose
// Parent is already ctx's field, as WithFieldContext sets it. The caller
// fills in the rest of c.fc.
func withFieldCtx(ctx context.Context) *fieldCtx {
	c := &fieldCtx{Context: ctx}
	c.fc.Parent = graphql.GetFieldContext(ctx)
	return c
}

func (c *fieldCtx) Value(key any) any {
	if key == fieldContextKey {
		return &c.fc
	}
	return c.Context.Value(key)
}

// fieldContextKey is the key graphql.GetFieldContext looks up. gqlgen does
// not export it, so it is learnt from the one question GetFieldContext
// asks of a context; TestFieldContextKeyIsGqlgens fails when gqlgen asks
// otherwise.
var fieldContextKey = func() any {
	if keys := probeFieldContextKeys(); len(keys) > 0 {
		return keys[0]
	}
	return nil
}()

// probeFieldContextKeys answers the keys graphql.GetFieldContext asks a
// context for, in order.
func probeFieldContextKeys() []any {
	var p keyProbe
	graphql.GetFieldContext(&p)
	return p.asked
}

// keyProbe is a context that remembers the keys it was asked for.
type keyProbe struct {
	context.Context
	asked []any
}

func (p *keyProbe) Value(key any) any {
	p.asked = append(p.asked, key)
	return nil
}
