package reports_test

import (
	"os"
	"testing"

	"github.com/hiregraph/hiregraph/internal/hiregraphtest"
)

// TestMain lets the browser tests share one Chromium.
func TestMain(m *testing.M) { os.Exit(hiregraphtest.Main(m)) }
