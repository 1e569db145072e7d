package recruiting

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"time"

	"github.com/hiregraph/hiregraph/internal/apierror"
	"github.com/hiregraph/hiregraph/internal/outbound"
)

// CodeHTTPSRequired: a webhook endpoint's URL is plain http:// to a host
// outside the networks the operator allows it for.
const CodeHTTPSRequired = "https_required"

// webhookURL checks an endpoint's URL as a partner's is checked, and
// requires https: deliveries carry people's data, which plain http:// would
// send readable to anyone on the way. http:// is accepted only for a host
// whose every address is in WebhookHTTPNets (a developer's machine); the
// deliverer checks the address it dials again, so a name that later
// resolves elsewhere gets nothing.
func (s *EventService) webhookURL(ctx context.Context, raw string) (string, error) {
	checked, err := partnerURL("url", raw)
	if err != nil {
		return "", err
	}
	u, _ := url.Parse(checked) // partnerURL wrote it from a parsed URL
	if u.Scheme == "https" || s.plainHTTPAllowed(ctx, u.Hostname()) {
		return checked, nil
	}
	e := apierror.New(http.StatusUnprocessableEntity, CodeHTTPSRequired,
		"url must be https://: webhooks carry people's data, which http:// sends unencrypted (the operator may allow http:// to development networks with --webhook-allow-http)")
	e.Field, e.Fields = "url", map[string]string{"url": e.Message}
	return "", e
}

// plainHTTPAllowed reports whether every address of host is in
// WebhookHTTPNets.
func (s *EventService) plainHTTPAllowed(ctx context.Context, host string) bool {
	if len(s.WebhookHTTPNets) == 0 {
		return false
	}
	if addr, err := netip.ParseAddr(host); err == nil {
		return outbound.InNets(s.WebhookHTTPNets, addr)
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	addrs, err := net.DefaultResolver.LookupNetIP(ctx, "ip", host)
	if err != nil || len(addrs) == 0 {
		return false
	}
	for _, a := range addrs {
		if !outbound.InNets(s.WebhookHTTPNets, a) {
			return false
		}
	}
	return true
}
