package recruiting

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/hiregraph/hiregraph/internal/apierror"
)

// signLink is the query that signs a link to id for lifetime (message
// names what the signature covers), and when it expires.
func (s *core) signLink(message func(id, expires string) string, id string, lifetime time.Duration) (url.Values, time.Time) {
	expires := s.now().Add(lifetime).Truncate(time.Second)
	exp := strconv.FormatInt(expires.Unix(), 10)
	return url.Values{"expires": {exp}, "signature": {s.Sealer.Sign(message(id, exp))}}, expires
}

// checkSignedLink refuses a link whose signature does not sign message, or
// whose expires (Unix seconds, signed with it) has passed; what names the
// link's object in the messages, lifetime how long a fresh link works.
func (s *core) checkSignedLink(what, message, expires, signature string, lifetime time.Duration) error {
	if !s.Sealer.Verify(message, signature) {
		return apierror.New(http.StatusForbidden, CodeBadSignature, "the %s URL is not valid; use it exactly as it was given", what)
	}
	exp, err := strconv.ParseInt(expires, 10, 64)
	if err != nil {
		return fmt.Errorf("signed expiry %q is not a number: %w", expires, err)
	}
	if s.now().Unix() > exp {
		return apierror.New(http.StatusForbidden, CodeURLExpired,
			"the %s URL expired at %s; links are valid for %d seconds, ask for the %s again for a fresh one",
			what, time.Unix(exp, 0).UTC().Format(time.RFC3339), int(lifetime.Seconds()), what)
	}
	return nil
}
