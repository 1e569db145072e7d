package hiregraphtest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Browser starts a headless Chromium for t and returns its context, bounded
// to a minute; it stops when t ends. Without a Chromium (Debian's chromium
// package, which .ci/run installs, or CHROMIUM_PATH) the test is skipped.
func Browser(t testing.TB) context.Context {
	t.Helper()
	exe := chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx)
	ctx, cancelTimeout := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() {
		cancelTimeout()
		cancel()
		cancelAlloc()
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

// axePath is where .ci/run installs axe-core (npm), seen from a package
// directory at the top of the module; HIREGRAPH_AXE_PATH points elsewhere.
func axePath() string {
	if p := os.Getenv("HIREGRAPH_AXE_PATH"); p != "" {
		return p
	}
	return filepath.Join("..", ".ci", "axe", "node_modules", "axe-core", "axe.min.js")
}

// CheckAccessibility runs axe-core on the page as it is and fails on
// serious or critical violations. Without axe-core it only says so: the
// rest of the test still runs.
func CheckAccessibility(t testing.TB, ctx context.Context) {
	t.Helper()
	src, err := os.ReadFile(axePath())
	if err != nil {
		t.Logf("axe-core not installed (npm install --prefix .ci/axe, as .ci/run does), so accessibility is not checked: %v", err)
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
