package main

import (
	"cmp"
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is set at build time: go build -ldflags "-X main.version=v1.2.3".
var version string

type versionCmd struct{}

func (versionCmd) Run(a *app) error {
	v, commit := buildVersion()
	if commit != "" {
		commit = " commit " + commit
	}
	fmt.Fprintf(a.stdout, "hiregraph %s%s (%s %s/%s)\n", v, commit, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return nil
}

// buildVersion is the version this binary was built as, and its commit
// when the build recorded one.
func buildVersion() (v, commit string) {
	v = version
	if info, ok := debug.ReadBuildInfo(); ok {
		v = cmp.Or(v, info.Main.Version)
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" {
				commit = s.Value
			}
		}
	}
	return cmp.Or(v, "(devel)"), commit
}
