package outbound

import (
	"net/netip"
	"testing"
)

func TestAddressGuard(t *testing.T) {
	guard := addressGuard{allow: []netip.Prefix{netip.MustParsePrefix("10.1.0.0/16")}}
	for addr, want := range map[string]bool{
		"8.8.8.8":              true,
		"2606:4700:4700::1111": true,
		"10.1.2.3":             true, // allowed by the operator
		"10.2.0.1":             false,
		"127.0.0.1":            false,
		"::1":                  false,
		"::ffff:127.0.0.1":     false, // IPv4-mapped loopback
		"169.254.169.254":      false, // AWS, GCP and Azure metadata
		"fd00:ec2::254":        false, // AWS metadata over IPv6
		"100.100.100.200":      false, // Alibaba metadata, carrier-grade NAT
		"172.16.0.1":           false,
		"192.168.1.1":          false,
		"0.0.0.0":              false,
		"::":                   false,
		"224.0.0.1":            false,
		"255.255.255.255":      false,
		"fe80::1":              false,
		"64:ff9b::a00:1":       false, // NAT64 of 10.0.0.1
		"2002:a00:1::":         false, // 6to4 of 10.0.0.1
		"198.18.0.1":           false,
	} {
		if got := guard.permits(netip.MustParseAddr(addr)); got != want {
			t.Errorf("permits(%s) = %v, want %v", addr, got, want)
		}
	}
}
