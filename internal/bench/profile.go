package bench

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/pprof"
	"strings"
)

// startProfile starts a CPU profile of one run into dir, named after the
// endpoint; the returned stop ends it and writes the allocation profile
// (go tool pprof -sample_index=alloc_space -base NAME.allocs-before.pprof
// NAME.allocs.pprof shows the run's share).
func startProfile(dir, endpoint string) (stop func() error, err error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("profile directory: %w", err)
	}
	base := filepath.Join(dir, slug(endpoint))
	if err := writeProfile("allocs", base+".allocs-before.pprof"); err != nil {
		return nil, err
	}
	f, err := os.Create(base + ".cpu.pprof")
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() error {
		pprof.StopCPUProfile()
		if err := f.Close(); err != nil {
			return err
		}
		return writeProfile("allocs", base+".allocs.pprof")
	}, nil
}

func writeProfile(name, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup(name).WriteTo(f, 0); err != nil {
		f.Close()
		return fmt.Errorf("writing %s profile: %w", name, err)
	}
	return f.Close()
}

var nonWord = regexp.MustCompile(`[^a-z0-9]+`)

func slug(s string) string {
	return strings.Trim(nonWord.ReplaceAllString(strings.ToLower(s), "-"), "-")
}
