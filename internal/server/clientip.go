package server

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// clientAddress names the client of r for limits: the connection's address,
// or, when that is a trusted proxy, the address the proxies recorded in
// X-Forwarded-For (read from the right, skipping trusted proxies; anything
// left of the first untrusted hop is the client's to forge). IPv6 clients
// are limited by their /64, which one host usually holds whole.
func clientAddress(r *http.Request, trusted []netip.Prefix) string {
	ip := remoteIP(r.RemoteAddr)
	if isTrusted(ip, trusted) {
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			hop, err := netip.ParseAddr(strings.TrimSpace(hops[i]))
			if err != nil {
				break
			}
			ip = hop.Unmap()
			if !isTrusted(ip, trusted) {
				break
			}
		}
	}
	if ip.Is6() {
		return netip.PrefixFrom(ip, 64).Masked().String()
	}
	return ip.String()
}

func remoteIP(remoteAddr string) netip.Addr {
	host, _, err := net.SplitHostPort(remoteAddr)
	if err != nil {
		host = remoteAddr
	}
	ip, _ := netip.ParseAddr(host)
	return ip.Unmap()
}

func isTrusted(ip netip.Addr, trusted []netip.Prefix) bool {
	for _, p := range trusted {
		if p.Contains(ip) {
			return true
		}
	}
	return false
}
