package recruiting

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"github.com/hiregraph/hiregraph/ent"
	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/outbound"
)

// Error codes of calls to evaluation partners. None of their messages
// quotes what the partner sent, except the display_message it addresses to
// the recruiter (partner_rejected).
const (
	CodePartnerNotFound    = "partner_not_found"
	CodePartnerRejected    = "partner_rejected"     // 422: the partner refused, with a display_message
	CodePartnerUnavailable = "partner_unavailable"  // 502: no connection, or an address that is not allowed (one message for both)
	CodePartnerTimeout     = "partner_timeout"      // 504: no complete answer in time
	CodePartnerBadResponse = "partner_bad_response" // 502: an answer the contract does not allow
)

// partnerRequest calls p at target with the partner's credential and
// returns its complete answer. The call is detached from the caller's
// cancellation: once started it runs to an answer or to the client's
// timeout, so its outcome is known and can be recorded.
func (s *PartnerService) partnerRequest(ctx context.Context, p *ent.EvaluationPartner, authorization, method, target string, body []byte) (*outbound.Response, *apierror.Error) {
	req, err := http.NewRequestWithContext(context.WithoutCancel(ctx), method, target, bytes.NewReader(body))
	if err != nil {
		return nil, partnerError(CodePartnerUnavailable, p, "has a URL the service cannot call; an admin should correct it")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", authorization)
	req.Header.Set("User-Agent", "Hiregraph")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := s.Partners.Do(req)
	if err != nil {
		// The detail (a refused address, a refused connection) is the
		// operator's: told to the caller, it would map the internal network.
		slog.WarnContext(ctx, "calling an evaluation partner failed", "partner", p.ID, "error", err)
	}
	switch {
	case errors.Is(err, outbound.ErrTimeout):
		return nil, partnerError(CodePartnerTimeout, p, "did not answer in time; try again later")
	case errors.Is(err, outbound.ErrTooLarge):
		return nil, partnerError(CodePartnerBadResponse, p, "answered with a body larger than the service accepts")
	case err != nil:
		// An address the guard refuses gets the same words as one that
		// does not answer, so the answer reveals nothing about the network.
		return nil, partnerError(CodePartnerUnavailable, p,
			"could not be reached; try again later, or have an admin check its URL (the server log says why)")
	case resp.Status >= 300 && resp.Status < 400:
		return nil, partnerError(CodePartnerBadResponse, p,
			"answered with a redirect (HTTP %d), which the service does not follow; an admin should set the final URL", resp.Status)
	}
	return resp, nil
}

// partnerError is a failed call to p, described without anything p sent.
func partnerError(code string, p *ent.EvaluationPartner, format string, args ...any) *apierror.Error {
	status := http.StatusBadGateway
	if code == CodePartnerTimeout {
		status = http.StatusGatewayTimeout
	}
	return apierror.New(status, code, "the evaluation partner %q %s", p.Name, fmt.Sprintf(format, args...))
}

func isSuccess(status int) bool { return status >= 200 && status < 300 }
