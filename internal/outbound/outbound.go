// Package outbound is the HTTP client for calls the service makes to
// addresses its users configure (evaluation partners). Such an address is
// untrusted: it may point at the service's own network or at a cloud
// metadata endpoint, answer slowly, answer hugely, or redirect elsewhere. The
// client refuses non-public addresses when it connects (after DNS
// resolution, so a name that re-resolves to a private address is caught
// too), never follows redirects, bounds the whole exchange in time and reads
// at most a fixed number of response bytes.
package outbound

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"syscall"
	"time"
)

// Defaults for a Config left at its zero values.
const (
	DefaultTimeout  = 10 * time.Second
	DefaultMaxBytes = 64 << 10
)

// Errors a call can end with; Do wraps them with the host it called.
var (
	ErrBlockedAddress = errors.New("the address is not public and not allowed by the operator")
	ErrTimeout        = errors.New("no complete answer in time")
	ErrTooLarge       = errors.New("the answer is larger than allowed")
	ErrUnreachable    = errors.New("could not connect")
	ErrPlainHTTP      = errors.New("plain http:// is not allowed to the address; use https://")
)

// Config says what the client may reach and how long it waits.
type Config struct {
	// AllowNets are networks the operator trusts even though they are not
	// public, such as 10.0.0.0/8 for partners inside a private network.
	AllowNets []netip.Prefix
	// Timeout bounds a whole exchange: connecting, sending and reading the
	// answer.
	Timeout time.Duration
	// MaxBytes caps the response body that is read.
	MaxBytes int64
	// HTTPSOnly refuses plain http:// calls, whose content anyone on the
	// way can read, except to the addresses in HTTPNets (a development
	// machine, say).
	HTTPSOnly bool
	HTTPNets  []netip.Prefix
}

// Client makes guarded outbound calls.
type Client struct {
	http     *http.Client
	maxBytes int64
}

// Response is a complete answer: the body is read and at most MaxBytes long.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// New returns a client for cfg.
func New(cfg Config) *Client {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	guard := addressGuard{allow: cfg.AllowNets, httpsOnly: cfg.HTTPSOnly, http: cfg.HTTPNets}
	dialer := &net.Dialer{Timeout: cfg.Timeout, ControlContext: guard.control}
	transport := &http.Transport{
		// No proxy: a proxy would connect on our behalf, past the guard.
		Proxy:                 nil,
		DialContext:           dialer.DialContext,
		TLSHandshakeTimeout:   cfg.Timeout,
		ResponseHeaderTimeout: cfg.Timeout,
		MaxIdleConns:          10,
		IdleConnTimeout:       90 * time.Second,
	}
	return &Client{
		http: &http.Client{
			Transport: transport,
			Timeout:   cfg.Timeout,
			// A redirect is handed back as the answer, for the caller to
			// report; following it could lead anywhere.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		maxBytes: cfg.MaxBytes,
	}
}

// Do sends req and reads the answer. Failures wrap one of the Err values
// above, so callers can tell the recruiter what went wrong without showing
// anything the remote side sent. The rest of an error's text (addresses,
// the network's own error) is for the operator's log: it would tell a
// caller what the service's network holds.
func (c *Client) Do(req *http.Request) (*Response, error) {
	host := req.URL.Host
	if req.URL.Scheme == "http" {
		// The transport keeps plain and TLS connections apart, so a
		// connection dialled for https is never reused for http.
		req = req.WithContext(context.WithValue(req.Context(), plainHTTPKey{}, true))
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, classify(host, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, c.maxBytes+1))
	if err != nil {
		return nil, classify(host, err)
	}
	if int64(len(body)) > c.maxBytes {
		return nil, fmt.Errorf("%s: %w (%d bytes)", host, ErrTooLarge, c.maxBytes)
	}
	return &Response{Status: resp.StatusCode, Header: resp.Header, Body: body}, nil
}

// classify wraps err with the Err value that says what went wrong for the
// caller, keeping err itself for the operator's log.
func classify(host string, err error) error {
	var netErr net.Error
	switch {
	case errors.Is(err, ErrBlockedAddress), errors.Is(err, ErrPlainHTTP):
		return fmt.Errorf("%s: %w", host, err)
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &netErr) && netErr.Timeout():
		return fmt.Errorf("%s: %w (%w)", host, ErrTimeout, err)
	}
	return fmt.Errorf("%s: %w (%w)", host, ErrUnreachable, err)
}

// addressGuard decides, for each connection, whether its resolved address
// may be dialled.
type addressGuard struct {
	allow     []netip.Prefix
	httpsOnly bool
	http      []netip.Prefix
}

// plainHTTPKey marks the context of a connection for a plain http:// call.
type plainHTTPKey struct{}

// control runs after DNS resolution and before the connection is made, so
// it sees the address actually dialled.
func (g addressGuard) control(ctx context.Context, _, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return fmt.Errorf("%w: %s", ErrBlockedAddress, address)
	}
	if !g.permits(ap.Addr()) {
		return fmt.Errorf("%w: %s", ErrBlockedAddress, ap.Addr())
	}
	if plain, _ := ctx.Value(plainHTTPKey{}).(bool); plain && g.httpsOnly && !InNets(g.http, ap.Addr()) {
		return fmt.Errorf("%w: %s", ErrPlainHTTP, ap.Addr())
	}
	return nil
}

// InNets reports whether addr is in one of nets.
func InNets(nets []netip.Prefix, addr netip.Addr) bool {
	addr = addr.Unmap()
	for _, p := range nets {
		if p.Contains(addr) {
			return true
		}
	}
	return false
}

func (g addressGuard) permits(addr netip.Addr) bool {
	return InNets(g.allow, addr) || isPublic(addr.Unmap())
}

// nonPublic lists the special-purpose ranges (RFC 6890 and successors) that
// the netip predicates do not cover, such as carrier-grade NAT, which some
// clouds use for their metadata service.
var nonPublic = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("64:ff9b::/96"),   // NAT64: may embed a private IPv4 address
	netip.MustParsePrefix("64:ff9b:1::/48"), // local-use NAT64
	netip.MustParsePrefix("100::/64"),       // discard
	netip.MustParsePrefix("2001::/23"),      // IETF protocol assignments (Teredo, ORCHID)
	netip.MustParsePrefix("2001:db8::/32"),  // documentation
	netip.MustParsePrefix("2002::/16"),      // 6to4: may embed a private IPv4 address
}

// isPublic reports whether addr is a global unicast address outside every
// private, loopback, link-local (169.254.169.254 included) and
// special-purpose range.
func isPublic(addr netip.Addr) bool {
	if !addr.IsGlobalUnicast() || addr.IsPrivate() {
		return false
	}
	for _, p := range nonPublic {
		if p.Contains(addr) {
			return false
		}
	}
	return true
}

// ParseNets reads a comma-separated list of networks in CIDR form, such as
// "127.0.0.0/8,10.1.0.0/16", the form HIREGRAPH_PARTNER_ALLOW_NETS takes. A
// bare address stands for itself alone.
func ParseNets(s string) ([]netip.Prefix, error) {
	var nets []netip.Prefix
	for part := range strings.SplitSeq(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			addr, err := netip.ParseAddr(part)
			if err != nil {
				return nil, fmt.Errorf("%q is neither a network like 10.0.0.0/8 nor an address", part)
			}
			nets = append(nets, netip.PrefixFrom(addr, addr.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, fmt.Errorf("%q is not a network like 10.0.0.0/8", part)
		}
		nets = append(nets, p.Masked())
	}
	return nets, nil
}
