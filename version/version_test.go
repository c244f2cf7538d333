package version

import (
	"runtime/debug"
	"testing"
)

func TestFromBuildInfo(t *testing.T) {
	main := &debug.BuildInfo{Main: debug.Module{Path: "fibnim", Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "d6b66c3"}, {Key: "vcs.modified", Value: "true"}}}
	if got := fromBuildInfo(main); got.revisionString() != "d6b66c3-dirty" || got.Module != "(devel)" {
		t.Errorf("main module: got %+v", got)
	}
	clean := &debug.BuildInfo{Main: debug.Module{Path: "fibnim"}, Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}}
	if got := fromBuildInfo(clean).revisionString(); got != "abc" {
		t.Errorf("clean tree: got %q", got)
	}
	dep := &debug.BuildInfo{Main: debug.Module{Path: "example.org/study"}, Deps: []*debug.Module{
		{Path: "fibnim", Version: "v0.0.0-20261123032357-d6b66c3abcde"}}}
	if got := fromBuildInfo(dep); got.Revision != "d6b66c3abcde" || got.Module != "v0.0.0-20261123032357-d6b66c3abcde" {
		t.Errorf("dependency: got %+v", got)
	}
	none := &debug.BuildInfo{Main: debug.Module{Path: "fibnim"}}
	if got := fromBuildInfo(none).String(); got != "fibnim unknown version, revision unknown" {
		t.Errorf("no vcs: got %q", got)
	}
}
