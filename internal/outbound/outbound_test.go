package outbound_test

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/hiregraph/hiregraph/internal/outbound"
)

var loopback = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}

func get(t *testing.T, c *outbound.Client, url string) (*outbound.Response, error) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return c.Do(req)
}

func TestRefusesAddressesThatAreNotPublic(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		t.Error("a refused address was connected to")
	}))
	defer srv.Close()
	_, err := get(t, outbound.New(outbound.Config{}), srv.URL)
	if !errors.Is(err, outbound.ErrBlockedAddress) {
		t.Fatalf("loopback without allowance: err = %v, want ErrBlockedAddress", err)
	}
	// A name resolving to loopback is refused too: the check runs on the
	// address actually dialled.
	_, err = get(t, outbound.New(outbound.Config{}), strings.Replace(srv.URL, "127.0.0.1", "localhost", 1))
	if !errors.Is(err, outbound.ErrBlockedAddress) {
		t.Fatalf("localhost without allowance: err = %v, want ErrBlockedAddress", err)
	}
}

func TestAllowedNetworkIsCalled(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Write([]byte(`{"ok":true}`))
	}))
	defer srv.Close()
	resp, err := get(t, outbound.New(outbound.Config{AllowNets: loopback}), srv.URL)
	if err != nil || resp.Status != http.StatusOK || string(resp.Body) != `{"ok":true}` {
		t.Fatalf("allowed call: %+v, %v", resp, err)
	}
}

func TestRedirectIsNotFollowed(t *testing.T) {
	followed := false
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/elsewhere" {
			followed = true
		}
		http.Redirect(w, r, "/elsewhere", http.StatusFound)
	}))
	defer srv.Close()
	resp, err := get(t, outbound.New(outbound.Config{AllowNets: loopback}), srv.URL+"/start")
	if err != nil || resp.Status != http.StatusFound || followed {
		t.Fatalf("redirect: %+v, %v, followed=%v; want the 302 itself", resp, err, followed)
	}
}

func TestOversizedAnswerIsRefused(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Write([]byte(strings.Repeat("x", 1025)))
	}))
	defer srv.Close()
	c := outbound.New(outbound.Config{AllowNets: loopback, MaxBytes: 1024})
	if _, err := get(t, c, srv.URL); !errors.Is(err, outbound.ErrTooLarge) {
		t.Fatalf("1025 bytes with a 1024 cap: err = %v, want ErrTooLarge", err)
	}
}

func TestSlowAnswerTimesOut(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	}))
	defer srv.Close()
	c := outbound.New(outbound.Config{AllowNets: loopback, Timeout: 100 * time.Millisecond})
	if _, err := get(t, c, srv.URL); !errors.Is(err, outbound.ErrTimeout) {
		t.Fatalf("slow answer: err = %v, want ErrTimeout", err)
	}
}

func TestParseNets(t *testing.T) {
	nets, err := outbound.ParseNets(" 127.0.0.0/8, 10.1.2.3 ,fd00::/8,")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"127.0.0.0/8", "10.1.2.3/32", "fd00::/8"}
	if len(nets) != len(want) {
		t.Fatalf("nets = %v, want %v", nets, want)
	}
	for i, n := range nets {
		if n.String() != want[i] {
			t.Errorf("nets[%d] = %s, want %s", i, n, want[i])
		}
	}
	for _, bad := range []string{"10.0.0.0/33", "localhost", "10.0.0.0/8;"} {
		if _, err := outbound.ParseNets(bad); err == nil {
			t.Errorf("ParseNets(%q) accepted", bad)
		}
	}
}
