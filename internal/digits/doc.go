// Package digits writes integers the way fibnim's reports print them:
// with a comma between groups of three digits (666,666,666). It is the
// one thousands-separator function that report, atlas, conjectures,
// figures and paper share.
package digits
