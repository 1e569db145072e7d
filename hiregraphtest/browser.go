package hiregraphtest

import (
	"context"
	"os"
	"os/exec"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// sharedBrowser is the one Chromium of a test process. Starting Chromium
// takes seconds; a browser context in a running one (a profile of its own:
// no cookies, storage or cache shared with other tests) a fraction of that.
var sharedBrowser struct {
	mu     sync.Mutex
	inMain bool
	ctx    context.Context // the first tab's, which keeps the browser open
	stop   func()
}

// Main runs m's tests, from the TestMain of a package whose tests call
// Browser, and stops their shared Chromium, if one started, when they end.
func Main(m *testing.M) int {
	sharedBrowser.inMain = true
	code := m.Run()
	if sharedBrowser.stop != nil {
		sharedBrowser.stop()
	}
	return code
}

// Browser returns a context for t in a browser context of its own of the
// headless Chromium its package's tests share (see Main), bounded to a
// minute; it is closed when t ends. Without a Chromium (Debian's chromium
// package, which .ci/run installs, or CHROMIUM_PATH) the test is skipped.
func Browser(t testing.TB) context.Context {
	t.Helper()
	exe := chromium(t)
	b := &sharedBrowser
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.inMain {
		t.Fatal("hiregraphtest.Browser: the package's TestMain must run its tests with hiregraphtest.Main, which stops the browser when they end")
	}
	if b.ctx == nil {
		// No user data directory: chromedp makes a temporary one and
		// removes it when the browser stops.
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(exe),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
		)
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(allocCtx)
		if err := chromedp.Do(ctx); err != nil {
			cancel()
			cancelAlloc()
			t.Fatalf("starting Chromium: %v", err)
		}
		b.ctx, b.stop = ctx, func() { cancel(); cancelAlloc() }
	}
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	ctx, cancelTimeout := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() {
		cancelTimeout()
		cancel()
	})
	return ctx
}

func chromium(t testing.TB) string {
	if p := os.Getenv("CHROMIUM_PATH"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("no Chromium found (install Debian's chromium package or set CHROMIUM_PATH); skipping this browser test")
	return ""
}
