package apierror

import (
	"context"
	"errors"
	"net/http"
)

// StatusClientClosedRequest is the status logged for requests the client
// abandoned (nginx's 499); no client ever receives it.
const StatusClientClosedRequest = 499

// CodeRequestCanceled marks a request the client abandoned.
const CodeRequestCanceled = "request_canceled"

// Canceled is the error of a request the client abandoned: nobody reads
// the answer and nothing failed.
var Canceled = &Error{Status: StatusClientClosedRequest, Code: CodeRequestCanceled, Message: "the client closed the request"}

// From maps an error to the *Error a caller sees: an *Error as it is, the
// ends of a request's context and an oversized body as their kinds, and
// anything else as Internal, which the caller must log. Errors of the data
// layer are classified before they get here (database.APIError).
func From(err error) (e *Error, unexpected bool) {
	if e, ok := As(err); ok {
		return e, false
	}
	var maxBytes *http.MaxBytesError
	switch {
	case errors.Is(err, context.Canceled):
		return Canceled, false
	case errors.Is(err, context.DeadlineExceeded):
		return New(http.StatusServiceUnavailable, "timeout", "the request took too long; retry later"), false
	case errors.As(err, &maxBytes):
		return New(http.StatusRequestEntityTooLarge, CodePayloadTooLarge, "request body is larger than %d bytes", maxBytes.Limit), false
	}
	return Internal, true
}
