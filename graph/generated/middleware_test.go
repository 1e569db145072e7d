package generated

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/executor"
	"github.com/99designs/gqlgen/graphql/handler"
	"github.com/99designs/gqlgen/graphql/handler/transport"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/permission"
)

// Field middleware registered with srv.AroundFields runs for every field:
// the resolver of Query.permissions and the fields read straight off each
// permission, which otherwise take the plain fields' fast path.
func TestAroundFieldsRunsForPlainAndResolverFields(t *testing.T) {
	srv, seen := permissionsServer()
	srv.AroundFields(seen.record)
	got := post(t, srv, `{ permissions { name description } }`)
	if want := `{"data":{"permissions":[{"name":"candidates:move","description":"Move candidates."}]}}`; got != want {
		t.Fatalf("answered %s, want %s", got, want)
	}
	if want := []string{"permissions", "permissions[0].description", "permissions[0].name"}; !slices.Equal(seen.sorted(), want) {
		t.Fatalf("the middleware saw %v, want %v", seen.sorted(), want)
	}
}

// Middleware registered with AroundArgumentFields runs for fields with
// arguments (Query.node) and leaves every other field its fast path: the
// resolver of Query.permissions, which takes none, and the fields read
// straight off each permission.
func TestAroundArgumentFieldsRunsOnlyForFieldsWithArguments(t *testing.T) {
	srv, seen := permissionsServer()
	srv.Use(AroundArgumentFields(seen.record))
	got := post(t, srv, `{ permissions { name } node(id: "x") { id } }`)
	if want := `{"data":{"permissions":[{"name":"candidates:move"}],"node":null}}`; got != want {
		t.Fatalf("answered %s, want %s", got, want)
	}
	if want := []string{"node"}; !slices.Equal(seen.sorted(), want) {
		t.Fatalf("the middleware saw %v, want %v", seen.sorted(), want)
	}
}

// fieldMiddlewareRegistered tells gqlgen's pass-through chain, and
// AroundArgumentFields', from any other: it compares code pointers, which
// changes in gqlgen's executor could break.
func TestFieldMiddlewareIsDetected(t *testing.T) {
	passThrough := func(context.Context, graphql.Resolver) (any, error) { return nil, nil }
	for _, c := range []struct {
		name       string
		extensions []graphql.HandlerExtension
		want       bool
	}{
		{"none", nil, false},
		{"argument fields only", []graphql.HandlerExtension{AroundArgumentFields(passThrough)}, false},
		{"a field interceptor", []graphql.HandlerExtension{fieldInterceptor{}}, true},
		{"a field interceptor and argument fields", []graphql.HandlerExtension{fieldInterceptor{}, AroundArgumentFields(passThrough)}, true},
	} {
		exec := executor.New(NewExecutableSchema(Config{}))
		for _, e := range c.extensions {
			exec.Use(e)
		}
		oc, errs := exec.CreateOperationContext(graphql.StartOperationTrace(context.Background()), &graphql.RawParams{Query: "{__typename}"})
		if errs != nil {
			t.Fatal(errs)
		}
		if got := fieldMiddlewareRegistered(oc); got != c.want {
			t.Errorf("%s: registered %t, want %t; has gqlgen changed how it builds an operation's field middleware?", c.name, got, c.want)
		}
	}
}

type fieldInterceptor struct{}

func (fieldInterceptor) ExtensionName() string                   { return "test" }
func (fieldInterceptor) Validate(graphql.ExecutableSchema) error { return nil }
func (fieldInterceptor) InterceptField(ctx context.Context, next graphql.Resolver) (any, error) {
	return next(ctx)
}

// permissionsServer answers a server whose Query.permissions lists one
// permission, and the paths of the fields its middleware will see.
func permissionsServer() (*handler.Server, *fieldPaths) {
	srv := handler.New(NewExecutableSchema(Config{Resolvers: stubResolvers{}}))
	srv.AddTransport(transport.POST{})
	return srv, &fieldPaths{}
}

type stubResolvers struct{ ResolverRoot }

func (stubResolvers) Query() QueryResolver { return stubQuery{} }

type stubQuery struct{ QueryResolver }

func (stubQuery) Permissions(context.Context) ([]*permission.Info, error) {
	return []*permission.Info{{Name: "candidates:move", Description: "Move candidates."}}, nil
}

// Node finds no node: the test needs a field with arguments, not a value.
func (stubQuery) Node(context.Context, string) (ent.Noder, error) { return nil, nil }

// fieldPaths records the paths of the fields a middleware sees.
type fieldPaths struct {
	mu    sync.Mutex
	paths []string
}

func (p *fieldPaths) record(ctx context.Context, next graphql.Resolver) (any, error) {
	p.mu.Lock()
	p.paths = append(p.paths, graphql.GetFieldContext(ctx).Path().String())
	p.mu.Unlock()
	return next(ctx)
}

func (p *fieldPaths) sorted() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Sorted(slices.Values(p.paths))
}

// post answers the body of srv's answer to query, sent over HTTP.
func post(t *testing.T, srv http.Handler, query string) string {
	t.Helper()
	ts := httptest.NewServer(srv)
	defer ts.Close()
	res, err := http.Post(ts.URL, "application/json", strings.NewReader(`{"query":`+strconv.Quote(query)+`}`))
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
