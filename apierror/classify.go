package apierror

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/lib/pq"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/ent/privacy"
)

// StatusClientClosedRequest is the status logged for requests the client
// abandoned (nginx's 499); no client ever receives it.
const StatusClientClosedRequest = 499

// From maps any error to the *Error a caller sees. Errors of the data layer
// that stem from input (validation, missing records, constraint clashes) get
// their own kinds; anything else is Internal, and the caller must log it.
func From(err error) (e *Error, unexpected bool) {
	if e, ok := As(err); ok {
		return e, false
	}
	var maxBytes *http.MaxBytesError
	switch {
	case errors.Is(err, context.Canceled), isCanceledStatement(err):
		// The client went away; nobody reads the answer and nothing failed.
		return New(StatusClientClosedRequest, "request_canceled", "the client closed the request"), false
	case errors.Is(err, context.DeadlineExceeded):
		return New(http.StatusServiceUnavailable, "timeout", "the request took too long; retry later"), false
	case isUnstorableText(err):
		return New(http.StatusBadRequest, CodeBadRequest, "the input holds a character that cannot be stored, such as NUL (\\u0000)"), false
	case errors.As(err, &maxBytes):
		return New(http.StatusRequestEntityTooLarge, CodePayloadTooLarge, "request body is larger than %d bytes", maxBytes.Limit), false
	case ent.IsNotFound(err):
		return NotFound(CodeNotFound, "%s", strings.TrimPrefix(err.Error(), "ent: ")), false
	case ent.IsValidationError(err):
		var v *ent.ValidationError
		errors.As(err, &v)
		return Invalid(v.Name, "%s", strings.TrimPrefix(err.Error(), "ent: ")), false
	case ent.IsConstraintError(err):
		return New(http.StatusConflict, CodeConflict, "the request conflicts with an existing record"), false
	case errors.Is(err, privacy.Deny):
		return Forbidden("the API key is not allowed to do this"), false
	}
	return Internal, true
}

// isUnstorableText reports PostgreSQL's refusal of a NUL or of an invalid
// byte sequence in text: bad input that slipped past the checks of an
// operation, never a server fault.
func isUnstorableText(err error) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && (pqErr.Code == "22021" || pqErr.Code == "22P05")
}

// isCanceledStatement reports PostgreSQL cancelling a statement because the
// request's context ended: lib/pq reports it as its own error.
func isCanceledStatement(err error) bool {
	var pqErr *pq.Error
	return errors.As(err, &pqErr) && pqErr.Code == "57014"
}
