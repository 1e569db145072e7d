// Package apierror is the one set of error kinds of the service. Operations
// return *Error for anything the caller did wrong; the REST adapter renders it
// as the body of spec 7.1 and the graph as an error with extensions.code, so
// both faces say the same thing for the same mistake.
package apierror

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// Machine-readable codes shared by many operations. Operations may use more
// specific codes (spec 7.1 names candidate_not_found and message_not_found).
const (
	CodeBadRequest       = "bad_request"
	CodeInvalidJSON      = "invalid_json"
	CodeValidation       = "validation_failed"
	CodeUnauthorized     = "unauthorized"
	CodeForbidden        = "forbidden"
	CodeNotFound         = "not_found"
	CodeMethodNotAllowed = "method_not_allowed"
	CodeConflict         = "conflict"
	CodePayloadTooLarge  = "payload_too_large"
	CodeRateLimited      = "rate_limited"
	CodeInternal         = "internal_error"
	// CodeServiceUnavailable: the database could not serve the request
	// (unreachable, restarting, busy); nothing was written.
	CodeServiceUnavailable = "service_unavailable"
)

// Codes spec 7.1 gives for missing records.
const (
	// CodeCandidateNotFound: a candidate uid names no candidate of the company.
	CodeCandidateNotFound = "candidate_not_found"
	// CodeMessageNotFound: a message operation names no conversation (or
	// message) of the company; spec 7.1 has no conversation_not_found.
	CodeMessageNotFound = "message_not_found"
)

// Error is an error the caller can act on. Message is safe to show: it never
// carries database or Go error text.
type Error struct {
	Status  int    // HTTP status code
	Code    string // machine-readable code
	Message string // human-readable explanation, naming the field at fault
	Field   string // the input field at fault, when there is one
	// Fields holds a message per input field at fault, for forms that show
	// each next to its input (the careers apply endpoint); nil elsewhere.
	Fields map[string]string
	// Also holds the further fields at fault of an input with several
	// mistakes, each an Error of its own (Join). A REST body names one
	// field (spec 7.1), so REST answers this Error alone; the graph answers
	// one error per field, so a form hears of every mistake at once.
	Also []*Error
	// RetryAfter is how many seconds a caller should wait before sending
	// the request again, for failures a retry may cure; 0 otherwise.
	RetryAfter int
}

func (e *Error) Error() string { return e.Code + ": " + e.Message }

// New returns an error with the given status, code and message.
func New(status int, code, format string, args ...any) *Error {
	return &Error{Status: status, Code: code, Message: fmt.Sprintf(format, args...)}
}

// BadRequest is input the service cannot read: malformed JSON, a value of
// the wrong type, an unparsable query parameter.
func BadRequest(field, format string, args ...any) *Error {
	e := New(http.StatusBadRequest, CodeBadRequest, format, args...)
	e.Field = field
	return e
}

// Invalid is well-formed input that breaks a rule of the operation.
func Invalid(field, format string, args ...any) *Error {
	e := New(http.StatusUnprocessableEntity, CodeValidation, format, args...)
	e.Field = field
	return e
}

// InvalidFields is a form whose fields break rules: one message per field
// (Fields), and all of them in Message, in the order of fields.
func InvalidFields(order []string, fields map[string]string) *Error {
	var msgs []string
	first := ""
	for _, f := range order {
		if m, ok := fields[f]; ok {
			msgs = append(msgs, f+": "+m)
			if first == "" {
				first = f
			}
		}
	}
	e := New(http.StatusUnprocessableEntity, CodeValidation, "%s", strings.Join(msgs, "; "))
	e.Field, e.Fields = first, fields
	return e
}

// Join is the one error of an input checked field by field: nil when every
// check passed, the first failure otherwise, carrying the other *Error
// failures in Also. A failure that is not an *Error is no mistake of the
// caller's and is returned as it is.
func Join(errs ...error) error {
	var first *Error
	for _, err := range errs {
		if err == nil {
			continue
		}
		e, ok := As(err)
		if !ok {
			return err
		}
		if first == nil {
			c := *e
			c.Also = append([]*Error(nil), e.Also...)
			first = &c
			continue
		}
		first.Also = append(first.Also, e)
		first.Also = append(first.Also, e.Also...)
	}
	if first == nil {
		return nil
	}
	return first
}

// NotFound reports a resource that does not exist for the caller. Another
// company's records are reported exactly like missing ones.
func NotFound(code, format string, args ...any) *Error {
	return New(http.StatusNotFound, code, format, args...)
}

// Unauthorized reports missing or bad credentials.
func Unauthorized(format string, args ...any) *Error {
	return New(http.StatusUnauthorized, CodeUnauthorized, format, args...)
}

// Forbidden reports valid credentials that lack a permission.
func Forbidden(format string, args ...any) *Error {
	return New(http.StatusForbidden, CodeForbidden, format, args...)
}

// Internal is the only thing a caller learns of an unexpected failure.
var Internal = &Error{Status: http.StatusInternalServerError, Code: CodeInternal, Message: "internal error; the failure was logged"}

// Unavailable is the error of a request the database could not serve: it
// was down, restarting, refusing connections or too busy. The request's
// transaction did not commit, so the same request may simply be sent again.
var Unavailable = &Error{
	Status:     http.StatusServiceUnavailable,
	Code:       CodeServiceUnavailable,
	Message:    "the database is unavailable; retry later",
	RetryAfter: 2, // about what a PostgreSQL restart or failover takes
}

// SetHeaders sets the headers that go with e in an HTTP answer: Retry-After
// when a retry may cure it.
func (e *Error) SetHeaders(h http.Header) {
	if e.RetryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
}

// As returns err as an *Error when it is or wraps one.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}
