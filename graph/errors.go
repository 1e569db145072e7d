package graph

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/vektah/gqlparser/v2/gqlerror"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/database"
)

// presentError maps errors to GraphQL errors with extensions.code and
// extensions.status, through the same mapping the REST body uses, so both
// faces spell a mistake the same way.
func presentError(ctx context.Context, err error) *gqlerror.Error {
	var gqlErr *gqlerror.Error
	isGQL := errors.As(err, &gqlErr)
	e, unexpected := fromEntgql(gqlErr), false
	if e == nil {
		e, unexpected = database.APIError(err)
	}
	if unexpected && isGQL && gqlErr.Err == nil {
		return transportError(gqlErr) // parse, validation and complexity errors of gqlgen itself
	}
	out := graphql.DefaultErrorPresenter(ctx, err)
	if unexpected {
		slog.ErrorContext(ctx, "graphql resolver failed", "path", out.Path.String(), "error", err)
	}
	if e.RetryAfter > 0 {
		// The database failed the operation (a mutation's transaction
		// rolled back): the answer's status and Retry-After tell clients
		// and proxies to send it again.
		setStatus(ctx, e)
	}
	out.Message = e.Message
	if out.Extensions == nil {
		out.Extensions = map[string]any{}
	}
	out.Extensions["code"] = graphQLCode(e.Code)
	out.Extensions["status"] = e.Status
	if e.Field != "" {
		out.Extensions["field"] = inputPath(ctx, e.Field)
	}
	// Each further field at fault is an error of its own, on the same
	// path, so a client's form finds every one by extensions.field.
	if graphql.GetFieldContext(ctx) != nil {
		for _, also := range e.Also {
			graphql.AddError(ctx, also)
		}
	}
	return out
}

// entgqlFirstAndLast is the message, without a code, of the error entgql's
// field collection raises for a nested connection given both first and
// last; it runs before defaultPageSize sees the nested field.
const entgqlFirstAndLast = "Passing both `first` and `last` to paginate a connection is not supported."

// fromEntgql spells the errors entgql's generated code raises itself
// (node and nodes of an unknown id, a bad page) in the service's codes, or
// returns nil for any other error.
func fromEntgql(err *gqlerror.Error) *apierror.Error {
	if err == nil {
		return nil
	}
	if err.Message == entgqlFirstAndLast {
		return apierror.BadRequest("last", "give first or last, not both")
	}
	switch err.Extensions["code"] {
	case "NOT_FOUND":
		return apierror.NotFound(apierror.CodeNotFound, "%s", err.Message)
	case "INVALID_PAGINATION":
		return apierror.New(http.StatusBadRequest, apierror.CodeBadRequest, "%s", err.Message)
	}
	return nil
}

// transportError spells gqlgen's own codes (GRAPHQL_VALIDATION_FAILED,
// COMPLEXITY_LIMIT_EXCEEDED, ...) like every other code, in lower case, gives
// the errors it reports without a code (a body or variables it cannot
// decode) the code bad_request, and drops the copy of the whole body gqlgen
// appends to their message.
func transportError(e *gqlerror.Error) *gqlerror.Error {
	if code, ok := e.Extensions["code"].(string); ok {
		if code != persistedQueryNotFound {
			e.Extensions["code"] = strings.ToLower(code)
		}
		return e
	}
	e.Message, _, _ = strings.Cut(e.Message, " body:")
	if e.Extensions == nil {
		e.Extensions = map[string]any{}
	}
	e.Extensions["code"] = apierror.CodeBadRequest
	e.Extensions["status"] = http.StatusBadRequest
	return e
}

// graphQLCode spells code as GraphQL clients expect it where the two
// faces differ.
func graphQLCode(code string) string {
	if code == apierror.CodeUnauthorized {
		return CodeUnauthenticated
	}
	return code
}
