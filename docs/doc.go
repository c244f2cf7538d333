// Package docs holds the project's documentation and no Go code. Its
// tests keep the pages true: every relative link of README.md and
// docs/*.md resolves, the README's Go snippet builds and runs from a
// module of its own, by the route the README spells out (require,
// replace, go mod tidy), and layout.md lists the packages that go list
// gives (layout_test.go).
package docs
