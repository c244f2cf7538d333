package version

import (
	"runtime/debug"
	"strings"
)

// modulePath is fibnim's module path (go.mod).
const modulePath = "fibnim"

// Info is what a binary knows about the fibnim it was built from.
type Info struct {
	// Module is the module version: a pseudo-version made from the git
	// revision (with +dirty) for a build inside the checkout, "(devel)"
	// where the build recorded none, a release or pseudo-version for a
	// dependency.
	Module string
	// Revision is the source commit, or "" where the build recorded none.
	Revision string
	// Modified reports uncommitted changes in the tree that was built.
	Modified bool
}

// Get returns the build information of the running binary.
func Get() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Info{}
	}
	return fromBuildInfo(bi)
}

func fromBuildInfo(bi *debug.BuildInfo) Info {
	if bi.Main.Path != modulePath {
		// fibnim is a library of another program: its version is the
		// dependency's, and a pseudo-version ends in the commit.
		for _, d := range bi.Deps {
			if d.Path == modulePath {
				m := d
				if d.Replace != nil {
					m = d.Replace
				}
				return Info{Module: m.Version, Revision: pseudoRevision(m.Version)}
			}
		}
		return Info{}
	}
	in := Info{Module: bi.Main.Version}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			in.Revision = s.Value
		case "vcs.modified":
			in.Modified = s.Value == "true"
		}
	}
	return in
}

// pseudoRevision is the commit prefix at the end of a pseudo-version
// (v0.0.0-20261123032357-d6b66c3abcde), or "".
func pseudoRevision(v string) string {
	i := strings.LastIndexByte(v, '-')
	if i < 0 || len(v)-i-1 != 12 {
		return ""
	}
	return v[i+1:]
}

// Revision is the source revision as reports and metadata print it: the
// commit, with "-dirty" for a modified tree, or "unknown".
func Revision() string {
	return Get().revisionString()
}

func (in Info) revisionString() string {
	if in.Revision == "" {
		return "unknown"
	}
	if in.Modified {
		return in.Revision + "-dirty"
	}
	return in.Revision
}

// String is a one-line description for "-version" flags, for example
// "fibnim (devel), revision d6b66c3a...".
func (in Info) String() string {
	mod := in.Module
	if mod == "" {
		mod = "unknown version"
	}
	return "fibnim " + mod + ", revision " + in.revisionString()
}
