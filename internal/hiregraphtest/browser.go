package hiregraphtest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
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
// minute; it is closed when t ends. It runs with LongEnv only (.ci/run sets
// it), and needs a Chromium (Debian's chromium package, which .ci/run
// installs, or CHROMIUM_PATH); otherwise the test is skipped, or fails
// under RequireEnv.
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
		ctx, stop, err := launch(exe)
		if err != nil {
			t.Fatalf("starting Chromium: %v", err)
		}
		b.ctx, b.stop = ctx, stop
	}
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithNewBrowserContext())
	ctx, cancelTimeout := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() {
		cancelTimeout()
		cancel()
	})
	return ctx
}

// OwnBrowser is Browser in a Chromium process of t's own, stopped when t
// ends: for a test that must show two browsers, not two windows of one,
// agree through the server alone.
func OwnBrowser(t testing.TB) context.Context {
	t.Helper()
	ctx, stop, err := launch(chromium(t))
	if err != nil {
		t.Fatalf("starting Chromium: %v", err)
	}
	ctx, cancelTimeout := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() {
		cancelTimeout()
		stop()
	})
	return ctx
}

// launch starts a headless Chromium at exe and answers a context of its
// first tab, which keeps it open until stop. No user data directory:
// chromedp makes a temporary one and removes it when the browser stops.
func launch(exe string) (ctx context.Context, stop func(), err error) {
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
	stop = func() { cancel(); cancelAlloc() }
	if err := chromedp.Do(ctx); err != nil {
		stop()
		return nil, nil, err
	}
	return ctx, stop, nil
}

func chromium(t testing.TB) string {
	Long(t, "it drives headless Chromium, which loads the page's bundles (seconds a test)")
	if p := os.Getenv("CHROMIUM_PATH"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	missing(t, "no Chromium found (install Debian's chromium package or set CHROMIUM_PATH); skipping this browser test")
	return ""
}

// axePath is where .ci/run installs axe-core (npm), under the module root;
// HIREGRAPH_AXE_PATH points elsewhere.
func axePath() string {
	if p := os.Getenv("HIREGRAPH_AXE_PATH"); p != "" {
		return p
	}
	return filepath.Join(ModuleRoot(), ".ci", "axe", "node_modules", "axe-core", "axe.min.js")
}

// CheckAccessibility runs axe-core on the page as it is and fails on
// serious or critical violations. Without axe-core it only says so (fails
// under RequireEnv): the rest of the test still runs.
func CheckAccessibility(t testing.TB, ctx context.Context) {
	t.Helper()
	src, err := os.ReadFile(axePath())
	if err != nil {
		msg := fmt.Sprintf("axe-core not installed (npm install --prefix .ci/axe, as .ci/run does), so accessibility is not checked: %v", err)
		if os.Getenv(RequireEnv) != "" {
			t.Fatalf("%s (%s is set: CI must have it)", msg, RequireEnv)
		}
		t.Log(msg)
		return
	}
	// DevTools evaluation is not bound by the page's Content-Security-Policy.
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](string(src)+";true")); err != nil {
		t.Fatalf("loading axe-core: %v", err)
	}
	found, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`axe.run(document, {resultTypes: ['violations']}).then(r => r.violations
		.filter(v => v.impact === 'serious' || v.impact === 'critical')
		.map(v => v.impact + ' ' + v.id + ': ' + v.help + ' at ' + v.nodes.map(n => n.target.join(' ')).join(', ')))`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatalf("running axe-core: %v", err)
	}
	for _, v := range found {
		t.Errorf("accessibility: %s", v)
	}
}
